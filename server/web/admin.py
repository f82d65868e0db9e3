"""The admin endpoints (``/v1/admin``): list and abort matches, disable an account.

Every one needs the admin key (``VORPAL_ADMIN_KEY``) as the bearer credential;
without it they change nothing (:func:`server.web.auth.require_admin`).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from server.domain.accounts import AccountInfo
from server.domain.record import MatchList, MatchSummary
from server.errors import AccountNotFound, MatchOver, StaleVersion, Unavailable, UnknownGame

from .auth import require_admin
from .openapi import LOBBY_FILTER, Auth, operation
from .responses import answer
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
    return answer(AccountInfo, account)


routes = [
    Route("/v1/admin/matches", list_matches, methods=["GET"]),
    Route("/v1/admin/matches/{match_id}/abort", abort_match, methods=["POST"]),
    Route("/v1/admin/accounts/{account_id}/disable", disable_account, methods=["POST"]),
]
