"""Solo outcomes with the book's rating chart; matches made of legs."""

from __future__ import annotations

import pytest

from server.engine.game import Outcome
from server.engine.legs import Legs, role_holder
from server.engine.solo import Band, RatingChart, solo_outcome

CHART = RatingChart((Band(0, "poor"), Band(10, "Victory!"), Band(15, "better")))


def test_a_score_rates_the_highest_band_it_reaches() -> None:
    assert [CHART.rate(s) for s in (0, 9, 10, 14, 15, 99)] == [
        "poor",
        "poor",
        "Victory!",
        "Victory!",
        "better",
        "better",
    ]
    # Below the lowest band still rates the lowest band (a negative score, say).
    assert CHART.rate(-3) == "poor"


def test_a_chart_lists_its_bands_lowest_first() -> None:
    with pytest.raises(ValueError):
        RatingChart((Band(10, "b"), Band(0, "a")))
    with pytest.raises(ValueError):
        RatingChart(())


def test_a_solo_match_is_won_by_reaching_the_target() -> None:
    won = solo_outcome(10, target=10, chart=CHART)
    assert won == Outcome(winners=[0], scores=[10], rating="Victory!")
    lost = solo_outcome(9, target=10, chart=CHART, reason="out_of_cards")
    assert lost.winners == [] and lost.scores == [9] and lost.reason == "out_of_cards" and lost.rating == "poor"


def test_the_rating_is_dumped_only_when_set() -> None:
    """Games without a chart keep the outcome's first shape: winners, scores, reason."""
    assert Outcome(winners=[1], scores=[3, 4]).model_dump(mode="json") == {
        "winners": [1],
        "scores": [3, 4],
        "reason": "completed",
    }
    assert solo_outcome(12, 10, CHART).model_dump(mode="json")["rating"] == "Victory!"
    assert Outcome.model_validate(solo_outcome(12, 10, CHART).model_dump()) == solo_outcome(12, 10, CHART)


def test_legs_add_up() -> None:
    legs = Legs(count=2)
    assert legs.current == 0 and legs.last is False and not legs.over
    legs.finish([0, 28])
    assert legs.last and not legs.over
    legs.finish([31, 0])
    assert legs.over and legs.totals(2) == [31, 28]
    with pytest.raises(ValueError):
        legs.finish([0, 0])


def test_roles_pass_clockwise_from_leg_to_leg() -> None:
    """Borogoves: "Note the score, then switch roles and play a second time."""
    assert [role_holder(1, leg, 2) for leg in range(2)] == [1, 0]
    assert [role_holder(0, leg, 3) for leg in range(3)] == [0, 1, 2]
