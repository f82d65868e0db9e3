"""Draw piles: off the top, and a new deck from the shuffled discards when the deck runs out."""

from __future__ import annotations

from server.engine.piles import draw, draw_up_to, reshuffle
from server.engine.rng import Rng


def test_cards_come_off_the_top() -> None:
    deck = ["a", "b", "c"]
    drawn = draw(deck, Rng(1), 2)
    assert drawn.cards == ["a", "b"] and not drawn.reshuffled
    assert deck == ["c"]


def test_without_discards_a_draw_stops_when_the_deck_runs_out() -> None:
    deck = ["a"]
    assert draw(deck, Rng(1), 3).cards == ["a"]
    assert draw(deck, Rng(1)).cards == []


def test_an_empty_deck_is_rebuilt_from_the_shuffled_discards() -> None:
    """Bandersnatch: "If the deck is empty, shuffle the discard pile to form a new deck."""
    deck, discard = ["a"], ["b", "c", "d", "e"]
    drawn = draw(deck, Rng(3), 3, discard=discard)
    assert drawn.reshuffled
    assert drawn.cards[0] == "a"
    assert discard == []
    assert sorted(drawn.cards[1:] + deck) == ["b", "c", "d", "e"]
    # The shuffle comes from the seeded generator: the same seed, the same order.
    again, pile = ["a"], ["b", "c", "d", "e"]
    assert draw(again, Rng(3), 3, discard=pile).cards == drawn.cards


def test_both_piles_empty_draws_nothing() -> None:
    drawn = draw(list[str](), Rng(0), 2, discard=[])
    assert drawn.cards == [] and not drawn.reshuffled


def test_reshuffle_puts_the_discards_under_the_deck() -> None:
    deck, discard = ["top"], ["x", "y"]
    reshuffle(deck, discard, Rng(5))
    assert deck[0] == "top" and sorted(deck[1:]) == ["x", "y"] and discard == []


def test_drawing_back_up_to_a_hand_size() -> None:
    """Bandersnatch: "At the end of each turn, draw back up to 2 cards in hand."""
    hand, deck = ["h"], ["a", "b"]
    assert draw_up_to(hand, 2, deck, Rng(0)).cards == ["a"]
    assert hand == ["h", "a"] and deck == ["b"]
    assert draw_up_to(hand, 2, deck, Rng(0)).cards == []
