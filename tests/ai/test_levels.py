"""The levels: budgets in iterations, seeds we can replay and opponents cannot predict, a wall cap."""

from __future__ import annotations

from server.ai import levels
from server.ai.ismcts import Budget


def test_a_decisions_seed_is_the_same_for_the_same_decision_and_differs_without_the_secret() -> None:
    seed = levels.decision_seed(b"secret", "m1", 1, 7)
    assert seed == levels.decision_seed(b"secret", "m1", 1, 7)
    assert seed != levels.decision_seed(b"another", "m1", 1, 7)  # an opponent without the secret
    assert seed != levels.decision_seed(b"secret", "m1", 1, 8)  # each decision its own


def test_level_one_is_random_and_the_others_search_more_and_more() -> None:
    assert levels.level(1).budget is None
    budgets = [lv.budget.iterations for lv in levels.LEVELS if lv.budget is not None]
    assert budgets == sorted(budgets) and len(budgets) == len(levels.LEVELS) - 1
    assert sum(1 for lv in levels.describe() if lv["default"]) == 1


def test_a_search_takes_a_share_of_its_seats_time_left_and_never_more_than_the_cap() -> None:
    assert levels.time_cap(None) == levels.MAX_SECONDS
    assert levels.time_cap(2.0) == 2.0 * levels.CLOCK_SHARE
    assert levels.time_cap(3600.0) == levels.MAX_SECONDS
    assert levels.time_cap(0.0) > 0  # a move is still made


def test_a_game_scored_at_its_rounds_end_plays_its_playouts_to_it() -> None:
    """A Jabberwocky bid pays only when the round ends: a level's playouts there run at least 40 moves (a round of
    three seats is at most 30), in iterations as fixed as the level's; other games keep the level's own depth."""
    club = levels.level(3)
    assert club.budget is not None and club.budget.depth < 40
    assert levels.budget_for("jabberwocky", 3) == Budget(iterations=club.budget.iterations, depth=40)
    assert levels.budget_for("mome", 3) == club.budget
    assert levels.budget_for("jabberwocky", 1) is None


def test_a_game_with_cheap_iterations_searches_a_multiple_of_each_levels_iterations_at_the_same_depth() -> None:
    for lv in levels.LEVELS:
        brillig, mome = levels.budget_for("brillig", lv.number), levels.budget_for("mome", lv.number)
        assert mome == lv.budget
        if lv.budget is None:
            assert brillig is None
        else:
            assert brillig is not None and brillig.depth == lv.budget.depth
            assert brillig.iterations == levels.ITERATION_MULTIPLES["brillig"] * lv.budget.iterations
