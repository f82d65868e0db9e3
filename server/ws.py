"""The WebSocket endpoint ``/v1/ws``: MessagePack frames of protocol v1 (see protocol/PROTOCOL.md).

The version is negotiated with ``Sec-WebSocket-Protocol``; a client that
offers none we serve gets an HTTP 400 problem (``unsupported_protocol``)
instead of the handshake. Each request frame is answered by an ``ack`` or an
``error`` with the same ``id``; a frame that cannot be read gets an
``error`` with a null ``id`` and the connection goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect
from vorpal_protocol import SUBPROTOCOL, SUBPROTOCOLS, DecodeError, decode_client, encode
from vorpal_protocol.frames import Auth, MoveFrame, Ping, SayFrame, Subscribe, Unsubscribe

from server import games
from server.engine.errors import NotSubscribed, RateLimited, Unauthorized, UnsupportedProtocol, VorpalError
from server.hub import Hub, Snapshot, Subscription, event_frame
from server.matches import Matches, decode_table, parse_token
from server.problems import error_frame, from_error

log = logging.getLogger("vorpal.ws")

OUTBOX_LIMIT = 10_000
#: Request frames a connection may send: a sustained rate, and a burst above it.
RATE_PER_S = 200.0
RATE_BURST = 400.0
#: Refusals (bad frames; rate-limited frames) after which the connection is closed with 1008.
MAX_LIMITED = 5_000


class Connection:
    """One client socket: its credentials, its subscriptions and its outgoing queue."""

    def __init__(self, ws: WebSocket, hub: Hub, matches: Matches, max_errors: int) -> None:
        self.ws = ws
        self.hub = hub
        self.matches = matches
        self.tokens: dict[str, str] = {}
        self.subs: dict[str, Subscription] = {}
        # Frames waiting for the writer task; None stops it. A deque and one wake-up future
        # cost less per frame than an asyncio.Queue (measured: the queue was ~5% of a move).
        self.outbox: deque[bytes | None] = deque()
        self._wakeup: asyncio.Future[None] | None = None
        self.errors = 0  # unreadable frames only: refused requests are normal traffic
        self.overflowed = False
        self.limited = 0
        self.max_errors = max_errors
        self._allowance = RATE_BURST
        self._checked = time.monotonic()

    def within_rate(self) -> bool:
        """Token bucket: ``RATE_PER_S`` frames a second, bursts up to ``RATE_BURST``."""
        now = time.monotonic()
        self._allowance = min(RATE_BURST, self._allowance + (now - self._checked) * RATE_PER_S)
        self._checked = now
        if self._allowance < 1:
            return False
        self._allowance -= 1
        return True

    def send(self, frame: dict[str, Any] | bytes) -> None:
        """Queue a frame. A client that falls ``OUTBOX_LIMIT`` frames behind is disconnected
        (1008) rather than silently skipped: on reconnect it resumes from its last version."""
        if self.overflowed:
            return
        if len(self.outbox) >= OUTBOX_LIMIT:
            self.overflowed = True
            self.outbox.clear()  # what it missed, it gets back by resuming
            self._put(None)
            return
        self._put(frame if isinstance(frame, bytes) else encode(frame))

    def _put(self, data: bytes | None) -> None:
        self.outbox.append(data)
        wakeup = self._wakeup
        if wakeup is not None and not wakeup.done():
            wakeup.set_result(None)

    async def writer(self) -> None:
        outbox = self.outbox
        while True:
            while outbox:
                data = outbox.popleft()
                if data is None:
                    if self.overflowed:
                        await self.ws.close(code=1008, reason="too far behind: reconnect and resume")
                    return
                await self.ws.send_bytes(data)
            self._wakeup = asyncio.get_running_loop().create_future()
            await self._wakeup
            self._wakeup = None

    async def handle(self, data: bytes) -> None:
        rid: int | str | None = None
        try:
            frame = decode_client(data)
            rid = frame.id
            if not self.within_rate():
                self.limited += 1
                self.send(error_frame(RateLimited(f"at most {RATE_PER_S:.0f} frames a second"), rid))
                return
            result = await self.dispatch(frame)
            if result is not None:
                self.send(result)
        except DecodeError as exc:
            self.errors += 1
            self.send({"type": "error", "id": exc.request_id, "code": exc.code, "title": "Unreadable frame",
                       "detail": exc.detail})  # fmt: skip
        except VorpalError as exc:
            self.send(error_frame(exc, rid))
        except Exception:
            log.exception("frame handling failed")
            self.send({"type": "error", "id": rid, "code": "internal", "title": "Internal error",
                       "detail": "a server fault; nothing was changed"})  # fmt: skip

    async def dispatch(self, frame: Any) -> dict[str, Any] | None:
        if isinstance(frame, Ping):
            return {"type": "pong", "id": frame.id}
        if isinstance(frame, Auth):
            parsed = parse_token(frame.token)
            if parsed is None:
                raise Unauthorized("malformed seat token")
            record, _ = await self.matches.store.load(parsed[0])
            seat = self.matches.seat_of(record, frame.token)
            self.tokens[record.id] = frame.token
            return ack(frame.id, {"match": record.id, "seat": seat})
        if isinstance(frame, Subscribe):
            await self.subscribe(frame)  # sends its own ack, after any replayed events
            return None
        if isinstance(frame, Unsubscribe):
            sub = self.subs.pop(frame.match, None)
            if sub is None:
                raise NotSubscribed()
            self.hub.discard(sub)
            return ack(frame.id, {"match": frame.match})
        if isinstance(frame, MoveFrame):
            result = await self.matches.move(
                frame.match, self.tokens.get(frame.match), frame.move_id, frame.version, frame.move
            )
            return ack(frame.id, result)
        if isinstance(frame, SayFrame):
            return ack(frame.id, await self.matches.say(frame.match, self.tokens.get(frame.match), frame.text))
        raise AssertionError(f"unhandled frame {frame!r}")

    async def subscribe(self, frame: Subscribe) -> None:
        old = self.subs.pop(frame.match, None)
        if old is not None:
            self.hub.discard(old)
        token = self.tokens.get(frame.match)
        record, _ = await self.matches.store.load(frame.match)
        seat = self.matches.seat_of(record, token)
        sub = Subscription(frame.match, seat, self.send)
        await self.hub.add(sub)
        try:
            # Read after the channel is live: nothing can fall between the two.
            record, _ = await self.matches.store.load(frame.match)
            rules = games.get(record.game)
            table = decode_table(rules, record.table)
            if frame.since is not None and frame.since < record.version:
                entries = await self.matches.store.log(frame.match, frame.since, record.version)
                for i, entry in enumerate(entries):
                    last = i == len(entries) - 1
                    self.send(event_frame(frame.match, entry, seat, Snapshot(rules, table) if last else None))
        except BaseException:
            self.hub.discard(sub)
            raise
        self.subs[frame.match] = sub
        result = self.matches.state_for(record, table, seat)
        self.send(ack(frame.id, result))
        self.hub.start_live(sub, record.version)
        if record.status == "active":
            self.matches.kick_bots(record.id, record)

    def close(self) -> None:
        for sub in self.subs.values():
            self.hub.discard(sub)
        self.subs.clear()
        self._put(None)


def ack(request_id: int | str, result: dict[str, Any]) -> dict[str, Any]:
    return {"type": "ack", "id": request_id, "result": result}


async def endpoint(ws: WebSocket) -> None:
    offered = ws.scope.get("subprotocols") or []
    if not any(p in SUBPROTOCOLS for p in offered):
        err = UnsupportedProtocol(
            f"offer one of {list(SUBPROTOCOLS)} in Sec-WebSocket-Protocol", supported=list(SUBPROTOCOLS)
        )
        await ws.send_denial_response(from_error(err, "/v1/ws"))
        return
    await ws.accept(subprotocol=SUBPROTOCOL)
    state = ws.app.state
    conn = Connection(ws, state.hub, state.matches, state.settings.ws_error_limit)
    writer = asyncio.create_task(conn.writer())
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            data = message.get("bytes")
            if data is None:
                conn.send({"type": "error", "id": None, "code": "bad_frame", "title": "Unreadable frame",
                           "detail": "frames are binary MessagePack, not text"})  # fmt: skip
                conn.errors += 1
            else:
                await conn.handle(data)
            if conn.overflowed:
                break
            if conn.errors > conn.max_errors or conn.limited > MAX_LIMITED:
                conn.close()
                await writer
                reason = "too many bad frames" if conn.errors > conn.max_errors else "rate limit exceeded"
                await ws.close(code=1008, reason=reason)
                return
    except WebSocketDisconnect:
        pass
    finally:
        conn.close()
        if conn.overflowed:  # let the writer send its close frame
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(asyncio.shield(writer), 5)
        writer.cancel()
        with contextlib.suppress(BaseException):
            await writer
