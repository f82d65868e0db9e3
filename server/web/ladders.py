"""REST for ladders (``/v1/ladders``): an admin creates one; accounts queue with their API key,
see whether they wait or have a match, read the board and anyone's rating history.

A pairing is announced in the account's inbox (``match_found``: ladder, match, seat), read
with ``GET /v1/accounts/me/inbox`` or pushed on a WebSocket signed in with the key; the
account then joins its held seat with ``POST /v1/matches/{id}/join`` (:mod:`server.web.rest`).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server.domain.ladders import LadderSpec
from server.engine.errors import BadRequest

from .accounts import api_key
from .admin import admin
from .rest import Body, parse
from .services import services


class CreateLadder(Body, LadderSpec):
    """The body of ``POST /v1/admin/ladders``."""


def _limit(request: Request, default: int = 100, most: int = 1000) -> int:
    raw = request.query_params.get("limit", str(default))
    if not raw.isascii() or not raw.isdigit() or not 1 <= int(raw) <= most:
        raise BadRequest(f"limit must be an integer 1..{most}")
    return int(raw)


async def create_ladder(request: Request) -> Response:
    app = admin(request)
    body = await parse(request, CreateLadder)
    ladder = await app.ladders.create(LadderSpec.model_validate(body.model_dump()))
    app.ladder_loop.wake()
    return JSONResponse(ladder.model_dump(mode="json"), status_code=201)


async def list_ladders(request: Request) -> Response:
    found = await services(request).ladders.all()
    return JSONResponse({"ladders": [lad.model_dump(mode="json") for lad in found]})


async def get_ladder(request: Request) -> Response:
    ladder = await services(request).ladders.get(request.path_params["ladder_id"])
    return JSONResponse(ladder.model_dump(mode="json"))


async def join_queue(request: Request) -> Response:
    app = services(request)
    account = await app.accounts.authenticate(api_key(request))
    entry = await app.ladders.join_queue(request.path_params["ladder_id"], account)
    app.ladder_loop.wake()
    return JSONResponse({"ladder": request.path_params["ladder_id"], "queued": True, "since": entry.since},
                        status_code=201)  # fmt: skip


async def leave_queue(request: Request) -> Response:
    app = services(request)
    account = await app.accounts.authenticate(api_key(request))
    await app.ladders.leave_queue(request.path_params["ladder_id"], account)
    return JSONResponse({"ladder": request.path_params["ladder_id"], "queued": False})


async def my_status(request: Request) -> Response:
    app = services(request)
    account = await app.accounts.authenticate(api_key(request))
    return JSONResponse(await app.ladders.status(request.path_params["ladder_id"], account))


async def leaderboard(request: Request) -> Response:
    ladder_id = request.path_params["ladder_id"]
    board = await services(request).ladders.leaderboard(ladder_id, _limit(request))
    return JSONResponse({"ladder": ladder_id, "ratings": board})


async def history(request: Request) -> Response:
    ladder_id, account_id = request.path_params["ladder_id"], request.path_params["account_id"]
    found = await services(request).ladders.history(ladder_id, account_id, _limit(request))
    return JSONResponse({"ladder": ladder_id, "account": account_id,
                         "history": [h.model_dump(mode="json") for h in found]})  # fmt: skip


routes = [
    Route("/v1/admin/ladders", create_ladder, methods=["POST"]),
    Route("/v1/ladders", list_ladders, methods=["GET"]),
    Route("/v1/ladders/{ladder_id}", get_ladder, methods=["GET"]),
    Route("/v1/ladders/{ladder_id}/queue", join_queue, methods=["POST"]),
    Route("/v1/ladders/{ladder_id}/queue", leave_queue, methods=["DELETE"]),
    Route("/v1/ladders/{ladder_id}/me", my_status, methods=["GET"]),
    Route("/v1/ladders/{ladder_id}/leaderboard", leaderboard, methods=["GET"]),
    Route("/v1/ladders/{ladder_id}/accounts/{account_id}/history", history, methods=["GET"]),
]
