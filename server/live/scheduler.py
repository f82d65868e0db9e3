"""One owner for each match's timed work: a lease in Redis, and the bots and clock run by its holder.

A match with timed work (built-in bots, a clock) is *scheduled*
when it is created. Every instance runs a :class:`Scheduler`, which each tick

1. renews the leases it holds (a lease it lost is dropped at once),
2. claims scheduled matches whose lease is free or expired (``leases.lua``,
   atomic, on Redis's clock, so instances need no common clock of their own),
3. for each match it holds, watches the match's events through the hub and
   runs its timed work (:func:`server.domain.turns.take_turn`): plays its bots
   when one is to act, and applies a timeout when a seat's deadline passes
   (a timer per match wakes it then, whether or not anyone is connected;
   deadlines are read on the matches' clock, which a test steps by hand, and
   each tick also looks at the deadlines that clock has passed).

Each tick also takes one step of the lobby's upkeep (``Store.repair_lobby``): it
drops the index entries of expired matches and puts right those a failed write left
wrong, so that the indexes stay bounded and exact without any scan of all matches.

So exactly one instance plays a match's bots and fires its timeouts, whichever instance applied the
last move, and when that instance dies its leases expire and another takes
them over within ``lease_s + tick_s``. A match that has ended is released.
A stop hands every lease back, so that another instance takes over at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from server.domain.matches import Matches
from server.domain.turns import Step, Turn, take_turn
from server.errors import Unavailable, VorpalError
from server.store import Store

from .hub import Hub
from .leases import Leases, LeaseStore

log = logging.getLogger("vorpal.scheduler")

#: Moves one run of a match's bots may make before it yields to a new kick (a guard, never reached in play).
BOT_MOVES_MAX = 100_000
#: Scheduled matches claimed per tick, at most.
CLAIM_BATCH = 200


class TurnRunner:
    """Runs the timed work (bots, clock) of the matches it is given, one task per match at most.

    A short Redis outage (a restart, a failover) is ridden out here: a move refused
    as ``unavailable`` is retried after 0.05 s, 0.1 s, ... up to ``patience_s`` in all;
    past that the run stops, and the scheduler's next sweep starts it again.
    """

    def __init__(self, matches: Matches, *, patience_s: float = 6.4, first_backoff_s: float = 0.05,
                 turn: Callable[[Matches, str], Awaitable[Step]] = take_turn) -> None:  # fmt: skip
        self.matches = matches
        #: One step of a match's timed work: the scheduler's (bots, clock) or the bot service's (AI seats).
        self.turn = turn
        self.patience_s = patience_s
        self.first_backoff_s = first_backoff_s
        self.ended: set[str] = set()  # matches found over; the scheduler releases their leases
        self._running: set[str] = set()
        self._again: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._deadlines: dict[str, int] = {}  # what each timer waits for, on the matches' clock

    def kick(self, match_id: str) -> None:
        """Make sure the timed work of ``match_id`` is done now (idempotent, cheap)."""
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
                    step = await self.turn(self.matches, match_id)
                except Unavailable:
                    if waited + backoff > self.patience_s:
                        raise
                    await asyncio.sleep(backoff)
                    waited, backoff = waited + backoff, backoff * 2
                    continue
                waited, backoff = 0.0, self.first_backoff_s
                if step.turn is Turn.OVER:
                    self.ended.add(match_id)
                    self.forget(match_id)
                    break
                if step.turn is Turn.WAITING:
                    if step.wake_at is not None:
                        self._wake_at(match_id, step.wake_at)
                    if match_id not in self._again:
                        break
                    self._again.discard(match_id)  # kicked while we looked: look once more
        except VorpalError as exc:
            log.warning("timed work of match %s stopped: %s", match_id, exc.code)
        except Exception:
            log.exception("timed work of match %s failed", match_id)
        finally:
            self._running.discard(match_id)
            self._again.discard(match_id)

    def _wake_at(self, match_id: str, when_ms: int) -> None:
        """Look at ``match_id`` again when its next deadline passes (a little after: deadlines are inclusive)."""
        old = self._timers.pop(match_id, None)
        if old is not None:
            old.cancel()
        delay = max(0.0, (when_ms - self.matches.clock()) / 1000) + 0.005
        self._deadlines[match_id] = when_ms
        self._timers[match_id] = asyncio.get_running_loop().call_later(delay, self._on_time, match_id)

    def _on_time(self, match_id: str) -> None:
        self._deadlines.pop(match_id, None)
        self.kick(match_id)

    def kick_due(self) -> None:
        """Kick every match whose deadline the matches' clock has passed before its timer fired.

        A timer waits on the event loop's time for what the clock said was left when it was set; the
        deadlines are the clock's. They agree on a running server, so this finds nothing there; a
        test's stepped clock moves alone, and the scheduler's next tick acts on what it stepped past."""
        now = self.matches.clock()
        for match_id, when_ms in list(self._deadlines.items()):
            if when_ms <= now:
                self._deadlines.pop(match_id)
                self.kick(match_id)

    def forget(self, match_id: str) -> None:
        """No more timed work here for ``match_id`` (it ended, or its lease went elsewhere)."""
        timer = self._timers.pop(match_id, None)
        self._deadlines.pop(match_id, None)
        if timer is not None:
            timer.cancel()

    def holds(self, match_id: str) -> bool:
        """Whether anything of ``match_id`` is kept here (a run, a timer, an end not yet released)."""
        return match_id in self._running or match_id in self._timers or match_id in self.ended

    async def stop(self) -> None:
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        self._deadlines.clear()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)


class BackgroundLoop:
    """The task of a loop that runs ``while loop.running``, and its ending.

    Cancelling the task alone is not enough. On Python 3.11 ``asyncio.wait_for`` swallows a
    cancellation that comes in the same loop turn as what it awaits completes, and redis-py
    awaits every socket write that way: a loop cancelled during one of its Redis calls ran
    on, and the app's shutdown waited for it for ever. :meth:`stop` also clears ``running``,
    so such a loop ends at its next turn instead, a tick later."""

    def __init__(self) -> None:
        self.task: asyncio.Task[None] | None = None
        self.running = True

    def start(self, run: Coroutine[Any, Any, None]) -> None:
        self.task = asyncio.create_task(run)

    async def stop(self) -> None:
        self.running = False
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task


async def until_woken(wakeup: asyncio.Event, seconds: float) -> None:
    """Wait ``seconds``, or less if ``wakeup`` is set meanwhile; then clear it for the next wait.

    Not ``asyncio.wait_for``: on Python 3.11 it swallows a cancellation that comes in the same
    loop turn as the wake-up, and a loop waiting this way would outlive its ``stop()``.
    """
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(seconds):
            await wakeup.wait()
    wakeup.clear()


class Scheduler:
    def __init__(self, matches: Matches, store: Store, hub: Hub, *, instance: str, lease_s: float = 5.0,
                 tick_s: float = 1.0, sweep_s: float = 60.0, runner: TurnRunner | None = None,
                 lease_store: LeaseStore | None = None, upkeep: bool = True) -> None:  # fmt: skip
        """``lease_store``: whose leases it takes (the store's schedule by default; the bot service's own);
        ``upkeep``: it takes the lobby's upkeep steps too (the web tier's schedulers do)."""
        self.matches = matches
        self.store = store
        self.hub = hub
        self.instance = instance
        self.lease_ms = int(lease_s * 1000)
        self.tick_s = tick_s
        self.sweep_s = sweep_s
        self.runner = runner or TurnRunner(matches)
        self.leases = Leases(lease_store or store, instance=instance, lease_ms=self.lease_ms, what="match")
        self.upkeep = upkeep
        self._unwatched: set[str] = set()
        self._wakeup = asyncio.Event()
        self._loop = BackgroundLoop()

    async def start(self) -> None:
        self._loop.start(self._run())

    async def stop(self) -> None:
        """Stop, and hand every lease back so that another instance takes over at once."""
        await self._loop.stop()
        await self.runner.stop()
        await self.leases.hand_back()

    def wake(self) -> None:
        """A match was scheduled here (or the clock was stepped): tick now rather than at the next tick."""
        self._wakeup.set()

    async def _run(self) -> None:
        swept = upkept = time.monotonic()
        faulted = False
        while self._loop.running:
            try:
                await self.tick()
                if faulted or time.monotonic() - swept >= self.sweep_s:
                    # Bots stopped by a fault (or anything else) start again.
                    for match_id in self.owned:
                        self.runner.kick(match_id)
                    swept = time.monotonic()
                faulted = False
            except Unavailable:
                faulted = True
            except Exception:
                log.exception("scheduler tick failed")
                faulted = True
            if self.upkeep and time.monotonic() - upkept >= self.tick_s:  # once a tick, however often woken
                upkept = time.monotonic()
                try:
                    await self.store.repair_lobby()
                except Unavailable:
                    pass  # the next tick takes the step again
                except Exception:
                    log.exception("lobby upkeep failed")
            await until_woken(self._wakeup, self.tick_s)

    async def tick(self) -> None:
        """Renew, release what ended, claim what is due; raises ``unavailable`` if Redis is."""
        if self.runner.ended:
            ended, self.runner.ended = sorted(self.runner.ended), set()
            await self.leases.release(ended)
            for match_id in ended:
                self._drop(match_id)
        for match_id in await self.leases.renew():
            self._drop(match_id)
        self._unwatched.update(await self.leases.claim(CLAIM_BATCH))
        for match_id in list(self._unwatched):
            # Watch first, then look: an event between the two still kicks.
            await self.hub.watch(match_id, self.runner.kick)
            self._unwatched.discard(match_id)
            self.runner.kick(match_id)
        self.runner.kick_due()

    @property
    def owned(self) -> set[str]:
        """The matches whose timed work this instance holds."""
        return self.leases.owned

    def _drop(self, match_id: str) -> None:
        self.runner.forget(match_id)
        self.leases.owned.discard(match_id)
        self._unwatched.discard(match_id)
        self.hub.unwatch(match_id)
