"""Match clocks as pure data: deadlines, Fischer budgets, sealed choices, what clients see."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from server import games
from server.domain.clocks import Clock, TimeControl, advance, due, next_deadline, public_clock, start
from tests.support.playout import playout

PER_DECISION = TimeControl(kind="per_decision", limit_ms=1000)
FISCHER = TimeControl(kind="fischer", base_ms=10_000, increment_ms=500)


def test_no_clock_is_the_default() -> None:
    assert not TimeControl().timed
    assert start(TimeControl(), 3) is None


def test_a_per_decision_clock_gives_each_new_decision_its_limit() -> None:
    clock = advance(PER_DECISION, start(PER_DECISION, 3), [0], None, now=1_000)
    assert clock is not None and clock.deadlines == {0: 2_000}
    assert due(clock, 1_999) == [] and due(clock, 2_000) == [0]
    clock = advance(PER_DECISION, clock, [1], 0, now=1_400)  # seat 0 moved; seat 1 starts afresh
    assert clock is not None and clock.deadlines == {1: 2_400} and next_deadline(clock) == 2_400


def test_a_seat_that_moves_and_is_to_act_again_starts_a_new_decision() -> None:
    clock = advance(PER_DECISION, start(PER_DECISION, 2), [0], None, now=0)
    clock = advance(PER_DECISION, clock, [0], 0, now=700)
    assert clock is not None and clock.deadlines == {0: 1_700}


def test_a_fischer_clock_charges_the_time_taken_and_adds_the_increment() -> None:
    clock = advance(FISCHER, start(FISCHER, 2), [0], None, now=0)
    assert clock is not None and clock.deadlines == {0: 10_000}
    clock = advance(FISCHER, clock, [1], 0, now=3_000)
    assert clock is not None and clock.remaining_ms == [10_000 - 3_000 + 500, 10_000]
    assert clock.deadlines == {1: 3_000 + 10_000}
    shown = public_clock(FISCHER, clock, now=4_000)
    assert shown == {"kind": "fischer", "now": 4_000, "remaining_ms": [7_500, 9_000], "deadlines": {"1": 13_000}}


def test_in_a_sealed_choice_each_seat_has_its_own_deadline_and_keeps_it_while_others_commit() -> None:
    tc = TimeControl(kind="per_decision", limit_ms=5_000, sealed_ms=2_000)
    clock = advance(tc, start(tc, 3), [0, 1, 2], None, now=0)
    assert clock is not None and clock.deadlines == {0: 2_000, 1: 2_000, 2: 2_000}
    clock = advance(tc, clock, [0, 2], 1, now=500)  # seat 1 committed: the others keep their deadlines
    assert clock is not None and clock.deadlines == {0: 2_000, 2: 2_000}
    assert due(clock, 2_000) == [0, 2]


def test_the_clock_stops_when_the_match_ends() -> None:
    clock = advance(FISCHER, start(FISCHER, 2), [0], None, now=0)
    clock = advance(FISCHER, clock, [], 0, now=100)
    assert clock is not None and clock.deadlines == {} and next_deadline(clock) is None


def test_fischer_times_stay_consistent_over_a_whole_match() -> None:
    """Every seat's time left is its base, minus the time it took, plus its increments."""
    rules = games.get("jabberwocky")
    tc = TimeControl(kind="fischer", base_ms=60_000, increment_ms=250)
    clock: Clock | None = start(tc, 3)
    first, _ = rules.setup(rules.parse_options({"rounds": 2}), 3, 9)
    clock = advance(tc, clock, rules.to_act(first), None, now=0)
    now, taken, moves = 0, [0, 0, 0], [0, 0, 0]
    for i, step in enumerate(playout(rules, 3, 9, options={"rounds": 2})):
        think = 37 * (i % 11) + step.seat  # each decision takes its own time
        now += think
        taken[step.seat] += think
        moves[step.seat] += 1
        to_act = rules.to_act(step.after) if rules.outcome(step.after) is None else []
        clock = advance(tc, clock, to_act, step.seat, now)
        assert clock is not None and clock.remaining_ms is not None
        for seat in range(3):
            assert clock.remaining_ms[seat] == 60_000 - taken[seat] + 250 * moves[seat]
            if seat in to_act:
                assert clock.deadlines[seat] == now + clock.remaining_ms[seat]
    assert clock is not None and clock.deadlines == {}


@pytest.mark.parametrize(
    "bad",
    [
        {"kind": "sudden_death"},
        {"kind": "per_decision"},
        {"kind": "per_decision", "limit_ms": -5},
        {"kind": "per_decision", "limit_ms": "1000"},
        {"kind": "fischer", "base_ms": 1000, "increment_ms": -1},
        {"kind": "fischer", "limit_ms": 1000},
        {"kind": "none", "sealed_ms": 1000},
        {"kind": "per_decision", "limit_ms": 1000, "on_timeout": "resign"},
        {"kind": "per_decision", "limit_ms": 1000, "extra": 1},
    ],
)
def test_a_time_control_that_makes_no_sense_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        TimeControl.model_validate(bad)
