"""The seeded generator every game draws its chance from.

Our own implementation (xoshiro256** seeded by SplitMix64) rather than
Python's ``random``: its output is fixed by this file and its test vectors,
so a stored match (seed + moves) replays bit for bit on any Python version.
The state is four 64-bit words and is stored with the match, never shown.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _MASK


def splitmix64(x: int) -> tuple[int, int]:
    """One SplitMix64 step: returns ``(next_state, output)``."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return x, z ^ (z >> 31)


class Rng:
    """xoshiro256**: fast, small state, well-studied output."""

    __slots__ = ("_s",)

    def __init__(self, seed: int) -> None:
        x = seed & _MASK
        words = []
        for _ in range(4):
            x, out = splitmix64(x)
            words.append(out)
        self._s = words

    @classmethod
    def from_state(cls, state: Sequence[int]) -> Rng:
        if len(state) != 4 or not any(state):
            raise ValueError("an Rng state is four 64-bit words, not all zero")
        rng = cls.__new__(cls)
        rng._s = [w & _MASK for w in state]
        return rng

    @property
    def state(self) -> list[int]:
        return list(self._s)

    def next_u64(self) -> int:
        s = self._s
        result = (_rotl((s[1] * 5) & _MASK, 7) * 9) & _MASK
        t = (s[1] << 17) & _MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias (rejection)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def roll(self, sides: int = 6) -> int:
        """A die roll, 1..sides."""
        return 1 + self.below(sides)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out
