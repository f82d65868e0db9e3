"""Typed results of the REST API. Unknown fields are kept (the API grows additively)."""

from __future__ import annotations

from typing import Any

import vorpal_protocol as protocol
from pydantic import BaseModel, ConfigDict


class Model(BaseModel):
    model_config = ConfigDict(extra="allow")


class GameModel(BaseModel):
    """The base of the generated game models (:mod:`vorpal_client.games`).

    Unknown fields are kept: a game's schemas only grow within protocol v1. A field
    renamed because its name is not a Python name (``from`` becomes ``from_``) is
    filled by either name; field docstrings are the fields' descriptions.
    """

    model_config = ConfigDict(extra="allow", populate_by_name=True, use_attribute_docstrings=True)


class Game(Model):
    name: str
    title: str
    min_seats: int
    max_seats: int
    summary: str
    schemas: dict[str, Any]
    components: dict[str, list[dict[str, Any]]] = {}
    """The game's printed components by name (Zimby Mojo's ``scrolls``: each card with its ``text``)."""
    constants: dict[str, Any] = {}
    """The public part's constant fields (Zimby Mojo's ``board``): protocol v2 leaves them out of views."""
    bot_levels: list[dict[str, Any]] = []
    """The strengths the server's bots play at (``level``, ``title``, ``default``, ``iterations``)."""


class MatchSummary(Model):
    match: str
    game: str
    status: str
    version: int
    seats: int
    names: list[str | None]
    bots: list[bool]
    open_seats: list[int] = []
    outcome: dict[str, Any] | None = None
    accounts: list[str | None] = []
    """The account id in each seat (None: a bot, an anonymous player or a free seat)."""


class SeatToken(Model):
    """``account``: the account id, when the seat was joined with an API key."""

    match: str
    seat: int
    token: str
    account: str | None = None


class Account(Model):
    """An account as its owner sees it (never its key). ``kind`` is ``human`` or ``bot``."""

    id: str
    name: str
    kind: str
    created: int
    disabled: bool = False


class HouseAccount(Model):
    """One of the server's house accounts: an AI player of a fixed level (``house-<level>``), which an
    organiser enters in ladders and tournaments as a rating anchor; nobody signs in as one."""

    id: str
    name: str
    kind: str
    level: int
    title: str


class IssuedKey(Model):
    """A new API key (``vpk_...``) with its account: shown this once, so keep it."""

    account: Account
    key: str


class LeaveResult(Model):
    """``status`` is the match's after the leave: ``open``, or ``aborted`` once no player is left."""

    match: str
    seat: int
    left: bool
    status: str


class MatchState(protocol.MatchState):
    """The match as one caller sees it: ``view`` holds ``public`` and, for a seat, ``private``; ``clock``, if the
    match has one, is ``{"kind", "now", "remaining_ms", "deadlines"}`` (server times, ms). The protocol's model
    (:class:`vorpal_protocol.MatchState`, what the server builds), keeping unknown fields."""

    model_config = ConfigDict(extra="allow")


class MoveResult(Model):
    match: str
    version: int
    duplicate: bool = False


class LoggedEvent(Model):
    """One event of a match's log (:class:`vorpal_protocol.LogEntry`): ``event`` is typed as the plain map the
    SDK always gave (the protocol's :class:`vorpal_protocol.EventPart`, which a ``dict`` does not satisfy)."""

    version: int
    at: int | None = None
    event: dict[str, Any]


class Notice(Model):
    """One notice of an account's inbox: ``kind`` ``match_found`` has ``data`` with ``ladder``,
    ``match``, ``seat``, ``game``, ``accounts`` and ``join_by`` (ms)."""

    seq: int
    at: int
    kind: str
    data: dict[str, Any] = {}


class Ladder(Model):
    """A ladder: a standing queue for one game and seat count (``time_control``: its matches' clock)."""

    id: str
    name: str
    game: str
    seats: int
    options: dict[str, Any] = {}
    time_control: dict[str, Any] | None = None
    join_s: int
    window: float
    widen_per_s: float
    created: int
    paused: bool = False
    season: int = 1


class LadderRating(Model):
    """An account's line on a ladder's board: OpenSkill's ``mu`` and ``sigma``, and ``display``
    (``1000 + 40 * (mu - 3 * sigma)``); ``rank`` on the leaderboard only."""

    account: str
    name: str
    mu: float
    sigma: float
    display: int
    games: int
    wins: int
    last_played: int | None = None
    rank: int | None = None


class LadderStatus(Model):
    """Where the account stands on a ladder: waiting or not, and its matches not yet rated."""

    ladder: str
    queued: bool
    since: int | None = None
    matches: list[str] = []
    rating: LadderRating | None = None


class RatedMatch(Model):
    """One line of an account's rating history: its rank in the match and its rating after it."""

    match: str
    at: int
    rank: int
    mu: float
    sigma: float
    display: int
    change: int
