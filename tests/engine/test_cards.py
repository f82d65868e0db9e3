"""Standard cards: two-character strings, rank then suit, ace high."""

from __future__ import annotations

import pytest

from server.engine.cards import (
    JOKERS,
    RANKS,
    STANDARD_DECK,
    SUITS,
    deal,
    deck,
    is_card,
    is_joker,
    rank,
    sort_hand,
    suit,
)


def test_the_standard_deck_has_52_different_cards() -> None:
    assert len(STANDARD_DECK) == len(set(STANDARD_DECK)) == 52
    assert {suit(c) for c in STANDARD_DECK} == set(SUITS)
    assert all(sum(suit(c) == s for c in STANDARD_DECK) == 13 for s in SUITS)


def test_ranks_run_from_2_up_to_the_ace() -> None:
    """Jabberwocky: "Cards within a suit are ranked from Ace (highest value) down to 2 (lowest value)"."""
    assert [rank(r + "S") for r in RANKS] == list(range(2, 15))
    assert rank("AH") > rank("KH") > rank("TH") > rank("9H")


def test_is_card_accepts_only_rank_then_suit() -> None:
    assert is_card("QS") and is_card("TH") and is_card("2C")
    for bad in ("10H", "1S", "AX", "sq", "Q", "QSS", ""):
        assert not is_card(bad)


def test_cards_are_dealt_one_at_a_time_round_the_table_off_the_top() -> None:
    deck = ["AS", "KS", "QS", "JS", "TS", "9S", "8S"]
    hands = deal(deck, hands=3, size=2)
    assert hands == [["AS", "JS"], ["KS", "TS"], ["QS", "9S"]]
    assert deck == ["8S"]  # the rest of the deck: Jabberwocky turns its top card for trump


def test_a_deal_needs_enough_cards() -> None:
    deck = list(STANDARD_DECK[:8])
    with pytest.raises(ValueError, match="not enough cards"):
        deal(deck, hands=3, size=3)
    assert len(deck) == 8  # nothing was taken


def test_a_hand_is_sorted_by_suit_then_rank() -> None:
    assert sort_hand(["AH", "2S", "TC", "3H", "KC", "9D"]) == ["TC", "KC", "9D", "3H", "AH", "2S"]


def test_a_deck_gains_two_jokers_only_when_asked() -> None:
    """Jackrabbits: "The box holds ... 54 cards" (the court is "the 2 jokers plus the 12 face cards")."""
    assert deck() == list(STANDARD_DECK)
    with_jokers = deck(jokers=True)
    assert len(with_jokers) == len(set(with_jokers)) == 54
    assert [c for c in with_jokers if is_joker(c)] == list(JOKERS)
    assert not any(is_card(j) for j in JOKERS) and not any(is_joker(c) for c in STANDARD_DECK)
