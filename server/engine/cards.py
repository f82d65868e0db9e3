"""Cards and decks shared by the games.

Standard cards are two-character strings, rank then suit: ``"QS"`` is the
queen of spades, ``"TH"`` the ten of hearts. Strings keep views readable in
any client language and compare cheaply.
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "23456789TJQKA"
SUITS = "CDHS"
STANDARD_DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
#: The two jokers of a 54-card deck, red and black: ``X`` for a rank no other card has.
JOKERS: tuple[str, ...] = ("XR", "XB")


def deck(*, jokers: bool = False) -> list[str]:
    """A fresh, unshuffled deck: the 52 standard cards, then the two jokers if asked for."""
    return [*STANDARD_DECK, *(JOKERS if jokers else ())]


def is_joker(card: str) -> bool:
    return card in JOKERS


def rank(card: str) -> int:
    """2..14, ace high."""
    return RANKS.index(card[0]) + 2


def suit(card: str) -> str:
    return card[1]


def is_card(card: str) -> bool:
    return len(card) == 2 and card[0] in RANKS and card[1] in SUITS


def deal(deck: list[str], hands: int, size: int) -> list[list[str]]:
    """Deal ``size`` cards to each of ``hands`` hands, one at a time round the table.

    Takes the cards off the top (front) of ``deck``, which it shortens.
    """
    if hands * size > len(deck):
        raise ValueError("not enough cards to deal")
    dealt = [deck[i : hands * size : hands] for i in range(hands)]
    del deck[: hands * size]
    return dealt


def sort_hand(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=lambda c: (SUITS.index(c[1]), rank(c)))
