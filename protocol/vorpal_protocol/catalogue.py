"""A game of the catalogue (``GET /v1/games``, ``GET /v1/games/{name}``), as one model.

The server builds it in one place (``server/domain/catalogue.py``); REST answers with it and
its OpenAPI document publishes its schema. The schemas it carries (JSON Schema, draft 2020-12,
as pydantic generates them) are what the game's moves, views, outcomes and events are:
PROTOCOL.md, "Game schemas".
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from .match import Shape


class GameViewSchemas(Shape):
    public: dict[str, Any] = Field(description="JSON Schema of the view's public part")
    private: dict[str, Any] = Field(description="JSON Schema of a seat's private part")


class GameEventSchemas(Shape):
    """What an event of the game's matches may be: the game's own events and the match's (joined, left, ...)."""

    public: dict[str, Any] = Field(
        description="JSON Schema of an event's `public` part (and of each chance step's in `then`): one of the "
        "event types, told apart by `type`"
    )
    private: dict[str, dict[str, Any]] = Field(
        description="by event type: JSON Schema of the `private` part a seat may receive with it (absent: none)"
    )


class GameSchemas(Shape):
    options: dict[str, Any] = Field(description="JSON Schema of the options of POST /v1/matches")
    move: dict[str, Any] = Field(description="JSON Schema of a move")
    view: GameViewSchemas
    outcome: dict[str, Any] = Field(description="JSON Schema of the outcome (its `reason` is one of the codes)")
    events: GameEventSchemas


class BotLevel(Shape):
    """A strength of the server's bots: ``POST /v1/matches`` takes ``"bots": [{"seat": 1, "level": 3}]``."""

    level: int = Field(description="1: a random legal move; 2 and up: a search of that many `iterations`")
    title: str
    default: bool = Field(description='the level of a bot given as `{"seat": n}` with no level')
    iterations: int = Field(description="the search's budget per decision (0: none, random play)")


class GameInfo(Shape):
    """A game of the catalogue, with its outcome reason codes, its printed components (a card list) and the JSON
    Schemas (draft 2020-12) of its options, moves, view, outcome and events."""

    name: str
    title: str
    min_seats: int
    max_seats: int
    summary: str
    reasons: dict[str, str] = Field(description="every outcome `reason` code the game may end with, and its meaning")
    components: dict[str, list[dict[str, Any]]] = Field(
        description="the game's printed components by name, as data a client may show (Zimby Mojo's `scrolls`: "
        "every scroll card once, with its `key`, `name`, `type`, `cost`, `copies`, `red_dot`, `targets`, `effect` "
        "and `text`); empty for most games"
    )
    constants: dict[str, Any] = Field(
        default_factory=dict,
        description="the public part's constant fields (a printed board: Zimby Mojo's `board`), the same in every "
        "match: protocol v2 leaves them out of every view, and a client puts them back from here (PROTOCOL.md, "
        '"Protocol v2"); empty for most games',
    )
    schemas: GameSchemas
    bot_levels: list[BotLevel] = Field(
        default_factory=list,
        description="the strengths the server's bots may play this game at (a bare seat "
        "number in `bots` is level 1, random)",
    )


class Catalogue(Shape):
    games: list[GameInfo]
