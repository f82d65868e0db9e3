"""One owner for each match's timed work: a lease in Redis, and the bots run by its holder.

A match with timed work (today: built-in bots; next: a clock) is *scheduled*
when it is created. Every instance runs a :class:`Scheduler`, which each tick

1. renews the leases it holds (a lease it lost is dropped at once),
2. claims scheduled matches whose lease is free or expired (``leases.lua``,
   atomic, on Redis's clock, so instances need no common clock of their own),
3. for each match it holds, watches the match's events through the hub and
   runs its bots when one is to act.

So exactly one instance plays a match's bots, whichever instance applied the
last move, and when that instance dies its leases expire and another takes
them over within ``lease_s + tick_s``. A match that has ended is released.
A stop hands every lease back, so that another instance takes over at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from server.domain.bots import Turn, play_bot_turn
from server.domain.matches import Matches
from server.engine.errors import Unavailable, VorpalError
from server.store import Store

from .hub import Hub

log = logging.getLogger("vorpal.scheduler")

#: Moves one run of a match's bots may make before it yields to a new kick (a guard, never reached in play).
BOT_MOVES_MAX = 100_000
#: Scheduled matches claimed per tick, at most.
CLAIM_BATCH = 200


class BotRunner:
    """Plays the bots of the matches it is given, one task per match at most.

    A short Redis outage (a restart, a failover) is ridden out here: a move refused
    as ``unavailable`` is retried after 0.05 s, 0.1 s, ... up to ``patience_s`` in all;
    past that the run stops, and the scheduler's next sweep starts it again.
    """

    def __init__(self, matches: Matches, *, patience_s: float = 6.4, first_backoff_s: float = 0.05) -> None:
        self.matches = matches
        self.patience_s = patience_s
        self.first_backoff_s = first_backoff_s
        self.ended: set[str] = set()  # matches whose bots found them over; the scheduler releases them
        self._running: set[str] = set()
        self._again: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    def kick(self, match_id: str) -> None:
        """Make sure the bots of ``match_id`` play their turns (idempotent, cheap)."""
        if match_id in self._running:
            self._again.add(match_id)
            return
        self._running.add(match_id)
        task = asyncio.create_task(self._run(match_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, match_id: str) -> None:
        waited, backoff = 0.0, self.first_backoff_s
        try:
            for _ in range(BOT_MOVES_MAX):
                try:
                    turn = await play_bot_turn(self.matches, match_id)
                except Unavailable:
                    if waited + backoff > self.patience_s:
                        raise
                    await asyncio.sleep(backoff)
                    waited, backoff = waited + backoff, backoff * 2
                    continue
                waited, backoff = 0.0, self.first_backoff_s
                if turn is Turn.OVER:
                    self.ended.add(match_id)
                    break
                if turn is Turn.WAITING:
                    if match_id not in self._again:
                        break
                    self._again.discard(match_id)  # kicked while we looked: look once more
        except VorpalError as exc:
            log.warning("bots of match %s stopped: %s", match_id, exc.code)
        except Exception:
            log.exception("bots of match %s failed", match_id)
        finally:
            self._running.discard(match_id)
            self._again.discard(match_id)

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)


class Scheduler:
    def __init__(self, matches: Matches, store: Store, hub: Hub, *, instance: str, lease_s: float = 5.0,
                 tick_s: float = 1.0, sweep_s: float = 60.0, bots: BotRunner | None = None) -> None:  # fmt: skip
        self.matches = matches
        self.store = store
        self.hub = hub
        self.instance = instance
        self.lease_ms = int(lease_s * 1000)
        self.tick_s = tick_s
        self.sweep_s = sweep_s
        self.bots = bots or BotRunner(matches)
        self.owned: set[str] = set()
        self._unwatched: set[str] = set()
        self._wakeup = asyncio.Event()
        self._loop: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._loop = asyncio.create_task(self._run())

    async def stop(self) -> None:
        """Stop, and hand every lease back so that another instance takes over at once."""
        if self._loop is not None:
            self._loop.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loop
        await self.bots.stop()
        if self.owned:
            with contextlib.suppress(VorpalError):
                await self.store.leases("hand_back", self.instance, 0, sorted(self.owned))

    def wake(self) -> None:
        """A match was scheduled here: claim it now rather than at the next tick."""
        self._wakeup.set()

    async def _run(self) -> None:
        swept = time.monotonic()
        faulted = False
        while True:
            try:
                await self.tick()
                if faulted or time.monotonic() - swept >= self.sweep_s:
                    # Bots stopped by a fault (or anything else) start again.
                    for match_id in self.owned:
                        self.bots.kick(match_id)
                    swept = time.monotonic()
                faulted = False
            except Unavailable:
                faulted = True
            except Exception:
                log.exception("scheduler tick failed")
                faulted = True
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wakeup.wait(), self.tick_s)
            self._wakeup.clear()

    async def tick(self) -> None:
        """Renew, release what ended, claim what is due; raises ``unavailable`` if Redis is."""
        if self.bots.ended:
            ended, self.bots.ended = sorted(self.bots.ended), set()
            await self.store.leases("release", self.instance, 0, ended)
            for match_id in ended:
                self._drop(match_id)
        if self.owned:
            kept = set(await self.store.leases("renew", self.instance, self.lease_ms, sorted(self.owned)))
            for match_id in self.owned - kept:
                log.warning("lease of match %s lost to another instance", match_id)
                self._drop(match_id)
        for match_id in await self.store.leases("claim", self.instance, self.lease_ms, limit=CLAIM_BATCH):
            self.owned.add(match_id)
            self._unwatched.add(match_id)
        for match_id in list(self._unwatched):
            # Watch first, then look: an event between the two still kicks.
            await self.hub.watch(match_id, self.bots.kick)
            self._unwatched.discard(match_id)
            self.bots.kick(match_id)

    def _drop(self, match_id: str) -> None:
        self.owned.discard(match_id)
        self._unwatched.discard(match_id)
        self.hub.unwatch(match_id)
