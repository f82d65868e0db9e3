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
from server.errors import MatchNotFound
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


async def step_to_the_absent(server: InProcessServer, tournament: str, absent: str, stop: asyncio.Event) -> None:
    """Play the clock for a tournament with an ``absent`` account, until ``stop`` is set: whenever every
    match of ``tournament`` still under way waits on ``absent`` alone, step to the earliest of its
    deadlines. Nobody else's deadline is ever passed (the others are not waited on when it steps), so
    whoever plays moves in time however slowly the test runs, and ``absent`` times out at each turn.

    Stopped by the event, not cancelled: on Python 3.11 a cancellation that comes as a Redis call
    completes can be swallowed (:class:`server.live.scheduler.BackgroundLoop`), and the loop ran on."""
    services = server.services
    while not stop.is_set():
        due, others = [], False
        for rnd in (await services.tournaments.get(tournament)).rounds:
            for p in rnd.pairings:
                try:
                    record, _ = await services.matches.store.load(p.match)
                except MatchNotFound:
                    continue
                if record.status.ended:
                    continue
                deadlines = {} if record.clock is None else record.clock.deadlines
                theirs = {s for s, held in enumerate(record.held) if held == absent}
                if deadlines and set(deadlines) <= theirs:
                    due.append(min(deadlines.values()))
                else:
                    others = True
        if due and not others and min(due) > server.clock():
            server.step(min(due) - server.clock())
        await asyncio.sleep(0.01)  # a poll for the absent's turn, not a wait for time to pass
