"""The events of Jackrabbits: one per move type, each carrying what its move may have led to.

Every event is ``{"type": <the move's type>, "seat": <its seat>}`` and what the move's handler and
the turn flow add (:mod:`.flow`, :mod:`.journey`, :mod:`.building`, ...): a move's consequences reach
far (any move that ends a turn rolls the next seat's dice; any draw may reshuffle the pile), so the
keys are declared once, for every event, in :class:`TurnNews`, each absent unless it happened.
"""

from __future__ import annotations

from typing import ClassVar, get_args

from pydantic import Field

from server.engine import EventData, EventModel, PrivateModel, PrivatePart, event_model

from .moves import AnyMove


class NextTurn(EventData):
    seat: int
    dice: list[int]


class Flight(EventData):
    card: str
    to: str
    shortfall: int


class Seized(EventData):
    by: int = Field(description="the robber")
    cards: int = Field(description="how many cards it took")


class TurnNews(EventData):
    """What a move's event may show besides its type and seat (absent: it did not happen)."""

    tile: str | None = Field(None, description="board building: the tile laid")
    at: list[int] | str | None = Field(None, description="building: the hex's spot; else where the rabbit stopped")
    road: list[str] | None = Field(None, description="building: the road laid, between two ends")
    kind: str | None = Field(None, description="building: the terrain of the triangle laid")
    ends: list[str] | None = Field(None, description="building: the ends of the triangle's roads")
    built: bool | None = Field(None, description="building: the board is complete")
    cards: list[str] | None = Field(None, description="the cards shown or paid")
    thrown: int | None = Field(None, description="hearts access: the seat thrown out")
    royal: str | None = Field(None, description="the royal claimed or fought over")
    scores: list[int] | None = Field(None, description="a fight: its scores")
    kicked: int | None = Field(None, description="a fight: the seat kicked out")
    stole: str | None = Field(None, description="a fight: the royal or joker that changed hands")
    card: str | None = Field(None, description="the card flown, discarded, given or asked for")
    to: str | None = Field(None, description="where the rabbit went")
    via: str | None = Field(None, description="the road or transfer taken")
    dice: list[int] | None = Field(None, description="the dice rolled")
    flight: Flight | None = Field(None, description="a flight that ended the journey")
    won: bool | None = Field(None, description="the rabbit reached the Citadel and won")
    capital: str | None = Field(None, description="the capital ace played")
    jester: str | None = Field(None, description="the joker played as a jester")
    bought: str | None = Field(None, description="the card bought with a joker")
    target: int | None = Field(None, description="trades: the seat offered a trade")
    struck: bool | None = Field(None, description="trades: whether the trade was struck")
    reshuffled: bool | None = Field(None, description="the discard pile was reshuffled into the pile")
    seized: Seized | None = Field(None, description="a robber seized cards")
    turn_limit: bool | None = Field(None, description="the turn limit was reached")
    next: NextTurn | None = Field(None, description="the turn passed: the next seat and its dice")


class HandNews(PrivatePart):
    """What only one seat learns of a move (absent: nothing)."""

    drew: list[str] | None = Field(None, description="the cards it drew")
    seized: list[str] | None = Field(None, description="the cards a robber seized from it")
    took: list[str] | None = Field(None, description="the robber: the cards it seized")
    stole: str | None = Field(None, description="a fight: the card it stole")
    lost: str | None = Field(None, description="a fight: the card it lost")
    give: str | None = Field(None, description="trades: the diamond offered")
    ask: str | None = Field(None, description="trades: the card asked in return")


class MoveNews(TurnNews, EventModel):
    seat: int
    private: ClassVar[PrivateModel] = HandNews


def _event(move: type[AnyMove]) -> type[EventModel]:
    (kind,) = get_args(move.model_fields["type"].annotation)
    return event_model(MoveNews, kind, f"A {kind} move was made ({move.__name__}).")


#: One event type per move type.
EVENTS: tuple[type[EventModel], ...] = tuple(_event(move) for move in get_args(AnyMove))
