"""A client too slow to read its frames is disconnected, not silently skipped."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from vorpal_protocol import encode

from server.web.limits import OUTBOX_LIMIT
from server.web.ws import SOCKET_EXTENSION, Connection

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
    sock = StalledSocket()  # it offers no write at once: every frame is queued for the writer task
    conn = Connection(sock, app=None)  # type: ignore[arg-type]
    frame: dict[str, Any] = {"type": "pong", "id": 1}
    for _ in range(OUTBOX_LIMIT + 5):
        conn.send(frame)
    writer = conn.writer
    assert writer is not None and conn.outbox is not None
    assert conn.overflowed and list(conn.outbox) == [None]  # the backlog is dropped, only the stop remains
    sock.unblock.set()
    await asyncio.wait_for(writer, 5)
    assert sock.closed is not None and sock.closed[0] == 1008 and "resume" in sock.closed[1]


class ReadingSocket(StalledSocket):
    """A peer that keeps up: the protocol under it takes each frame at once, except while told not to."""

    def __init__(self) -> None:
        super().__init__()
        self.written: list[bytes] = []  # what went straight to the transport
        self.sent: list[bytes] = []  # what the writer task sent
        self.ready = True
        self.scope = {"extensions": {SOCKET_EXTENSION: {"write": self.write, "drop": None}}}

    def write(self, data: bytes) -> bool:
        if self.ready:
            self.written.append(data)
        return self.ready

    async def send_bytes(self, data: bytes) -> None:
        await self.unblock.wait()
        self.sent.append(data)


async def test_frames_go_straight_to_a_peer_that_keeps_up_and_queue_in_order_while_it_does_not() -> None:
    sock = ReadingSocket()
    conn = Connection(sock, app=None)  # type: ignore[arg-type]
    frames = [encode({"type": "pong", "id": i}) for i in range(6)]
    conn.send(frames[0])
    assert sock.written == frames[:1] and conn.writer is None and conn.outbox is None
    sock.ready = False  # the transport's buffer is full: the next frame waits for the writer
    conn.send(frames[1])
    sock.ready = True
    conn.send(frames[2])  # behind the queued one, not before it
    writer = conn.writer
    assert writer is not None and conn.outbox is not None and sock.written == frames[:1]
    sock.unblock.set()
    await asyncio.wait_for(writer, 5)
    assert sock.sent == frames[1:3] and conn.writer is None and conn.outbox is None
    conn.send(frames[3])  # caught up: straight to the socket again
    assert sock.written == [frames[0], frames[3]]
    conn.close()
    conn.send(frames[4])  # nothing after the end
    assert sock.written == [frames[0], frames[3]] and sock.sent == frames[1:3]
