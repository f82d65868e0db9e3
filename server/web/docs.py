"""``/docs``: the API reference, rendered in the browser by Swagger UI from ``/openapi.json``.

Swagger UI's files come from the pinned ``swagger-ui-py`` package (a dependency, so
``make install`` and the Docker image both have them) and are served from here: the page
makes no request beyond this server. The online validator badge is off for the same reason.
"""

from __future__ import annotations

from importlib import resources

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

ASSETS = resources.files("swagger_ui") / "static"

PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Vorpal API reference</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/start.js"></script>
</body>
</html>
"""

START = """window.ui = SwaggerUIBundle({
  url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true, validatorUrl: null,
});
"""


async def page(request: Request) -> Response:
    return HTMLResponse(PAGE)


async def start(request: Request) -> Response:
    return Response(START, media_type="text/javascript")


routes: list[BaseRoute] = [
    Route("/docs", page, methods=["GET"]),
    Route("/docs/start.js", start, methods=["GET"]),
    Mount("/docs/assets", StaticFiles(directory=str(ASSETS)), name="docs-assets"),
]
