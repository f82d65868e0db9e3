"""Dice: a roll shows one of the faces the game names, drawn from the match's seeded generator."""

from __future__ import annotations

from collections import Counter

from server.engine import Rng
from server.engine.dice import D6, roll, roll_many

#: Tabby Tumble's cat die (NOTES.md): two faces of each colour.
CAT_DIE = ("orange", "orange", "black", "black", "white", "white")


def test_a_roll_shows_one_of_the_faces() -> None:
    rng = Rng(3)
    assert all(roll(rng, D6) in D6 for _ in range(100))
    assert D6 == (1, 2, 3, 4, 5, 6)


def test_every_face_is_as_likely_as_the_others() -> None:
    rolls = Counter(roll_many(Rng(11), D6, 6000))
    assert set(rolls) == set(D6)
    assert all(900 < n < 1100 for n in rolls.values()), rolls


def test_a_face_printed_twice_comes_up_twice_as_often() -> None:
    rolls = Counter(roll_many(Rng(5), CAT_DIE, 6000))
    assert set(rolls) == {"orange", "black", "white"}
    assert all(1850 < n < 2150 for n in rolls.values()), rolls


def test_rolling_several_dice_rolls_each_once() -> None:
    """Tabby Tumble: "roll all the cat and action dice" -- player count + 1 of each."""
    assert len(roll_many(Rng(1), CAT_DIE, 4)) == 4
    assert roll_many(Rng(1), CAT_DIE, 0) == []


def test_the_same_seed_rolls_the_same_dice() -> None:
    assert roll_many(Rng(42), D6, 20) == roll_many(Rng(42), D6, 20)
    assert roll_many(Rng(42), D6, 20) != roll_many(Rng(43), D6, 20)
