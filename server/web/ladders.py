"""REST for ladders (``/v1/ladders``): an admin creates one, and may enter house accounts (AI players of
fixed levels, :mod:`server.domain.house`) as rating anchors; accounts queue with their API key, see
whether they wait or have a match, read the board and anyone's rating history.

A pairing is announced in the account's inbox (``match_found``: ladder, match, seat), read
with ``GET /v1/accounts/me/inbox`` or pushed on a WebSocket signed in with the key; the
account then joins its held seat with ``POST /v1/matches/{id}/join`` (:mod:`server.web.rest`).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from server.domain.house import house_id
from server.domain.ladders import Ladder, LadderEdit, LadderSpec
from server.errors import (
    AccountDisabled,
    AccountNotFound,
    AlreadyQueued,
    BadOptions,
    BadRequest,
    LadderNotFound,
    NotQueued,
    Unavailable,
    UnknownGame,
)

from .accounts import EnterHouse, api_key
from .admin import admin
from .openapi import Auth, Query, operation, per_game
from .params import parse_int, query_int
from .responses import (
    HouseEntry,
    LadderDeleted,
    LadderList,
    LadderStatus,
    Leaderboard,
    QueueEntry,
    RatingHistory,
    answer,
)
from .rest import Body, parse
from .services import services

BOARD_LIMIT = Query("limit", {"type": "integer", "minimum": 1, "maximum": 1000, "default": 100}, "at most this many")
_KNOWN = [LadderNotFound, Unavailable]
_AS_ACCOUNT = [*_KNOWN, AccountDisabled]


class CreateLadder(Body, LadderSpec):
    """The body of ``POST /v1/admin/ladders``."""


def _limit(request: Request) -> int:
    return query_int(request, "limit", 100, 1, 1000)


@operation("createLadder", "Admin: create a ladder (a game, its options and seats, a time control)", tag="ladders",
           answer=Ladder, status=201, body=CreateLadder, auth=Auth.ADMIN,
           body_rules=per_game(lambda rules, seats: {"required": ["seats"]}, least_seats=2),
           errors=[UnknownGame, BadOptions, Unavailable])  # fmt: skip
async def create_ladder(request: Request) -> Response:
    app = admin(request)
    body = await parse(request, CreateLadder)
    ladder = await app.ladders.create(LadderSpec.model_validate(body.model_dump()))
    app.ladder_loop.wake()
    return answer(Ladder, ladder, 201)


@operation("listLadders", "Every ladder, oldest first", tag="ladders", answer=LadderList, errors=[Unavailable])
async def list_ladders(request: Request) -> Response:
    return answer(LadderList, {"ladders": await services(request).ladders.all()})


@operation("getLadder", "One ladder", tag="ladders", answer=Ladder, errors=_KNOWN)
async def get_ladder(request: Request) -> Response:
    return answer(Ladder, await services(request).ladders.get(request.path_params["ladder_id"]))


@operation("joinLadderQueue", "Queue the API key's account to be paired", tag="ladders", answer=QueueEntry,
           status=201, auth=Auth.KEY, errors=[*_AS_ACCOUNT, AlreadyQueued])  # fmt: skip
async def join_queue(request: Request) -> Response:
    app = services(request)
    account = await app.accounts.authenticate(api_key(request))
    entry = await app.ladders.join_queue(request.path_params["ladder_id"], account)
    app.ladder_loop.wake()
    return answer(QueueEntry, {"ladder": request.path_params["ladder_id"], "queued": True, "since": entry.since}, 201)


@operation("leaveLadderQueue", "Take the API key's account out of the queue", tag="ladders", answer=QueueEntry,
           auth=Auth.KEY, errors=[*_AS_ACCOUNT, NotQueued])  # fmt: skip
async def leave_queue(request: Request) -> Response:
    app = services(request)
    account = await app.accounts.authenticate(api_key(request))
    await app.ladders.leave_queue(request.path_params["ladder_id"], account)
    return answer(QueueEntry, {"ladder": request.path_params["ladder_id"], "queued": False})


@operation("getLadderStatus", "Whether the API key's account waits, its matches not yet rated, its rating",
           tag="ladders", answer=LadderStatus, auth=Auth.KEY, errors=_AS_ACCOUNT)  # fmt: skip
async def my_status(request: Request) -> Response:
    app = services(request)
    account = await app.accounts.authenticate(api_key(request))
    return answer(LadderStatus, await app.ladders.status(request.path_params["ladder_id"], account))


SEASON = Query(
    "season", {"type": "integer", "minimum": 1, "maximum": 1_000_000}, "that season's board (absent: the current one)"
)


@operation("getLeaderboard", "The board: rated accounts, best display rating first", tag="ladders",
           answer=Leaderboard, query=[BOARD_LIMIT, SEASON], errors=[*_KNOWN, BadRequest])  # fmt: skip
async def leaderboard(request: Request) -> Response:
    ladder_id = request.path_params["ladder_id"]
    season = query_int(request, "season", 0, 1, 1_000_000) if "season" in request.query_params else None
    board = await services(request).ladders.leaderboard(ladder_id, _limit(request), season)
    return answer(Leaderboard, {"ladder": ladder_id, "ratings": board})


class EditLadder(Body, LadderEdit):
    """The body of ``PATCH /v1/admin/ladders/{id}``: the fields to change."""


def _ladder_id(request: Request) -> str:
    return str(request.path_params["ladder_id"])


@operation("editLadder", "Admin: change a ladder's name, options, clock or pairing window (not its game or seats)",
           tag="ladders", answer=Ladder, body=EditLadder, auth=Auth.ADMIN,
           errors=[LadderNotFound, BadOptions, Unavailable])  # fmt: skip
async def edit_ladder(request: Request) -> Response:
    app = admin(request)
    body = await parse(request, EditLadder)
    edit = LadderEdit.model_validate(body.model_dump(exclude_unset=True))
    return answer(Ladder, await app.ladders.edit(_ladder_id(request), edit))


@operation("pauseLadder", "Admin: stop pairing (accounts may still queue; matches under way are rated)",
           tag="ladders", answer=Ladder, auth=Auth.ADMIN, errors=_KNOWN)  # fmt: skip
async def pause_ladder(request: Request) -> Response:
    return answer(Ladder, await admin(request).ladders.pause(_ladder_id(request), True))


@operation("resumeLadder", "Admin: pair again", tag="ladders", answer=Ladder, auth=Auth.ADMIN, errors=_KNOWN)
async def resume_ladder(request: Request) -> Response:
    app = admin(request)
    ladder = await app.ladders.pause(_ladder_id(request), False)
    app.ladder_loop.wake()
    return answer(Ladder, ladder)


@operation("newLadderSeason", "Admin: start a new season (a fresh board; past seasons' boards stay readable)",
           tag="ladders", answer=Ladder, auth=Auth.ADMIN, errors=_KNOWN)  # fmt: skip
async def new_season(request: Request) -> Response:
    return answer(Ladder, await admin(request).ladders.new_season(_ladder_id(request)))


@operation("deleteLadder", "Admin: delete a ladder, its queue, ratings and histories (matches under way are "
           "played out, unrated)", tag="ladders", answer=LadderDeleted, auth=Auth.ADMIN, errors=_KNOWN)  # fmt: skip
async def delete_ladder(request: Request) -> Response:
    await admin(request).ladders.delete(_ladder_id(request))
    return answer(LadderDeleted, {"ladder": _ladder_id(request), "deleted": True})


_HOUSE = [LadderNotFound, AccountNotFound, Unavailable]


@operation("enterHouseInLadder", "Admin: enter the house account of an AI level in the queue, for good: it is "
           "paired like anyone (never with house accounts alone), an AI plays its seats, and it is rated",
           tag="ladders", answer=HouseEntry, status=201, body=EnterHouse, auth=Auth.ADMIN,
           errors=[*_HOUSE, AlreadyQueued])  # fmt: skip
async def enter_house(request: Request) -> Response:
    app = admin(request)
    body = await parse(request, EnterHouse)
    entry = await app.ladders.enter_house(_ladder_id(request), body.level)
    app.ladder_loop.wake()
    return answer(HouseEntry, {"ladder": _ladder_id(request), "account": entry.account, "queued": True,
                               "since": entry.since}, 201)  # fmt: skip


@operation("removeHouseFromLadder", "Admin: take the house account of an AI level out of the queue (its matches "
           "under way are played out and rated)", tag="ladders", answer=HouseEntry, auth=Auth.ADMIN,
           errors=[*_HOUSE, BadRequest, NotQueued])  # fmt: skip
async def remove_house(request: Request) -> Response:
    app = admin(request)
    level = parse_int(request.path_params["level"], "level", 0, 1000)
    await app.ladders.remove_house(_ladder_id(request), level)
    return answer(HouseEntry, {"ladder": _ladder_id(request), "account": house_id(level), "queued": False})


@operation("getRatingHistory", "An account's rated matches on a ladder, oldest first", tag="ladders",
           answer=RatingHistory, query=[BOARD_LIMIT], errors=_KNOWN)  # fmt: skip
async def history(request: Request) -> Response:
    ladder_id, account_id = request.path_params["ladder_id"], request.path_params["account_id"]
    found = await services(request).ladders.history(ladder_id, account_id, _limit(request))
    return answer(RatingHistory, {"ladder": ladder_id, "account": account_id, "history": found})


routes = [
    Route("/v1/admin/ladders", create_ladder, methods=["POST"]),
    Route("/v1/admin/ladders/{ladder_id}", edit_ladder, methods=["PATCH"]),
    Route("/v1/admin/ladders/{ladder_id}", delete_ladder, methods=["DELETE"]),
    Route("/v1/admin/ladders/{ladder_id}/pause", pause_ladder, methods=["POST"]),
    Route("/v1/admin/ladders/{ladder_id}/resume", resume_ladder, methods=["POST"]),
    Route("/v1/admin/ladders/{ladder_id}/season", new_season, methods=["POST"]),
    Route("/v1/admin/ladders/{ladder_id}/house", enter_house, methods=["POST"]),
    Route("/v1/admin/ladders/{ladder_id}/house/{level}", remove_house, methods=["DELETE"]),
    Route("/v1/ladders", list_ladders, methods=["GET"]),
    Route("/v1/ladders/{ladder_id}", get_ladder, methods=["GET"]),
    Route("/v1/ladders/{ladder_id}/queue", join_queue, methods=["POST"]),
    Route("/v1/ladders/{ladder_id}/queue", leave_queue, methods=["DELETE"]),
    Route("/v1/ladders/{ladder_id}/me", my_status, methods=["GET"]),
    Route("/v1/ladders/{ladder_id}/leaderboard", leaderboard, methods=["GET"]),
    Route("/v1/ladders/{ladder_id}/accounts/{account_id}/history", history, methods=["GET"]),
]
