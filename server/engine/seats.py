"""Seats and turn order. Seats are numbered 0..n-1 clockwise ("to the left")."""

from __future__ import annotations

from .errors import BadOptions
from .rng import Rng


def named_or_drawn(named: int | None, seats: int, rng: Rng) -> int:
    """The seat that starts: the one the options name, else a draw.

    Rulebooks settle who starts by table conventions ("the player who most
    recently looked at a map goes first"); a server cannot ask, so it draws
    from the match's seeded generator unless the match creator names the
    first player in the options.
    """
    return named if named is not None else rng.below(seats)


def check_named_seat(option: str, named: int | None, seats: int) -> None:
    """Refuse an option that names a seat the match does not have."""
    if named is not None and not 0 <= named < seats:
        raise BadOptions(f"{option} must be a seat, 0..{seats - 1}")


def left_of(seat: int, seats: int, steps: int = 1) -> int:
    """The seat ``steps`` places clockwise from ``seat``."""
    return (seat + steps) % seats


def clockwise_from(start: int, seats: int) -> list[int]:
    """Every seat once, starting at ``start`` and going clockwise."""
    return [(start + i) % seats for i in range(seats)]


def snake_order(start: int, seats: int) -> list[int]:
    """A draft of two picks each: clockwise from ``start``, the last seat picks
    twice, then back counter-clockwise ending on ``start``.

    For 3 seats from 0: ``[0, 1, 2, 2, 1, 0]``.
    """
    first = clockwise_from(start, seats)
    return first + first[::-1]
