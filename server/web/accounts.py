"""REST for accounts: register, see, rotate and revoke your API key (``/v1/accounts``); and the list of
house accounts, the AI players of fixed levels that organisers enter as rating anchors
(``/v1/accounts/house``, :mod:`server.domain.house`).

The key goes in ``Authorization: Bearer``; joining a match with it is
``POST /v1/matches/{id}/join`` (:mod:`server.web.rest`).
"""

from __future__ import annotations

from pydantic import Field, JsonValue
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from server.ai.levels import BY_NUMBER as AI_LEVELS
from server.domain.accounts import AccountInfo, AccountKind, Issued
from server.domain.house import house_accounts
from server.domain.status import MatchStatus
from server.errors import AccountDisabled, BadRequest, Unauthorized, Unavailable

from .auth import bearer
from .openapi import Auth, Query, operation
from .params import query_int
from .responses import AccountMatches, HouseList, KeyRevoked, NoticeList, answer
from .rest import Body, parse
from .services import services

#: The levels a house account is of, as the document lists them (another is ``account_not_found``).
_LEVELS: dict[str, JsonValue] = {"enum": list(sorted(AI_LEVELS))}


class EnterHouse(Body):
    """The body that enters a house account in a ladder or a tournament (an organiser's act)."""

    level: int = Field(description="the AI level of the house account (GET /v1/accounts/house)",
                       json_schema_extra=_LEVELS)  # fmt: skip


class Register(Body):
    name: str = Field(min_length=1, max_length=40, description="the name the account plays under")
    kind: AccountKind = Field(description="human or bot")


def api_key(request: Request) -> str:
    key = bearer(request)
    if key is None:
        raise Unauthorized("send your API key: 'Authorization: Bearer vpk_...'")
    return key


#: What every operation with an API key can also answer.
_KEY_ERRORS = [AccountDisabled, Unavailable]


@operation(
    "registerAccount",
    "Register an account; answers it with its API key (shown once)",
    tag="accounts",
    answer=Issued,
    status=201,
    body=Register,
    errors=[Unavailable],
)
async def register(request: Request) -> Response:
    body = await parse(request, Register)
    issued = await services(request).accounts.register(body.name, body.kind)
    return answer(Issued, issued, 201)


@operation(
    "getAccount", "The account of the API key", tag="accounts", answer=AccountInfo, auth=Auth.KEY, errors=_KEY_ERRORS
)
async def me(request: Request) -> Response:
    account = await services(request).accounts.authenticate(api_key(request))
    return answer(AccountInfo, account.public())


INBOX_SINCE = Query("since", {"type": "integer", "minimum": 0, "maximum": 2**63 - 1, "default": 0},
                    "only the notices numbered above this (the last `seq` the client saw)")  # fmt: skip


@operation(
    "readInbox",
    "The account's notices (pairings, rounds) numbered above `since`, oldest first",
    tag="accounts",
    answer=NoticeList,
    query=[INBOX_SINCE],
    auth=Auth.KEY,
    errors=_KEY_ERRORS,
)
async def inbox(request: Request) -> Response:
    account = await services(request).accounts.authenticate(api_key(request))
    notices = await services(request).inbox.read(account.id, query_int(request, "since", 0, 0))
    return answer(NoticeList, {"notices": notices})


MY_STATUS = Query("status", {"type": "string", "enum": [s.value for s in MatchStatus]},
                  "only matches in this status (`active`: where it sits now, to resume after a restart)")  # fmt: skip
MY_LIMIT = Query("limit", {"type": "integer", "minimum": 1, "maximum": 500, "default": 50}, "at most this many")


@operation(
    "listMyMatches",
    "The account's matches (sat in, or paired for), newest first; each ended one as it ended",
    tag="accounts",
    answer=AccountMatches,
    query=[MY_STATUS, MY_LIMIT],
    auth=Auth.KEY,
    errors=_KEY_ERRORS,
)
async def my_matches(request: Request) -> Response:
    account = await services(request).accounts.authenticate(api_key(request))
    status = request.query_params.get("status")
    if status is not None and status not in set(MatchStatus):
        raise BadRequest(f"status is one of {', '.join(MatchStatus)}")
    limit = query_int(request, "limit", 50, 1, 500)
    found = await services(request).matches.of_account(account.id, None if status is None else MatchStatus(status),
                                                       limit)  # fmt: skip
    return answer(AccountMatches, {"matches": found})


@operation(
    "rotateKey",
    "Rotate: a new API key (shown once); the one sent stops working",
    tag="accounts",
    answer=Issued,
    status=201,
    auth=Auth.KEY,
    errors=_KEY_ERRORS,
)
async def rotate(request: Request) -> Response:
    issued = await services(request).accounts.rotate(api_key(request))
    return answer(Issued, issued, 201)


@operation(
    "revokeKey",
    "Revoke the API key sent; none replaces it",
    tag="accounts",
    answer=KeyRevoked,
    auth=Auth.KEY,
    errors=_KEY_ERRORS,
)
async def revoke(request: Request) -> Response:
    account = await services(request).accounts.revoke(api_key(request))
    return answer(KeyRevoked, {"account": account, "revoked": True})


@operation("listHouseAccounts", "The house accounts: one AI player per level, which organisers enter in ladders "
           "and tournaments as rating anchors (nobody signs in as one)", tag="accounts", answer=HouseList)  # fmt: skip
async def house(request: Request) -> Response:
    return answer(HouseList, {"accounts": house_accounts()})


routes = [
    Route("/v1/accounts/house", house, methods=["GET"]),
    Route("/v1/accounts", register, methods=["POST"]),
    Route("/v1/accounts/me", me, methods=["GET"]),
    Route("/v1/accounts/me/inbox", inbox, methods=["GET"]),
    Route("/v1/accounts/me/matches", my_matches, methods=["GET"]),
    Route("/v1/accounts/me/key", rotate, methods=["POST"]),
    Route("/v1/accounts/me/key", revoke, methods=["DELETE"]),
]
