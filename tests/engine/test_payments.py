"""Paying a price: the sets from which no card can be left out."""

from __future__ import annotations

from collections.abc import Sequence

from server.engine.payments import minimal_payments


def face(cards: Sequence[int]) -> int:
    return sum(cards)


def test_overpaying_with_one_card_is_offered_but_padding_is_not() -> None:
    found = minimal_payments([10, 5, 3, 1], face, 7)
    assert [10] in found and [5, 3] in found
    assert [5, 3, 1] not in found and [10, 1] not in found
    assert all(face(p) >= 7 for p in found)


def test_smaller_sets_come_first_and_keep_the_items_order() -> None:
    assert minimal_payments([2, 6, 4], face, 6) == [[6], [2, 4]]


def test_nothing_is_offered_when_the_items_fall_short() -> None:
    assert minimal_payments([1, 2], face, 4) == []
    assert minimal_payments([], face, 1) == []


def test_the_worth_of_a_set_may_be_more_than_the_sum_of_its_items() -> None:
    """Jackrabbits' capital aces: the first ace a seat pays counts 11, however many are paid."""

    def capital(cards: Sequence[int]) -> int:
        return sum(cards) + (10 if 1 in cards else 0)

    assert minimal_payments([1, 4, 6], capital, 10) == [[1], [4, 6]]
