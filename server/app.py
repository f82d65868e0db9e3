"""The Starlette application: REST, the WebSocket, and the process's Redis connections."""

from __future__ import annotations

import contextlib
import gc
import logging
from collections.abc import AsyncIterator
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute

from server import rest, ws
from server.config import Settings
from server.engine.errors import VorpalError
from server.hub import Hub
from server.matches import Matches
from server.openapi import document
from server.problems import on_crash, on_http_error, on_vorpal_error
from server.store import Store
from server.store.embedded import EmbeddedRedis

log = logging.getLogger("vorpal")


async def openapi(request: Request) -> Response:
    return JSONResponse(document())


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or Settings.from_env()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        embedded = None
        url = settings.redis_url
        if url is None:
            embedded = EmbeddedRedis(Path(settings.data_dir) / "redis").start()
            url = embedded.url
            log.warning("REDIS_URL unset: started an embedded Redis at %s (data in %s)", url, embedded.data_dir)
        store = Store.from_url(url, pool_size=settings.redis_pool, cluster=settings.redis_cluster)
        matches = Matches(store, settings)
        hub = Hub(matches, bot_sweep_s=settings.bot_sweep_s)
        app.state.settings, app.state.matches, app.state.hub = settings, matches, hub
        await hub.start()
        # Start-up objects will live for ever: keep them out of every collection.
        gc.collect()
        gc.freeze()
        try:
            yield
        finally:
            await matches.drain()
            await hub.stop()
            await store.close()
            if embedded is not None:
                embedded.stop()

    return Starlette(
        routes=[
            *rest.routes,
            Route("/openapi.json", openapi, methods=["GET"]),
            WebSocketRoute("/v1/ws", ws.endpoint),
        ],
        exception_handlers={VorpalError: on_vorpal_error, HTTPException: on_http_error, Exception: on_crash},
        lifespan=lifespan,
    )
