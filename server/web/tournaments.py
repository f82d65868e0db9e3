"""REST for tournaments (``/v1/tournaments``): create, register, start, standings, export; and the
organiser's acts once it runs: withdraw an entrant, pause and resume, cancel, adjudicate.

Every answer shows a tournament as its matches' spectators may see them: nothing of a delayed
match's end before its spectators see it (:func:`~server.domain.tournaments.as_seen`).

An account creates a tournament with its API key and becomes its organiser (an admin
may create one with the admin key: it has no organiser). Accounts register with their
keys before the start, and the organiser may register house accounts (AI players of fixed
levels, :mod:`server.domain.house`); the organiser's key (or the admin key) starts it. From then on
the server pairs every round and creates its matches by itself
(:mod:`server.domain.tournaments.service`, advanced by :mod:`server.live.tournaments`); each player
learns of its match from its inbox.
"""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict, Field
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from server.domain.accounts import Account, is_api_key
from server.domain.clocks import TimeControl
from server.domain.delay import SpectatorDelay
from server.domain.tournaments import Entry, Tournament, TournamentFormat
from server.domain.tournaments.model import SEEDING_RULE
from server.engine.play import Rules
from server.errors import (
    AccountDisabled,
    AccountNotFound,
    AlreadyRegistered,
    BadOptions,
    BadRequest,
    Forbidden,
    LadderNotFound,
    MatchNotFound,
    NotRegistered,
    RegistrationClosed,
    TournamentFull,
    TournamentNotFound,
    TournamentOver,
    TournamentStarted,
    Unauthorized,
    Unavailable,
    UnknownGame,
)

from .accounts import EnterHouse, api_key
from .auth import bearer, require_admin
from .openapi import LIMIT, Auth, Query, operation, per_game
from .params import query_int
from .responses import TournamentList, TournamentView, answer
from .rest import Body, parse
from .services import services

FORMAT = Query("format", {"type": "string", "enum": ["json", "csv"], "default": "json"},
               "json: the whole tournament; csv: its standings")  # fmt: skip
_KNOWN = [TournamentNotFound, Unavailable]


class CreateTournament(Body, Entry):
    #: What ``create`` checks besides the fields' own schemas, said in the document too.
    model_config = ConfigDict(json_schema_extra={"allOf": [
        {"if": {"properties": {"rounds": {"type": "integer"}}, "required": ["rounds"]},
         "then": {"properties": {"format": {"const": TournamentFormat.SWISS.value}}}},
        {"properties": {"time_control": {"properties": {"kind": {"enum": ["per_decision", "fischer"]}},
                                         "required": ["kind"]}}},
        SEEDING_RULE,
    ]})  # fmt: skip

    name: str = Field(min_length=1, max_length=80, description="what the tournament is called")
    game: str = Field(description="a game name from GET /v1/games")
    seats: int = Field(2, ge=2, le=16, description="the seats of each match (players meet in groups of this size)")
    options: dict[str, Any] = Field(default_factory=dict, description="the game's options for every match")
    format: TournamentFormat = Field(description="round_robin, swiss or single_elimination")
    rounds: int | None = Field(None, ge=1, le=64, description="swiss only: how many rounds (default ceil(log_k n))")
    time_control: TimeControl = Field(description="every match's clock (required: it makes every round end)")
    spectator_delay: SpectatorDelay = Field(default_factory=SpectatorDelay,
                                            description="how late spectators see the matches")  # fmt: skip


def shown(request: Request, t: Tournament, status_code: int = 200, headers: dict[str, str] | None = None
          ) -> Response:  # fmt: skip
    """``t`` as anybody may see it (:meth:`~server.domain.tournaments.service.Tournaments.shown`)."""
    return answer(TournamentView, services(request).tournaments.shown(t), status_code, headers)


async def caller(request: Request) -> Account | None:
    """The account of the API key sent, or None for the admin key (anything else is refused)."""
    credential = bearer(request)
    if credential is None:
        raise Unauthorized("send your API key ('Authorization: Bearer vpk_...'), or the admin key")
    if is_api_key(credential):
        return await services(request).accounts.authenticate(credential)
    require_admin(request, services(request).settings.admin_key)
    return None


def tournament_id(request: Request) -> str:
    tid: str = request.path_params["tournament_id"]
    if not (tid.isascii() and tid.isalnum()) or len(tid) > 40:
        raise BadRequest("malformed tournament id")
    return tid


def _tournament_of(rules: Rules, seats: int) -> dict[str, Any]:
    """What a tournament of a game's matches of ``seats`` takes: single elimination only for two seats."""
    if seats == 2:
        return {}
    formats = [f.value for f in TournamentFormat if f is not TournamentFormat.SINGLE_ELIMINATION]
    return {"properties": {"format": {"type": "string", "enum": formats}}, "required": ["seats"]}


@operation("createTournament", "Create a tournament; the API key's account organises it (the admin key: nobody)",
           tag="tournaments", answer=TournamentView, status=201, body=CreateTournament, auth=Auth.KEY_OR_ADMIN,
           body_rules=per_game(_tournament_of, least_seats=2),
           errors=[AccountDisabled, UnknownGame, BadOptions, LadderNotFound, Unavailable])  # fmt: skip
async def create(request: Request) -> Response:
    body = await parse(request, CreateTournament)
    organiser = await caller(request)
    t = await services(request).tournaments.create(
        name=body.name, game=body.game, options=body.options, seats=body.seats, fmt=body.format, rounds=body.rounds,
        time_control=body.time_control, spectator_delay=body.spectator_delay,
        organiser=None if organiser is None else organiser.id,
        entry=Entry(**body.model_dump(include=set(Entry.model_fields))),
    )  # fmt: skip
    return shown(request, t, 201, {"Location": f"/v1/tournaments/{t.id}"})


@operation("listTournaments", "List tournaments, newest first", tag="tournaments", answer=TournamentList,
           query=[LIMIT], errors=[Unavailable])  # fmt: skip
async def list_tournaments(request: Request) -> Response:
    listed = await services(request).tournaments.listed(query_int(request, "limit", 50, 1, 500))
    return answer(TournamentList, {"tournaments": listed})


@operation("getTournament", "The tournament: entrants, rounds with their matches and results, standings",
           tag="tournaments", answer=TournamentView, errors=_KNOWN)  # fmt: skip
async def get(request: Request) -> Response:
    return shown(request, await services(request).tournaments.get(tournament_id(request)))


@operation("registerForTournament", "Register the API key's account (before the start)", tag="tournaments",
           answer=TournamentView, status=201, auth=Auth.KEY,
           errors=[*_KNOWN, AccountDisabled, AlreadyRegistered, TournamentStarted, TournamentFull,
                   RegistrationClosed])  # fmt: skip
async def register(request: Request) -> Response:
    app = services(request)
    account = await app.accounts.authenticate(api_key(request))
    return shown(request, await app.tournaments.register(tournament_id(request), account), 201)


@operation("unregisterFromTournament", "Unregister the API key's account (before the start)", tag="tournaments",
           answer=TournamentView, auth=Auth.KEY,
           errors=[*_KNOWN, AccountDisabled, NotRegistered, TournamentStarted])  # fmt: skip
async def unregister(request: Request) -> Response:
    app = services(request)
    account = await app.accounts.authenticate(api_key(request))
    return shown(request, await app.tournaments.unregister(tournament_id(request), account))


@operation("startTournament", "Start it (the organiser's API key or the admin key); round 1 is paired at once",
           tag="tournaments", answer=TournamentView, auth=Auth.KEY_OR_ADMIN,
           errors=[*_KNOWN, AccountDisabled, TournamentStarted])  # fmt: skip
async def start(request: Request) -> Response:
    account = await caller(request)
    return shown(request, await services(request).tournaments.start(tournament_id(request), account))


@operation("enterHouseInTournament", "The organiser (or an admin) registers the house account of an AI level "
           "(before the start): an AI plays its seats, and its results count like anyone's", tag="tournaments",
           answer=TournamentView, status=201, body=EnterHouse, auth=Auth.KEY_OR_ADMIN,
           errors=[*_KNOWN, AccountDisabled, AccountNotFound, Forbidden, AlreadyRegistered, TournamentStarted,
                   TournamentFull, RegistrationClosed])  # fmt: skip
async def enter_house(request: Request) -> Response:
    body = await parse(request, EnterHouse)
    account = await caller(request)
    return shown(request, await services(request).tournaments.enter_house(tournament_id(request), body.level,
                                                                          account), 201)  # fmt: skip


class Withdraw(Body):
    account: str = Field(min_length=1, max_length=64, description="the entrant's account id")
    reason: str = Field("", max_length=500, description="why, for the record and the entrant's inbox")


class Adjudicate(Body):
    match: str = Field(min_length=1, max_length=64, description="one of the tournament's matches")
    winners: list[int] = Field(max_length=16, description="the winning seats (empty: nobody scores)")
    reason: str = Field(min_length=1, max_length=500, description="why: kept with the decision")


_ORGANISER = [*_KNOWN, AccountDisabled, Forbidden, TournamentOver]


@operation("withdrawFromTournament", "The organiser (or an admin) withdraws an entrant: its results stay, it is "
           "paired no more (before the start: unregistered)", tag="tournaments", answer=TournamentView,
           body=Withdraw, auth=Auth.KEY_OR_ADMIN, errors=[*_ORGANISER, NotRegistered])  # fmt: skip
async def withdraw(request: Request) -> Response:
    body = await parse(request, Withdraw)
    account = await caller(request)
    t = await services(request).tournaments.withdraw(tournament_id(request), body.account, account, body.reason)
    return shown(request, t)


@operation("pauseTournament", "The organiser (or an admin) holds the next round's pairing; matches under way go on",
           tag="tournaments", answer=TournamentView, auth=Auth.KEY_OR_ADMIN, errors=_ORGANISER)  # fmt: skip
async def pause(request: Request) -> Response:
    account = await caller(request)
    return shown(request, await services(request).tournaments.pause(tournament_id(request), account, True))


@operation("resumeTournament", "The organiser (or an admin) lets the next round be paired", tag="tournaments",
           answer=TournamentView, auth=Auth.KEY_OR_ADMIN, errors=_ORGANISER)  # fmt: skip
async def resume(request: Request) -> Response:
    account = await caller(request)
    return shown(request, await services(request).tournaments.pause(tournament_id(request), account, False))


@operation("cancelTournament", "The organiser (or an admin) cancels it where it stands; its matches under way are "
           "aborted", tag="tournaments", answer=TournamentView, auth=Auth.KEY_OR_ADMIN, errors=_ORGANISER)  # fmt: skip
async def cancel(request: Request) -> Response:
    account = await caller(request)
    return shown(request, await services(request).tournaments.cancel(tournament_id(request), account))


@operation("adjudicateTournamentMatch", "The organiser (or an admin) decides a match's result, logged with who "
           "and why; a match under way is aborted first", tag="tournaments", answer=TournamentView,
           body=Adjudicate, auth=Auth.KEY_OR_ADMIN, errors=[*_ORGANISER, MatchNotFound])  # fmt: skip
async def adjudicate(request: Request) -> Response:
    body = await parse(request, Adjudicate)
    account = await caller(request)
    t = await services(request).tournaments.adjudicate(tournament_id(request), body.match, body.winners, account,
                                                       body.reason)  # fmt: skip
    return shown(request, t)


@operation("exportTournament", "The results: the tournament as JSON, or (format=csv) its standings as CSV",
           tag="tournaments", answer=TournamentView, query=[FORMAT], errors=_KNOWN,
           headers={"Content-Disposition": "an attachment's file name"},
           also_as={"text/csv": {"type": "string", "description": "format=csv: the standings, a row an entrant"}},
           )  # fmt: skip
async def export(request: Request) -> Response:
    """The results: every round's pairings and outcomes and the standings, as JSON or (standings) CSV."""
    cups = services(request).tournaments
    t = await cups.get(tournament_id(request))
    fmt = request.query_params.get("format", "json")
    if fmt == "csv":
        return Response(cups.standings_csv(t), media_type="text/csv", headers={
            "Content-Disposition": f'attachment; filename="{t.id}-standings.csv"'})  # fmt: skip
    if fmt != "json":
        raise BadRequest("format is json or csv")
    return shown(request, t, headers={"Content-Disposition": f'attachment; filename="{t.id}.json"'})


routes = [
    Route("/v1/tournaments", create, methods=["POST"]),
    Route("/v1/tournaments", list_tournaments, methods=["GET"]),
    Route("/v1/tournaments/{tournament_id}", get, methods=["GET"]),
    Route("/v1/tournaments/{tournament_id}/register", register, methods=["POST"]),
    Route("/v1/tournaments/{tournament_id}/register", unregister, methods=["DELETE"]),
    Route("/v1/tournaments/{tournament_id}/start", start, methods=["POST"]),
    Route("/v1/tournaments/{tournament_id}/house", enter_house, methods=["POST"]),
    Route("/v1/tournaments/{tournament_id}/export", export, methods=["GET"]),
    Route("/v1/tournaments/{tournament_id}/withdraw", withdraw, methods=["POST"]),
    Route("/v1/tournaments/{tournament_id}/pause", pause, methods=["POST"]),
    Route("/v1/tournaments/{tournament_id}/resume", resume, methods=["POST"]),
    Route("/v1/tournaments/{tournament_id}/cancel", cancel, methods=["POST"]),
    Route("/v1/tournaments/{tournament_id}/adjudicate", adjudicate, methods=["POST"]),
]
