"""What an organiser does to a tournament once it runs: withdraw an entrant, decide a result, pause
between rounds, cancel; and what the tournament does by itself: withdraw who keeps not coming.

Pure, like the rest of the package: each step takes the tournament and ``now`` and returns the new
tournament; the service (:mod:`.service`) stores it by compare-and-set and acts on matches.

- **Withdrawal**: the entrant's past results stay (its opponents keep their points, it keeps its
  own), and it is paired no more: a Swiss leaves it out; a round robin's or a bracket's fixed
  schedule makes each of its later matches a walkover for the others, with no match played.
- **Automatic withdrawal**: an entrant absent (never sat down, or forfeited) from
  ``withdraw_after_forfeits`` matches in a row is withdrawn after the round that made it so, so
  that nobody is handed a free win by it round after round.
- **Adjudication**: the organiser decides a match's result (a dispute, a crash the clock did not
  settle); it is logged with who and why. The match, if still under way, is aborted first by the
  service. A bracket's result can be decided only while no later round is paired (the bracket
  follows the results).
- **Pause** holds the next round's pairing until resumed; matches under way go on.
- **Cancel** ends the tournament where it stands (its matches under way are aborted).
"""

from __future__ import annotations

from server.errors import BadRequest, MatchNotFound, NotRegistered, TournamentOver

from .model import Adjudication, Tournament, TournamentFormat, TournamentStatus, Withdrawal, WithdrawnBy


def _running_or_registering(t: Tournament) -> None:
    if t.status.over:
        raise TournamentOver(f"tournament {t.id} is {t.status}")


def withdraw(t: Tournament, account: str, by: WithdrawnBy, reason: str, now: int) -> Tournament:
    """``account`` takes no further part; before the start it is simply unregistered."""
    _running_or_registering(t)
    t.seed_of(account)  # not_registered if it is not an entrant
    if t.status is TournamentStatus.REGISTERING:
        return t.model_copy(update={"entrants": [e for e in t.entrants if e.account != account]})
    if account in t.withdrawn_accounts():
        raise NotRegistered(f"{account} was withdrawn already")
    out = Withdrawal(account=account, after_round=len(t.rounds), by=by, reason=reason, at=now)
    return t.model_copy(update={"withdrawn": [*t.withdrawn, out]})


def absent_in_a_row(t: Tournament, account: str) -> int:
    """How many of ``account``'s latest ended matches in a row it was absent from (never sat, forfeited)."""
    count = 0
    for rnd in reversed(t.rounds):
        for p in rnd.pairings:
            if account in p.accounts and p.ended and not p.walkover:  # a walkover is no match it missed
                if p.accounts.index(account) not in p.absent:
                    return count
                count += 1
    return count


def withdraw_the_absent(t: Tournament, now: int) -> Tournament:
    """Withdraw each entrant absent from ``withdraw_after_forfeits`` matches in a row (run between rounds)."""
    limit = t.withdraw_after_forfeits
    if limit is None or t.status is not TournamentStatus.RUNNING:
        return t
    for e in t.entrants:
        if e.account not in t.withdrawn_accounts() and absent_in_a_row(t, e.account) >= limit:
            t = withdraw(t, e.account, "forfeits", f"absent from {limit} matches in a row", now)
    return t


def adjudicate(t: Tournament, match: str, winners: list[int], by: str, reason: str, now: int) -> Tournament:
    """The result of ``match`` is ``winners`` (seats; empty: nobody scores), as ``by`` decided for ``reason``."""
    _running_or_registering(t)
    for number, rnd in enumerate(t.rounds, start=1):
        for i, p in enumerate(rnd.pairings):
            if p.match != match:
                continue
            if any(not 0 <= s < len(p.accounts) for s in winners) or len(set(winners)) != len(winners):
                raise BadRequest(f"winners are distinct seats 0..{len(p.accounts) - 1}")
            if t.format is TournamentFormat.SINGLE_ELIMINATION and number < len(t.rounds):
                raise BadRequest("a later round of the bracket is paired already: its results follow this one")
            decided = p.model_copy(update={"ended": True, "winners": winners, "absent": [], "ended_at": now,
                                           "ended_version": t.version + 1})  # fmt: skip
            rounds = list(t.rounds)
            rounds[number - 1] = rnd.model_copy(update={"pairings": [*rnd.pairings[:i], decided,
                                                                     *rnd.pairings[i + 1 :]]})  # fmt: skip
            entry = Adjudication(round=number, match=match, winners=winners, by=by, reason=reason, at=now)
            return t.model_copy(update={"rounds": rounds, "adjudications": [*t.adjudications, entry]})
    raise MatchNotFound(f"match {match!r} is not one of tournament {t.id}'s")


def pause(t: Tournament, paused: bool) -> Tournament:
    _running_or_registering(t)
    return t.model_copy(update={"paused": paused})


def cancel(t: Tournament) -> Tournament:
    _running_or_registering(t)
    return t.model_copy(update={"status": TournamentStatus.CANCELLED})


def seeded_by_rating(t: Tournament, ratings: dict[str, float]) -> Tournament:
    """The entrants in seed order by ``ratings`` (highest first); the unrated after them, by registration."""
    order = sorted(range(len(t.entrants)), key=lambda i: (t.entrants[i].account not in ratings,
                                                          -ratings.get(t.entrants[i].account, 0.0), i))  # fmt: skip
    return t.model_copy(update={"entrants": [t.entrants[i] for i in order]})
