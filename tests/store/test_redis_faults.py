"""Redis restarts (AOF on) in the middle of play, under two instances.

While it is down, the instances stay up and say ``unavailable`` (REST 503
problem JSON, WebSocket error frames), ``/healthz`` stays alive and
``/readyz`` does not; when it is back they reconnect by themselves (pub/sub
included), SDK bots and the server's bots carry on, every match finishes and
no acknowledged move is lost.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from vorpal_client import ApiError, LiveConnection, VorpalClient, play

from server.config import Settings
from server.domain.matches import Matches
from server.live.scheduler import TurnRunner
from server.store import Store
from server.store.cached import CachingMatchStore
from server.store.embedded import EmbeddedRedis
from tests.support.servers import RecordingLive, check_stored, seated_match, start_instances, stop_all

pytestmark = [pytest.mark.anyio, pytest.mark.faults]  # long: `make test-faults`, outside `make test`

OPTIONS = {"rounds": 3}  # 45 moves a match
MOVES = 45
SDK_MATCHES = 6  # three SDK bots each
MIXED_MATCHES = 4  # one SDK bot and two of the server's bots each


@pytest.fixture
def redis(tmp_path: Path) -> Iterator[EmbeddedRedis]:
    """A Redis of the test's own, with AOF on (it restarts mid-play); here, not the shared client."""
    server = EmbeddedRedis(tmp_path / "redis", appendonly=True).start()
    yield server
    server.stop()


async def test_a_redis_restart_mid_play_loses_no_acknowledged_move(redis: EmbeddedRedis, tmp_path: Path) -> None:
    a, b = start_instances(redis.url, 2, log_dir=tmp_path)
    urls = [a.url, b.url]
    lives: list[RecordingLive] = []
    try:
        async with VorpalClient(a.url) as api:
            sdk = [await seated_match(api, "jabberwocky", 3, OPTIONS) for _ in range(SDK_MATCHES)]
            mixed = []
            for _ in range(MIXED_MATCHES):
                m = (await api.create_match("jabberwocky", 3, bots=[1, 2], options=OPTIONS)).match
                mixed.append((m, [(await api.join(m, seat=0)).token]))
        seats = [(m, t) for m, tokens in [*sdk, *mixed] for t in tokens]
        lives = [RecordingLive(urls[i % 2 :] + urls[: i % 2]) for i in range(len(seats))]
        for live in lives:
            await live.connect()
        watcher = LiveConnection(a.url)  # one URL only: it must never need to reconnect
        await watcher.connect()
        watched = sdk[0][0]
        await watcher.subscribe(watched)
        probe = LiveConnection(b.url)
        await probe.connect()

        pairs = enumerate(zip(seats, lives, strict=True))
        bots = asyncio.gather(*(play("", m, t, seed=i, think=0.02, live=live) for i, ((m, t), live) in pairs))
        while sum(len(live.acked) for live in lives) < 50:
            await asyncio.sleep(0.01)
        redis.stop()  # SIGTERM: the AOF is flushed, as in any restart
        acked_at_stop = sum(len(live.acked) for live in lives)
        seen_at_stop = watcher.versions[watched]

        async with httpx.AsyncClient(timeout=30) as http:
            for url in urls:
                r = await http.post(url + "/v1/matches", json={"game": "jabberwocky", "seats": 3})
                assert r.status_code == 503
                assert r.headers["content-type"].startswith("application/problem+json")
                assert r.json()["code"] == "unavailable"
                assert (await http.get(url + "/healthz")).status_code == 200
                ready = await http.get(url + "/readyz")
                assert ready.status_code == 503 and ready.json()["code"] == "unavailable"
        with pytest.raises(ApiError) as err:
            await probe.auth(sdk[0][1][0])
        assert err.value.code == "unavailable"
        assert a.alive and b.alive

        redis.start()
        finals = await asyncio.wait_for(bots, 120)
        assert {f["status"] for f in finals} == {"finished"}
        assert acked_at_stop < (SDK_MATCHES * 3 + MIXED_MATCHES) * MOVES // 2  # the restart came mid-play

        async with httpx.AsyncClient(timeout=30) as http:
            for url in urls:
                assert (await http.get(url + "/readyz")).status_code == 200
        # The watcher never reconnected, yet saw the match go on: the instance's pub/sub came back by itself.
        while watcher.versions[watched] < finals[0]["version"]:
            await asyncio.wait_for(watcher.events.get(), 30)
        assert watcher.reconnects == 0 and watcher.versions[watched] > seen_at_stop
        assert (await probe.auth(sdk[0][1][0]))["seat"] == 0

        acked = [m for live in lives for m in live.acked]
        store = Store.from_url(redis.url)
        try:
            for match, _ in [*sdk, *mixed]:
                await check_stored(store, match, acked)
        finally:
            await store.close()
        for conn in [watcher, probe]:
            await conn.close()
    finally:
        for live in lives:
            await live.close()
        stop_all([a, b])


async def test_the_servers_bots_ride_out_a_short_redis_restart_by_themselves(redis: EmbeddedRedis) -> None:
    # No scheduler here, so no sweep and no "Redis is back" kick: only the bots' own retries can finish the match.
    store = Store.from_url(redis.url)
    matches = Matches(CachingMatchStore(store), Settings())
    runner = TurnRunner(matches, patience_s=60.0)  # however slowly Redis restarts here
    try:
        match = (await matches.create("jabberwocky", {"rounds": 3}, 3, [0, 1, 2])).match
        runner.kick(match)
        redis.stop()
        await asyncio.sleep(0.5)  # the bots meet a Redis that is gone (and back off)
        redis.start()
        for _ in range(600):
            record, _ = await store.load(match)
            if record.status == "finished":
                break
            await asyncio.sleep(0.05)
        assert record.status == "finished" and record.version == MOVES
    finally:
        await runner.stop()
        await store.close()
