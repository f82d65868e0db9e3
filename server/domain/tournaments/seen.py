"""A tournament as its spectators may see it: no further than its matches' delayed views."""

from __future__ import annotations

from .model import Round, Tournament, TournamentStatus


def as_seen(t: Tournament, now: int) -> Tournament:
    """``t`` as anyone may see it at ``now`` (ms): no further than its matches' delayed views.

    A match's end is shown once its spectators may see it (``spectator_delay.seconds`` after it
    ended; a delay in moves holds nothing back once a match has ended, :mod:`.delay`). Until then
    its pairing is shown as not ended, no round paired after it is shown (its pairing would tell
    who won), the tournament is not finished, and the standings count only the results shown.
    ``version`` and ``updated`` are then those of the last change shown: the version before the
    first end held back, and the latest end shown (or the creation)."""
    hold_ms = int(t.spectator_delay.seconds * 1000)
    if hold_ms <= 0 or not t.rounds:
        return t
    rounds: list[Round] = []
    held_back: list[int] = []
    for rnd in t.rounds:
        pairings = []
        for p in rnd.pairings:
            if p.ended and p.ended_at is not None and now < p.ended_at + hold_ms:
                held_back.append(p.ended_version or t.version)
                p = p.model_copy(update={"ended": False, "winners": None, "ended_at": None, "ended_version": None})
            pairings.append(p)
        rounds.append(rnd.model_copy(update={"pairings": pairings}))
        if not all(p.ended for p in pairings):
            break  # a later round was paired once this one had ended: it is not shown yet
    if not held_back:
        return t
    shown_ends = [p.ended_at for r in rounds for p in r.pairings if p.ended_at is not None]
    return t.model_copy(update={
        "rounds": rounds, "status": TournamentStatus.RUNNING, "version": min(held_back) - 1,
        "updated": max([t.created, *shown_ends]),
    })  # fmt: skip
