"""The rules engine: the game contract and the mechanics games share.

It imports nothing else of Vorpal's; games import only this package.
"""

from .errors import BadOptions, IllegalMove, VorpalError
from .events import EventData, EventModel, PrivateModel, PrivatePart, event_model, event_schemas, event_type
from .game import DerivedPart, Event, Game, JsonFloat, MoveModel, Nothing, Options, Outcome, Part, Table, copy_table
from .knowledge import Knowledge
from .play import Rules, event_for
from .rng import Rng

__all__ = [
    "BadOptions",
    "DerivedPart",
    "Event",
    "EventData",
    "EventModel",
    "Game",
    "IllegalMove",
    "JsonFloat",
    "Knowledge",
    "MoveModel",
    "Nothing",
    "Options",
    "Outcome",
    "Part",
    "PrivateModel",
    "PrivatePart",
    "Rng",
    "Rules",
    "Table",
    "VorpalError",
    "copy_table",
    "event_for",
    "event_model",
    "event_schemas",
    "event_type",
]
