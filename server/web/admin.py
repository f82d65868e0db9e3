"""The admin endpoints (``/v1/admin``): list and abort matches; list, disable and enable accounts.

Every one needs the admin key (``VORPAL_ADMIN_KEY``) as the bearer credential;
without it they change nothing (:func:`server.web.auth.require_admin`).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from server.domain.accounts import AccountInfo
from server.domain.record import MatchList, MatchSummary
from server.errors import AccountNotFound, BadRequest, MatchOver, StaleVersion, Unavailable, UnknownGame

from .auth import require_admin
from .openapi import LOBBY_FILTER, Auth, Query, operation
from .params import query_int
from .responses import AccountList, answer
from .rest import listing, match_id
from .services import Services, services


def admin(request: Request) -> Services:
    app = services(request)
    require_admin(request, app.settings.admin_key)
    return app


@operation(
    "adminListMatches",
    "Admin: list matches, newest first, with their accounts",
    tag="admin",
    answer=MatchList,
    query=LOBBY_FILTER,
    auth=Auth.ADMIN,
    errors=[UnknownGame, Unavailable],
)
async def list_matches(request: Request) -> Response:
    app = admin(request)
    page = await app.matches.list_matches(*listing(request), spectator=False)
    return Response(page.json(), media_type="application/json")


@operation(
    "adminAbortMatch",
    "Admin: abort an open or active match",
    tag="admin",
    answer=MatchSummary,
    auth=Auth.ADMIN,
    errors=[MatchOver, StaleVersion, Unavailable],
)
async def abort_match(request: Request) -> Response:
    app = admin(request)
    summary = await app.matches.abort(match_id(request))
    return answer(MatchSummary, summary)


@operation(
    "adminDisableAccount",
    "Admin: disable an account (its API key is refused)",
    tag="admin",
    answer=AccountInfo,
    auth=Auth.ADMIN,
    errors=[AccountNotFound, Unavailable],
)
async def disable_account(request: Request) -> Response:
    app = admin(request)
    account = await app.accounts.disable(request.path_params["account_id"])
    await app.ladders.withdraw(account.id)  # and it leaves every ladder's queue and every tournament
    await app.tournaments.withdraw_everywhere(account.id)
    return answer(AccountInfo, account)


@operation(
    "adminEnableAccount",
    "Admin: enable a disabled account (its current API key works again)",
    tag="admin",
    answer=AccountInfo,
    auth=Auth.ADMIN,
    errors=[AccountNotFound, Unavailable],
)
async def enable_account(request: Request) -> Response:
    app = admin(request)
    return answer(AccountInfo, await app.accounts.enable(request.path_params["account_id"]))


ACCOUNT_LIMIT = Query("limit", {"type": "integer", "minimum": 1, "maximum": 1000, "default": 100}, "at most this many")
ACCOUNT_AFTER = Query("after", {"type": "string", "pattern": r"^[0-9]{1,16}\.[A-Za-z0-9]{1,64}$"},
                      "where the page starts: the `next` of the page before (absent: the oldest)")  # fmt: skip


@operation(
    "adminListAccounts",
    "Admin: every account, oldest first, a page at a time",
    tag="admin",
    answer=AccountList,
    query=[ACCOUNT_LIMIT, ACCOUNT_AFTER],
    auth=Auth.ADMIN,
    errors=[BadRequest, Unavailable],
)
async def list_accounts(request: Request) -> Response:
    app = admin(request)
    page, after = await app.accounts.all(query_int(request, "limit", 100, 1, 1000), request.query_params.get("after"))
    return answer(AccountList, {"accounts": page, "next": after})


routes = [
    Route("/v1/admin/matches", list_matches, methods=["GET"]),
    Route("/v1/admin/matches/{match_id}/abort", abort_match, methods=["POST"]),
    Route("/v1/admin/accounts", list_accounts, methods=["GET"]),
    Route("/v1/admin/accounts/{account_id}/disable", disable_account, methods=["POST"]),
    Route("/v1/admin/accounts/{account_id}/enable", enable_account, methods=["POST"]),
]
