"""A move in several decisions: one seat, a short list of choices at each point.

Some moves are too large to list whole: a journey across a board (every
route, every paid transfer and every way to pay it), a turn of three tribe
actions in any order, a card played and then the gems it takes away. Listed
whole they would run to thousands of moves that no bot, client or playground
can show. So such a move is a sequence of small decisions of the same seat,
and the legal moves at any point are the next decision's options.

The rules every such move follows, kept here once:

- **The seat keeps the turn** while its move is under way: a game says so
  through :meth:`~server.engine.game.Game.underway`, and
  :class:`~server.engine.play.Rules` lets that seat, and only it, act until
  the move is made, whatever else the game's ``to_act`` would say.
- **What has been decided so far** lives in the game's public part, in
  fields it documents (Gyre's ``moving``, Borogoves' ``acted``), because the
  rules of the next decision read it and every seat sees it. A decision only
  its seat may know stays in that seat's private part (a trade's terms).
  The public part derives from them the same summary for every game,
  :class:`Underway`, as its computed field ``underway`` (``null`` between
  moves): whose move, which decision comes next, what was decided so far,
  and whether the move may end there. So every view and every client shows
  any game's partial move the same way, and it is never stored apart from
  the facts it is derived from.
- **The legal moves** are the next decision's options, plus the game's stop
  move where the move may end (:func:`options`). The engine has no undo: a
  decision made is made, and a way back is a game's own move where its rules
  have one (Jackrabbits' ``cancel`` gives up a transfer not yet paid for).
- **The move completes, and the turn passes, in one place**: a game mixes in
  :class:`Decisions`, plays one decision in ``decide`` (with whatever follows
  it without a choice) and hands the turn on in ``complete``;
  :meth:`Decisions.play_decision` calls the latter exactly once, when
  nothing is under way any more.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Generic

from pydantic import BaseModel, ConfigDict, Field

from .game import Event, MoveT, PrivateT, PublicT, SecretT, Table
from .rng import Rng


class Underway(BaseModel):
    """A move of several decisions under way, as every public view shows it (``underway``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seat: int = Field(description="the seat making the move: it keeps the turn until the move is made")
    step: str = Field(description="the decision to make next, in the game's words (act, tribe, remove, pay...)")
    so_far: dict[str, Any] = Field(
        default_factory=dict, description="what has been decided so far, as the public part holds it"
    )
    may_stop: bool = Field(False, description="the move may end here: the game's stop move is among the options")


def underway_of(public: object) -> Underway | None:
    """The move under way that a public part derives (its computed field ``underway``), if any."""
    underway = getattr(public, "underway", None)
    return underway if isinstance(underway, Underway) else None


def options(choices: Sequence[MoveT], *, stop: MoveT | None = None) -> list[MoveT]:
    """The legal moves of the next decision: the stop move first (where the move may end), then the choices."""
    return [*([] if stop is None else [stop]), *choices]


class Decisions(ABC, Generic[PublicT, PrivateT, SecretT, MoveT]):
    """Mixed into a game whose moves take several decisions: what each decision does, and how a move ends."""

    @abstractmethod
    def decide(self, table: Table[PublicT, PrivateT, SecretT], seat: int, move: MoveT, rng: Rng) -> Event:
        """Play one decision of ``seat`` on the draft ``table``, and whatever follows it without a choice."""

    @abstractmethod
    def complete(self, table: Table[PublicT, PrivateT, SecretT], seat: int, rng: Rng, event: Event) -> None:
        """The move is made: settle its end and pass the turn, adding to ``event`` what that caused."""

    def play_decision(self, table: Table[PublicT, PrivateT, SecretT], seat: int, move: MoveT, rng: Rng) -> Event:
        """One decision; when it was the move's last, the move completes and the turn passes."""
        event = self.decide(table, seat, move, rng)
        if underway_of(table.public) is None:
            self.complete(table, seat, rng, event)
        return event
