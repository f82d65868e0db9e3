"""One clock for the whole server, handed in: every service stamps and times by the clock the app
was made with, so a test steps time instead of sleeping (``server.runtime.clock``).

A stray ``now_ms()`` in the domain, the loops or the routes would read the wall clock behind a
stepped one's back: a test of a deadline would then wait on real time again, or fail.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from vorpal_client import VorpalClient

from server.runtime.clock import SteppedClock
from server.store.embedded import EmbeddedRedis
from tests.support.inprocess import InProcessServer

SERVER = Path(__file__).resolve().parents[2] / "server"
#: Where the wall clock may be read directly: its definition, and storage, whose expiry times
#: must agree with Redis's own key expiry (which runs on the wall clock, not on a test's).
WALL_CLOCK_READERS = {"runtime/clock.py", "store/redis_store.py", "store/lobby.py"}


def test_only_the_clock_module_and_storage_read_the_wall_clock() -> None:
    readers = set()
    for path in SERVER.rglob("*.py"):
        text = path.read_text()
        if re.search(r"\bnow_ms\(\)|\btime\.time\(\)", text):
            readers.add(path.relative_to(SERVER).as_posix())
    assert readers <= WALL_CLOCK_READERS, sorted(readers - WALL_CLOCK_READERS)


def test_a_stepped_clock_moves_only_forward_and_only_when_stepped() -> None:
    clock = SteppedClock(1_000)
    assert clock() == clock() == 1_000
    assert clock.step(250) == 1_250 == clock()
    with pytest.raises(ValueError):
        clock.step(-1)


@pytest.mark.anyio
async def test_every_service_of_the_app_stamps_by_the_clock_it_was_made_with(redis_server: EmbeddedRedis) -> None:
    clock = SteppedClock(1_700_000_000_000)
    async with InProcessServer(redis_server.url, clock=clock) as server, VorpalClient(server.url) as api:
        services = server.services
        assert all(s.clock is clock for s in (services.matches, services.chat, services.accounts,
                                               services.tournaments, services.ladders))  # fmt: skip
        issued = await api.register("stamped")
        assert issued.account.created == clock()
        tc = {"kind": "per_decision", "limit_ms": 5_000}
        match = (await api.create_match("brillig", 2, time_control=tc)).match
        tokens = [(await api.join(match)).token for _ in range(2)]
        started = clock()
        clock.step(1_234)
        said = await api.say(match, tokens[0], "hello")
        assert said["at"] == clock()
        state = await api.state(match)
        assert state.clock is not None and state.clock["now"] == clock()
        assert state.clock["deadlines"] and set(state.clock["deadlines"].values()) == {started + 5_000}
        assert [e.at for e in await api.events(match, token=tokens[0])] == [started, started]  # the two joins
