"""Borogoves' evaluation and rule of thumb for the AI read as the rulebook scores (server/ai/borogoves.py)."""

from __future__ import annotations

from server.ai import borogoves
from server.ai.evaluation import evaluation_for
from server.ai.policies import policy_for
from server.games.borogoves import Explore, Migrate, Place, Settle, borogove_score
from tests.games.test_borogoves import card, gems, table


def test_a_map_is_worth_what_it_would_score_now_to_the_borogove_player() -> None:
    # "scores the number on each card [that] has a borogove of the matching color on it. Then, add 1 ...
    # for each card that contains the exact same number of borogoves as the number on that card".
    cards = [card("Y4:yyyy", 0, 0), card("G2:y", 0, 1), card("P1:p", 1, 0)]
    solo = table(cards, solo=True, phase="tribes")
    assert evaluation_for("borogoves") is borogoves.evaluate
    assert borogoves.evaluate(solo, 1) == [float(4 + 1 + 0 + 1 + 1)] == [float(borogove_score(cards))]


def test_the_second_leg_adds_the_map_to_the_first_legs_score_and_the_first_leg_expects_one_to_come() -> None:
    # "Note the score, then switch roles and play a second time. The player who earned the highest score wins."
    cards = [card("Y4:yyyy", 0, 0), card("G2", 0, 1)]
    second = table(cards, leg=1, phase="tribes")  # seat 0 plays the borogoves, seat 1 scored 20
    assert borogoves.evaluate(second, 2) == [5 / borogoves.POINTS_SCALE, 20 / borogoves.POINTS_SCALE]
    first = table(cards, phase="tribes")  # seat 1 plays the borogoves, seat 0's leg is still to come
    assert borogoves.evaluate(first, 2) == [borogoves.LEG_EXPECTED / borogoves.POINTS_SCALE,
                                                  5 / borogoves.POINTS_SCALE]  # fmt: skip


def test_a_tribe_migrates_where_its_colour_and_the_exact_count_score() -> None:
    # "The number of borogoves being moved must match the number on the card you are migrating to."
    t = table([card("G3", 0, 0), card("Y2", 0, 1)], phase="tribes")
    moves = [Migrate(tribe="green", row=0, col=0), Migrate(tribe="yellow", row=0, col=0),
             Migrate(tribe="yellow", row=0, col=1), Settle(tribe="green")]  # fmt: skip
    assert borogoves.worths(t.public, moves) == [3 + 1 + 0.25, 1 + 0.25, 2 + 1 + 0.25, -0.5]


def test_exploring_and_settling_are_worth_what_they_change_on_the_map() -> None:
    # "All the borogoves must move from a single card to any directly adjacent card": the G1's exact
    # count is lost, the P2 gains its colour and its exact count.
    t = table([card("G1:p", 0, 0), card("P2:g", 0, 1)], phase="tribes", tribes=gems())
    explore, settle = Explore(tribe="purple", row=0, col=0, to_row=0, to_col=1), Settle(tribe="green", row=0, col=1)
    assert borogoves.worths(t.public, [explore, settle]) == [(2 + 1) - 1 - 0, 0.0]
    assert borogoves.worths(t.public, [Settle(tribe="yellow")]) == [0.0]  # nothing left to remove


def test_a_card_goes_where_it_can_be_scored_alone_and_where_it_cannot_against_a_borogove_player() -> None:
    cards = [card("G1:g", 0, 0), card("Y2", 0, 1)]
    near, far = Place(card="G4", row=1, col=0), Place(card="G4", row=1, col=1)
    solo = table(cards, solo=True, drawn="G4", tribes=gems())
    assert borogoves.worths(solo.public, [near, far]) == [4.0, 0.0]
    duel = table(cards, hand=["G4", "P3"], tribes=gems())
    assert borogoves.worths(duel.public, [near, far]) == [-4.0, 0.0]
    assert policy_for("borogoves") is borogoves.policy
