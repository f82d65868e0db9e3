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

from starlette.requests import Request
from starlette.responses import FileResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

STATIC = Path(__file__).resolve().parent / "static"
JS_SDK = Path(__file__).resolve().parents[3] / "clients" / "js"
SDK_MODULES = JS_SDK / "src"
MSGPACK_MODULES = JS_SDK / "node_modules" / "@msgpack" / "msgpack" / "dist.esm"


async def page(request: Request) -> Response:
    # No caching: a page from before a server upgrade must not pair with newer SDK modules.
    return FileResponse(STATIC / "index.html", headers={"cache-control": "no-cache"})


async def to_page(request: Request) -> Response:
    return RedirectResponse("/play/", status_code=308)


routes: list[BaseRoute] = [
    Route("/", to_page, methods=["GET"]),  # the server's root leads people to the playground
    Route("/play", to_page, methods=["GET"]),
    Route("/play/", page, methods=["GET"]),
    Mount("/play/static", StaticFiles(directory=STATIC), name="playground"),
    Mount("/play/sdk", StaticFiles(directory=SDK_MODULES, check_dir=False), name="playground-sdk"),
    Mount("/play/vendor/msgpack", StaticFiles(directory=MSGPACK_MODULES, check_dir=False), name="playground-msgpack"),
]
