"""The shared pieces of determinization: the cards a seat has not seen, dealt into hands of given sizes."""

from __future__ import annotations

from collections import Counter

import pytest

from server.engine import Rng
from server.engine.cards import STANDARD_DECK, suit
from server.engine.sampling import deal_unseen, unseen


def test_unseen_removes_each_sighting_once_and_keeps_the_order() -> None:
    assert unseen(["a", "b", "a", "c"], ["a"], ["c", "z"]) == ["b", "a"]
    assert unseen(["a", "b"]) == ["a", "b"]


def test_every_card_lands_in_one_place_and_the_hands_have_their_sizes() -> None:
    hands, rest = deal_unseen(STANDARD_DECK, [5, 0, 7], Rng(1))
    assert [len(h) for h in hands] == [5, 0, 7]
    assert Counter([*hands[0], *hands[1], *hands[2], *rest]) == Counter(STANDARD_DECK)


def test_the_deal_is_drawn_by_the_generator_given() -> None:
    first = deal_unseen(STANDARD_DECK, [5, 5], Rng(1))
    assert deal_unseen(STANDARD_DECK, [5, 5], Rng(1)) == first
    assert deal_unseen(STANDARD_DECK, [5, 5], Rng(2)) != first


def test_a_hand_shown_void_in_a_suit_gets_none_of_it() -> None:
    no_hearts = [None, lambda c: suit(c) != "H"]
    for seed in range(20):
        hands, rest = deal_unseen(STANDARD_DECK, [13, 13], Rng(seed), no_hearts)
        assert all(suit(c) != "H" for c in hands[1])
        assert Counter([*hands[0], *hands[1], *rest]) == Counter(STANDARD_DECK)


def test_a_hand_that_cannot_keep_to_its_facts_is_still_filled() -> None:
    """A sample must stay playable: with too few cards it may hold, a hand takes others."""
    only_spades = [lambda c: suit(c) == "S"]
    hands, _ = deal_unseen(STANDARD_DECK, [20], Rng(3), only_spades)
    assert len(hands[0]) == 20 and sum(suit(c) == "S" for c in hands[0]) == 13


def test_too_few_cards_for_the_hands_is_an_error() -> None:
    with pytest.raises(ValueError, match="cannot fill"):
        deal_unseen(["a", "b"], [2, 1], Rng(1))
