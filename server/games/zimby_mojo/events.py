"""The events of Zimby Mojo: one per move type, and one per chance step of the round.

A move's event is ``{"type": <the move's type>, "seat": <its seat>}`` and what the move's row adds
(:mod:`.playing`: the card and target of a scroll, the portal a warp reached, ...) and, whenever
the stack resolved something on the way, what happened (:func:`.settling.after_move`). A chance
step's event names the part of the round (:mod:`.rounds`). No event has a private part: hands
change only by moves their seat makes, and its view shows them.
"""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import Field

from server.engine import EventData, EventModel, event_model

from .state import AnyMove, CreatureId, Ritual, TileId

HAPPENED = "what happened on the way, in words, in order"


class MoveNews(EventModel):
    """What a move's event may show besides its type and seat (absent: it does not apply)."""

    seat: int
    card: str | None = Field(None, description="scroll: the card used")
    target: str | None = Field(None, description="scroll: its target")
    channel: CreatureId | None = Field(None, description="scroll: a witchery's channelling zimby")
    incantation: int | None = Field(None, description="extract_chanter: the incantation whose chanter is spent")
    portal: TileId | None = Field(None, description="warp: the portal the zimbies reached")
    to: TileId | None = Field(None, description="step: the tile stepped onto")
    ritual: Ritual | None = Field(None, description="invoke: the ritual cast")
    happened: list[str] | None = Field(None, description=HAPPENED)


def _move_event(move: type[AnyMove]) -> type[EventModel]:
    (kind,) = get_args(move.model_fields["type"].annotation)
    return event_model(MoveNews, kind, f"A {kind} move was made ({move.__name__}).")


class RoundStep(EventData):
    round: int
    happened: list[str] = Field(description=HAPPENED)


class Rolled(RoundStep):
    rolled_by: int = Field(description="the first mover, who rolls the dice of this part")


class Thugs(Rolled, EventModel):
    """The thugs' part of the round."""

    type: Literal["thugs"]


class King(Rolled, EventModel):
    """The King's turn."""

    type: Literal["king"]


class Zombies(RoundStep, EventModel):
    """The zombies' part of the round."""

    type: Literal["zombies"]


class WrapUp(RoundStep, EventModel):
    """The round's wrap-up."""

    type: Literal["wrap_up"]


class Refresh(RoundStep, EventModel):
    """The next round's refresh."""

    type: Literal["refresh"]


class HoldAsked(EventModel):
    """Before the zombies shamble: their owners are asked whether to hold them (1 mojo each)."""

    type: Literal["hold_asked"]
    round: int
    seats: list[int] = Field(description="the owners asked")


class HandLimitAsked(EventModel):
    """At wrap-up: the seats over the hand limit are asked to discard."""

    type: Literal["hand_limit_asked"]
    round: int
    happened: list[str] = Field(description=HAPPENED)


#: One event type per move type, then the chance steps'.
EVENTS: tuple[type[EventModel], ...] = (
    *(_move_event(move) for move in get_args(AnyMove)),
    Thugs, King, Zombies, WrapUp, Refresh, HoldAsked, HandLimitAsked,
)  # fmt: skip
