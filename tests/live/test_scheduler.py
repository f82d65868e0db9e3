"""One owner for a match's timed work: a lease in Redis, taken over when its holder dies.

A match with built-in bots is scheduled when it is created; exactly one
instance holds its lease and plays its bots, whichever instance applied the
last move; when that instance dies, another claims the expired lease and the
bots carry on.
"""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path

import pytest
from vorpal_client import VorpalClient

from server.config import Settings
from server.domain.matches import Matches
from server.live.scheduler import until_woken
from server.store import Store
from server.store.cached import CachingMatchStore
from server.store.embedded import EmbeddedRedis
from server.store.keys import SCHEDULE_DUE, SCHEDULE_OWNER
from tests.support.servers import start_instances, stop_all

pytestmark = pytest.mark.anyio

LEASE_MS = 60_000


@pytest.fixture
def store(own_store: Store) -> Store:
    """A Redis of this test's own: the schedule is one set for the whole Redis."""
    return own_store


async def new_match(store: Store, bots: list[int]) -> str:
    matches = Matches(CachingMatchStore(store), Settings())
    return (await matches.create("jabberwocky", {"rounds": 1}, 3, bots)).match


async def test_a_match_with_bots_is_scheduled_and_one_instance_alone_holds_it(store: Store) -> None:
    with_bots = await new_match(store, [1, 2])
    without = await new_match(store, [])
    assert await store.leases("claim", "a", LEASE_MS, limit=10) == [with_bots]  # players-only: nothing to run
    assert await store.leases("claim", "b", LEASE_MS, limit=10) == []  # held
    assert await store.leases("claim", "b", LEASE_MS, [with_bots, without]) == []
    assert await store.leases("renew", "b", LEASE_MS, [with_bots]) == []  # not b's to renew
    assert await store.leases("renew", "a", LEASE_MS, [with_bots]) == [with_bots]
    assert await store.redis.hget(SCHEDULE_OWNER, with_bots) == b"a"


async def test_an_expired_lease_is_claimed_by_another_instance(store: Store) -> None:
    match = await new_match(store, [0, 1, 2])
    assert await store.leases("claim", "a", 1, limit=10) == [match]  # a lease of 1 ms: a dies at once
    for _ in range(1000):
        claimed = await store.leases("claim", "b", LEASE_MS, limit=10)
        if claimed:
            break
    assert claimed == [match]
    assert await store.leases("renew", "a", LEASE_MS, [match]) == []  # a learns it has lost it


async def test_a_lease_handed_back_is_due_at_once_and_a_released_one_is_gone(store: Store) -> None:
    match = await new_match(store, [1, 2])
    await store.leases("claim", "a", LEASE_MS, limit=10)
    assert await store.leases("hand_back", "a", 0, [match]) == [match]  # a stops
    assert await store.leases("claim", "b", LEASE_MS, limit=10) == [match]
    assert await store.leases("release", "a", 0, [match]) == []  # only the holder releases
    assert await store.leases("release", "b", 0, [match]) == [match]  # the match ended
    assert await store.redis.zscore(SCHEDULE_DUE, match) is None
    assert await store.leases("claim", "c", LEASE_MS, limit=10) == []


async def test_when_the_instance_running_a_matchs_bots_dies_another_takes_them_over(
    own_redis: EmbeddedRedis, store: Store, tmp_path: Path
) -> None:
    env = {"VORPAL_LEASE_S": "1", "VORPAL_SCHEDULE_TICK_S": "0.2"}
    instances = start_instances(own_redis.url, 2, log_dir=tmp_path, env=env)
    try:
        async with VorpalClient(instances[0].url) as api:
            match = (await api.create_match("jabberwocky", 3, bots=[1, 2], options={"rounds": 2})).match
            me = (await api.join(match, name="human")).token
        owner = None
        for _ in range(500):
            owner = await store.redis.hget(SCHEDULE_OWNER, match)
            if owner is not None:
                break
            await asyncio.sleep(0.02)
        assert owner is not None
        pid = int(owner.decode().split(":")[1])
        holder = next(p for p in instances if p.process is not None and p.process.pid == pid)
        survivor = next(p for p in instances if p is not holder)

        async with VorpalClient(survivor.url) as api:

            async def play_my_turns(turns: int) -> str:
                """Play ``turns`` of my turns (or to the end); the bots play theirs in between."""
                for _ in range(2000):
                    state = await api.state(match, me)
                    if state.status == "finished" or turns == 0:
                        return state.status
                    if state.legal:
                        await api.move(match, me, state.legal[0], version=state.version, move_id=uuid.uuid4().hex)
                        turns -= 1
                    else:
                        await asyncio.sleep(0.02)
                return state.status

            assert await play_my_turns(3) == "active"
            holder.stop(kill=True)  # SIGKILL: its lease is never handed back, only expires
            assert await play_my_turns(-1) == "finished"  # the bots kept playing their turns
        for _ in range(500):  # released at the survivor's next tick once its bots find the match over
            if await store.redis.zscore(SCHEDULE_DUE, match) is None:
                break
            await asyncio.sleep(0.02)
        assert await store.redis.zscore(SCHEDULE_DUE, match) is None
        assert await store.redis.hget(SCHEDULE_OWNER, match) is None
    finally:
        stop_all(instances)


async def test_a_loop_woken_as_it_is_cancelled_stops() -> None:
    """The scheduler's and the ladders' loops wait with ``until_woken``. With ``asyncio.wait_for``
    (Python 3.11) a wake-up in the same loop turn as the cancellation swallowed it: the loop ran
    on, and the app's shutdown waited for it for ever."""
    wakeup = asyncio.Event()

    async def loop() -> None:
        while True:
            await until_woken(wakeup, 60)

    task = asyncio.create_task(loop())
    for _ in range(3):
        await asyncio.sleep(0)  # the loop is parked in its wait
    wakeup.set()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(task, 10)
