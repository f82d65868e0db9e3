"""What an organiser does to a running tournament, pure (issue 42, finding 5): withdraw, adjudicate,
pause, cancel, seed by rating, cap and close registration; and the automatic withdrawal of an
entrant that keeps not coming (an absent player was paired again every Swiss round).

Players are named by seed (``p0`` registered first), as in ``test_tournament_pairing``.
"""

from __future__ import annotations

import pytest

from server.domain.tournaments import (
    Entrant,
    Tournament,
    TournamentFormat,
    TournamentStatus,
    adjudicate,
    cancel,
    next_round,
    pause,
    register,
    seeded_by_rating,
    standings,
    standings_csv,
    withdraw,
    withdraw_the_absent,
)
from server.errors import BadRequest, MatchNotFound, RegistrationClosed, TournamentFull, TournamentOver

from .test_tournament_pairing import finish, pairs, start_round, tournament


def named(t: Tournament) -> Tournament:
    """Each pairing of the last round given a match id (``m-<its players>``), as the service does."""
    last = t.rounds[-1]
    ids = [p.model_copy(update={"match": p.match or "m-" + "-".join(p.accounts)}) for p in last.pairings]
    return t.model_copy(update={"rounds": [*t.rounds[:-1], last.model_copy(update={"pairings": ids})]})


def test_a_withdrawn_swiss_player_keeps_its_results_and_is_paired_no_more() -> None:
    t, first = start_round(tournament(TournamentFormat.SWISS, 6))
    assert pairs(first) == ["p0-p1", "p2-p3", "p4-p5"]
    t = finish(t, {"p0-p1": 0, "p2-p3": 1, "p4-p5": 0})
    t = withdraw(t, "p3", "organiser", "left the event", now=5)
    assert t.withdrawn[0].model_dump() == {"account": "p3", "after_round": 1, "by": "organiser",
                                           "reason": "left the event", "at": 5}  # fmt: skip
    t, rnd = start_round(t)
    assert "p3" not in {a for p in rnd.pairings for a in p.accounts} and len(rnd.byes) == 1  # 5 left: one bye
    table = {s.account: s for s in standings(t)}
    assert table["p3"].points == 1 and table["p3"].withdrawn and table["p3"].played == 1  # its win stands
    assert table["p2"].points == 0 and not table["p2"].withdrawn


def test_a_round_robin_turns_a_withdrawn_player_s_matches_into_walkovers() -> None:
    t = tournament(TournamentFormat.ROUND_ROBIN, 4)
    t, first = start_round(t)
    t = finish(t, dict.fromkeys(pairs(first), 0))
    t = withdraw(t, "p1", "admin", "", now=1)
    t, second = start_round(t)
    walkover = next(p for p in second.pairings if "p1" in p.accounts)
    seat = walkover.accounts.index("p1")
    assert walkover.ended and walkover.match == "" and walkover.absent == [seat] and walkover.winners == [1 - seat]
    other = next(p for p in second.pairings if "p1" not in p.accounts)
    assert not other.ended  # played as scheduled


def test_an_entrant_absent_twice_in_a_row_is_withdrawn() -> None:
    t, first = start_round(tournament(TournamentFormat.SWISS, 4))
    t = named(finish(t, dict.fromkeys(pairs(first), 0)))
    for _ in range(2):
        last = t.rounds[-1]
        marked = [p.model_copy(update={"absent": [p.accounts.index("p2")]}) if "p2" in p.accounts else p
                  for p in last.pairings]  # fmt: skip
        t = t.model_copy(update={"rounds": [*t.rounds[:-1], last.model_copy(update={"pairings": marked})]})
        if len(t.rounds) == 2:
            break
        t = withdraw_the_absent(t, now=1)
        assert t.withdrawn == []  # once is not yet a habit
        t, rnd = start_round(t)
        t = named(finish(t, dict.fromkeys(pairs(rnd), 0)))
    t = withdraw_the_absent(t, now=9)
    assert [(w.account, w.by, w.after_round) for w in t.withdrawn] == [("p2", "forfeits", 2)]
    assert withdraw_the_absent(t.model_copy(update={"withdraw_after_forfeits": None}), 9).withdrawn == t.withdrawn


def test_the_organiser_decides_a_result_and_it_is_logged() -> None:
    t, _ = start_round(tournament(TournamentFormat.SWISS, 4))
    t = named(t)
    why = "p0's bot crashed on a server fault"
    decided = adjudicate(t, "m-p0-p1", [1], by="org1", reason=why, now=7)
    pairing = decided.rounds[0].pairings[0]
    assert pairing.ended and pairing.winners == [1] and pairing.ended_at == 7
    logged = {"round": 1, "match": "m-p0-p1", "winners": [1], "by": "org1", "reason": why, "at": 7}
    assert decided.adjudications[0].model_dump() == logged
    assert {s.account: s.points for s in standings(decided)}["p1"] == 1
    with pytest.raises(BadRequest):
        adjudicate(t, "m-p0-p1", [2], by="org1", reason="no such seat", now=7)
    with pytest.raises(MatchNotFound):
        adjudicate(t, "m-elsewhere", [0], by="org1", reason="?", now=7)


def test_a_bracket_s_earlier_result_is_not_changed_once_the_next_round_is_paired() -> None:
    t, first = start_round(tournament(TournamentFormat.SINGLE_ELIMINATION, 4))
    t = named(finish(t, dict.fromkeys(pairs(first), 0)))
    t, _ = start_round(t)
    with pytest.raises(BadRequest):
        adjudicate(t, t.rounds[0].pairings[0].match, [1], by="org1", reason="late appeal", now=9)


def test_paused_and_cancelled() -> None:
    t = tournament(TournamentFormat.SWISS, 4)
    assert pause(t, True).paused and not pause(pause(t, True), False).paused
    over = cancel(t)
    assert over.status is TournamentStatus.CANCELLED
    with pytest.raises(TournamentOver):
        withdraw(over, "p0", "organiser", "", now=1)


def test_seeds_by_rating_put_the_unrated_last_in_registration_order() -> None:
    t = tournament(TournamentFormat.SWISS, 4)
    seeded = seeded_by_rating(t, {"p2": 1200.0, "p3": 1500.0})
    assert [e.account for e in seeded.entrants] == ["p3", "p2", "p0", "p1"]


def test_a_cap_and_a_deadline_close_registration() -> None:
    base = tournament(TournamentFormat.SWISS, 2).model_copy(update={"status": TournamentStatus.REGISTERING,
                                                                     "entrants": []})  # fmt: skip
    capped = register(base.model_copy(update={"max_entrants": 2}), Entrant(account="a", name="A"))
    capped = register(capped, Entrant(account="b", name="B"))
    with pytest.raises(TournamentFull):
        register(capped, Entrant(account="c", name="C"))
    closing = base.model_copy(update={"registration_closes": 1000})
    register(closing, Entrant(account="a", name="A"), now=999)
    with pytest.raises(RegistrationClosed):
        register(closing, Entrant(account="a", name="A"), now=1000)


def test_the_csv_says_the_round_reached_and_who_withdrew() -> None:
    t, first = start_round(tournament(TournamentFormat.SINGLE_ELIMINATION, 4))
    t = withdraw(finish(t, dict.fromkeys(pairs(first), 0)), "p3", "organiser", "", now=1)
    header, *rows = standings_csv(t).splitlines()
    assert header.endswith(",played,reached,withdrawn")
    assert any(r.split(",")[1] == "p3" and r.endswith(",1,true") for r in rows)
    assert next_round(t) is not None
