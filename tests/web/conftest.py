"""What the web tests share: REST clients (the instance with the admin key is in ``tests/conftest.py``)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest

from tests.support.servers import ServerProcess


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
