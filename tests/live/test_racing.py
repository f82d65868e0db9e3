"""Racing moves: many submissions for one match and version, from many connections on two instances."""

from __future__ import annotations

import asyncio
import random
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from vorpal_client import ApiError, LiveConnection, VorpalClient
from vorpal_client.errors import StaleVersion

from server.store import Store
from server.store.embedded import EmbeddedRedis
from tests.support.servers import ServerProcess, check_stored, seated_match

pytestmark = pytest.mark.anyio

ROUNDS = 6
PER_ROUND = 24  # 4 WebSocket and 2 REST clients on each instance, two submissions each


class Senders:
    """WebSocket and REST clients on every instance, submitting in turn."""

    def __init__(self, lives: list[LiveConnection], rests: list[VorpalClient]) -> None:
        self.lives, self.rests = lives, rests

    async def auth(self, token: str) -> None:
        """A connection holds one seat token per match: the acting seat's."""
        for live in self.lives:
            await live.auth(token)

    async def submit(self, i: int, match: str, token: str, move: Any, version: int, move_id: str) -> Any:
        """Submit through sender ``i``: the result dict, or the ApiError."""
        n = len(self.lives) + len(self.rests)
        try:
            if i % n < len(self.lives):
                return await self.lives[i % n].move(match, move, version=version, move_id=move_id)
            rest = self.rests[i % n - len(self.lives)]
            return (await rest.move(match, token, move, version=version, move_id=move_id)).model_dump()
        except ApiError as exc:
            return exc


@pytest.fixture
async def senders(pair: list[ServerProcess]) -> AsyncIterator[Senders]:
    lives = [LiveConnection(p.url) for p in pair for _ in range(4)]
    rests = [VorpalClient(p.url) for p in pair for _ in range(2)]
    for live in lives:
        await live.connect()
    yield Senders(lives, rests)
    for live in lives:
        await live.close()
    for rest in rests:
        await rest.aclose()


async def test_exactly_one_of_many_racing_moves_is_applied(
    pair: list[ServerProcess], senders: Senders, redis_server: EmbeddedRedis
) -> None:
    pick = random.Random(7)
    async with VorpalClient(pair[0].url) as api:
        match, tokens = await seated_match(api, "jabberwocky", 3, {"rounds": 1})
        acked: list[tuple[str, int, str, int]] = []
        for _ in range(ROUNDS):
            state = await api.state(match)
            seat = state.to_act[0]
            await senders.auth(tokens[seat])
            legal = await api.legal(match, tokens[seat])
            ids = [uuid.uuid4().hex for _ in range(PER_ROUND)]
            results = await asyncio.gather(*(
                senders.submit(i, match, tokens[seat], pick.choice(legal), state.version, ids[i])
                for i in range(PER_ROUND)
            ))  # fmt: skip
            won = [i for i, r in enumerate(results) if isinstance(r, dict)]
            assert len(won) == 1, results
            assert results[won[0]]["version"] == state.version + 1 and not results[won[0]].get("duplicate")
            for r in results:
                if not isinstance(r, dict):
                    assert isinstance(r, StaleVersion), r
            acked.append((match, seat, ids[won[0]], state.version + 1))
            # Repeating the applied move id, anywhere, is answered the same and changes nothing.
            again = await asyncio.gather(*(
                senders.submit(i, match, tokens[seat], {"type": "bid", "tricks": 0}, state.version, ids[won[0]])
                for i in range(PER_ROUND)
            ))  # fmt: skip
            assert all(isinstance(r, dict) and r["version"] == state.version + 1 and r["duplicate"] for r in again)
            assert (await api.state(match)).version == state.version + 1

        # Many copies of one move (one id) racing: applied once, every sender told the same version.
        state = await api.state(match)
        seat = state.to_act[0]
        await senders.auth(tokens[seat])
        move = (await api.legal(match, tokens[seat]))[0]
        move_id = uuid.uuid4().hex
        results = await asyncio.gather(*(
            senders.submit(i, match, tokens[seat], move, state.version, move_id) for i in range(PER_ROUND)
        ))  # fmt: skip
        assert all(isinstance(r, dict) and r["version"] == state.version + 1 for r in results), results
        assert sum(not r.get("duplicate") for r in results) <= 1
        acked.append((match, seat, move_id, state.version + 1))
        assert (await api.state(match)).version == state.version + 1

    store = Store.from_url(redis_server.url)
    try:
        await check_stored(store, match, acked)
        assert [e["v"] for e in await store.log(match, 0)] == list(range(1, state.version + 2))
    finally:
        await store.close()
