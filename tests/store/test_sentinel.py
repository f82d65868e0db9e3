"""``REDIS_URL=redis+sentinel://...``: an instance follows a Sentinel failover without a restart.

Real processes on loopback: a primary, its replica and three Sentinels (``valkey-server
--sentinel``), and one Vorpal instance with ``VORPAL_WRITE_REPLICAS=1``. A match is played half
way; the primary is killed (SIGKILL); the Sentinels promote the replica; the old primary comes
back as the new one's replica; the same instance, never restarted, plays the match to its end.
Every move acknowledged before the kill is on the promoted replica, and the match audits.
"""

from __future__ import annotations

import asyncio
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from vorpal_client import Unavailable, VorpalClient

from server.store import Store
from server.store.embedded import EmbeddedRedis, _die_with_parent, free_port, server_binary
from tests.support.servers import ServerProcess, check_stored, seated_match

pytestmark = [pytest.mark.anyio, pytest.mark.faults]  # long: `make test-faults`, outside `make test`

MASTER = "vorpal"


class Sentinel:
    """One ``valkey-server --sentinel`` watching ``MASTER`` on ``port`` (quorum 2 of 3)."""

    def __init__(self, data_dir: Path, primary_port: int) -> None:
        self.port = free_port()
        data_dir.mkdir(parents=True, exist_ok=True)
        self.config = data_dir / "sentinel.conf"
        self.config.write_text(
            f"port {self.port}\nbind 127.0.0.1\ndir {data_dir}\n"
            f"sentinel monitor {MASTER} 127.0.0.1 {primary_port} 2\n"
            f"sentinel down-after-milliseconds {MASTER} 1000\n"
            f"sentinel failover-timeout {MASTER} 10000\n"
        )
        log = open(data_dir / "sentinel.log", "ab")  # noqa: SIM115 - handed to the child
        self.process = subprocess.Popen([server_binary(), str(self.config), "--sentinel"], stdout=log,
                                        stderr=subprocess.STDOUT, preexec_fn=_die_with_parent)  # fmt: skip
        log.close()

    def primary(self) -> tuple[str, int] | None:
        try:
            with redis.Redis(port=self.port) as client:
                found = client.execute_command("SENTINEL", "get-master-addr-by-name", MASTER)
        except redis.RedisError:
            return None
        return (found[0].decode(), int(found[1])) if found else None

    def replicas(self) -> int:
        try:
            with redis.Redis(port=self.port) as client:
                return len(client.execute_command("SENTINEL", "replicas", MASTER))
        except redis.RedisError:
            return 0

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()


def until(what: str, check: object, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"{what}: not within {timeout} s"
        time.sleep(0.1)


def replica(data_dir: Path, of: int, port: int | None = None) -> EmbeddedRedis:
    node = EmbeddedRedis(data_dir, port, appendonly=False, extra=("--replicaof", "127.0.0.1", str(of))).start()
    with redis.Redis(port=node.port) as client:
        until("the replica syncs", lambda: client.info("replication").get("master_link_status") == "up")
    return node


@pytest.fixture
def topology(tmp_path: Path) -> Iterator[tuple[EmbeddedRedis, EmbeddedRedis, list[Sentinel]]]:
    primary = EmbeddedRedis(tmp_path / "primary", appendonly=False).start()
    second = replica(tmp_path / "replica", primary.port)
    sentinels = [Sentinel(tmp_path / f"sentinel{i}", primary.port) for i in range(3)]
    try:
        until("the Sentinels see the replica", lambda: all(s.replicas() == 1 for s in sentinels))
        yield primary, second, sentinels
    finally:
        for s in sentinels:
            s.stop()
        second.stop()
        primary.stop()


async def play_moves(api: VorpalClient, match: str, tokens: list[str], count: int | None) -> int:
    """Play ``count`` moves (None: to the end), each the first legal one; ``unavailable`` is retried with
    the same move id (a bounded number of times). Returns how many were played."""
    played = 0
    while count is None or played < count:
        state = await api.state(match)
        if state.status != "active":
            break
        seat = state.to_act[0]
        legal = await api.legal(match, tokens[seat])
        move_id = uuid.uuid4().hex
        for attempt in range(200):
            try:
                await api.move(match, tokens[seat], legal[0], version=state.version, move_id=move_id)
                break
            except Unavailable:
                assert attempt < 199, "the move was never confirmed"
                await asyncio.sleep(0.1)
        played += 1
    return played


async def test_an_instance_follows_a_failover_and_loses_no_acknowledged_move(
    topology: tuple[EmbeddedRedis, EmbeddedRedis, list[Sentinel]], tmp_path: Path
) -> None:
    primary, second, sentinels = topology
    url = "redis+sentinel://" + ",".join(f"127.0.0.1:{s.port}" for s in sentinels) + f"/{MASTER}"
    env = {"VORPAL_WRITE_REPLICAS": "1", "VORPAL_WRITE_TIMEOUT_MS": "500"}
    proc = ServerProcess(url, log_dir=tmp_path, env=env).start()
    old = None
    try:
        async with VorpalClient(proc.url) as api:
            match, tokens = await seated_match(api, "jabberwocky", 3, {"rounds": 1})
            before = await play_moves(api, match, tokens, 6)
            primary.stop(kill=True)
            until("the Sentinels promote the replica",
                  lambda: all(s.primary() == ("127.0.0.1", second.port) for s in sentinels))  # fmt: skip
            # Every move acknowledged before the kill is on the promoted replica.
            store = Store.from_url(second.url)
            try:
                assert (await store.load(match))[0].version >= before
            finally:
                await store.close()
            # The old primary's port comes back as the new primary's replica (as Sentinel would make it).
            old = replica(tmp_path / "old-primary", second.port, primary.port)
            after = await play_moves(api, match, tokens, None)
            assert after > 0
            assert (await api.state(match)).status == "finished"
        store = Store.from_url(url)
        try:
            await check_stored(store, match, [])
        finally:
            await store.close()
        assert proc.alive  # followed without a restart
    finally:
        proc.stop()
        if old is not None:
            old.stop()


def test_a_sentinel_url_carries_credentials_tls_and_the_sentinels_own_credentials() -> None:
    from server.store.sentinel import SentinelUrl

    parsed = SentinelUrl.parse("rediss+sentinel://app:p%40ss@10.0.0.1:26379,[::1]:26380/games?db=2"
                               "&sentinel_username=watch&sentinel_password=s3cret")  # fmt: skip
    assert parsed.sentinels == (("10.0.0.1", 26379), ("::1", 26380))
    assert parsed.master == "games"
    assert (parsed.redis.username, parsed.redis.password, parsed.redis.db, parsed.redis.tls) == ("app", "p@ss", 2, True)
    assert (parsed.sentinel_username, parsed.sentinel_password) == ("watch", "s3cret")
    assert SentinelUrl.parse("redis+sentinel://h:1/m").redis.tls is False
    with pytest.raises(ValueError):
        SentinelUrl.parse("redis+sentinel://h:1")  # no primary named
