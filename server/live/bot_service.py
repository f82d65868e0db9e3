"""The bot service (``vorpal bots``): the processes that play the AI seats of every match.

A search takes hundreds of milliseconds of one core, so it never runs in a web worker: a match
with searching bots (level 2 and up) is put on a schedule of its own when it is created, and each
bot service claims matches from it through a lease per match, exactly as the web tier's
scheduler claims timed work (:class:`~server.live.scheduler.Scheduler`, on other keys). The
holder watches the match's events and, when an AI seat is to act, searches in a worker thread
(:func:`~server.domain.searched.take_search_turn`), so its own loop keeps renewing its leases; a
service that dies loses its leases and another takes its matches over. Services scale apart
from the web tier: run as many as the searches need, on any machine that reaches Redis.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any

from server.ai.choose import choose
from server.ai.levels import RANDOM
from server.config import Settings
from server.domain.matches import Matches
from server.domain.searched import take_search_turn
from server.domain.turns import Step
from server.engine.knowledge import Knowledge
from server.store import Store
from server.store.cached import CachingMatchStore
from server.store.caches import RecordCache, TableCache

from .hub import Hub
from .scheduler import Scheduler, TurnRunner

log = logging.getLogger("vorpal.bots")


class BotService:
    """Plays the AI seats of the matches it leases; ``executor`` runs the searches (one thread by default)."""

    def __init__(self, matches: Matches, store: Store, hub: Hub, *, instance: str, lease_s: float = 5.0,
                 tick_s: float = 1.0, executor: Executor | None = None) -> None:  # fmt: skip
        self.matches = matches
        self.executor = executor or ThreadPoolExecutor(1, thread_name_prefix="vorpal-search")
        self.secret = b""
        runner = TurnRunner(matches, turn=self._turn)
        self.scheduler = Scheduler(matches, store, hub, instance=instance, lease_s=lease_s, tick_s=tick_s,
                                   runner=runner, lease_store=store.bot_schedule, upkeep=False)  # fmt: skip
        self.store = store
        #: Decisions made, and the wall time they took in all (for the service's log and the load test).
        self.decisions = 0

    async def start(self) -> None:
        self.secret = await self.store.bot_schedule.secret()
        await self.scheduler.start()

    async def stop(self) -> None:
        await self.scheduler.stop()
        self.executor.shutdown(wait=False, cancel_futures=True)

    def wake(self) -> None:
        self.scheduler.wake()

    async def _turn(self, matches: Matches, match_id: str) -> Step:
        return await take_search_turn(matches, match_id, self.secret, self._think)

    async def _think(self, game: str, knowledge: Knowledge, level: int, seed: int, seconds: float) -> Any:
        """The search's move; should it fail (a bug of a game's sampling, say), a random legal move, so
        that the match goes on rather than wait on its AI seat for ever."""
        loop = asyncio.get_running_loop()
        try:
            move = await loop.run_in_executor(self.executor, functools.partial(choose, game, knowledge, level, seed,
                                                                                 seconds))  # fmt: skip
        except Exception:
            log.exception("the search of %s failed at level %d: a random move instead", game, level)
            move = choose(game, knowledge, RANDOM, seed)
        self.decisions += 1
        return move


async def run(settings: Settings, url: str, *, instance: str, stop: asyncio.Event) -> None:
    """Run one bot service on the Redis at ``url`` until ``stop`` is set."""
    store = Store.from_url(url, pool_size=4, cluster=settings.redis_cluster)
    matches = Matches(CachingMatchStore(store, TableCache(settings.table_cache), RecordCache(0)), settings)
    hub = Hub(matches, store)
    service = BotService(matches, store, hub, instance=instance, lease_s=settings.lease_s,
                         tick_s=settings.schedule_tick_s)  # fmt: skip
    await hub.start()
    await service.start()
    try:
        await stop.wait()
    finally:
        await service.stop()
        await hub.stop()
        await store.close()
