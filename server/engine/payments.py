"""Paying a price with cards, as one short decision.

A game that asks for "the price or more" in cards (Jackrabbits: "Use as many
cards to pay, check each symbol qualifies") would list every subset of a hand
that reaches the price: hundreds of moves, most of them throwing cards away
for nothing. The sets worth offering are those from which no card can be
left out: overpaying stays possible (one 10 for a price of 7), padding does
not. A game lists these as the legal moves of its payment decision and
accepts any set that reaches the price in its own check.

The worth of a set is the game's to say (a bonus for the first ace, a suit
that counts one more), so it is passed as a function of the whole set.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TypeVar

T = TypeVar("T")


def minimal_payments(items: Sequence[T], worth: Callable[[Sequence[T]], int], price: int) -> list[list[T]]:
    """Every set of ``items`` (in their order) worth ``price`` or more, none of whose items can be left out.

    Smaller sets come first. Equal items are kept apart by position, so the
    caller passes distinct items (cards of one deck are).
    """
    found: list[list[T]] = []
    for size in range(1, len(items) + 1):
        for combo in combinations(items, size):
            if worth(combo) >= price and all(worth(combo[:i] + combo[i + 1 :]) < price for i in range(size)):
                found.append(list(combo))
    return found
