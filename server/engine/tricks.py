"""Trick-taking with standard cards: following suit and who wins a trick."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import rank, suit


def can_follow(hand: Sequence[str], led_suit: str) -> bool:
    return any(suit(c) == led_suit for c in hand)


def trick_winner(plays: Sequence[tuple[int, str]], trump: str | None) -> int:
    """The seat that takes a trick of ``(seat, card)`` plays, led by the first.

    The highest trump wins if any was played, else the highest card of the led suit.
    """
    led = suit(plays[0][1])
    trumps = [p for p in plays if trump is not None and suit(p[1]) == trump]
    pool = trumps or [p for p in plays if suit(p[1]) == led]
    return max(pool, key=lambda p: rank(p[1]))[0]
