"""The background loops end when stopped, even when what they await loses the cancellation.

On Python 3.11 ``asyncio.wait_for`` swallows a cancellation that comes in the same loop
turn as what it awaits completes, and redis-py awaits every socket write that way. A loop
cancelled inside such a call ran on, and the app's shutdown waited for it for ever (the
rare 300 s hang of ``tests/runtime/test_no_growth.py``: the tournament loop, cancelled in redis-py's
``send_packed_command``). Each loop here is given a tick that swallows its cancellation.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, Protocol, cast

import pytest

from server.domain.ladders import Ladders
from server.domain.matches import Matches
from server.domain.tournaments.service import Tournaments
from server.live.hub import Hub
from server.live.ladders import LadderLoop
from server.live.scheduler import BackgroundLoop, Scheduler
from server.live.tournaments import TournamentLoop
from server.store import Store
from server.store.ladders import RedisLadders

pytestmark = pytest.mark.anyio

TICK_S = 0.01
BOUND_S = 10  # a loop that outlives its stop() would make this wait fail


class Swallower:
    """A wait that loses the first cancellation it receives, as redis-py's socket write may on
    Python 3.11; later ones go through (so that a failing test still ends)."""

    def __init__(self) -> None:
        self.swallowed = False

    async def wait(self) -> None:
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError:
            if self.swallowed:
                raise
            self.swallowed = True


async def ends(stop: Coroutine[Any, Any, None]) -> bool:
    """Whether ``stop`` returns within ``BOUND_S`` (a stop that waits for its loop for ever does not)."""
    done, _ = await asyncio.wait({asyncio.create_task(stop)}, timeout=BOUND_S)
    return bool(done)


async def parked(task: asyncio.Task[None]) -> None:
    """Let ``task`` run until it awaits."""
    for _ in range(3):
        await asyncio.sleep(0)
    assert not task.done()


async def test_a_background_loop_whose_wait_swallowed_the_cancellation_ends() -> None:
    loop, swallower = BackgroundLoop(), Swallower()

    async def run() -> None:
        while loop.running:
            await swallower.wait()

    loop.start(run())
    assert loop.task is not None
    await parked(loop.task)
    assert await ends(loop.stop())
    assert swallower.swallowed and loop.task.done() and not loop.task.cancelled()


class SwallowingTick:
    """A loop's tick that loses the cancellation, as one of its Redis calls may."""

    swallower: Swallower

    async def tick(self) -> None:
        await self.swallower.wait()


class SwallowingLadders(SwallowingTick, LadderLoop):
    pass


class SwallowingTournaments(SwallowingTick, TournamentLoop):
    pass


class SwallowingScheduler(SwallowingTick, Scheduler):
    pass


class QuietStore:
    """The one call the scheduler's loop makes besides its tick."""

    async def repair_lobby(self) -> None:
        return None


class Swallowing(Protocol):
    """What the test uses of each loop's owner."""

    swallower: Swallower
    _loop: BackgroundLoop

    async def start(self) -> None: ...

    async def stop(self) -> None: ...


LOOPS: dict[str, Callable[[], Swallowing]] = {
    "ladders": lambda: SwallowingLadders(cast(Ladders, None), cast(RedisLadders, None), instance="test", tick_s=TICK_S),
    "tournaments": lambda: SwallowingTournaments(cast(Tournaments, None), tick_s=TICK_S),
    "scheduler": lambda: SwallowingScheduler(
        cast(Matches, None), cast(Store, QuietStore()), cast(Hub, None), instance="test", tick_s=TICK_S
    ),
}


@pytest.mark.parametrize("name", LOOPS)
async def test_the_loop_stops(name: str) -> None:
    owner = LOOPS[name]()
    swallower = owner.swallower = Swallower()
    await owner.start()
    assert owner._loop.task is not None
    await parked(owner._loop.task)
    assert await ends(owner.stop())
    assert swallower.swallowed
