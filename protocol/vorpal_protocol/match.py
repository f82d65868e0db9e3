"""What a client receives about a match, on either transport: one model per shape.

The match's state (``GET /v1/matches/{id}``, and the ``ack`` of a ``subscribe``), an event
as the recipient may see it (the ``event`` of an ``event`` frame, and of a REST log entry)
and the public clock are declared here once. The server builds them in one module
(``server/domain/views.py``), REST's OpenAPI document publishes these schemas, and
:class:`~vorpal_protocol.frames.EventFrame` is made of them.

Game-specific parts (a view, a move, an outcome, an event's ``public`` and ``private``)
are free objects here: their shapes are the per-game JSON Schemas of ``GET /v1/games/{name}``
(:mod:`vorpal_protocol.catalogue`), and which one applies depends on the match's game,
which JSON Schema cannot select on. The two nested shapes are typed dicts, so a decoded
frame or answer holds them as the plain maps it always did.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired

from pydantic import BaseModel, ConfigDict, Field
from typing_extensions import TypedDict

#: A match's status: waiting for players, under way, ended with an outcome, ended without one.
MatchStatusName = Literal["open", "active", "finished", "aborted"]

GAME_PART = "its shape is the game's JSON Schema in GET /v1/games/{name}"


class PublicClock(TypedDict):
    """The clock as every recipient sees it (PROTOCOL.md section 9)."""

    kind: Literal["per_decision", "fischer"]
    now: Annotated[int, Field(description="the server's time (ms since the epoch)")]
    remaining_ms: Annotated[list[int] | None, Field(description="fischer: each seat's time left; null otherwise")]
    deadlines: Annotated[
        dict[str, int], Field(description="by seat: when its decision must be made (ms since the epoch)")
    ]


class EventPart(TypedDict):
    """The part of an event its recipient may see: the public part, and a seat's own private part."""

    public: Annotated[
        dict[str, Any], Field(description="what everyone receives of the event: the game's `events.public` schema")
    ]
    private: NotRequired[Annotated[dict[str, Any], Field(description="the recipient seat's own part, if it has one")]]
    then: NotRequired[
        Annotated[
            list[EventPart],
            Field(description="the chance steps that followed the move (a King, a patrol), each redacted alike"),
        ]
    ]


class Shape(BaseModel):
    """A shape the server sends: the fields it declares and nothing else (unknown ones are ignored)."""

    model_config = ConfigDict(extra="ignore")


class MatchState(Shape):
    """The match as the caller may see it: a seat with its token, a spectator without one."""

    match: str
    game: str
    status: MatchStatusName
    version: int
    seats: int
    names: list[str | None]
    bots: list[bool]
    accounts: list[str | None]
    you: int | None = Field(description="the caller's seat; null for a spectator")
    to_act: list[int]
    view: dict[str, Any] = Field(description=f"the public part and, for a seat, its private part: {GAME_PART}")
    outcome: dict[str, Any] | None = Field(description=f"once the match is finished: {GAME_PART}")
    clock: PublicClock | None = Field(None, description="only in a match with a time control")
    legal: list[Any] | None = Field(None, description=f"only for a seat to act: its legal moves ({GAME_PART})")
    constants: list[str] | None = Field(
        None,
        description="protocol v2 only, when the game has any: the names of the public part's constant fields left "
        "out of `view`, whose values the catalogue lists (`GET /v1/games/{name}`: `constants`)",
    )


class LogEntry(Shape):
    """One event of a match's log, as the caller may read it (never the raw move)."""

    version: int
    at: int | None = Field(description="when (ms since the epoch)")
    event: EventPart
    timeout: bool | None = Field(None, description="true: the move the time control made for a seat out of time")
