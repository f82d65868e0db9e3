"""A bot service in the test's own process, on an in-process server's Redis and stepped clock (as ``vorpal bots``
runs beside ``vorpal serve``): it plays the AI seats of level 2 and up."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from server.config import Settings
from server.domain.matches import Matches
from server.live.bot_service import BotService
from server.live.hub import Hub
from server.store import Store
from server.store.cached import CachingMatchStore
from tests.support.inprocess import InProcessServer


@contextlib.asynccontextmanager
async def bot_service(
    server: InProcessServer, store: Store, *, instance: str = "bots-test"
) -> AsyncIterator[BotService]:
    """A started bot service (short leases, a quick tick), stopped with its hub on the way out."""
    matches = Matches(CachingMatchStore(store), Settings(), clock=server.clock)
    hub = Hub(matches, store)
    service = BotService(matches, store, hub, instance=instance, lease_s=2, tick_s=0.1)
    await hub.start()
    await service.start()
    try:
        yield service
    finally:
        await service.stop()
        await hub.stop()
