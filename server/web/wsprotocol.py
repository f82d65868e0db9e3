"""The uvicorn WebSocket protocol Vorpal runs (``websockets-sansio``), with six changes.

- A handshake the ``websockets`` library refuses before the app runs (an empty
  ``Sec-WebSocket-Protocol``, a missing key...) is answered with a problem document,
  like every refusal of the app, not with a plain-text page.
- A refusal is not an error: uvicorn's ERROR line ("ASGI callable returned without
  completing handshake") after a denial response, and its INFO line per refusal, give
  way to one rate-limited INFO line (:data:`server.web.ws.refusals`).
- The app may drop a peer that stopped reading (``drop`` in the scope's ``vorpal.socket``
  extension): the close frame is queued behind what the peer has not read, and the
  transport is aborted unless the peer has read it all and answered within a grace period.
- The app may write a frame without a coroutine (``write`` in the same extension) whenever the
  transport takes it without waiting: an idle socket then needs no writer task, and the frames
  of one turn of the event loop go out in one ``transport.write``.
- What a connection keeps while it is open is small: one :class:`Inbox` and one :class:`Flag`
  instead of uvicorn's ``asyncio.Queue`` and ``asyncio.Event`` (five deques between them, each
  larger than all the rest, for at most a message or two and one waiter), the handshake's
  request and response are let go once it is complete, and uvicorn's attributes fit in the key
  table its instances share (:attr:`VorpalWebSocketProtocol.__slots__`).
- On shutdown the frames already read are answered before the close (1012), not cut off
  (:meth:`VorpalWebSocketProtocol.shutdown`, ``server/web/drain.py``).
"""

from __future__ import annotations

import asyncio
import http
import json
import logging
from typing import Any

from uvicorn._types import ASGISendEvent
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.datastructures import Headers
from websockets.exceptions import InvalidHeader, InvalidState
from websockets.http11 import Request, Response
from websockets.server import ServerProtocol

from server.errors import BadRequest, VorpalError

from .problems import problem_document
from .ws import BACKLOG, SOCKET_EXTENSION, refusals, unsupported_protocol


class ProblemHandshakes(ServerProtocol):
    """``websockets``' server side, answering a handshake it refuses with a problem document."""

    def accept(self, request: Request) -> Response:
        response = super().accept(request)
        if response.status_code == http.HTTPStatus.SWITCHING_PROTOCOLS:
            return response
        exc = self.handshake_exc
        err: VorpalError
        if isinstance(exc, InvalidHeader) and exc.name.lower() == "sec-websocket-protocol":
            err = unsupported_protocol()
        else:
            err = BadRequest(f"not a valid WebSocket handshake: {exc}")
        refusals.log("refused a WebSocket handshake: %s", err.detail)
        body = {**problem_document(err, request.path.partition("?")[0]), "status": response.status_code}
        headers = Headers(response.headers)
        encoded = json.dumps(body).encode()
        # websockets' headers are a multi-map: setting a name adds a header, so the plain-text
        # page's own two are taken out first.
        del headers["Content-Type"], headers["Content-Length"]
        headers["Content-Type"] = "application/problem+json"
        headers["Content-Length"] = str(len(encoded))
        return Response(response.status_code, response.reason_phrase, headers, encoded)


class VorpalHttpProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol (``httptools``), which lets go of its parser once a connection is
    upgraded to a WebSocket, as it does when a connection is lost (pass as ``http=``).

    The parser holds callbacks bound to the protocol: left alone, that cycle kept the upgraded
    connection's HTTP side, and through its transport the whole WebSocket session, until a full
    collection (:meth:`VorpalWebSocketProtocol.release`)."""

    def handle_websocket_upgrade(self) -> None:
        super().handle_websocket_upgrade()
        self.parser = None  # type: ignore[assignment]  # no more data comes to this protocol


class Inbox:
    """The messages for the app, in order: what uvicorn's protocol asks of its ``asyncio.Queue``
    (``put_nowait``, ``get``, ``empty``), for its one reader, the app's ``receive``."""

    __slots__ = ("_items", "_waiter")

    def __init__(self) -> None:
        self._items: list[Any] = []
        self._waiter: asyncio.Future[None] | None = None

    def put_nowait(self, item: Any) -> None:
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def get(self) -> Any:
        while not self._items:
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        return self._items.pop(0)  # reading pauses at each message: there is rarely a second one

    def empty(self) -> bool:
        return not self._items

    def idle(self) -> bool:
        """Its reader waits and nothing is queued: every message handed over has been handled."""
        return self._waiter is not None and not self._items


class Flag:
    """Set or not, and wait until it is: what uvicorn's protocol asks of its ``asyncio.Event``
    (``writable``: set unless the transport's buffer is over its high-water mark)."""

    __slots__ = ("_set", "_waiters")

    def __init__(self) -> None:
        self._set = False
        self._waiters: list[asyncio.Future[None]] | None = None

    def is_set(self) -> bool:
        return self._set

    def set(self) -> None:
        self._set = True
        waiters, self._waiters = self._waiters, None
        for waiter in waiters or ():
            if not waiter.done():
                waiter.set_result(None)

    def clear(self) -> None:
        self._set = False

    async def wait(self) -> bool:
        if self._set:
            return True
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if self._waiters is None:
            self._waiters = []
        self._waiters.append(waiter)
        try:
            await waiter
        finally:
            if self._waiters is not None and waiter in self._waiters:
                self._waiters.remove(waiter)
        return True


class VorpalWebSocketProtocol(WebSocketsSansIOProtocol):
    """Pass to uvicorn as ``ws=`` (see ``server/cli.py``)."""

    # uvicorn's protocol sets some 38 attributes on each connection. CPython shares one table of
    # attribute names between the instances of a class, and keeps only the values per instance, up
    # to 30 names: past that every instance carries a whole dict of its own. These slots (written
    # by uvicorn as any attribute) keep the rest of them under that limit.
    __slots__ = ("curr_msg_data_type", "flush_pending", "frames", "last_ping_rtt", "pending_ping_payload",
                 "ping_sent_at", "ping_timer", "pong_timer", "request", "response", "restarting", "scope")  # fmt: skip

    #: While the server shuts down, how often a socket whose app is still busy is looked at again.
    RESTART_POLL_S = 0.02
    RESTART_REASON = "service restart: reconnect and resume"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.conn = ProblemHandshakes(extensions=self.conn.available_extensions, max_size=self.config.ws_max_size,
                                      logger=logging.getLogger("uvicorn.error"))  # fmt: skip
        self.queue = Inbox()  # type: ignore[assignment]
        self.writable = Flag()  # type: ignore[assignment]
        self.writable.set()
        self.flush_pending = False  # frames framed by write() wait for flush() at the end of the turn
        self.restarting = False  # shutdown(): reading stopped, the 1012 close comes once the app is idle

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:
            scope["extensions"][SOCKET_EXTENSION] = {"drop": self.drop, "write": self.write}

    async def send(self, message: ASGISendEvent) -> None:
        if message["type"] == "websocket.http.response.start" and not self.handshake_complete:
            # As uvicorn does, without its log line per refusal (the app logs refusals, rate-limited).
            await self.writable.wait()
            if self.disconnected:
                raise ClientDisconnected()
            headers = [(name.decode("latin-1"), value.decode("latin-1")) for name, value in message.get("headers", [])]
            self.initial_response = (message["status"], headers, b"")
            return
        await super().send(message)
        if message["type"] == "websocket.http.response.body" and not message.get("more_body", False):
            self.handshake_complete = True  # a denial response completes the handshake too
        elif message["type"] == "websocket.accept" and self.handshake_complete:
            # The handshake's request and response (with their headers) are not needed any more.
            # websockets' parser keeps the request it read (a local of its generator) for as long as
            # the connection is open: its headers go too.
            self.request.headers = Headers()
            self.request = self.response = None  # type: ignore[assignment]

    async def receive(self) -> Any:
        """uvicorn's, except that reading does not resume while the server shuts down (:meth:`shutdown`)."""
        message = await self.queue.get()
        if self.read_paused and self.queue.empty() and not self.restarting:
            self.read_paused = False
            self.transport.resume_reading()
        return message

    def shutdown(self) -> None:
        """On SIGTERM (``server/web/drain.py``), for an open WebSocket: read no more frames, let the app
        handle and answer every frame already read, then close with 1012 (service restart), which tells
        the client to reconnect at once and resume. So every request the server read was answered before
        the close, and one the client has no answer to was never read (it may go again, unchanged).
        uvicorn's own closes at once, cutting off the moves in flight. Anything else: uvicorn's."""
        if not self.handshake_complete or self.initial_response is not None or self.close_sent or self.disconnected:
            super().shutdown()
            return
        self.stop_keepalive()
        self.restarting = True
        if not self.read_paused:
            self.read_paused = True
            self.transport.pause_reading()
        self._restart_when_idle()

    def _restart_when_idle(self) -> None:
        if self.disconnected or self.close_sent:
            return
        extension = self.scope["extensions"].get(SOCKET_EXTENSION) or {}
        inbox: Inbox = self.queue  # type: ignore[assignment]  # made in __init__
        if inbox.idle() and self.writable.is_set() and not extension.get(BACKLOG):
            self.flush()  # the answers framed this turn go before the close frame
            self.drop(1012, self.RESTART_REASON, self.close_timeout)
        else:
            self.loop.call_later(self.RESTART_POLL_S, self._restart_when_idle)

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self.release()

    def release(self) -> None:
        """Break the reference cycles of a closed connection, so that reference counting frees it now.

        Left alone, the scope's ``vorpal.socket`` entry (bound methods of this protocol) and
        ``websockets``' parser (a suspended generator whose frame holds its protocol) keep the
        connection's objects in cycles: a session that lasted a few seconds has been promoted to the
        oldest generation by then, which only a full collection visits, so every closed session
        stayed in memory (``loadtest/README.md``, "Soak"). What the app may still do with the
        connection after this (a late ``drop``, a send) is refused as for any closed connection.
        """
        scope = getattr(self, "scope", None)
        if scope is not None:
            scope["extensions"].pop(SOCKET_EXTENSION, None)
        self.conn.parser.close()
        self.conn.parser_exc = None

    def write(self, data: bytes) -> bool:
        """Send ``data`` as one binary frame without waiting, as an ASGI ``websocket.send`` does when
        the transport is writable. The frame is framed now and written with every other frame of this
        turn of the event loop, in one ``transport.write`` (one system call), when the turn ends.

        False, and nothing sent, while that send would wait: the handshake is not complete, or the
        transport's buffer is over its high-water mark (the peer is slow to read); the caller then
        queues it for an awaited, bounded send. Once the connection is closing or closed the frame
        is dropped (True), as such a send would fail: nothing reaches this peer any more."""
        if self.disconnected or self.close_sent or self.initial_response is not None:
            return True
        if not self.handshake_complete or not self.writable.is_set():
            return False
        try:
            self.conn.send_binary(data)
        except InvalidState:
            return True
        if not self.flush_pending:
            self.flush_pending = True
            self.loop.call_soon(self.flush)
        return True

    def flush(self) -> None:
        """Write the frames framed since the last write to the transport, in one piece. (Every other
        write of this protocol takes them too, first: ``data_to_send`` keeps them in order.)"""
        self.flush_pending = False
        if self.disconnected:
            return
        data = self.conn.data_to_send()
        if data:
            self.transport.write(b"".join(data))

    def drop(self, code: int, reason: str, grace_s: float) -> None:
        """Close now, whatever the peer has not read: the close frame goes behind it, and the
        transport is aborted unless the peer reads it all and answers within ``grace_s``.

        Reading goes on meanwhile (what comes in is discarded): a socket closed with unread
        input would reset the connection, and the peer would lose the close frame."""
        if self.disconnected:
            return
        if not self.close_sent:
            self.conn.send_close(code, reason)
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.close_sent = True
        if self.read_paused:
            self.read_paused = False
            self.transport.resume_reading()
        self.queue.put_nowait({"type": "websocket.disconnect", "code": code, "reason": reason})
        if self.close_timer is not None:
            self.close_timer.cancel()
        self.close_timer = self.loop.call_later(grace_s, self.transport.abort)
