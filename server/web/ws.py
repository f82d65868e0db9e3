"""The WebSocket endpoint ``/v1/ws``: MessagePack frames of protocol v1 or v2 (see protocol/PROTOCOL.md).

The version is negotiated with ``Sec-WebSocket-Protocol`` (the first the client offers that we
serve; v2's events carry a patch of the view instead of the view); a client that
offers none we serve gets an HTTP 400 problem (``unsupported_protocol``)
instead of the handshake (:func:`refuse`, the one way a handshake is refused).
Each request frame is answered by an ``ack`` or an ``error`` with the same
``id``; a frame that cannot be read gets an ``error`` with a null ``id`` and
the connection goes on. Every ``error`` frame is built by
:func:`server.web.problems.error_frame`, from the same members as a REST problem.

An ``auth`` frame whose token is an API key (``vpk_...``) signs the socket in as
its account (one at a time; signing in again replaces it): the account's notices
are pushed as ``notice`` frames (:mod:`server.live.notices`) and it may queue on
ladders (``queue``/``unqueue``, checked against the key each time, as REST does).

A peer that stops reading is dropped: a send that waits longer than
``ws_send_timeout_s`` closes the connection (1008) and aborts it if the close
frame is not read within as long again.

Long because one :class:`Connection` holds a socket's requests and its outgoing frames, which
share its state (the session's counts, how it closes: 1008 when behind, 4001 when a match it
follows went back); the outbox is the part to move out next.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable, Coroutine
from typing import Any

from starlette.datastructures import Headers
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect
from vorpal_protocol import SUBPROTOCOL_V2, SUBPROTOCOLS, DecodeError, decode_client, encode
from vorpal_protocol.frames import Auth, MoveFrame, Ping, QueueFrame, SayFrame, Subscribe, UnqueueFrame, Unsubscribe

from server.domain import spectating
from server.domain.accounts import Account, is_api_key
from server.domain.ids import SeatToken
from server.domain.matches import seat_of
from server.domain.views import match_state
from server.errors import (
    BadFrame,
    Forbidden,
    NotSubscribed,
    RateLimited,
    Unauthorized,
    UnsupportedProtocol,
    VorpalError,
)
from server.live.notices import NoticeStream
from server.live.resume import missed_frames
from server.live.subscription import Subscription
from server.runtime.logs import LogLimiter

from .access import SCOPE_KEY, Session, request_id
from .limits import MAX_BAD_FRAMES, MAX_LIMITED, OUTBOX_LIMIT, RATE_PER_S, TokenBucket
from .origins import origin_allowed
from .problems import INTERNAL_DETAIL, error_frame, from_decode_error, from_error
from .services import Services, services

log = logging.getLogger("vorpal.ws")
#: Refused handshakes: any client can cause them, so at most one INFO line every 10 s.
refusals = LogLimiter(log, logging.INFO)
#: Peers dropped for not reading: one WARNING line every 10 s at most.
slow_readers = LogLimiter(log, logging.WARNING)
#: What the scope's extensions hold when the protocol under the app offers more than ASGI does
#: (``server/web/wsprotocol.py``): ``drop`` a peer that stopped reading, ``write`` a frame at once.
SOCKET_EXTENSION = "vorpal.socket"
SLOW_READER = "too slow to read: reconnect and resume"
WENT_BACK = "the match went back to an earlier version (a failover): reconnect and resume"
#: The close code that says so (a private-use code: PROTOCOL.md, close codes).
WENT_BACK_CODE = 4001
#: Set in that extension while frames wait in a connection's outbox: a shutdown closes the socket after them.
BACKLOG = "backlog"
#: The endpoint's path.
PATH = "/v1/ws"


class Connection:
    """One client socket: its credentials, its subscriptions and its outgoing frames.

    A frame is written to the socket at once when the transport takes it without waiting (the
    protocol's ``write`` extension), which is nearly always: an idle or keeping-up socket has no
    queue and no task of its own. Only when the peer falls behind (or the protocol offers no
    ``write``) do frames queue in ``outbox``, in order, for a writer task whose every send is
    bounded by ``send_timeout_s``; once it has caught up, both are gone again."""

    def __init__(self, ws: WebSocket, app: Services, send_timeout_s: float = 10.0, close_grace_s: float = 10.0,
                 v2: bool = False) -> None:  # fmt: skip
        self.ws = ws
        self.v2 = v2  # protocol v2: events carry a patch of the view
        self.app = app
        self.send_timeout_s, self.close_grace_s = send_timeout_s, close_grace_s
        self.dropped = False
        self.closed = False
        self.tokens: dict[str, str] = {}
        self.subs: dict[str, Subscription] = {}
        self.key: str | None = None  # the API key the socket signed in with
        self.notices: NoticeStream | None = None
        extension = socket_extension(ws)
        self.write_now: Callable[[bytes], bool] | None = None if extension is None else extension["write"]
        # The frames waiting for the writer task (None: close after the ones before), while it runs.
        self.outbox: deque[bytes | None] | None = None
        self.writer: asyncio.Task[None] | None = None
        self.errors = 0  # unreadable frames only: refused requests are normal traffic
        self.overflowed = False
        #: The close that ends an overflowed connection (:meth:`went_back` says otherwise).
        self.close_with = (1008, "too far behind: reconnect and resume")
        self.limited = 0
        self.rate = TokenBucket()
        self.session = Session(ws.scope)  # operations: counts and the session's log line

    def send(self, frame: dict[str, Any] | bytes) -> None:
        """Send a frame, or queue it behind the ones the peer has not taken yet. A client that falls
        ``OUTBOX_LIMIT`` frames behind is disconnected (1008) rather than silently skipped: on
        reconnect it resumes from its last version."""
        if self.overflowed or self.closed:
            return
        data = frame if isinstance(frame, bytes) else encode(frame)
        outbox = self.outbox
        if outbox is None:
            if self.write_now is not None and self.write_now(data):
                self.session.frames_out += 1
                return
        elif len(outbox) >= OUTBOX_LIMIT:
            self.overflowed = True
            outbox.clear()  # what it missed, it gets back by resuming
            outbox.append(None)
            return
        self._queue(data)

    def went_back(self) -> None:
        """A match this socket follows is at an earlier version than it was sent (a failover lost
        the rest): close with 4001 behind the frames queued, so that the client reconnects at once
        and resumes at what the match now is. Rare, and no frame could say it. Not 1012: requests in
        flight may have been applied, unanswered (PROTOCOL.md, close codes)."""
        if self.overflowed or self.closed:
            return
        self.overflowed = True  # nothing more is queued for it
        self.close_with = (WENT_BACK_CODE, WENT_BACK)
        self._queue(None)

    def _queue(self, data: bytes | None) -> None:
        if self.outbox is None:
            self.outbox = deque()
            self._backlog(True)
        self.outbox.append(data)
        if self.writer is None:
            self.writer = asyncio.create_task(self._write())

    async def _write(self) -> None:
        """Send the queued frames in order; end when none is left (or at a ``None``: closing)."""
        outbox = self.outbox
        assert outbox is not None
        try:
            while outbox:
                data = outbox.popleft()
                if data is None:
                    if self.overflowed:
                        code, reason = self.close_with
                        await self.bounded(self.ws.close(code=code, reason=reason))
                    return
                await self.bounded(self.ws.send_bytes(data))
                self.session.frames_out += 1
        except TimeoutError:
            self.drop()
        except WebSocketDisconnect:
            # The peer is gone; the endpoint sees its disconnect and ends the session. Ended here,
            # not raised: a task's exception, raised again where the task is awaited, holds that
            # frame and so the task itself, a cycle that only a full collection would free.
            pass
        finally:
            self.writer = None
            if not self.overflowed:
                self.outbox = None  # caught up: frames go straight to the socket again
                self._backlog(False)

    def _backlog(self, waiting: bool) -> None:
        """Tell the protocol whether frames wait in the outbox (:data:`BACKLOG`): only a slow peer's do."""
        extension = socket_extension(self.ws)
        if extension is not None:
            extension[BACKLOG] = waiting

    async def bounded(self, sending: Any) -> None:
        """A send that a peer which stopped reading cannot hold up longer than ``send_timeout_s``."""
        async with asyncio.timeout(self.send_timeout_s):  # no task per send, unlike wait_for
            await sending

    def drop(self) -> None:
        """Close a peer that stopped reading (1008): behind what it has not read, then abort."""
        self.overflowed = self.dropped = True  # nothing more is queued for it
        if self.outbox is not None:
            self.outbox.clear()
        slow_readers.log("dropped a WebSocket peer that stopped reading (%s)", self.ws.client)
        extension = socket_extension(self.ws)
        if extension is not None:
            extension["drop"](1008, SLOW_READER, self.close_grace_s)

    async def handle(self, data: bytes) -> None:
        rid: int | str | None = None
        try:
            frame = decode_client(data)
            rid = frame.id
            self.session.saw(frame)
            if not self.rate.admit():
                self.limited += 1
                wait_ms = self.rate.retry_after_ms()
                self.send(
                    error_frame(RateLimited(f"at most {RATE_PER_S:.0f} frames a second", retry_after_ms=wait_ms), rid)
                )
                return
            result = await self.dispatch(frame)
            if result is not None:
                self.send(result)
                self.session.answered(frame)
        except DecodeError as exc:
            self.errors += 1
            self.send(error_frame(from_decode_error(exc), exc.request_id))
        except VorpalError as exc:
            self.send(error_frame(exc, rid))
        except Exception:
            log.exception("frame handling failed")
            self.send(error_frame(VorpalError(INTERNAL_DETAIL), rid))

    async def dispatch(self, frame: Any) -> dict[str, Any] | None:
        if isinstance(frame, Ping):
            return {"type": "pong", "id": frame.id}
        if isinstance(frame, Auth):
            if is_api_key(frame.token):
                return await self.sign_in(frame)
            parsed = SeatToken.parse(frame.token)
            if parsed is None:
                raise Unauthorized("malformed seat token")
            async with self.app.catch_up:
                record, _ = await self.app.store.load(parsed.match_id)
            seat = seat_of(record, frame.token)
            self.tokens[record.id] = frame.token
            return ack(frame.id, {"match": record.id, "seat": seat})
        if isinstance(frame, Subscribe):
            async with self.app.catch_up:
                await self.subscribe(frame)  # sends its own ack, after any replayed events
            return None
        if isinstance(frame, Unsubscribe):
            sub = self.subs.pop(frame.match, None)
            if sub is None:
                raise NotSubscribed()
            self.app.hub.discard(sub)
            return ack(frame.id, {"match": frame.match})
        if isinstance(frame, MoveFrame):
            result = await self.app.matches.move(
                frame.match, self.tokens.get(frame.match), frame.move_id, frame.version, frame.move
            )
            return ack(frame.id, result)
        if isinstance(frame, SayFrame):
            return ack(frame.id, await self.app.chat.say(frame.match, self.tokens.get(frame.match), frame.text))
        if isinstance(frame, QueueFrame):
            entry = await self.app.ladders.join_queue(frame.ladder, await self.account())
            self.app.ladder_loop.wake()
            return ack(frame.id, {"ladder": frame.ladder, "queued": True, "since": entry.since})
        if isinstance(frame, UnqueueFrame):
            await self.app.ladders.leave_queue(frame.ladder, await self.account())
            return ack(frame.id, {"ladder": frame.ladder, "queued": False})
        raise AssertionError(f"unhandled frame {frame!r}")

    async def sign_in(self, frame: Auth) -> dict[str, Any]:
        """Sign the socket in as the key's account; its notices above ``since`` come before the ack."""
        account = await self.app.accounts.authenticate(frame.token)
        if self.notices is not None:
            self.app.hub.sign_out(self.notices)
            self.key = self.notices = None
        stream = NoticeStream(account.id, self.send)
        newest = await self.app.hub.sign_in(stream, frame.since)
        self.key, self.notices = frame.token, stream
        return ack(frame.id, {"account": account.id, "name": account.name, "seq": newest})

    async def account(self) -> Account:
        """The signed-in account, its key checked again (a revoked or disabled key stops at once)."""
        if self.key is None:
            raise Unauthorized("sign in first: an 'auth' frame with your API key (vpk_...)")
        return await self.app.accounts.authenticate(self.key)

    async def subscribe(self, frame: Subscribe) -> None:
        hub = self.app.hub
        old = self.subs.pop(frame.match, None)
        if old is not None:
            hub.discard(old)
        record, _ = await self.app.store.load(frame.match)
        seat = seat_of(record, self.tokens.get(frame.match))
        sub = Subscription(frame.match, seat, self.send, went_back=self.went_back, v2=self.v2,
                           delay=record.spectator_delay if spectating.delayed(record, seat) else None)  # fmt: skip
        await hub.add(sub)
        try:
            # Read after the channel is live: nothing can fall between the two.
            if frame.since is None:
                stored, _ = await self.app.store.load(frame.match)
                current, _ = await self.app.matches.as_seen_by(stored, seat)  # a delayed spectator: as it was
            else:
                frames, loaded = await missed_frames(self.app.matches, frame.match, seat, frame.since, v2=self.v2)
                assert loaded is not None
                current = loaded
                for missed in frames:
                    self.send(missed)
        except BaseException:
            hub.discard(sub)
            raise
        self.subs[frame.match] = sub
        matches = self.app.matches
        self.send(ack(frame.id, match_state(current, matches.snapshot(current), seat, matches.clock(), self.v2)))
        sub.view_version = current.version
        hub.start_live(sub, current.version)

    def close(self) -> None:
        for sub in self.subs.values():
            self.app.hub.discard(sub)
        self.subs.clear()
        if self.notices is not None:
            self.app.hub.sign_out(self.notices)
            self.notices = None
        if not self.closed:
            self.closed = True
            if self.writer is not None and self.outbox is not None:
                self.outbox.append(None)  # the writer stops after what is queued


def handshake(scope: Scope, receive: Receive, send: Send) -> Coroutine[Any, Any, None]:
    """A handshake on :data:`PATH`, handed to :func:`endpoint` with the request id every request gets
    (:class:`server.web.access.RequestLog`), by :class:`server.web.app.App` before any layer.

    The endpoint's coroutine is returned, not awaited in another: every coroutine a WebSocket
    passes through stays suspended for as long as the socket is open. The middlewares (CORS, body
    limit, REST rate limit), Starlette's error and exception handling and its router let a
    WebSocket through unchanged, yet kept a coroutine each, closures and a second ``WebSocket``
    object for every open socket."""
    scope[SCOPE_KEY] = request_id(scope)
    return endpoint(WebSocket(scope, receive, send))


def socket_extension(ws: WebSocket) -> dict[str, Any] | None:
    """What the protocol under the app offers beyond ASGI (:data:`SOCKET_EXTENSION`), if it does."""
    found: dict[str, Any] | None = (ws.scope.get("extensions") or {}).get(SOCKET_EXTENSION)
    return found


def ack(request_id: int | str, result: dict[str, Any]) -> dict[str, Any]:
    return {"type": "ack", "id": request_id, "result": result}


def unsupported_protocol() -> UnsupportedProtocol:
    return UnsupportedProtocol(f"offer one of {list(SUBPROTOCOLS)} in Sec-WebSocket-Protocol",
                               supported=list(SUBPROTOCOLS))  # fmt: skip


async def refuse(ws: WebSocket, err: VorpalError) -> None:
    """Refuse the handshake: an HTTP problem response instead of the upgrade, one rate-limited INFO line."""
    refusals.log("refused a WebSocket handshake: %s", err.detail)
    await ws.send_denial_response(from_error(err, ws.url.path))


async def endpoint(ws: WebSocket) -> None:
    offered = ws.scope.get("subprotocols") or []
    if not any(p in SUBPROTOCOLS for p in offered):
        await refuse(ws, unsupported_protocol())
        return
    if not origin_allowed(Headers(scope=ws.scope), services(ws).settings.cors_origins):  # not ws.headers: kept
        await refuse(ws, Forbidden("this Origin may not open a WebSocket"))
        return
    chosen = next(p for p in offered if p in SUBPROTOCOLS)  # the client's first choice that we serve
    await ws.accept(subprotocol=chosen)
    ws.scope["headers"] = []  # read: not kept for as long as the socket stays open
    app = services(ws)
    conn = Connection(ws, app, app.settings.ws_send_timeout_s, app.settings.ws_close_grace_s,
                      v2=chosen == SUBPROTOCOL_V2)  # fmt: skip
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                conn.session.close_code = message.get("code")
                break
            conn.session.frames_in += 1
            data = message.get("bytes")
            if data is None:
                conn.send(error_frame(BadFrame("frames are binary MessagePack, not text"), None))
                conn.errors += 1
            else:
                await conn.handle(data)
            del message, data  # handled: not kept while the socket waits for the next frame
            if conn.overflowed:
                break
            if conn.errors > MAX_BAD_FRAMES or conn.limited > MAX_LIMITED:
                conn.close()
                if conn.writer is not None:
                    await conn.writer  # what is queued goes before the close frame
                conn.session.close_code = 1008
                if not conn.dropped:
                    reason = "too many bad frames" if conn.errors > MAX_BAD_FRAMES else "rate limit exceeded"
                    try:
                        await conn.bounded(ws.close(code=1008, reason=reason))
                    except TimeoutError:
                        conn.drop()
                return
    except WebSocketDisconnect:
        pass
    finally:
        conn.close()
        writer = conn.writer
        if writer is not None:
            if conn.overflowed:  # let the writer send its close frame (each of its two sends is bounded)
                with contextlib.suppress(BaseException):
                    await asyncio.wait_for(asyncio.shield(writer), 2 * conn.send_timeout_s + 1)
            writer.cancel()
            with contextlib.suppress(BaseException):
                await writer
        conn.session.end(conn.close_with[0] if conn.overflowed else None)
