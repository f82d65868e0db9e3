"""The fixtures every folder of tests shares: real Redis servers, Vorpal instances on real sockets,
and the in-process services on them. A folder's own conftest.py holds what only its tests use
(tests/web/conftest.py: the REST clients and the instance with an admin key)."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import redis.asyncio as aioredis

from server.config import Settings
from server.domain.matches import Matches
from server.runtime.clock import Clock, now_ms
from server.store import Store
from server.store.cached import CachingMatchStore
from server.store.embedded import EmbeddedRedis
from tests.support.servers import ADMIN_KEY, ServerProcess, start_instances, stop_all

# Every test client comes from 127.0.0.1: the servers the tests start have no REST rate limit
# unless a test sets one (tests/web/test_rest_limits.py).
os.environ.setdefault("VORPAL_REST_RATE_PER_S", "0")


@pytest.fixture(scope="session")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EmbeddedRedis]:
    """One real Redis-compatible server for the session."""
    with EmbeddedRedis(tmp_path_factory.mktemp("redis"), appendonly=False) as server:
        yield server


@pytest.fixture(scope="session")
def server(redis_server: EmbeddedRedis, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A Vorpal instance (uvicorn, real sockets) on that Redis."""
    proc = ServerProcess(redis_server.url, log_dir=Path(tmp_path_factory.mktemp("logs"))).start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def pair(redis_server: EmbeddedRedis, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[ServerProcess]]:
    """Two instances on the session's Redis, for a module's tests."""
    procs = start_instances(redis_server.url, 2, log_dir=Path(tmp_path_factory.mktemp("pair")))
    yield procs
    stop_all(procs)


@pytest.fixture
async def redis(redis_server: EmbeddedRedis) -> AsyncIterator[aioredis.Redis]:
    """A redis-py client on the session's Redis."""
    client = aioredis.Redis.from_url(redis_server.url)
    yield client
    await client.aclose()


@pytest.fixture
async def store(redis_server: EmbeddedRedis) -> AsyncIterator[Store]:
    """The store on the session's Redis."""
    s = Store.from_url(redis_server.url)
    yield s
    await s.close()


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[EmbeddedRedis]:
    """A Redis of the test's own: for what no other test may see, touch or leave behind (a corrupted
    record, the schedule's one set, a restart)."""
    with EmbeddedRedis(tmp_path / "redis", appendonly=False) as server:
        yield server


@pytest.fixture
async def own_store(own_redis: EmbeddedRedis) -> AsyncIterator[Store]:
    """The store on the test's own Redis."""
    store = Store.from_url(own_redis.url)
    yield store
    await store.close()


@pytest.fixture
def clock() -> Clock:
    """The in-process lifecycle's clock: the wall clock, unless a module steps one of its own."""
    return now_ms


@pytest.fixture
def matches(own_store: Store, clock: Clock) -> Matches:
    """The lifecycle in process (no HTTP) on a Redis of its own: no server instance's scheduler takes
    these matches' leases."""
    return Matches(CachingMatchStore(own_store), Settings(), clock=clock)


@pytest.fixture(scope="module")
def admin_server(redis_server: EmbeddedRedis, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """An instance that knows the admin key (on the session's Redis); the shared ``server`` has none."""
    proc = ServerProcess(redis_server.url, log_dir=Path(tmp_path_factory.mktemp("admin")),
                         env={"VORPAL_ADMIN_KEY": ADMIN_KEY}).start()  # fmt: skip
    yield proc
    proc.stop()
