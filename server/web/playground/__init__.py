"""The browser playground at ``/play``: a page built on the JavaScript SDK alone.

The page is static (``static/``); the SDK's browser modules are served as they are
from the repository (``clients/js/src``), with the one package they import
(``@msgpack/msgpack``, installed by ``npm ci`` in ``clients/js``; ``make install``
runs it) mapped by the page's import map. Nothing is fetched from elsewhere at run
time, so the playground works on a machine without internet access. Outside a
repository checkout (an installed wheel) the SDK is missing and the page says so.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.datastructures import URLPath
from starlette.requests import Request
from starlette.responses import FileResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Match, Mount, NoMatchFound, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

STATIC = Path(__file__).resolve().parent / "static"
JS_SDK = Path(__file__).resolve().parents[3] / "clients" / "js"
SDK_MODULES = JS_SDK / "src"
MSGPACK_MODULES = JS_SDK / "node_modules" / "@msgpack" / "msgpack" / "dist.esm"


async def page(request: Request) -> Response:
    # No caching: a page from before a server upgrade must not pair with newer SDK modules.
    return FileResponse(STATIC / "index.html", headers={"cache-control": "no-cache"})


async def to_page(request: Request) -> Response:
    return RedirectResponse("/play/", status_code=308)


class Root(BaseRoute):
    """``GET /``: people who open the server's address are led to the playground.

    A page, like ``/play``, not an API operation: a bare route rather than a :class:`Route`, which
    the API's routes are (and which the OpenAPI document must describe).
    """

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        here = scope["type"] == "http" and scope["path"] == "/" and scope["method"] in ("GET", "HEAD")
        return (Match.FULL if here else Match.NONE), {}

    def url_path_for(self, name: str, /, **path_params: Any) -> URLPath:
        raise NoMatchFound(name, path_params)

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        await RedirectResponse("/play/", status_code=308)(scope, receive, send)


routes: list[BaseRoute] = [
    Root(),
    Route("/play", to_page, methods=["GET"]),
    Route("/play/", page, methods=["GET"]),
    Mount("/play/static", StaticFiles(directory=STATIC), name="playground"),
    Mount("/play/sdk", StaticFiles(directory=SDK_MODULES, check_dir=False), name="playground-sdk"),
    Mount("/play/vendor/msgpack", StaticFiles(directory=MSGPACK_MODULES, check_dir=False), name="playground-msgpack"),
]
