from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from server.store.embedded import EmbeddedRedis

from .servers import ServerProcess


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
