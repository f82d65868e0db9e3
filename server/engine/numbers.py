"""The Jabberwocky microgames' components: Number cards, Jabberwocky cards and gems.

A Number card is a two-character string, colour initial then value: ``"G3"``
is the green 3, ``"P5"`` the purple 5 (the box page calls purple "blue").
Colours are listed in the rulebook's colour order (Brillig: "Green goes
before Yellow or Purple. Yellow goes before Purple."), which games use to
break ties.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel

from .rng import Rng

COLOURS: tuple[str, ...] = ("green", "yellow", "purple")
INITIAL = {"green": "G", "yellow": "Y", "purple": "P"}
_BY_INITIAL = {v: k for k, v in INITIAL.items()}
VALUES: tuple[int, ...] = (1, 2, 3, 4, 5)
GEMS_PER_COLOUR = 8
NUMBER_CARDS: tuple[str, ...] = tuple(INITIAL[c] + str(v) for c in COLOURS for v in VALUES)
NUMBER_CARD_PATTERN = r"^[GYP][1-5]$"


def card(colour: str, value: int) -> str:
    return INITIAL[colour] + str(value)


def colour(card: str) -> str:
    return _BY_INITIAL[card[0]]


def value(card: str) -> int:
    return int(card[1])


def colour_rank(colour: str) -> int:
    """Position in the colour order: green 0, yellow 1, purple 2."""
    return COLOURS.index(colour)


def order_key(card: str) -> tuple[int, int]:
    """Sort key: by value, then by colour order (green first)."""
    return value(card), colour_rank(colour(card))


def number_deck(
    rng: Rng | None = None, *, colours: Iterable[str] = COLOURS, values: Iterable[int] = VALUES
) -> list[str]:
    """The chosen Number cards, shuffled when ``rng`` is given."""
    vals = tuple(values)
    cards = [INITIAL[c] + str(v) for c in colours for v in vals]
    if rng is not None:
        rng.shuffle(cards)
    return cards


class Gems(BaseModel):
    """A count of gems per colour (a supply, a pile, a player's stash)."""

    green: int = 0
    yellow: int = 0
    purple: int = 0

    @classmethod
    def supply(cls) -> Gems:
        """The full box: 8 of each colour."""
        return cls(green=GEMS_PER_COLOUR, yellow=GEMS_PER_COLOUR, purple=GEMS_PER_COLOUR)

    def get(self, colour: str) -> int:
        return int(getattr(self, colour))

    def add(self, colour: str, n: int = 1) -> None:
        setattr(self, colour, self.get(colour) + n)

    def take(self, colour: str, n: int = 1) -> None:
        have = self.get(colour)
        if n > have:
            raise ValueError(f"only {have} {colour} gems, not {n}")
        setattr(self, colour, have - n)

    def total(self) -> int:
        return self.green + self.yellow + self.purple
