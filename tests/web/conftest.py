"""What the web tests share: REST clients, and an instance that knows the admin key."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest

from server.store.embedded import EmbeddedRedis
from tests.support.servers import ADMIN_KEY, ServerProcess


@pytest.fixture(scope="module")
def admin_server(redis_server: EmbeddedRedis, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """An instance that knows the admin key (on the session's Redis); the shared ``server`` has none."""
    proc = ServerProcess(redis_server.url, log_dir=Path(tmp_path_factory.mktemp("admin")),
                         env={"VORPAL_ADMIN_KEY": ADMIN_KEY}).start()  # fmt: skip
    yield proc
    proc.stop()


@pytest.fixture
async def api(server: ServerProcess) -> AsyncIterator[httpx.AsyncClient]:
    """A REST client of the session's server."""
    async with httpx.AsyncClient(base_url=server.url) as client:
        yield client


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    """A REST client for any instance (full URLs)."""
    async with httpx.AsyncClient(timeout=30) as client:
        yield client
