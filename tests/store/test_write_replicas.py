"""The write policy on a real primary and replica (two redis-servers, ``--replicaof``).

With ``VORPAL_WRITE_REPLICAS=1`` every acknowledged move is on the replica the moment it is
acknowledged (its copy alone passes ``vorpal audit`` and holds every acknowledged move id);
with the replica gone, a move is answered ``unavailable`` with a retry hint, and the same move
id sent again once the replica is back is acknowledged as a duplicate, on the replica too.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from vorpal_client import LiveConnection, Unavailable, VorpalClient, play

from server.store import Store
from server.store.embedded import EmbeddedRedis
from server.store.keys import match_keys
from tests.support.servers import RecordingLive, ServerProcess, check_stored, seated_match

pytestmark = [pytest.mark.anyio, pytest.mark.faults]  # long: `make test-faults`, outside `make test`

SETTINGS = {"VORPAL_WRITE_REPLICAS": "1", "VORPAL_WRITE_TIMEOUT_MS": "300"}


@pytest.fixture
def primary(tmp_path: Path) -> Iterator[EmbeddedRedis]:
    with EmbeddedRedis(tmp_path / "primary", appendonly=False) as server:
        yield server


def drain(watcher: LiveConnection) -> list[dict[str, Any]]:
    """The frames the connection has received and not yet read."""
    frames = []
    while not watcher.events.empty():
        frames.append(watcher.events.get_nowait())
    return frames


def replica_of(primary: EmbeddedRedis, data_dir: Path, port: int | None = None) -> EmbeddedRedis:
    """A replica of ``primary``, started, and in sync with it (bounded wait for the link)."""
    replica = EmbeddedRedis(data_dir, port, appendonly=False, extra=("--replicaof", "127.0.0.1", str(primary.port)))
    replica.start()
    import redis

    with redis.Redis(port=replica.port) as client:
        deadline = time.monotonic() + 30
        while client.info("replication").get("master_link_status") != "up":
            assert time.monotonic() < deadline, "the replica never synced"
            time.sleep(0.05)
    return replica


async def test_every_acknowledged_move_is_on_the_replica_when_it_is_acknowledged(
    primary: EmbeddedRedis, tmp_path: Path
) -> None:
    replica = replica_of(primary, tmp_path / "replica")
    proc = ServerProcess(primary.url, log_dir=tmp_path, env=SETTINGS).start()
    replica_store = Store.from_url(replica.url)
    try:
        async with VorpalClient(proc.url) as api:
            created = await asyncio.gather(*(seated_match(api, "jabberwocky", 3, {"rounds": 1}) for _ in range(10)))
        missing: list[str] = []

        class Checking(RecordingLive):
            async def move(self, match: str, move: object, *, version: int, move_id: str) -> dict[str, object]:
                result = await super().move(match, move, version=version, move_id=move_id)
                seat = self.tokens[match].split(".")[1]
                # Read from the replica at once, before anything else happens: it has the move already.
                if await replica_store.redis.hget(match_keys(match)[2], f"{seat}:{move_id}") is None:
                    missing.append(move_id)
                return result

        lives = [Checking(proc.url) for _ in range(30)]
        for live in lives:
            await live.connect()
        try:
            await asyncio.gather(*(
                play(proc.url, match, token, seed=i * 3 + seat, live=lives[i * 3 + seat])
                for i, (match, tokens) in enumerate(created)
                for seat, token in enumerate(tokens)
            ))  # fmt: skip
        finally:
            for live in lives:
                await live.close()
        assert missing == []
        acked = [m for live in lives for m in live.acked]
        assert len({m[0] for m in acked}) == len(created)  # every match was played
        for match, _ in created:
            await check_stored(replica_store, match, acked)  # the replica's copy alone is whole
    finally:
        await replica_store.close()
        proc.stop()
        replica.stop()


async def next_event(watcher: LiveConnection) -> dict[str, Any]:
    while True:
        frame = await asyncio.wait_for(watcher.events.get(), 30)
        if frame["type"] == "event":
            return frame


async def test_a_move_no_replica_confirms_is_unavailable_and_its_retry_is_confirmed_once_one_does(
    primary: EmbeddedRedis, tmp_path: Path
) -> None:
    replica = replica_of(primary, tmp_path / "replica")
    proc = ServerProcess(primary.url, log_dir=tmp_path, env=SETTINGS).start()
    try:
        async with VorpalClient(proc.url) as api, LiveConnection(proc.url) as watcher:
            match, tokens = await seated_match(api, "jabberwocky", 3, {"rounds": 1})
            state = await api.state(match)
            await watcher.subscribe(match)  # a spectator: what every subscriber is told
            seat = state.to_act[0]
            legal = await api.legal(match, tokens[seat])
            replica.stop()
            with pytest.raises(Unavailable) as refused:
                await api.move(match, tokens[seat], legal[0], version=state.version, move_id="m1")
            assert refused.value.extra["retry_after_ms"] == 300  # the hint: the write timeout
            # It is on the primary (the change stands there), unconfirmed: the same id again is refused the same way.
            with pytest.raises(Unavailable):
                await api.move(match, tokens[seat], legal[0], version=state.version, move_id="m1")
            # Nobody was told of it: a failover now could take it back, and a subscriber holding it would wait.
            await watcher.ping()  # every frame sent before the pong has arrived
            assert [f for f in drain(watcher) if f["type"] == "event"] == []
            replica = replica_of(primary, tmp_path / "replica", replica.port)
            again = await api.move(match, tokens[seat], legal[0], version=state.version, move_id="m1")
            assert again.version == state.version + 1 and again.duplicate
            # Confirmed now, and announced: the subscriber reads it from the log.
            assert (await next_event(watcher))["version"] == again.version
        replica_store = Store.from_url(replica.url)
        try:
            assert await replica_store.redis.hget(match_keys(match)[2], f"{seat}:m1") == str(again.version).encode()
        finally:
            await replica_store.close()
    finally:
        proc.stop()
        replica.stop()


async def test_bots_play_on_through_a_replica_outage_on_connections_that_stay_up(
    primary: EmbeddedRedis, tmp_path: Path
) -> None:
    """While no replica confirms, every move is answered ``unavailable`` and nothing is published; the
    connections stay up, so no resume will ever tell the runners anything: they send the same move
    again (same id) after a pause, and play goes on once a replica is back."""
    replica = replica_of(primary, tmp_path / "replica")
    proc = ServerProcess(primary.url, log_dir=tmp_path, env=SETTINGS).start()
    lives = [RecordingLive(proc.url) for _ in range(3)]
    try:
        async with VorpalClient(proc.url) as api:
            match, tokens = await seated_match(api, "jabberwocky", 3, {"rounds": 6})
            for live in lives:
                await live.connect()
            bots = [asyncio.create_task(play(proc.url, match, t, seed=s, live=lives[s])) for s, t in enumerate(tokens)]
            while sum(len(live.acked) for live in lives) < 3:
                await asyncio.sleep(0.05)
            replica.stop()
            await asyncio.sleep(1)  # every move now is answered unavailable
            stalled = sum(len(live.acked) for live in lives)
            replica = replica_of(primary, tmp_path / "replica", replica.port)
            finals = await asyncio.wait_for(asyncio.gather(*bots), 120)
            assert {f["status"] for f in finals} == {"finished"}
            assert sum(len(live.acked) for live in lives) > stalled
            assert all(live.reconnects == 0 for live in lives)  # no resume told them anything
    finally:
        for live in lives:
            await live.close()
        proc.stop()
        replica.stop()
