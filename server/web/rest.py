"""REST under ``/v1``: the match lifecycle in JSON. Errors are RFC 9457 problems.

Bodies are read as strictly as WebSocket frames (PROTOCOL.md section 4): JSON sent as
``application/json``, no unknown field, and no coercion (``"1"`` is not a number, nor
``true`` or ``1.0`` an integer). Each handler declares its operation for ``/openapi.json``
(:func:`server.web.openapi.operation`) and answers through its response model.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from vorpal_protocol import Catalogue, GameInfo, MatchState

from server import games
from server.ai import levels as ai_levels
from server.domain import catalogue
from server.domain.accounts import is_api_key
from server.domain.clocks import TimeControl
from server.domain.ids import JOIN_ID_PATTERN, is_match_id
from server.domain.record import MatchList, MatchSummary
from server.domain.status import MatchStatus
from server.engine.play import Rules
from server.errors import (
    AccountDisabled,
    BadMove,
    BadOptions,
    BadRequest,
    IllegalMove,
    MatchFull,
    MatchNotStarted,
    MatchOver,
    MatchStarted,
    NotYourTurn,
    RateLimited,
    SeatTaken,
    StaleVersion,
    Unauthorized,
    Unavailable,
    UnknownGame,
    UnsupportedMediaType,
)

from .auth import bearer
from .drain import draining
from .openapi import LOBBY_FILTER, SINCE, Auth, operation, per_game
from .params import query_int
from .responses import (
    Alive,
    ChatLog,
    ChatSaid,
    EventsPage,
    LegalMoves,
    MoveApplied,
    Ready,
    SeatGranted,
    SeatLeft,
    answer,
)
from .services import services

#: The largest integer every client holds exactly (JavaScript's ``Number.MAX_SAFE_INTEGER``).
MAX_SAFE_INTEGER = 2**53 - 1


class Body(BaseModel):
    """A request body: JSON fields of exactly the declared types, and no others."""

    model_config = ConfigDict(extra="forbid", strict=True)


class BotSeat(Body):
    seat: int = Field(ge=0, description="the bot's seat")
    level: int | None = Field(None, ge=1, description="a level of the catalogue's bot_levels (unset: the default)")


class CreateMatch(Body):
    game: str = Field(description="a game name from GET /v1/games")
    seats: int = Field(ge=1, le=16, description="how many seats the match has")
    options: dict[str, Any] = Field(default_factory=dict, description="the game's options (see its schema)")
    bots: list[int | BotSeat] = Field(default_factory=list, description="seats played by the server's bots: a "
                                      "seat number (a random bot), or {seat, level} (see the catalogue's "
                                      "bot_levels; no level: the default)")  # fmt: skip
    time_control: TimeControl = Field(default_factory=TimeControl, description="the match clock (none by default)")


class JoinSeat(Body):
    seat: int | None = Field(None, ge=0, description="the seat to take; the first free one if unset")
    name: str | None = Field(None, min_length=1, max_length=40, description="not with an API key: an account "
                             "plays under its own name")  # fmt: skip
    join_id: str | None = Field(None, pattern=JOIN_ID_PATTERN, description="yours, random and secret (16..64 "
                                "letters, digits, - or _): resent, it is answered the same, token too")  # fmt: skip


class SubmitMove(Body):
    move_id: str = Field(min_length=1, max_length=64, description="yours; resending it is answered the same")
    version: int = Field(ge=0, description="the match version the move was chosen at")
    move: Any = Field(
        description="a move of the game's move schema (GET /v1/games/{name})",
        json_schema_extra={"not": {"type": "null"}},
    )

    @field_validator("move")
    @classmethod
    def _present(cls, move: Any) -> Any:
        if move is None:  # PROTOCOL.md section 4: null is an absent field, and a move is required
            raise ValueError("a move is required")
        return move


class Say(Body):
    text: str = Field(min_length=1, max_length=500)


def is_json(content_type: str | None) -> bool:
    """``application/json``, with or without parameters (``; charset=utf-8``)."""
    return content_type is not None and content_type.partition(";")[0].strip().lower() == "application/json"


def _number(text: str) -> int | float:
    value = float(text)
    return int(value) if value.is_integer() and abs(value) <= MAX_SAFE_INTEGER else value


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


def integral_numbers(raw: bytes) -> bytes:
    """``raw`` with every number of an integral value in the safe range written as an integer.

    JSON has one kind of number, and a frame's ``3.0`` is ``3`` (PROTOCOL.md, section 4): so is a
    body's, whatever the client's JSON library writes for a whole number (Python's writes ``3.0``).
    A string is still never a number, nor ``true`` an integer, nor ``3.5`` an integer. A body that is
    not JSON is passed on as it is, for the model to refuse."""
    if b"." not in raw and b"e" not in raw.lower():
        return raw  # no number with a fraction or an exponent: nothing to rewrite
    try:
        return json.dumps(json.loads(raw, parse_float=_number, parse_constant=_no_constant),
                          ensure_ascii=False, allow_nan=False).encode()  # fmt: skip
    except (ValueError, RecursionError):
        return raw


async def parse(request: Request, model: type[Body]) -> Any:
    """The body as ``model``: ``unsupported_media_type`` unless it is sent as JSON, ``bad_request`` if it
    does not fit. No body at all reads as ``{}`` (a join takes the first free seat)."""
    raw = await request.body()
    if raw and not is_json(request.headers.get("content-type")):
        raise UnsupportedMediaType("send the body as JSON, with 'Content-Type: application/json'")
    try:
        return model.model_validate_json(integral_numbers(raw) if raw else b"{}")
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in err["loc"]) or "body"
        raise BadRequest(f"{where}: {err['msg']}") from None


def match_id(request: Request) -> str:
    mid: str = request.path_params["match_id"]
    if not is_match_id(mid):
        raise BadRequest("malformed match id")
    return mid


@operation(
    "listGames", "The catalogue: every game with its options, move and view schemas", tag="games", answer=Catalogue
)
async def list_games(request: Request) -> Response:
    # The catalogue is fixed for the process: validated and encoded once per app, not per request.
    state = request.app.state
    if getattr(state, "catalogue", None) is None:
        state.catalogue = answer(Catalogue, catalogue.catalogue()).body
    return Response(state.catalogue, media_type="application/json")


@operation("getGame", "One game of the catalogue", tag="games", answer=GameInfo, errors=[UnknownGame])
async def get_game(request: Request) -> Response:
    return answer(GameInfo, catalogue.game_info(games.get(request.path_params["name"])))


def _match_of(rules: Rules, seats: int) -> dict[str, Any]:
    """What a match of ``seats`` of a game takes besides its options: bots in distinct seats of it, each a seat
    number or ``{seat, level}`` with a level of the catalogue's. That no seat is named twice across the two
    forms (``[1, {"seat": 1}]``) is said in words only: schema generators do not take it as a schema."""
    seat = {"type": "integer", "minimum": 0, "maximum": seats - 1}
    level = {"enum": [*ai_levels.BY_NUMBER, None]}  # null: the default level
    named = {"type": "object", "properties": {"seat": seat, "level": level}, "required": ["seat"]}
    once = "distinct seats: a seat number, or {seat, level}; no seat named twice"
    bots = {"type": "array", "items": {"anyOf": [seat, named]}, "uniqueItems": True, "description": once}
    return {"properties": {"bots": bots}, "required": ["seats"]}


@operation(
    "createMatch",
    "Create a match",
    tag="matches",
    answer=MatchSummary,
    status=201,
    body=CreateMatch,
    body_rules=per_game(_match_of),
    errors=[BadOptions, UnknownGame, Unavailable],
    headers={"Location": "the match's path"},
)
async def create_match(request: Request) -> Response:
    body = await parse(request, CreateMatch)
    app = services(request)
    levels = {b.seat: b.level or ai_levels.DEFAULT for b in body.bots if not isinstance(b, int)}
    summary = await app.matches.create(body.game, body.options, body.seats, [b if isinstance(b, int) else b.seat
                                       for b in body.bots], body.time_control, levels=levels)  # fmt: skip
    if body.bots or body.time_control.timed:
        app.scheduler.wake()  # its timed work is scheduled: have it claimed now
    return answer(MatchSummary, summary, 201, {"Location": f"/v1/matches/{summary.match}"})


def listing(request: Request) -> tuple[str | None, MatchStatus | None, int, str | None]:
    """The lobby's filter from the query: ``?game=&status=&limit=&cursor=`` (the admin listing takes it too)."""
    q = request.query_params
    game, status = q.get("game"), q.get("status")
    if status is not None and status not in set(MatchStatus):
        raise BadRequest(f"status is one of {', '.join(MatchStatus)}")
    if game is not None:
        games.get(game)
    limit = query_int(request, "limit", 50, 1, 500)
    return game, None if status is None else MatchStatus(status), limit, q.get("cursor")


@operation(
    "listMatches",
    "List matches, newest first",
    tag="matches",
    answer=MatchList,
    query=LOBBY_FILTER,
    errors=[UnknownGame, Unavailable],
)
async def list_matches(request: Request) -> Response:
    """``{"matches": [...], "next": cursor | null}``: ``next`` is the ``cursor`` of the next page."""
    page = await services(request).matches.list_matches(*listing(request))
    return Response(page.json(), media_type="application/json")


@operation(
    "getMatch",
    "The match as the caller may see it (no token: as a spectator)",
    tag="matches",
    answer=MatchState,
    auth=Auth.SEAT_OPTIONAL,
    errors=[Unavailable],
)
async def get_match(request: Request) -> Response:
    return answer(MatchState, await services(request).matches.state(match_id(request), bearer(request)))


@operation(
    "joinMatch",
    "Take a seat; answers its seat token (shown once). With an API key, as that account",
    tag="matches",
    answer=SeatGranted,
    status=201,
    body=JoinSeat,
    body_required=False,
    auth=Auth.KEY_OPTIONAL,
    errors=[AccountDisabled, MatchOver, MatchStarted, MatchFull, SeatTaken, StaleVersion, Unavailable],
)
async def join(request: Request) -> Response:
    """Anonymously, or as the account whose API key is the bearer credential."""
    body = await parse(request, JoinSeat)
    mid = match_id(request)
    app = services(request)
    credential = bearer(request)
    if credential is not None and not is_api_key(credential):
        raise Unauthorized("a seat is joined with an API key (vpk_...) or with no credential")
    account = None if credential is None else await app.accounts.authenticate(credential)
    out = await app.matches.join(mid, body.seat, body.name, account, body.join_id)
    return answer(SeatGranted, out, 201)


@operation(
    "leaveMatch",
    "Leave your seat before the match starts",
    tag="matches",
    answer=SeatLeft,
    auth=Auth.SEAT,
    errors=[MatchStarted, StaleVersion, Unavailable],
)
async def leave(request: Request) -> Response:
    return answer(SeatLeft, await services(request).matches.leave(match_id(request), bearer(request)))


@operation(
    "getLegalMoves", "Your legal moves now", tag="matches", answer=LegalMoves, auth=Auth.SEAT, errors=[Unavailable]
)
async def legal_moves(request: Request) -> Response:
    return answer(LegalMoves, await services(request).matches.legal(match_id(request), bearer(request)))


@operation(
    "submitMove",
    "Submit a move",
    tag="matches",
    answer=MoveApplied,
    body=SubmitMove,
    auth=Auth.SEAT,
    errors=[BadMove, MatchNotStarted, MatchOver, StaleVersion, NotYourTurn, IllegalMove, Unavailable],
)
async def submit_move(request: Request) -> Response:
    body = await parse(request, SubmitMove)
    mid = match_id(request)
    out = await services(request).matches.move(mid, bearer(request), body.move_id, body.version, body.move)
    return answer(MoveApplied, out)


@operation(
    "getEvents",
    "The event log after a version, redacted for the caller",
    tag="matches",
    answer=EventsPage,
    query=[SINCE],
    auth=Auth.SEAT_OPTIONAL,
    errors=[Unavailable],
)
async def events(request: Request) -> Response:
    since = query_int(request, "since", 0, 0)
    mid = match_id(request)
    return answer(EventsPage, await services(request).matches.events(mid, bearer(request), since))


@operation(
    "postChat",
    "Say something in the match's chat",
    tag="chat",
    answer=ChatSaid,
    status=201,
    body=Say,
    auth=Auth.SEAT,
    errors=[RateLimited, Unavailable],
)
async def post_chat(request: Request) -> Response:
    body = await parse(request, Say)
    return answer(ChatSaid, await services(request).chat.say(match_id(request), bearer(request), body.text), 201)


@operation("getChat", "The match's public chat", tag="chat", answer=ChatLog, errors=[Unavailable])
async def get_chat(request: Request) -> Response:
    return answer(ChatLog, await services(request).chat.messages(match_id(request)))


@operation("getHealth", "The process is alive", tag="health", answer=Alive)
async def healthz(request: Request) -> Response:
    return answer(Alive, {"status": "alive"})


@operation("getReadiness", "Ready: Redis is reachable and the process is not shutting down", tag="health",
           answer=Ready, errors=[Unavailable])  # fmt: skip
async def readyz(request: Request) -> Response:
    if draining(request):
        raise Unavailable("shutting down (SIGTERM): send new connections elsewhere")
    if not await services(request).store.ping():
        raise Unavailable("Redis is unreachable")
    return answer(Ready, {"status": "ready"})


routes = [
    Route("/healthz", healthz, methods=["GET"]),
    Route("/readyz", readyz, methods=["GET"]),
    Route("/v1/games", list_games, methods=["GET"]),
    Route("/v1/games/{name}", get_game, methods=["GET"]),
    Route("/v1/matches", create_match, methods=["POST"]),
    Route("/v1/matches", list_matches, methods=["GET"]),
    Route("/v1/matches/{match_id}", get_match, methods=["GET"]),
    Route("/v1/matches/{match_id}/join", join, methods=["POST"]),
    Route("/v1/matches/{match_id}/leave", leave, methods=["POST"]),
    Route("/v1/matches/{match_id}/legal", legal_moves, methods=["GET"]),
    Route("/v1/matches/{match_id}/moves", submit_move, methods=["POST"]),
    Route("/v1/matches/{match_id}/events", events, methods=["GET"]),
    Route("/v1/matches/{match_id}/chat", post_chat, methods=["POST"]),
    Route("/v1/matches/{match_id}/chat", get_chat, methods=["GET"]),
]
