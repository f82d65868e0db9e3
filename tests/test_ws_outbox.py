"""A client too slow to read its frames is disconnected, not silently skipped."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from server.web.limits import OUTBOX_LIMIT
from server.web.ws import Connection

pytestmark = pytest.mark.anyio


class StalledSocket:
    """Stands in for a peer that never reads: sends block until it is closed."""

    def __init__(self) -> None:
        self.scope: dict[str, Any] = {}  # a handshake that carried nothing (no request id)
        self.closed: tuple[int, str] | None = None
        self.unblock = asyncio.Event()

    async def send_bytes(self, data: bytes) -> None:
        await self.unblock.wait()

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


async def test_an_overflowing_outbox_closes_the_connection_so_the_client_resumes() -> None:
    sock = StalledSocket()
    conn = Connection(sock, app=None)  # type: ignore[arg-type]
    writer = asyncio.create_task(conn.writer())
    frame: dict[str, Any] = {"type": "pong", "id": 1}
    for _ in range(OUTBOX_LIMIT + 5):
        conn.send(frame)
    assert conn.overflowed and list(conn.outbox) == [None]  # the backlog is dropped, only the stop remains
    sock.unblock.set()
    await asyncio.wait_for(writer, 5)
    assert sock.closed is not None and sock.closed[0] == 1008 and "resume" in sock.closed[1]
