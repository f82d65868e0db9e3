"""Tournament pairing and standings, pure: the worked examples of ``server/domain/tournaments/``.

Players are named by seed (``p0`` registered first). Each example plays rounds by
hand: ``play(t, {"p0-p1": 0})`` records that seat 0 of the match p0-p1 won.
"""

from __future__ import annotations

import itertools

import pytest

from server.domain.clocks import TimeControl
from server.domain.delay import SpectatorDelay
from server.domain.tournaments import (
    Entrant,
    Round,
    Tournament,
    TournamentFormat,
    TournamentStatus,
    as_seen,
    bracket_order,
    check_startable,
    next_round,
    register,
    round_robin_schedule,
    standings,
    standings_csv,
    unregister,
)
from server.errors import AlreadyRegistered, BadRequest, NotRegistered, TournamentStarted

DRAW = -1


def tournament(fmt: TournamentFormat, n: int, seats: int = 2) -> Tournament:
    t = Tournament(id="t1", name="cup", game="gimble", seats=seats, format=fmt,
                   time_control=TimeControl(kind="per_decision", limit_ms=1000))  # fmt: skip
    for i in range(n):
        t = register(t, Entrant(account=f"p{i}", name=f"P{i}"))
    check_startable(t)
    return t.model_copy(update={"status": TournamentStatus.RUNNING})


def pairs(rnd: Round) -> list[str]:
    return ["-".join(p.accounts) for p in rnd.pairings]


def start_round(t: Tournament) -> tuple[Tournament, Round]:
    rnd = next_round(t)
    assert rnd is not None
    return t.model_copy(update={"rounds": [*t.rounds, rnd]}), rnd


def finish(t: Tournament, results: dict[str, int]) -> Tournament:
    """Record the last round's results: the winning seat of each match (DRAW: both share)."""
    last = t.rounds[-1]
    assert set(results) == set(pairs(last))
    done = [p.model_copy(update={"ended": True, "winners": [0, 1] if results["-".join(p.accounts)] == DRAW
                                 else [results["-".join(p.accounts)]]}) for p in last.pairings]  # fmt: skip
    return t.model_copy(update={"rounds": [*t.rounds[:-1], last.model_copy(update={"pairings": done})]})


def test_registration_refuses_twice_and_after_the_start() -> None:
    t = Tournament(id="t1", name="cup", game="gimble", seats=2, format=TournamentFormat.SWISS,
                   time_control=TimeControl(kind="per_decision", limit_ms=1000))  # fmt: skip
    t = register(t, Entrant(account="p0", name="P0"))
    with pytest.raises(AlreadyRegistered):
        register(t, Entrant(account="p0", name="P0"))
    with pytest.raises(BadRequest):
        check_startable(t)  # one player cannot fill a two-seat match
    with pytest.raises(NotRegistered):
        unregister(t, "p9")
    assert unregister(t, "p0").entrants == []
    started = register(t, Entrant(account="p1", name="P1")).model_copy(update={"status": TournamentStatus.RUNNING})
    with pytest.raises(TournamentStarted):
        register(started, Entrant(account="p2", name="P2"))
    with pytest.raises(TournamentStarted):
        check_startable(started)


def test_a_swiss_of_eight_pairs_by_score_without_rematches_and_ranks_by_buchholz() -> None:
    t = tournament(TournamentFormat.SWISS, 8)
    assert t.planned_rounds() == 3  # ceil(log2 8)

    # Round 1: everyone on 0 points, so rank is seed order and neighbours meet; the higher seed sits first.
    t, r1 = start_round(t)
    assert pairs(r1) == ["p0-p1", "p2-p3", "p4-p5", "p6-p7"] and r1.byes == []
    t = finish(t, {"p0-p1": 0, "p2-p3": 0, "p4-p5": 0, "p6-p7": 0})

    # Round 2: the winners meet the winners; seat 0 goes to the player who sat in later seats.
    t, r2 = start_round(t)
    assert pairs(r2) == ["p0-p2", "p4-p6", "p1-p3", "p5-p7"]
    t = finish(t, {"p0-p2": 0, "p4-p6": 0, "p1-p3": 0, "p5-p7": DRAW})

    # Round 3: 2 points p0 p4; 1 point p1 p2 p6; ½ p5 p7; 0 p3. p6 sat second twice, p5 never: p6 sits first.
    t, r3 = start_round(t)
    assert pairs(r3) == ["p0-p4", "p1-p2", "p6-p5", "p7-p3"]
    t = finish(t, {"p0-p4": 0, "p1-p2": 0, "p6-p5": 0, "p7-p3": 0})
    assert next_round(t) is None  # three rounds: the tournament is complete

    met = [frozenset(p.accounts) for r in t.rounds for p in r.pairings]
    assert len(met) == len(set(met))  # nobody met anybody twice

    table = {s.account: s for s in standings(t)}
    # Buchholz: p4 met p5 (½), p6 (2), p0 (3) = 5.5; p1 met p0, p3, p2 = 3 + 0 + 1 = 4; p6 met p7, p4, p5 = 4.
    assert (table["p4"].points, table["p4"].buchholz) == (2, 5.5)
    assert (table["p1"].buchholz, table["p6"].buchholz) == (4, 4)
    # Median Buchholz breaks the tie: p1 keeps 1 (drops 3 and 0), p6 keeps 1.5 (drops 2 and ½).
    assert (table["p1"].median_buchholz, table["p6"].median_buchholz) == (1, 1.5)
    assert [s.account for s in standings(t)] == ["p0", "p4", "p6", "p1", "p7", "p2", "p5", "p3"]
    assert table["p0"].wins == 3 and table["p5"].wins == 0


def test_a_swiss_looks_further_down_rather_than_pair_a_rematch() -> None:
    t = tournament(TournamentFormat.SWISS, 4)
    t.rounds_wanted = 3
    t, _ = start_round(t)
    t = finish(t, {"p0-p1": 0, "p2-p3": 0})
    t, r2 = start_round(t)
    assert pairs(r2) == ["p0-p2", "p1-p3"]
    t = finish(t, {"p0-p2": 0, "p1-p3": 1})
    # p0 (2), p2 (1), p3 (1), p1 (0): p0-p2 and p2-p3... p0 has met p1 and p2, so p0 meets p3, and p2 meets p1.
    t, r3 = start_round(t)
    assert sorted(map(frozenset, (p.accounts for p in r3.pairings))) == sorted(
        [frozenset({"p0", "p3"}), frozenset({"p1", "p2"})], key=sorted)  # fmt: skip


def test_a_swiss_bye_goes_to_the_lowest_ranked_player_without_one_and_is_worth_a_win() -> None:
    t = tournament(TournamentFormat.SWISS, 5)
    t, r1 = start_round(t)
    assert r1.byes == ["p4"] and pairs(r1) == ["p0-p1", "p2-p3"]
    t = finish(t, {"p0-p1": 0, "p2-p3": 0})
    t, r2 = start_round(t)
    # p4 has had its bye (and its point): the lowest-ranked without one, p3, sits out now.
    assert r2.byes == ["p3"]
    assert {s.account: s.points for s in standings(t)}["p4"] == 1


def test_a_bracket_of_five_gives_its_byes_to_the_top_seeds() -> None:
    assert bracket_order(8) == [0, 7, 3, 4, 1, 6, 2, 5]  # 1-8, 4-5, 2-7, 3-6
    t = tournament(TournamentFormat.SINGLE_ELIMINATION, 5)
    assert t.planned_rounds() == 3
    t, r1 = start_round(t)
    assert pairs(r1) == ["p3-p4"] and r1.byes == ["p0", "p1", "p2"]
    t = finish(t, {"p3-p4": 1})  # seed 5 beats seed 4
    t, r2 = start_round(t)
    assert pairs(r2) == ["p4-p0", "p1-p2"] and r2.byes == []  # p4 sat second in round 1: it sits first now
    t = finish(t, {"p4-p0": 0, "p1-p2": DRAW})  # a draw sends the higher seed on
    t, r3 = start_round(t)
    assert pairs(r3) == ["p4-p1"]
    t = finish(t, {"p4-p1": 0})
    assert next_round(t) is None
    t = t.model_copy(update={"status": TournamentStatus.FINISHED})
    ranked = standings(t)
    assert [s.account for s in ranked][:2] == ["p4", "p1"]
    assert ranked[0].reached == 4 and ranked[1].reached == 3


def test_a_round_robin_of_four_for_a_three_seat_game_meets_every_pair_twice() -> None:
    schedule = round_robin_schedule(4, 3)
    assert schedule == [[[0, 1, 2]], [[0, 3, 1]], [[0, 2, 3]], [[1, 2, 3]]]
    t = tournament(TournamentFormat.ROUND_ROBIN, 4, seats=3)
    assert t.planned_rounds() == 4
    seen: dict[frozenset[str], int] = {}
    byes: list[str] = []
    for _ in range(4):
        t, rnd = start_round(t)
        assert len(rnd.pairings) == 1 and len(rnd.byes) == 1
        byes += rnd.byes
        for a, b in itertools.combinations(rnd.pairings[0].accounts, 2):
            seen[frozenset((a, b))] = seen.get(frozenset((a, b)), 0) + 1
        t = finish(t, {pairs(rnd)[0]: 0})
    assert sorted(byes) == ["p0", "p1", "p2", "p3"]
    assert len(seen) == 6 and set(seen.values()) == {2}
    assert next_round(t) is None
    # Seat balance: nobody sat first more than twice in four rounds.
    firsts = [r.pairings[0].accounts[0] for r in t.rounds]
    assert max(firsts.count(p) for p in set(firsts)) <= 2


def test_a_two_seat_round_robin_is_the_circle_method() -> None:
    assert round_robin_schedule(4, 2) == [[[0, 3], [1, 2]], [[0, 2], [3, 1]], [[0, 1], [2, 3]]]
    five = round_robin_schedule(5, 2)
    assert len(five) == 5
    met = [frozenset(p) for r in five for p in r]
    assert len(met) == 10 == len(set(met))


def test_standings_export_as_csv() -> None:
    t = tournament(TournamentFormat.ROUND_ROBIN, 2)
    t, _ = start_round(t)
    t = finish(t, {"p0-p1": 1})
    lines = standings_csv(t).splitlines()
    assert lines[0] == "rank,account,name,points,buchholz,median_buchholz,wins,byes,played,reached,withdrawn"
    assert lines[1] == "1,p1,P1,1.0,0.0,0.0,1,0,1,,false"  # reached: single elimination only


def test_spectators_see_a_result_only_once_the_delay_has_passed_since_its_match_ended() -> None:
    """Issue 43, finding 3: the tournament's page showed a delayed match's winners at once."""
    t = tournament(TournamentFormat.SWISS, 4).model_copy(update={"spectator_delay": SpectatorDelay(seconds=120)})
    t, _ = start_round(t)
    t = finish(t, {"p0-p1": 0, "p2-p3": 1})
    ends = {"p0-p1": (1_000, 5), "p2-p3": (9_000, 6)}  # (ended at, the version that recorded it)
    first = t.rounds[0].model_copy(update={"pairings": [
        p.model_copy(update=dict(zip(("ended_at", "ended_version"), ends["-".join(p.accounts)], strict=True)))
        for p in t.rounds[0].pairings]})  # fmt: skip
    t = t.model_copy(update={"rounds": [first], "version": 7, "updated": 9_500})
    t, _ = start_round(t)
    t = t.model_copy(update={"version": 8})

    early = as_seen(t, 1_000 + 119_999)  # neither end is visible yet: nor is round 2, which tells them
    assert [(p.ended, p.winners) for p in early.rounds[0].pairings] == [(False, None), (False, None)]
    assert len(early.rounds) == 1 and (early.version, early.updated) == (4, t.created)
    assert all(s.points == 0 for s in standings(early))
    half = as_seen(t, 1_000 + 120_000)  # the first end is, the second not yet
    assert [p.ended for p in half.rounds[0].pairings] == [True, False] and len(half.rounds) == 1
    assert (half.version, half.updated) == (5, 1_000)
    assert [s.account for s in standings(half) if s.points == 1] == ["p0"]
    assert as_seen(t, 9_000 + 120_000) == t  # both: everything is shown as it is
    assert as_seen(t.model_copy(update={"spectator_delay": SpectatorDelay(moves=3)}), 0).rounds == t.rounds


def test_a_bye_counts_for_buchholz_as_a_dummy_opponent_with_the_player_s_own_score() -> None:
    """FIDE's tie-break regulations (2023): a round with no opponent counts as one against a dummy with
    the player's own final score, and its value is the first the median's low cut drops; the median drops
    the highest and the lowest value whatever their number (issue 42, finding 8)."""
    t, first = start_round(tournament(TournamentFormat.SWISS, 3))
    assert pairs(first) == ["p0-p1"] and first.byes == ["p2"]
    t = finish(t, {"p0-p1": 0})
    table = {s.account: s for s in standings(t)}
    assert (table["p2"].points, table["p2"].buchholz) == (1, 1)  # the bye's dummy has p2's own 1 point
    assert (table["p1"].buchholz, table["p1"].median_buchholz) == (1, 0)  # one value: nothing left after the cuts
    t, second = start_round(t)
    t = finish(t, dict.fromkeys(pairs(second), 0))
    for s in standings(t):
        if s.played + s.byes == 2:
            assert s.median_buchholz == 0  # two values: both cut
