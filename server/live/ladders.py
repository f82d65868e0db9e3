"""The ladders' pairing loop: one instance at a time pairs each ladder and settles its matches.

Every instance runs a :class:`LadderLoop`. Each tick it renews the ladder leases it holds,
claims ladders whose lease is free or expired (``leases.lua``, as the scheduler leases a
match's timed work), and for each ladder it holds: rates the matches that ended (ending
those whose seats stayed empty past the ladder's ``join_s``), then pairs the queue. When
an instance dies, its ladders are claimed by another within ``lease_s + tick_s``; a
stopping instance hands them back at once.

Holding the lease is not what makes a rating happen once: the rating step is a
compare-and-set in Redis (:meth:`server.domain.ladders.Ladders.settle`), so an instance
that lost its lease mid-tick does no harm.
"""

from __future__ import annotations

import asyncio
import logging

from server.domain.ladders import Ladders
from server.errors import Unavailable, VorpalError
from server.store.ladders import RedisLadders

from .leases import Leases
from .scheduler import BackgroundLoop, until_woken

log = logging.getLogger("vorpal.ladders")

#: Ladders claimed per tick, at most.
CLAIM_BATCH = 100


class LadderLoop:
    def __init__(self, ladders: Ladders, store: RedisLadders, *, instance: str, lease_s: float = 5.0,
                 tick_s: float = 1.0) -> None:  # fmt: skip
        self.ladders = ladders
        self.store = store
        self.instance = instance
        self.lease_ms = int(lease_s * 1000)
        self.tick_s = tick_s
        self.leases = Leases(store, instance=instance, lease_ms=self.lease_ms, what="ladder")
        self._wakeup = asyncio.Event()
        self._loop = BackgroundLoop()

    async def start(self) -> None:
        self._loop.start(self._run())

    async def stop(self) -> None:
        await self._loop.stop()
        await self.leases.hand_back()

    def wake(self) -> None:
        """Someone queued, or a ladder was created: look now rather than at the next tick."""
        self._wakeup.set()

    async def _run(self) -> None:
        while self._loop.running:
            try:
                await self.tick()
            except Unavailable:
                pass  # Redis is away: the next tick tries again
            except Exception:
                log.exception("ladder tick failed")
            await until_woken(self._wakeup, self.tick_s)

    async def tick(self) -> None:
        await self.leases.renew()
        await self.leases.claim(CLAIM_BATCH)
        for ladder_id in sorted(self.leases.owned):
            ladder = await self.store.load(ladder_id)
            if ladder is None:
                continue
            try:
                await self.ladders.settle_matches(ladder, self.ladders.clock())
                await self.ladders.pair_queue(ladder, self.ladders.clock())
            except Unavailable:
                raise
            except VorpalError as exc:
                log.warning("ladder %s: %s", ladder_id, exc.code)
