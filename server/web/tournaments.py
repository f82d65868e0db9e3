"""REST for tournaments (``/v1/tournaments``): create, register, start, standings, export.

An account creates a tournament with its API key and becomes its organiser (an admin
may create one with the admin key: it has no organiser). Accounts register with their
keys before the start; the organiser's key (or the admin key) starts it. From then on
the server pairs every round and creates its matches by itself
(:mod:`server.live.tournaments`); each player learns of its match from its inbox.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server.domain.accounts import Account, is_api_key
from server.domain.clocks import TimeControl
from server.domain.delay import SpectatorDelay
from server.domain.tournaments import Tournament, TournamentFormat, standings, standings_csv
from server.engine.errors import BadRequest

from .accounts import api_key
from .auth import bearer, require_admin
from .rest import Body, parse
from .services import services


class CreateTournament(Body):
    name: str = Field(min_length=1, max_length=80, description="what the tournament is called")
    game: str = Field(description="a game name from GET /v1/games")
    seats: int = Field(2, ge=2, le=16, description="the seats of each match (players meet in groups of this size)")
    options: dict[str, Any] = Field(default_factory=dict, description="the game's options for every match")
    format: TournamentFormat = Field(description="round_robin, swiss or single_elimination")
    rounds: int | None = Field(None, ge=1, le=64, description="swiss only: how many rounds (default ceil(log_k n))")
    time_control: TimeControl = Field(description="every match's clock (required: it makes every round end)")
    spectator_delay: SpectatorDelay = Field(default_factory=SpectatorDelay,
                                            description="how late spectators see the matches")  # fmt: skip


def tournament_json(t: Tournament) -> dict[str, Any]:
    """A tournament as the API shows it: the document, its planned rounds and the standings."""
    return {**t.model_dump(mode="json"), "planned_rounds": t.planned_rounds(),
            "standings": [s.model_dump(mode="json") for s in standings(t)]}  # fmt: skip


async def caller(request: Request) -> Account | None:
    """The account of the API key sent, or None for the admin key (anything else is refused)."""
    credential = bearer(request)
    if credential is not None and is_api_key(credential):
        return await services(request).accounts.authenticate(credential)
    require_admin(request, services(request).settings.admin_key)
    return None


def tournament_id(request: Request) -> str:
    tid: str = request.path_params["tournament_id"]
    if not tid.isalnum() or len(tid) > 40:
        raise BadRequest("malformed tournament id")
    return tid


async def create(request: Request) -> Response:
    body = await parse(request, CreateTournament)
    organiser = await caller(request)
    t = await services(request).tournaments.create(
        name=body.name, game=body.game, options=body.options, seats=body.seats, fmt=body.format, rounds=body.rounds,
        time_control=body.time_control, spectator_delay=body.spectator_delay,
        organiser=None if organiser is None else organiser.id,
    )  # fmt: skip
    return JSONResponse(tournament_json(t), status_code=201, headers={"Location": f"/v1/tournaments/{t.id}"})


async def list_tournaments(request: Request) -> Response:
    try:
        limit = int(request.query_params.get("limit", "50"))
    except ValueError:
        raise BadRequest("limit must be an integer") from None
    if not 1 <= limit <= 500:
        raise BadRequest("limit must be 1..500")
    found = await services(request).tournaments.list(limit)
    return JSONResponse({"tournaments": [
        {"id": t.id, "name": t.name, "game": t.game, "format": t.format.value, "status": t.status.value,
         "entrants": len(t.entrants), "rounds": len(t.rounds), "created": t.created} for t in found]})  # fmt: skip


async def get(request: Request) -> Response:
    return JSONResponse(tournament_json(await services(request).tournaments.get(tournament_id(request))))


async def register(request: Request) -> Response:
    app = services(request)
    account = await app.accounts.authenticate(api_key(request))
    t = await app.tournaments.register(tournament_id(request), account)
    return JSONResponse(tournament_json(t), status_code=201)


async def unregister(request: Request) -> Response:
    app = services(request)
    account = await app.accounts.authenticate(api_key(request))
    return JSONResponse(tournament_json(await app.tournaments.unregister(tournament_id(request), account)))


async def start(request: Request) -> Response:
    account = await caller(request)
    t = await services(request).tournaments.start(tournament_id(request), account)
    return JSONResponse(tournament_json(t))


async def export(request: Request) -> Response:
    """The results: every round's pairings and outcomes and the standings, as JSON or (standings) CSV."""
    t = await services(request).tournaments.get(tournament_id(request))
    fmt = request.query_params.get("format", "json")
    if fmt == "csv":
        return Response(standings_csv(t), media_type="text/csv", headers={
            "Content-Disposition": f'attachment; filename="{t.id}-standings.csv"'})  # fmt: skip
    if fmt != "json":
        raise BadRequest("format is json or csv")
    return JSONResponse(tournament_json(t), headers={"Content-Disposition": f'attachment; filename="{t.id}.json"'})


routes = [
    Route("/v1/tournaments", create, methods=["POST"]),
    Route("/v1/tournaments", list_tournaments, methods=["GET"]),
    Route("/v1/tournaments/{tournament_id}", get, methods=["GET"]),
    Route("/v1/tournaments/{tournament_id}/register", register, methods=["POST"]),
    Route("/v1/tournaments/{tournament_id}/register", unregister, methods=["DELETE"]),
    Route("/v1/tournaments/{tournament_id}/start", start, methods=["POST"]),
    Route("/v1/tournaments/{tournament_id}/export", export, methods=["GET"]),
]
