"""Data that expires: every key a match creates expires with it, the global keys stay bounded,
an open match nobody joins goes after ``VORPAL_OPEN_TTL_S``, and the chat limit holds across instances.

A fresh Redis of its own, so that every key in it was made here.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from fnmatch import fnmatchcase
from pathlib import Path
from typing import cast

import httpx
import pytest
import redis.asyncio as aioredis
from vorpal_client import LiveConnection, VorpalClient, play

from server.store import Store
from server.store.embedded import EmbeddedRedis
from server.store.keys import GLOBAL_KEYS, LOBBY_EXPIRY, lobby_index, match_keys
from tests.support.servers import ServerProcess, seated_match, start_instances, stop_all

pytestmark = pytest.mark.anyio

OPEN_TTL_S = 120
DAY = 24 * 3600


@pytest.fixture(scope="module")
def fresh_redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EmbeddedRedis]:
    with EmbeddedRedis(tmp_path_factory.mktemp("retention-redis"), appendonly=False) as server:
        yield server


@pytest.fixture(scope="module")
def pair(fresh_redis: EmbeddedRedis, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[ServerProcess]]:
    procs = start_instances(fresh_redis.url, 2, log_dir=Path(tmp_path_factory.mktemp("retention-logs")),
                            env={"VORPAL_OPEN_TTL_S": str(OPEN_TTL_S)})  # fmt: skip
    yield procs
    stop_all(procs)


@pytest.fixture
async def redis(fresh_redis: EmbeddedRedis) -> AsyncIterator[aioredis.Redis]:
    client = aioredis.Redis.from_url(fresh_redis.url)
    yield client
    await client.aclose()


async def wait_for_status(api: VorpalClient, match: str, status: str) -> None:
    for _ in range(1200):
        if (await api.state(match)).status == status:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{match} never became {status}")


async def test_an_open_match_is_kept_for_the_open_ttl_and_a_started_one_for_the_idle_ttl(
    pair: list[ServerProcess], redis: aioredis.Redis
) -> None:
    async with VorpalClient(pair[0].url) as api:
        match = (await api.create_match("jabberwocky", 3)).match
        record = match_keys(match)[0]
        assert OPEN_TTL_S - 10 < await redis.ttl(record) <= OPEN_TTL_S  # nobody joins: it goes soon
        await api.join(match)
        assert await redis.ttl(record) <= OPEN_TTL_S  # a seat taken: still open, still waiting
        await api.join(match)
        await api.join(match)
        assert await redis.ttl(record) > 29 * DAY  # started: kept while it may sit idle (VORPAL_IDLE_TTL_S)


async def test_the_chat_limit_holds_across_instances(pair: list[ServerProcess]) -> None:
    a, b = pair
    async with VorpalClient(a.url) as api:
        match, tokens = await seated_match(api, "mome", 2, {})
    async with httpx.AsyncClient(base_url=a.url) as on_a, httpx.AsyncClient(base_url=b.url) as on_b:
        auth = {"Authorization": f"Bearer {tokens[0]}"}
        codes = [(await (on_a, on_b)[i % 2].post(f"/v1/matches/{match}/chat", json={"text": f"m{i}"}, headers=auth))
                 .status_code for i in range(22)]  # fmt: skip
        assert codes == [201] * 20 + [429, 429]  # 20 a minute per seat (VORPAL_CHAT_PER_MINUTE), not 20 per instance
        other = {"Authorization": f"Bearer {tokens[1]}"}
        assert (await on_b.post(f"/v1/matches/{match}/chat", json={"text": "hi"}, headers=other)).status_code == 201


async def test_every_key_a_match_makes_expires_and_the_global_keys_stay_bounded(
    pair: list[ServerProcess], redis: aioredis.Redis, fresh_redis: EmbeddedRedis
) -> None:
    a, b = pair
    async with VorpalClient(a.url) as api:
        # Played to the end by players on both instances, who chat.
        played, tokens = await seated_match(api, "jabberwocky", 3, {"rounds": 1})
        await api.say(played, tokens[0], "good luck")
        lives = [LiveConnection(url) for url in (a.url, b.url, a.url)]
        for live in lives:
            await live.connect()
        finals = await asyncio.wait_for(asyncio.gather(*(
            play("", played, t, seed=i, live=lives[i]) for i, t in enumerate(tokens))), 120)  # fmt: skip
        assert {f["status"] for f in finals} == {"finished"}
        for live in lives:
            await live.close()
        # The server's bots, and a clock; an account in a seat; a match left; one nobody joins.
        bots = (await api.create_match("brillig", 2, bots=[0, 1])).match
        clocked = (await api.create_match("brillig", 2, bots=[1], time_control={"kind": "per_decision",
                                                                               "limit_ms": 60_000})).match  # fmt: skip
        seat = await api.join(clocked)
        await api.say(clocked, seat.token, "your move, bot")
        key = (await api.register("keeper")).key
        with_account = (await api.create_match("jabberwocky", 3)).match
        await api.join(with_account, key=key)
        left = (await api.create_match("brillig", 2)).match
        await api.leave(left, (await api.join(left)).token)
        waiting = (await api.create_match("mome", 2)).match
        await wait_for_status(api, bots, "finished")
        assert (await api.state(clocked)).status == "active" and (await api.state(left)).status == "aborted"

    keys = sorted([k.decode() async for k in redis.scan_iter(count=1000)])
    made = {k.rsplit(":", 1)[-1] for k in keys if k.startswith(f"vorpal:{{{played}}}")}
    assert {"m", "log", "ids", "chat", "0"} <= made  # "0": seat 0's chat limit
    for k in keys:
        if not any(fnmatchcase(k, pattern) for pattern in GLOBAL_KEYS):
            assert await redis.ttl(k) > 0, f"{k} never expires"
    assert waiting and any(k.startswith("vorpal:{acct:") for k in keys)

    # The global keys hold only what lives: after the upkeep's walk, the lobby lists exactly the stored
    # matches (each expiring), so it shrinks as they expire.
    records = {k.split("{")[1].split("}")[0] for k in keys if k.endswith("}:m") and not k.startswith("vorpal:{acct")}
    store = Store.from_url(fresh_redis.url)
    try:
        for _ in range(8):  # once over each index
            await store.repair_lobby(batch=1000)
    finally:
        await store.close()
    listed = {m.decode() for m in cast(list[bytes], await redis.zrange(lobby_index(), 0, -1))}
    assert listed == records == {m.decode() for m in cast(list[bytes], await redis.zrange(LOBBY_EXPIRY, 0, -1))}
    for match in records:
        await redis.delete(*match_keys(match))  # as if they had expired
    store = Store.from_url(fresh_redis.url)
    try:
        for _ in range(8):
            await store.repair_lobby(batch=1000)
    finally:
        await store.close()
    lobby = [k async for k in redis.scan_iter(match="vorpal:{lobby}:*")]
    assert [await redis.zcard(k) for k in lobby] == [0] * len(lobby)
