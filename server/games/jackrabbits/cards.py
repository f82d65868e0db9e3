"""Cards: what each is worth in a payment and in the lottery under the additions in play, which royals fit the
objective, and which sets of cards pay a price.

The additions that change card values (ambivalent, capital and patriarchal aces, additional capital) are all read
here, so that every payment, show and fight counts a card the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Literal

from pydantic import BaseModel

from server.engine import IllegalMove
from server.engine.cards import SUITS, is_joker, suit
from server.engine.payments import minimal_payments

ROYAL_RANKS = "KQJ"
HAND_START = 3
HAND_LIMIT = 9
OVERTAXED_LIMIT = 6
CARROTS = 3
ROYALS_NEEDED = 3
CLAIM_PRICE = 10
Objective = Literal["simple", "diverse", "monarchic", "diverse_monarchic", "tribal"]


TIGHT_ORDER = "SHCD"


def suits_in_play(tight: bool, seats: int) -> str:
    """Every suit, or with Tight Suits as many as players: spades first ("Spades are often recommended")."""
    kept = TIGHT_ORDER[:seats] if tight else TIGHT_ORDER
    return "".join(s for s in SUITS if s in kept)


def is_royal(card: str) -> bool:
    return card[0] in ROYAL_RANKS and not is_joker(card)


PATRIARCHAL = {"A": 14, "K": 13, "Q": 12, "J": 11}


class Additions(BaseModel):
    """The suit powers and optional additions in play, each a match option (see :class:`JackrabbitsOptions`)."""

    clubs_flights: bool = False
    diamonds_trades: bool = False
    hearts_access: bool = False
    spades_fights: bool = False
    advanced_citadel: bool = False
    extended_flights: bool = False
    extended_access: bool = False
    extended_trades: bool = False
    tight_suits: bool = False
    ambivalent_aces: bool = False
    capital_aces: bool = False
    additional_capital: bool = False
    trailing_carrots: bool = False
    windfall_lottery: bool = False
    overtaxed_hands: bool = False
    seized_surplus: bool = False
    patriarchal_values: bool = False


def value(card: str, adds: Additions | None = None) -> int:
    """A card's worth in a payment: aces 1, pips their number, royals 10, jokers nothing; with patriarchal
    values aces 14, kings 13, queens 12, jacks 11; with ambivalent aces an ace is 11 (see :func:`lottery_value`)."""
    if is_joker(card):
        return 0
    if adds is not None and adds.patriarchal_values and card[0] in PATRIARCHAL:
        return PATRIARCHAL[card[0]]
    if card[0] == "A":
        return 11 if adds is not None and adds.ambivalent_aces else 1
    if card[0] in "TJQK":
        return 10
    return int(card[0])


def lottery_value(card: str, adds: Additions) -> int | None:
    """What a card shows in the lottery: aces 1 (14 with patriarchal values), pips their number; royals and
    jokers never match a die."""
    if is_joker(card) or is_royal(card):
        return None
    if card[0] == "A":
        return PATRIARCHAL["A"] if adds.patriarchal_values else 1
    return value(card)


class Purse:
    """How a seat's cards add up in a payment under the additions in play: its first ace counts 11 with
    capital aces, and its capital ace adds 1 where its suit pays (additional capital)."""

    def __init__(self, adds: Additions, capital: str | None) -> None:
        self.adds, self.capital = adds, capital

    def first_ace_bonus(self, cards: Sequence[str]) -> bool:
        return self.adds.capital_aces and self.capital is None and any(c[0] == "A" for c in cards)

    def total(self, cards: Sequence[str], suits: str) -> int:
        worth = sum(value(c, self.adds) for c in cards)
        if self.first_ace_bonus(cards) and not self.adds.ambivalent_aces:  # ambivalent aces are 11 already
            worth += 10
        if self.adds.additional_capital and self.capital is not None and suit(self.capital) in suits:
            worth += 1
        return worth


def fits(royals: Sequence[str], objective: Objective) -> bool:
    """Whether some three of ``royals`` fulfil the objective."""
    for trio in combinations(royals, ROYALS_NEEDED):
        suits = {suit(c) for c in trio}
        ranks = {c[0] for c in trio}
        if objective == "simple":
            return True
        if objective == "diverse" and len(suits) == 3:
            return True
        if objective == "monarchic" and len(ranks) == 3:
            return True
        if objective == "diverse_monarchic" and len(ranks) == 3 and len(suits) == 3:
            return True
        if objective == "tribal" and len(suits) == 1:
            return True
    return False


def payments(hand: Sequence[str], suits: str, price: int, purse: Purse | None = None) -> list[list[str]]:
    """Every set of cards in ``suits`` from ``hand`` reaching ``price`` from which no card can be left out."""
    counted = purse or Purse(Additions(), None)
    usable = sorted(c for c in hand if not is_joker(c) and suit(c) in suits)
    return minimal_payments(usable, lambda cards: counted.total(cards, suits), price)


def can_pay(hand: Sequence[str], suits: str, price: int, purse: Purse | None = None) -> bool:
    """Whether the hand holds enough in ``suits`` to reach ``price`` (a transfer is offered only then)."""
    purse = purse or Purse(Additions(), None)
    return purse.total([c for c in hand if not is_joker(c) and suit(c) in suits], suits) >= price


def check_cards(hand: Sequence[str], cards: Sequence[str], suits: str, price: int, purse: Purse) -> None:
    """Refuse ``cards`` unless they are in ``hand``, of ``suits``, and reach ``price``."""
    left = list(hand)
    for card in cards:
        if card not in left:
            raise IllegalMove(f"{card} is not in your hand (each card counts once)")
        left.remove(card)
    if any(is_joker(c) or suit(c) not in suits for c in cards):
        raise IllegalMove(f"only cards of {', '.join(suits)} count here")
    if purse.total(cards, suits) < price:
        raise IllegalMove(f"the price is {price}: reach at least that much")


def showing(adds: Additions) -> Additions:
    """Card values for showing hearts: the values in play, without a capital ace's bonus (nothing is paid)."""
    return Additions(ambivalent_aces=adds.ambivalent_aces, patriarchal_values=adds.patriarchal_values)
