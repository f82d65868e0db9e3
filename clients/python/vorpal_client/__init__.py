"""Python SDK for the Vorpal game server.

- :class:`VorpalClient`: REST (games, matches, seats, moves, events, chat).
- :class:`LiveConnection`: the WebSocket, with automatic reconnect and resume.
- :func:`play`: a bot that plays random legal moves (CLI: ``vorpal-bot``).
"""

from .bot import play
from .errors import ApiError, IllegalMove, MatchOver, NotFound, NotYourTurn, StaleVersion, Unauthorized, Unavailable
from .live import LiveConnection
from .models import Game, LeaveResult, LoggedEvent, MatchState, MatchSummary, MoveResult, SeatToken
from .rest import VorpalClient

__all__ = [
    "ApiError", "Game", "IllegalMove", "LeaveResult", "LiveConnection", "LoggedEvent", "MatchOver", "MatchState",
    "MatchSummary", "MoveResult", "NotFound", "NotYourTurn", "SeatToken", "StaleVersion", "Unauthorized",
    "Unavailable", "VorpalClient", "play",
]  # fmt: skip
