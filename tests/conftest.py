from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from server.store.embedded import EmbeddedRedis
from tests.support.servers import ServerProcess

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
