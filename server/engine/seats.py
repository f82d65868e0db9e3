"""Seats and turn order. Seats are numbered 0..n-1 clockwise ("to the left")."""

from __future__ import annotations


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
