"""Draw piles that reshuffle their discards.

A face-down draw pile and its face-up discard pile live in different parts
of a table: the order of the draw pile is a secret, the discards are
usually in plain view. So the pile is not an object of its own; the game
keeps two lists where they belong and :func:`draw` works on both
(Bandersnatch: "If the deck is empty, shuffle the discard pile to form a new
deck"). The top of a pile is the front of its list.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

from .rng import Rng

T = TypeVar("T")


@dataclass
class Drawn(Generic[T]):
    """What a draw took, and whether the discards had to be shuffled into a new deck."""

    cards: list[T] = field(default_factory=list)
    reshuffled: bool = False


def reshuffle(deck: list[T], discard: list[T], rng: Rng) -> None:
    """Shuffle the discards and put them under what is left of ``deck``; ``discard`` empties."""
    cards = list(discard)
    rng.shuffle(cards)
    deck.extend(cards)
    discard.clear()


def draw(deck: list[T], rng: Rng, n: int = 1, *, discard: list[T] | None = None) -> Drawn[T]:
    """Take up to ``n`` cards off the top of ``deck``.

    With ``discard`` given, an empty deck is rebuilt from the shuffled discards
    and drawing goes on; without it (or when both run out) fewer than ``n``
    cards come back.
    """
    out: Drawn[T] = Drawn()
    while len(out.cards) < n:
        if not deck:
            if not discard:
                break
            reshuffle(deck, discard, rng)
            out.reshuffled = True
        out.cards.append(deck.pop(0))
    return out


def draw_up_to(hand: list[T], size: int, deck: list[T], rng: Rng, *, discard: list[T] | None = None) -> Drawn[T]:
    """Draw into ``hand`` until it holds ``size`` cards, or the cards run out."""
    drawn = draw(deck, rng, max(0, size - len(hand)), discard=discard)
    hand.extend(drawn.cards)
    return drawn
