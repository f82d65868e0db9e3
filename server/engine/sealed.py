"""Sealed simultaneous choices: commit privately, reveal when all have committed.

Where a rulebook says "reveal simultaneously" (or hides something under the
table), each seat commits a choice that goes into the table's *secret*
part; the public part only records *that* a seat has committed. When the
last seat commits, the game calls :meth:`Sealed.reveal` and moves the choices
where everyone can see them. A seat learns its own choice from the private
part of the event its commit caused (:func:`commit_event`).

The two halves live in two parts of the table, so a game embeds
:class:`Committed` in its public part and :class:`Sealed` in its secret part.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from .events import EventModel, PrivateModel, PrivatePart
from .game import Event

T = TypeVar("T")


class Committed(BaseModel):
    """Public: which seats have committed to the sealed choice in progress."""

    model_config = ConfigDict(extra="forbid")

    seats: list[bool]

    @classmethod
    def fresh(cls, seats: int) -> Committed:
        return cls(seats=[False] * seats)

    @classmethod
    def among(cls, seats: int, taking_part: set[int]) -> Committed:
        """A sealed choice only some seats make; the others count as done from the start."""
        return cls(seats=[s not in taking_part for s in range(seats)])

    def waiting(self) -> list[int]:
        return [i for i, done in enumerate(self.seats) if not done]

    @property
    def complete(self) -> bool:
        return all(self.seats)


class Sealed(BaseModel, Generic[T]):
    """Secret: the committed choices, ``None`` until a seat commits."""

    model_config = ConfigDict(extra="forbid")

    choices: list[T | None]

    @classmethod
    def fresh(cls, seats: int) -> Sealed[T]:
        return cls(choices=[None] * seats)

    def commit(self, committed: Committed, seat: int, choice: T) -> None:
        if committed.seats[seat]:
            raise ValueError(f"seat {seat} has already committed")
        self.choices[seat] = choice
        committed.seats[seat] = True

    def reveal_by_seat(self, committed: Committed) -> list[T | None]:
        """Every seat's choice (``None`` for a seat that took no part), once all are in.

        Both halves are reset for the next sealed choice.
        """
        if not committed.complete:
            raise ValueError("not every seat has committed")
        out = list(self.choices)
        self.choices = [None] * len(self.choices)
        committed.seats = [False] * len(committed.seats)
        return out

    def reveal(self, committed: Committed) -> list[T]:
        """Every seat's choice, indexed by seat, when every seat took part."""
        out = self.reveal_by_seat(committed)
        chosen = [c for c in out if c is not None]
        if len(chosen) != len(out):
            raise ValueError("some seats took no part: use reveal_by_seat()")
        return chosen


def commit_event(seat: int, choice: Any, **public: Any) -> Event:
    """The event of a commit: everyone learns *that* ``seat`` chose, only it learns *what*."""
    return Event(public={"type": "committed", "seat": seat, **public}, private={seat: {"choice": choice}})


class CommittedChoice(PrivatePart):
    """What the committing seat learns of its own commit: its choice, as the game's move gave it."""

    choice: Any


class CommittedEvent(EventModel):
    """A seat made its sealed choice (:func:`commit_event`). A game that commits declares a subclass with the
    public fields it adds (who still has to choose, what the last commit revealed)."""

    type: Literal["committed"]
    seat: int
    private: ClassVar[PrivateModel] = CommittedChoice
