"""Seats and turn order: seats are numbered clockwise, "to the left" is the next seat."""

from __future__ import annotations

import pytest

from server.engine import BadOptions, Rng
from server.engine.seats import check_named_seat, clockwise_from, left_of, named_or_drawn, snake_order


def test_a_named_first_player_starts() -> None:
    assert named_or_drawn(2, 4, Rng(1)) == 2


def test_otherwise_the_first_player_is_drawn_from_the_seed() -> None:
    drawn = [named_or_drawn(None, 4, Rng(seed)) for seed in range(60)]
    assert set(drawn) == {0, 1, 2, 3}
    assert drawn == [named_or_drawn(None, 4, Rng(seed)) for seed in range(60)]  # a seed replays


def test_a_named_seat_must_exist() -> None:
    check_named_seat("first_player", None, 3)
    check_named_seat("first_player", 2, 3)
    with pytest.raises(BadOptions, match=r"first_player must be a seat, 0\.\.2"):
        check_named_seat("first_player", 3, 3)


def test_the_seat_on_the_left_wraps_round_the_table() -> None:
    """Jabberwocky: "Deal passes to the left after each round!"."""
    assert [left_of(s, 4) for s in range(4)] == [1, 2, 3, 0]
    assert left_of(3, 4, steps=2) == 1
    assert left_of(0, 5, steps=5) == 0


def test_clockwise_from_names_every_seat_once() -> None:
    assert clockwise_from(2, 5) == [2, 3, 4, 0, 1]
    assert clockwise_from(0, 3) == [0, 1, 2]


@pytest.mark.parametrize(
    ("start", "seats", "order"),
    [(0, 3, [0, 1, 2, 2, 1, 0]), (2, 4, [2, 3, 0, 1, 1, 0, 3, 2]), (1, 2, [1, 0, 0, 1])],
)
def test_the_snake_goes_clockwise_then_the_last_goes_again_and_back(start: int, seats: int, order: list[int]) -> None:
    """Tabby Tumble's draft: "The final player to choose their first die, will also pick a second.
    Play continues *counter clockwise* around the circle until it returns to the first player"."""
    assert snake_order(start, seats) == order
