"""REST for accounts: register, see, rotate and revoke your API key (``/v1/accounts``).

The key goes in ``Authorization: Bearer``; joining a match with it is
``POST /v1/matches/{id}/join`` (:mod:`server.web.rest`).
"""

from __future__ import annotations

from pydantic import Field
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server.domain.accounts import AccountKind
from server.engine.errors import BadRequest, Unauthorized

from .auth import bearer
from .rest import Body, parse
from .services import services


class Register(Body):
    name: str = Field(min_length=1, max_length=40, description="the name the account plays under")
    kind: AccountKind = Field(description="human or bot")


def api_key(request: Request) -> str:
    key = bearer(request)
    if key is None:
        raise Unauthorized("send your API key: 'Authorization: Bearer vpk_...'")
    return key


async def register(request: Request) -> Response:
    body = await parse(request, Register)
    issued = await services(request).accounts.register(body.name, body.kind)
    return JSONResponse(issued.model_dump(mode="json"), status_code=201)


async def me(request: Request) -> Response:
    account = await services(request).accounts.authenticate(api_key(request))
    return JSONResponse(account.public().model_dump(mode="json"))


async def inbox(request: Request) -> Response:
    """The account's notices numbered above ``?since=`` (0: every kept one), oldest first."""
    account = await services(request).accounts.authenticate(api_key(request))
    raw = request.query_params.get("since", "0")
    if not raw.isascii() or not raw.isdigit():
        raise BadRequest("since must be an integer >= 0")
    notices = await services(request).inbox.read(account.id, int(raw))
    return JSONResponse({"notices": [n.model_dump(mode="json") for n in notices]})


async def rotate(request: Request) -> Response:
    issued = await services(request).accounts.rotate(api_key(request))
    return JSONResponse(issued.model_dump(mode="json"), status_code=201)


async def revoke(request: Request) -> Response:
    account = await services(request).accounts.revoke(api_key(request))
    return JSONResponse({"account": account.model_dump(mode="json"), "revoked": True})


routes = [
    Route("/v1/accounts", register, methods=["POST"]),
    Route("/v1/accounts/me", me, methods=["GET"]),
    Route("/v1/accounts/me/inbox", inbox, methods=["GET"]),
    Route("/v1/accounts/me/key", rotate, methods=["POST"]),
    Route("/v1/accounts/me/key", revoke, methods=["DELETE"]),
]
