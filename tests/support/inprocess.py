"""A Vorpal instance served in the test's own process and event loop, on a clock the test steps.

:class:`~tests.support.servers.ServerProcess` runs ``python -m server serve`` as a child, on the wall
clock. A test of a deadline or a delay in seconds serves :func:`server.web.app.create_app` here
instead, with a :class:`~server.runtime.clock.SteppedClock`: every service reads that clock, so the
test moves time past a deadline by hand rather than sleeping until it passes. Real sockets, real
Redis, the production protocols; only the clock is the test's.
"""

from __future__ import annotations

import asyncio
import dataclasses
from types import TracebackType

import uvicorn

from server.config import Settings
from server.runtime.clock import SteppedClock
from server.store.embedded import free_port
from server.web.app import create_app
from server.web.services import Services
from server.web.wsprotocol import VorpalHttpProtocol, VorpalWebSocketProtocol


class InProcessServer:
    """``async with InProcessServer(redis_url) as server``: ``server.url``, ``server.clock``, ``server.services``."""

    def __init__(self, redis_url: str, *, clock: SteppedClock | None = None, **settings: object) -> None:
        """``settings`` are :class:`~server.config.Settings` fields over the environment's (as a child
        server reads them; the loops tick 5 times a second here)."""
        self.clock = clock or SteppedClock()
        fields: dict[str, object] = {"redis_url": redis_url, "schedule_tick_s": 0.2, **settings}
        self.settings = dataclasses.replace(Settings.from_env(), **fields)  # type: ignore[arg-type]
        self.port = free_port()
        self.app = create_app(self.settings, clock=self.clock)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, http=VorpalHttpProtocol,
                                ws=VorpalWebSocketProtocol, ws_per_message_deflate=False, lifespan="on",
                                log_level="warning", access_log=False)  # fmt: skip
        self.server = uvicorn.Server(config)
        self.task: asyncio.Task[None] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def services(self) -> Services:
        found: Services = self.app.state.services
        return found

    def step(self, ms: int) -> int:
        """Move the clock ``ms`` on and wake the loops, so that they act on any deadline passed now."""
        now = self.clock.step(ms)
        self.services.scheduler.wake()
        self.services.ladder_loop.wake()
        return now

    async def __aenter__(self) -> InProcessServer:
        self.task = asyncio.create_task(self.server.serve())
        for _ in range(3000):  # up to 30 s: the server comes up, or its task fails
            if self.server.started or self.task.done():
                break
            await asyncio.sleep(0.01)
        if not self.server.started:
            await self.__aexit__(None, None, None)
            raise RuntimeError("the in-process server did not start")
        return self

    async def __aexit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:  # fmt: skip
        self.server.should_exit = True
        if self.task is not None:
            await self.task
