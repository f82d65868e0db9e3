"""A tournament with ``starts_at`` starts by itself at that time, or is cancelled if too few registered
(issue 42, finding 5: a scheduled start). On a stepped clock, in process: nothing waits for the time."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from vorpal_client import Tournament, VorpalClient

from server.store.embedded import EmbeddedRedis
from tests.support.inprocess import InProcessServer

pytestmark = pytest.mark.anyio
CLOCK = {"kind": "per_decision", "limit_ms": 600_000}


async def once_the_loop_looked(server: InProcessServer, api: VorpalClient, tid: str,
                               done: Callable[[Tournament], bool]) -> Tournament:  # fmt: skip
    """The tournament once the loop has run after the clock stepped and ``done`` holds of it, or as it stands
    after the last look (bounded, a look a tick)."""
    for _ in range(600):
        server.step(0)  # wakes the loops
        now = await api.tournament(tid)
        if done(now):
            break
        await asyncio.sleep(0.05)
    return now


async def status_once_the_loop_looked(server: InProcessServer, api: VorpalClient, tid: str, was: str) -> str:
    return (await once_the_loop_looked(server, api, tid, lambda t: t.status != was)).status


async def rounds_once_the_loop_paired(server: InProcessServer, api: VorpalClient, tid: str) -> int:
    """The loop saves a scheduled start, then pairs round 1 in a write of its own: a look between the two sees
    the tournament running with no round yet."""
    return len((await once_the_loop_looked(server, api, tid, lambda t: bool(t.rounds))).rounds)


async def test_a_scheduled_tournament_starts_by_itself_and_one_too_few_is_cancelled(
    redis_server: EmbeddedRedis,
) -> None:
    async with InProcessServer(redis_server.url) as server, VorpalClient(server.url) as api:
        org = await api.register("scheduler-org")
        at = server.clock() + 60_000
        full = await api.create_tournament(org.key, "on time", "gimble", format="swiss", time_control=CLOCK,
                                           starts_at=at)  # fmt: skip
        empty = await api.create_tournament(org.key, "nobody came", "gimble", format="swiss", time_control=CLOCK,
                                            starts_at=at)  # fmt: skip
        for i in range(2):
            await api.register_tournament(full.id, (await api.register(f"on-time{i}")).key)
        server.step(59_999)
        await server.services.tournaments.advance(full.id)  # what the loop does each tick
        assert (await api.tournament(full.id)).status == "registering"  # a millisecond early: nothing yet
        server.step(1)
        assert await status_once_the_loop_looked(server, api, full.id, "registering") == "running"
        assert await rounds_once_the_loop_paired(server, api, full.id) == 1
        assert await status_once_the_loop_looked(server, api, empty.id, "registering") == "cancelled"
        told = [(n.kind, n.data) for n in await api.inbox(org.key) if n.data.get("tournament") == empty.id]
        assert ("tournament_over", {"tournament": empty.id, "status": "cancelled"}) in told
