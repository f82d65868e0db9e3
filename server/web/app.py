"""The Starlette application: wiring only. Every piece is made here, from the settings, once."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import sys
from collections.abc import AsyncIterator
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import Receive, Scope, Send

from server.config import Settings
from server.domain.accounts import Accounts
from server.domain.chat import Chat
from server.domain.inbox import Inbox
from server.domain.ladders import Ladders
from server.domain.matches import Matches
from server.domain.tournaments.service import Tournaments
from server.errors import VorpalError
from server.live.hub import Hub
from server.live.ladders import LadderLoop
from server.live.scheduler import Scheduler
from server.live.tournaments import TournamentLoop
from server.runtime.clock import Clock, now_ms
from server.runtime.gc import GcTuning
from server.runtime.heap import HeapTrim
from server.store import Store
from server.store.accounts import RedisAccounts
from server.store.buckets import RedisBuckets
from server.store.cached import CachingMatchStore
from server.store.caches import RecordCache, TableCache
from server.store.embedded import EmbeddedRedis
from server.store.inbox import RedisInbox
from server.store.ladders import RedisLadders
from server.store.tournaments import RedisTournaments

from . import (
    access,
    accounts,
    admin,
    asyncapi,
    docs,
    ladders,
    metrics,
    origins,
    playground,
    rest,
    tournaments,
    versions,
    ws,
)
from .bodies import BodyLimit
from .built_once import BuiltOnce
from .drain import Drain
from .openapi import document
from .problems import Faults, on_crash, on_http_error, on_method_not_allowed, on_vorpal_error
from .rates import RestRateLimit
from .services import Services

log = logging.getLogger("vorpal")


async def openapi(request: Request) -> Response:
    # Fixed for the process, and long to make (every game's schemas): made once per app, not per request.
    state, routes = request.app.state, request.app.routes
    if getattr(state, "openapi", None) is None:
        state.openapi = BuiltOnce(lambda: bytes(JSONResponse(document(routes)).body))
    return Response(await state.openapi.get(), media_type="application/json")


class App(Starlette):
    """The Starlette app, except that a WebSocket handshake on :data:`ws.PATH` goes straight to its
    endpoint, past the layers that let it through (:func:`ws.handshake` says why)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and scope["path"] == ws.PATH:
            scope["app"] = self
            await ws.handshake(scope, receive, send)
        else:
            await super().__call__(scope, receive, send)


def instance_name() -> str:
    """Names this process in the leases it holds (unique even across restarts on one host)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


def create_app(settings: Settings | None = None, *, clock: Clock = now_ms) -> Starlette:
    """The app on ``settings`` (from the environment by default). Every service reads ``clock``:
    a test serving the app in its own process hands in a stepped one, and moves time by hand."""
    settings = settings or Settings.from_env()
    access.configure(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        embedded = None
        url = settings.redis_url
        if url is None:
            embedded = EmbeddedRedis(Path(settings.data_dir) / "redis").start()
            url = embedded.url
            log.warning("REDIS_URL unset: started an embedded Redis at %s (data in %s)", url, embedded.data_dir)
        gc_tuning = GcTuning(settings.gc_threshold, settings.gc_warn_ms / 1000, settings.gc_young_ms / 1000)
        gc_tuning.apply()
        heap_trim = HeapTrim(settings.heap_trim_s, settings.gc_warn_ms / 1000)
        store = Store.from_url(url, pool_size=settings.redis_pool, idle_s=settings.redis_idle_s,
                               cluster=settings.redis_cluster)  # fmt: skip
        store.accounts_index.keep_s = settings.records_retention_s
        store.require_replicas(settings.write_replicas, settings.write_timeout_ms, aof=settings.write_aof)
        cached = CachingMatchStore(store, TableCache(settings.table_cache),
                                   RecordCache(20_000 if settings.move_cache else 0))  # fmt: skip
        matches = Matches(cached, settings, clock=clock)
        inbox = Inbox(RedisInbox(store.redis))
        hub = Hub(matches, store, inbox)
        scheduler = Scheduler(matches, store, hub, instance=instance_name(), lease_s=settings.lease_s,
                              tick_s=settings.schedule_tick_s, sweep_s=settings.bot_sweep_s)  # fmt: skip
        cup_store = RedisTournaments(store.redis, retention_s=settings.records_retention_s)
        cups = Tournaments(cup_store, matches, inbox, instance=scheduler.instance,
                           lease_ms=int(settings.lease_s * 1000), on_matches=scheduler.wake, clock=clock,
                           ratings=lambda ladder_id: ladder_loop.ladders.board_of(ladder_id))  # fmt: skip
        cup_loop = TournamentLoop(cups, tick_s=settings.schedule_tick_s)
        ladder_store = RedisLadders(store.redis)
        ladder_loop = LadderLoop(Ladders(ladder_store, matches, inbox, clock=clock), ladder_store,
                                 instance=scheduler.instance, lease_s=settings.lease_s,
                                 tick_s=settings.schedule_tick_s)  # fmt: skip
        buckets = RedisBuckets(store.conn)
        app.state.services = Services(settings, store, matches, Chat(store, settings.chat_per_minute, clock=clock),
                                      hub, scheduler,
                                      Accounts(RedisAccounts(store.redis), clock=clock), inbox, buckets,
                                      cups, ladder_loop.ladders, ladder_loop,
                                      asyncio.Semaphore(settings.ws_catch_up or sys.maxsize))  # fmt: skip
        await hub.start()
        await scheduler.start()
        await cup_loop.start()
        await ladder_loop.start()
        # Start-up objects will live for ever: keep them out of every collection.
        gc_tuning.freeze()
        gc_tuning.start()
        heap_trim.start()
        app.state.drain = Drain(settings.drain_delay_s)
        app.state.drain.install()  # SIGTERM: readiness fails first (server/web/drain.py)
        try:
            yield
        finally:
            await ladder_loop.stop()
            await cup_loop.stop()
            await scheduler.stop()
            await hub.stop()
            await store.close()
            await asyncio.to_thread(matches.offload.close)
            gc_tuning.restore()
            heap_trim.stop()
            if embedded is not None:
                embedded.stop()

    return App(
        routes=[
            *rest.routes,
            *versions.routes,
            *accounts.routes,
            *admin.routes,
            *tournaments.routes,
            *ladders.routes,
            Route("/openapi.json", openapi, methods=["GET"]),
            Route("/asyncapi.json", asyncapi.serve, methods=["GET"]),
            Route("/metrics", metrics.endpoint, methods=["GET"]),
            *docs.routes,
            WebSocketRoute(ws.PATH, ws.endpoint),  # reached through App.__call__
            *playground.routes,
        ],
        # Outermost first: every answer gets a request id and CORS headers, refusals and faults included.
        middleware=[
            Middleware(access.RequestLog, enabled=settings.access_log),
            origins.cors(settings),
            Middleware(Faults),
            Middleware(BodyLimit, limit=settings.max_body_bytes),
            Middleware(RestRateLimit, settings=settings),
        ],
        exception_handlers={
            VorpalError: on_vorpal_error,
            HTTPException: on_http_error,
            405: on_method_not_allowed,
            Exception: on_crash,
        },
        lifespan=lifespan,
    )
