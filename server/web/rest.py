"""REST under ``/v1``: the match lifecycle in JSON. Errors are RFC 9457 problems."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server import games
from server.domain.accounts import is_api_key
from server.domain.clocks import TimeControl
from server.domain.ids import is_match_id
from server.domain.status import MatchStatus
from server.engine.errors import BadRequest, Unauthorized, Unavailable

from .auth import bearer
from .services import services


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateMatch(Body):
    game: str = Field(description="a game name from GET /v1/games")
    seats: int = Field(ge=1, le=16, description="how many seats the match has")
    options: dict[str, Any] = Field(default_factory=dict, description="the game's options (see its schema)")
    bots: list[int] = Field(default_factory=list, description="seats played by the server's random bots")
    time_control: TimeControl = Field(default_factory=TimeControl, description="the match clock (none by default)")


class JoinSeat(Body):
    seat: int | None = Field(None, ge=0, description="the seat to take; the first free one if unset")
    name: str | None = Field(None, min_length=1, max_length=40, description="not with an API key: an account "
                             "plays under its own name")  # fmt: skip


class SubmitMove(Body):
    move_id: str = Field(min_length=1, max_length=64, description="yours; resending it is answered the same")
    version: int = Field(ge=0, description="the match version the move was chosen at")
    move: Any = Field(description="a move of the game's move schema")


class Say(Body):
    text: str = Field(min_length=1, max_length=500)


async def parse(request: Request, model: type[Body]) -> Any:
    try:
        raw = await request.body()
        return model.model_validate_json(raw or b"{}")
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in err["loc"]) or "body"
        raise BadRequest(f"{where}: {err['msg']}") from None


def match_id(request: Request) -> str:
    mid: str = request.path_params["match_id"]
    if not is_match_id(mid):
        raise BadRequest("malformed match id")
    return mid


async def list_games(request: Request) -> Response:
    return JSONResponse({"games": [r.describe() for r in games.GAMES]})


async def get_game(request: Request) -> Response:
    return JSONResponse(games.get(request.path_params["name"]).describe())


async def create_match(request: Request) -> Response:
    body = await parse(request, CreateMatch)
    app = services(request)
    summary = await app.matches.create(body.game, body.options, body.seats, body.bots, body.time_control)
    if body.bots or body.time_control.timed:
        app.scheduler.wake()  # its timed work is scheduled: have it claimed now
    headers = {"Location": f"/v1/matches/{summary.match}"}
    return JSONResponse(summary.model_dump(mode="json"), status_code=201, headers=headers)


def listing(request: Request) -> tuple[str | None, MatchStatus | None, int, str | None]:
    """The lobby's filter from the query: ``?game=&status=&limit=&cursor=`` (the admin listing takes it too)."""
    q = request.query_params
    game, status = q.get("game"), q.get("status")
    if status is not None and status not in set(MatchStatus):
        raise BadRequest(f"status is one of {', '.join(MatchStatus)}")
    if game is not None:
        games.get(game)
    try:
        limit = int(q.get("limit", "50"))
    except ValueError:
        raise BadRequest("limit must be an integer") from None
    if not 1 <= limit <= 500:
        raise BadRequest("limit must be 1..500")
    return game, None if status is None else MatchStatus(status), limit, q.get("cursor")


async def list_matches(request: Request) -> Response:
    """``{"matches": [...], "next": cursor | null}``: ``next`` is the ``cursor`` of the next page."""
    page = await services(request).matches.list_matches(*listing(request))
    return Response(page.json(), media_type="application/json")


async def get_match(request: Request) -> Response:
    return JSONResponse(await services(request).matches.state(match_id(request), bearer(request)))


async def join(request: Request) -> Response:
    """Anonymously, or as the account whose API key is the bearer credential."""
    body = await parse(request, JoinSeat)
    mid = match_id(request)
    app = services(request)
    credential = bearer(request)
    if credential is not None and not is_api_key(credential):
        raise Unauthorized("a seat is joined with an API key (vpk_...) or with no credential")
    account = None if credential is None else await app.accounts.authenticate(credential)
    out = await app.matches.join(mid, body.seat, body.name, account)
    return JSONResponse(out, status_code=201)


async def leave(request: Request) -> Response:
    return JSONResponse(await services(request).matches.leave(match_id(request), bearer(request)))


async def legal_moves(request: Request) -> Response:
    return JSONResponse(await services(request).matches.legal(match_id(request), bearer(request)))


async def submit_move(request: Request) -> Response:
    body = await parse(request, SubmitMove)
    mid = match_id(request)
    out = await services(request).matches.move(mid, bearer(request), body.move_id, body.version, body.move)
    return JSONResponse(out)


async def events(request: Request) -> Response:
    try:
        since = int(request.query_params.get("since", "0"))
    except ValueError:
        raise BadRequest("since must be an integer") from None
    if since < 0:
        raise BadRequest("since must be >= 0")
    return JSONResponse(await services(request).matches.events(match_id(request), bearer(request), since))


async def post_chat(request: Request) -> Response:
    body = await parse(request, Say)
    return JSONResponse(
        await services(request).chat.say(match_id(request), bearer(request), body.text), status_code=201
    )


async def get_chat(request: Request) -> Response:
    return JSONResponse(await services(request).chat.messages(match_id(request)))


async def healthz(request: Request) -> Response:
    return JSONResponse({"status": "alive"})


async def readyz(request: Request) -> Response:
    if not await services(request).store.ping():
        raise Unavailable("Redis is unreachable")
    return JSONResponse({"status": "ready"})


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
