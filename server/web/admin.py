"""The admin endpoints (``/v1/admin``): list and abort matches, disable an account.

Every one needs the admin key (``VORPAL_ADMIN_KEY``) as the bearer credential;
without it they change nothing (:func:`server.web.auth.require_admin`).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .auth import require_admin
from .rest import listing, match_id
from .services import Services, services


def admin(request: Request) -> Services:
    app = services(request)
    require_admin(request, app.settings.admin_key)
    return app


async def list_matches(request: Request) -> Response:
    app = admin(request)
    page = await app.matches.list_matches(*listing(request))
    return Response(page.json(), media_type="application/json")


async def abort_match(request: Request) -> Response:
    app = admin(request)
    summary = await app.matches.abort(match_id(request))
    return JSONResponse(summary.model_dump(mode="json"))


async def disable_account(request: Request) -> Response:
    app = admin(request)
    account = await app.accounts.disable(request.path_params["account_id"])
    return JSONResponse(account.model_dump(mode="json"))


routes = [
    Route("/v1/admin/matches", list_matches, methods=["GET"]),
    Route("/v1/admin/matches/{match_id}/abort", abort_match, methods=["POST"]),
    Route("/v1/admin/accounts/{account_id}/disable", disable_account, methods=["POST"]),
]
