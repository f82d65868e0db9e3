"""Ladders without a server: pairing, the finishing order of a match, and the rating step."""

from __future__ import annotations

import pytest

from server.domain.clocks import TimeControl
from server.domain.ladders import Candidate, LadderSpec, Window, pair
from server.domain.ratings import MU, SIGMA, Rating, ranks, rate
from server.domain.record import MatchRecord
from server.domain.status import MatchStatus

NOW = 1_000_000
NARROW = Window(base=2.0, per_s=0.5)


def waiting(account: str, mu: float, waited_s: float = 0.0, last: tuple[str, ...] = ()) -> Candidate:
    return Candidate(account, mu, NOW - int(waited_s * 1000), frozenset(last))


def test_similar_ratings_are_paired_first() -> None:
    queue = [waiting("a", 30.0, 3), waiting("b", 20.0, 2), waiting("c", 29.0, 1), waiting("d", 21.0)]
    assert pair(queue, 2, NOW, NARROW) == [("a", "c"), ("b", "d")]


def test_the_longest_waiting_is_served_first_and_ties_go_to_the_nearer_rating() -> None:
    queue = [waiting("near", 25.5, 1), waiting("first", 25.0, 5), waiting("far", 26.5, 2)]
    assert pair(queue, 2, NOW, NARROW) == [("first", "near")]


def test_the_window_widens_with_waiting_time() -> None:
    fresh = [waiting("a", 25.0), waiting("b", 30.0)]
    assert pair(fresh, 2, NOW, NARROW) == []  # 5 apart, the window is 2
    waited = [waiting("a", 25.0, 6), waiting("b", 30.0)]  # 2 + 0.5 * 6 = 5: now within reach
    assert pair(waited, 2, NOW, NARROW) == [("a", "b")]


def test_no_immediate_rematch_while_others_wait() -> None:
    queue = [waiting("a", 25.0, 3, last=("b",)), waiting("b", 25.0, 2, last=("a",)), waiting("c", 40.0)]
    assert pair(queue, 2, NOW, NARROW) == []  # c is out of reach for now; a and b do not play again
    later = [waiting("a", 25.0, 60, last=("b",)), waiting("b", 25.0, 59, last=("a",)), waiting("c", 40.0)]
    assert pair(later, 2, NOW, NARROW) == [("a", "c")]


def test_two_alone_in_the_queue_may_play_again() -> None:
    queue = [waiting("a", 25.0, 3, last=("b",)), waiting("b", 25.0, 2, last=("a",))]
    assert pair(queue, 2, NOW, NARROW) == [("a", "b")]


def test_groups_of_more_seats_fill_from_the_nearest_ratings() -> None:
    queue = [waiting(name, mu, i) for i, (name, mu) in enumerate(
        [("a", 25.0), ("b", 25.5), ("c", 40.0), ("d", 24.0), ("e", 26.0)])]  # fmt: skip
    # e waited longest and takes the two nearest ratings; c is out of everyone's reach, d waits on.
    assert pair(queue, 3, NOW, NARROW) == [("e", "b", "a")]
    assert pair(queue[:2], 3, NOW, NARROW) == []  # not enough players


def record(status: MatchStatus, outcome: dict[str, object] | None, *, seats: int = 2, bots: list[bool] | None = None,
           seated: list[bool] | None = None) -> MatchRecord:  # fmt: skip
    tokens = ["h" if s else None for s in (seated or [True] * seats)]
    return MatchRecord(id="m" * 12, game="brillig", options={}, seats=seats, status=status, version=9, created=0,
                       updated=5, seed=1, names=[f"p{s}" for s in range(seats)], bots=bots or [False] * seats,
                       tokens=tokens, table=b"", rng=[], outcome=outcome,
                       accounts=[f"acct{s}" for s in range(seats)])  # fmt: skip


def test_winners_rank_first_and_the_rest_follow_by_score() -> None:
    assert ranks(record(MatchStatus.FINISHED, {"winners": [1]})) == [2, 1]
    assert ranks(record(MatchStatus.FINISHED, {"winners": [0, 1]})) == [1, 1]  # a tie shares first place
    scored = record(MatchStatus.FINISHED, {"winners": [2], "scores": [3, 7, 9, 3]}, seats=4)
    assert ranks(scored) == [3, 2, 1, 3]
    unscored = record(MatchStatus.FINISHED, {"winners": [2]}, seats=4)
    assert ranks(unscored) == [2, 2, 1, 2]  # no scores: the others share last place


def test_a_forfeit_or_a_no_show_ranks_last() -> None:
    forfeited = record(MatchStatus.FINISHED, {"winners": [0, 2], "scores": [5, 4, 5]}, seats=3,
                       bots=[True, False, False])  # fmt: skip
    assert ranks(forfeited) == [3, 2, 1]  # seat 0 "won" as the server's bot: rated as a loss
    # A no-show ends the match with an outcome (``Matches.no_show``): who came won, and is rated so.
    no_show = record(MatchStatus.FINISHED, {"winners": [0], "reason": "no_show"}, seated=[True, False])
    assert ranks(no_show) == [1, 2]
    assert ranks(record(MatchStatus.ABORTED, None, seated=[False, False])) is None  # nobody came: unrated
    assert ranks(record(MatchStatus.ABORTED, None, seated=[True, False])) is None  # any abort: unrated
    assert ranks(record(MatchStatus.ABORTED, None)) is None  # an admin abort of a match under way: unrated
    assert ranks(record(MatchStatus.ACTIVE, None)) is None


def test_a_win_moves_ratings_apart_and_a_tie_moves_them_together() -> None:
    a, b = Rating(account="a", name="A"), Rating(account="b", name="B")
    assert (a.mu, a.sigma, a.display) == (MU, SIGMA, 1000)
    won, lost = rate([a, b], [1, 2], at=77)
    assert won.mu > MU > lost.mu and won.sigma < SIGMA and lost.sigma < SIGMA
    assert (won.games, won.wins, won.last_played) == (1, 1, 77)
    assert (lost.games, lost.wins) == (1, 0)
    strong, weak = Rating(account="s", name="S", mu=30.0, sigma=4.0), Rating(account="w", name="W", mu=20.0, sigma=4.0)
    s2, w2 = rate([strong, weak], [1, 1], at=78)
    assert s2.mu < strong.mu and w2.mu > weak.mu
    assert (s2.wins, w2.wins) == (1, 1)  # every winner of a tie counts a win


def test_a_ladder_checks_its_settings() -> None:
    spec = LadderSpec(name="Brillig duels", game="brillig", seats=2,
                      time_control=TimeControl(kind="per_decision", limit_ms=5000))  # fmt: skip
    assert (spec.join_s, spec.window, spec.widen_per_s) == (60, 3.0, 0.5)
    with pytest.raises(ValueError):
        LadderSpec(name="", game="brillig", seats=2)
