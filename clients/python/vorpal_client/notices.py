"""An account's new notices for the bot runners: pushed when they can be, polled when not.

:class:`NoticeFeed` keeps a live connection signed in with the account's key
(PROTOCOL.md section 3, "The account session"): while it is up, a notice is
handed over the moment it is pushed. While it is down (reconnecting, or the
sign-in failed), the runner falls back to reading the inbox over REST every
``poll_s``; and even while it is up, a quiet spell of :data:`QUIET_S` ends with
one look at the inbox, so that a runner never depends on the push alone. Notices
are numbered, so the two paths cannot hand one over twice: each read asks for
those above the last ``seq`` handed over.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from functools import partial
from typing import Any

from .bot import until_available
from .errors import ApiError, Unavailable
from .live import LiveConnection
from .models import Notice
from .rest import VorpalClient

log = logging.getLogger("vorpal_client.notices")

#: Seconds without a pushed notice after which the inbox is read anyway.
QUIET_S = 5.0


class NoticeFeed:
    def __init__(self, server: str, api: VorpalClient, key: str, *, poll_s: float, quiet_s: float = QUIET_S) -> None:
        self.server, self.api, self.key = server, api, key
        self.poll_s, self.quiet_s = poll_s, quiet_s
        self.live: LiveConnection | None = None

    async def open(self, since: int) -> None:
        """Sign a live connection in with the key, resuming after ``since``; polling if that fails."""
        live = LiveConnection(self.server)
        try:
            await live.connect()
            await live.sign_in(self.key, since=since)
        except (ApiError, OSError) as exc:
            log.info("no pushed notices (%s): reading the inbox instead", exc)
            await live.close()
            return
        self.live = live

    async def close(self) -> None:
        if self.live is not None:
            await self.live.close()

    @property
    def pushed(self) -> bool:
        return self.live is not None and self.live.connected

    async def queue(self, ladder: str) -> None:
        """Queue the account on ``ladder``: over the signed-in socket if it is up, else over REST."""
        if self.pushed:
            assert self.live is not None
            with contextlib.suppress(Unavailable):  # lost meanwhile: REST decides
                await self.live.queue(ladder)
                return
        await until_available(lambda: self.api.join_queue(ladder, self.key))

    async def next(self, since: int, stop: asyncio.Event) -> list[Notice]:
        """The notices above ``since``, oldest first; empty if none came in a while (or ``stop`` was set)."""
        if self.pushed:
            assert self.live is not None
            first = await _first(self.live.notices, stop, self.quiet_s)
            if first is not None:
                frames = [first]
                while not self.live.notices.empty():
                    frames.append(self.live.notices.get_nowait())
                return [Notice.model_validate(f) for f in frames if f["seq"] > since]
            if stop.is_set():
                return []
        found = await until_available(partial(self.api.inbox, self.key, since=since))
        if not found and not self.pushed:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), self.poll_s)
        return found


async def _first(queue: asyncio.Queue[dict[str, Any]], stop: asyncio.Event, bound_s: float) -> dict[str, Any] | None:
    """The queue's next item, or None once ``stop`` is set or ``bound_s`` passed."""
    getting = asyncio.ensure_future(queue.get())
    stopping = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({getting, stopping}, timeout=bound_s, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopping.cancel()
        if not getting.done():
            getting.cancel()
    return getting.result() if getting.done() and not getting.cancelled() else None
