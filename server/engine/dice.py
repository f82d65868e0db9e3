"""Dice: faces are named by the game; a roll picks one face with the seeded generator."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .rng import Rng

F = TypeVar("F")

D6 = (1, 2, 3, 4, 5, 6)


def roll(rng: Rng, faces: Sequence[F]) -> F:
    return faces[rng.below(len(faces))]


def roll_many(rng: Rng, faces: Sequence[F], count: int) -> list[F]:
    return [roll(rng, faces) for _ in range(count)]
