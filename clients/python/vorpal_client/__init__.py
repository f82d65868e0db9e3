"""Python SDK for the Vorpal game server.

- :class:`VorpalClient`: REST (games, matches, seats, moves, events, chat, accounts and keys).
- :class:`LiveConnection`: the WebSocket, with automatic reconnect and resume.
- :func:`play`: the bot runner; a :data:`Strategy` chooses each move from a
  :class:`Decision` (CLI: ``vorpal-bot --strategy module:name``).
- :mod:`vorpal_client.games`: each game's options, moves and views as pydantic models,
  generated from the catalogue (:mod:`vorpal_client.codegen`).
"""

from .bot import play
from .errors import (
    ApiError,
    BadMove,
    BadRequest,
    Conflict,
    Forbidden,
    IllegalMove,
    MatchOver,
    MoveRefused,
    NotFound,
    NotYourTurn,
    RateLimited,
    ServerError,
    StaleVersion,
    Unauthorized,
    Unavailable,
    UnsupportedProtocol,
)
from .live import LiveConnection
from .models import (
    Account,
    Game,
    HouseAccount,
    IssuedKey,
    LeaveResult,
    LoggedEvent,
    MatchState,
    MatchSummary,
    MoveResult,
    SeatToken,
)
from .rest import VorpalClient
from .strategy import (
    Decision,
    Strategy,
    StrategyFailed,
    greedy_strategy,
    load_strategy,
    random_strategy,
    seconds_left,
)
from .tournaments import Tournament, play_tournament
from .typed import GameTypes, TypedClient, TypedEvent, TypedLive, TypedState, WrongGame

__all__ = [
    "Account",
    "ApiError",
    "BadMove",
    "BadRequest",
    "Conflict",
    "Decision",
    "Forbidden",
    "Game",
    "GameTypes",
    "HouseAccount",
    "IllegalMove",
    "IssuedKey",
    "LeaveResult",
    "LiveConnection",
    "LoggedEvent",
    "MatchOver",
    "MatchState",
    "MatchSummary",
    "MoveRefused",
    "MoveResult",
    "NotFound",
    "NotYourTurn",
    "RateLimited",
    "SeatToken",
    "ServerError",
    "StaleVersion",
    "Strategy",
    "StrategyFailed",
    "Tournament",
    "TypedClient",
    "TypedEvent",
    "TypedLive",
    "TypedState",
    "Unauthorized",
    "Unavailable",
    "UnsupportedProtocol",
    "VorpalClient",
    "WrongGame",
    "greedy_strategy",
    "load_strategy",
    "play",
    "play_tournament",
    "random_strategy",
    "seconds_left",
]  # fmt: skip
