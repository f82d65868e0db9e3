"""The live half of the SDK: one WebSocket, requests with replies, pushed events, resume.

:class:`LiveConnection` keeps, for each subscribed match, the last version it
has seen. If the socket drops it reconnects (with backoff), presents its seat
tokens again and re-subscribes with ``since`` = that version, so the server
sends exactly the events it missed. Frames are read in order by one task;
pushed frames go to :attr:`events`, an asyncio queue. The re-subscription's
state goes there too, as a ``{"type": "resumed", "match", "state"}`` item, put
in the moment its reply is read: after the replayed events and before any live
event that follows, so the queue is in version order.

Given several server URLs (instances behind no load balancer, or fallbacks),
it connects to the first that answers (each tried once, in order) and, when a
connection is lost, moves on to the next one in turn, the one just lost last;
a failed attempt waits a backoff (50 ms, doubling up to ``max_backoff``) before
the next. Any instance can resume any match. When a request on a subscribed
match is answered ``unavailable`` (the server is up but its storage is not),
the match is re-synced once storage is back: a ``resumed`` item then carries
its current state. A match whose re-subscription finds it gone (``match_not_found``:
a failover lost it whole, or it expired) is dropped, and a ``{"type": "gone", "match",
"error"}`` item says so.

A close with code 1012 (service restart: the instance is being replaced, as in a
rolling deploy) comes after the server answered every frame it read, so a request
without an answer then was never read: instead of failing it as ``unavailable``, the
connection sends it again, unchanged, once it has reconnected (at once, to the next
URL) and resumed. The caller sees a reply, a little later.

Signed in with an account's API key (:meth:`LiveConnection.sign_in`), the
connection also receives the account's notices (a ladder paired it...) in
:attr:`notices`, an asyncio queue, each once and in ``seq`` order: after a
reconnect it signs in again with ``since`` = the last ``seq`` it saw, so the
server replays what was missed and nothing twice. It may then queue on ladders
(:meth:`queue`, :meth:`unqueue`).

It speaks protocol v2 where the server does (PROTOCOL.md, "Protocol v2"): an event carries a patch of
the view, not the view. The connection applies it (:mod:`vorpal_client.views`) and hands on every
state and event with the whole view, as v1 sends it, the public part's constant fields (a printed
board) put back from the catalogue, read once per game: what is pushed is held back while they are
read. A patch that does not apply re-syncs the match, as a gap does. ``protocol="v1"`` asks for v1 only.

The JavaScript SDK's ``LiveConnection`` behaves the same;
the transcripts in ``protocol/transcripts/`` pin it for both.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import zlib
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode

import httpx
import websockets
from vorpal_protocol import SUBPROTOCOL, SUBPROTOCOL_V2, DecodeError, decode_server, encode
from vorpal_protocol.codec import unpack
from websockets.asyncio.client import ClientConnection

from .errors import ApiError, Unavailable, error_from
from .views import FetchConstants, PatchError, ViewKeeper

log = logging.getLogger("vorpal_client.live")

#: The close code of a server that is being restarted (a rolling deploy): every frame it read was answered.
RESTART = 1012


def ws_url(base_url: str, match: str | None = None) -> str:
    """The WebSocket URL of a server's base URL; ``match`` is the routing hint (PROTOCOL.md, section 2)."""
    url = base_url.rstrip("/")
    if url.startswith("http"):
        url = "ws" + url[4:]
    url += "/v1/ws"
    return url if match is None else f"{url}?{urlencode({'match': match})}"


def restarted(ws: ClientConnection) -> bool:
    """The server closed ``ws`` with 1012 (it answered every frame it read), as soon as its close frame is in."""
    received = ws.protocol.close_rcvd
    return received is not None and received.code == RESTART


class LiveConnection:
    """``async with LiveConnection("http://127.0.0.1:8000") as live: ...``

    ``base_url`` may also be a list of URLs of instances of one deployment,
    tried in turn (see the module docstring). ``match`` names the match this
    connection is for: a load balancer routes by it, and with several URLs the
    first one tried is picked by the match id, so that all seats of a match meet
    on one instance.
    """

    def __init__(self, base_url: str | Sequence[str], *, reconnect: bool = True, max_backoff: float = 2.0,
                 request_timeout: float = 30.0, match: str | None = None, protocol: str = "v2",
                 fetch_constants: FetchConstants | None = None) -> None:  # fmt: skip
        urls = [base_url] if isinstance(base_url, str) else list(base_url)
        if not urls:
            raise ValueError("LiveConnection needs at least one server URL")
        #: "v2" (the default: v2 where the server speaks it, else v1) or "v1".
        self.protocol = protocol
        self.v2 = False  # whether this socket speaks v2 (the server's choice)
        self._http_urls = [("http" + u[2:] if u.startswith("ws") else u).rstrip("/") for u in urls]
        self._views = ViewKeeper(fetch_constants or self._fetch_constants)
        self._held: list[dict[str, Any]] | None = None  # pushed while a game's constant fields are read
        self._holding = 0
        self._subscribing: dict[int | str, str] = {}  # request id -> the match it subscribes
        self.urls = [ws_url(u, match) for u in urls]
        self._next_url = 0 if match is None else zlib.crc32(match.encode()) % len(urls)
        self.url = self.urls[self._next_url]  # the one tried first
        self.reconnect = reconnect
        self.max_backoff = max_backoff
        self.request_timeout = request_timeout
        self.events: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.versions: dict[str, int] = {}
        self.tokens: dict[str, str] = {}
        #: The account's notices (``{"type": "notice", "seq", "at", "kind", "data"}``), in seq order.
        self.notices: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.key: str | None = None
        self.notice_seq: int | None = None  # the last notice seq seen (None: not signed in yet)
        self.reconnects = 0
        self._ids = itertools.count(1)
        self._waiting: dict[int | str, asyncio.Future[dict[str, Any]]] = {}
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._up = asyncio.Event()  # the socket is open: the resume's own requests may go
        self._ready = asyncio.Event()  # and resumed (tokens, subscriptions): every request may go
        self._closing = False
        self._resumer: asyncio.Task[None] | None = None
        self._resyncs: dict[str, asyncio.Task[None]] = {}
        self._resubscribing: dict[int | str, str] = {}  # request id -> the match it re-subscribes
        self._resendable: dict[int | str, bytes] = {}  # request id -> its frame, for a 1012 close (RESTART)

    @property
    def connected(self) -> bool:
        """The socket is open and, after a reconnect, resumed: requests go out now, not later."""
        return self._ready.is_set()

    async def __aenter__(self) -> LiveConnection:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def connect(self) -> None:
        """Connect to the first URL that answers (each is tried once, in order); raises
        :class:`Unavailable` if none does."""
        for attempt in range(len(self.urls)):
            try:
                await self._open()
                self._ready.set()  # nothing to resume yet
                break
            except (OSError, websockets.InvalidHandshake, TimeoutError) as exc:
                if attempt == len(self.urls) - 1:
                    raise Unavailable("unavailable", "Cannot connect", self.url) from exc
        self._reader = asyncio.create_task(self._read_forever())

    async def _open(self) -> None:
        """Connect to the next URL in turn."""
        self.url = self.urls[self._next_url % len(self.urls)]
        self._next_url += 1
        offer = [SUBPROTOCOL] if self.protocol == "v1" else [SUBPROTOCOL_V2, SUBPROTOCOL]
        self._ws = await websockets.connect(self.url, subprotocols=offer, compression=None,  # type: ignore[arg-type]
                                            max_size=2**20, open_timeout=10)  # fmt: skip
        self.v2 = self._ws.subprotocol == SUBPROTOCOL_V2
        self._up.set()

    async def close(self) -> None:
        self._closing = True
        for task in [self._resumer, *self._resyncs.values()]:
            if task is not None:
                task.cancel()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(BaseException):
                await self._reader
        if self._ws is not None:
            await self._ws.close()

    async def drop(self) -> None:
        """Close the socket abruptly (the connection then reconnects and resumes): for tests."""
        if self._ws is not None:
            self._ws.transport.abort()

    # -- reading ------------------------------------------------------------------------

    async def _read_forever(self) -> None:
        backoff = 0.05
        while not self._closing:
            ws = self._ws
            try:
                assert ws is not None
                async for data in ws:
                    if isinstance(data, bytes):
                        self._on_frame(data)
            except websockets.ConnectionClosed:
                pass
            except OSError:
                pass
            if self._closing or not self.reconnect:
                break
            self._up.clear()
            self._ready.clear()
            restart = ws is not None and restarted(ws)
            self._fail_waiting(Unavailable("unavailable", "Connection lost", "the request may or may not have applied"),
                               keep=self._resendable if restart else None)  # fmt: skip
            if self._resumer is not None:
                self._resumer.cancel()
            # The URL just lost is tried last: first the next one, then the rest in turn.
            while not self._closing:
                try:
                    await self._open()
                    self.reconnects += 1
                    self._resumer = asyncio.create_task(self._resume())
                    backoff = 0.05
                    break
                except (OSError, websockets.InvalidHandshake, TimeoutError):
                    await asyncio.sleep(backoff)
                    backoff = min(backoff * 2, self.max_backoff)
        self._fail_waiting(Unavailable("unavailable", "Connection closed", None))

    async def _resume(self) -> None:
        """After a reconnect: present the tokens again and re-subscribe from the versions seen.

        Other requests wait until this is done: a move sent between the new socket's
        opening and its ``auth`` would reach the server without its seat.
        """
        try:
            if self.key is not None:
                try:
                    await self._sign_in(self.key, self.notice_seq, self._up)
                except ApiError as exc:
                    log.warning("resume of the account session failed: %s", exc)
            for token in list(self.tokens.values()):
                try:
                    await self._retrying({"type": "auth", "token": token}, self._up)
                except ApiError as exc:
                    log.warning("resume failed: %s", exc)
            for match in list(self.versions):
                await self._resync_now(match, self._up)
            await self._send_again()
        except asyncio.CancelledError:
            raise  # the socket was lost again: the next resume opens the gate
        except Exception as exc:
            log.warning("resume failed: %s", exc)
        self._ready.set()

    async def _retrying(self, frame: dict[str, Any], gate: asyncio.Event | None = None, *,
                        resubscribe: str | None = None) -> dict[str, Any]:  # fmt: skip
        """``request(frame)``, again and again while the answer is ``unavailable``."""
        backoff = 0.05
        while True:
            try:
                return await self._request(frame, gate or self._ready, resubscribe=resubscribe)
            except Unavailable:
                if self._closing:
                    raise
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, self.max_backoff)

    async def _resync_now(self, match: str, gate: asyncio.Event | None = None) -> None:
        version = self.versions.get(match)
        if version is None:
            return
        try:
            # The reply's state is queued as ``resumed`` by the reader (see _on_frame).
            await self._retrying({"type": "subscribe", "match": match, "since": version}, gate, resubscribe=match)
        except ApiError as exc:
            log.warning("resume of match %s failed: %s", match, exc)
            if exc.code == "match_not_found":
                # Gone (a failover lost it whole, or it expired): nothing will ever come for it, and
                # whoever waits for its frames is told so by a ``gone`` item.
                self.versions.pop(match, None)
                self.tokens.pop(match, None)
                self._push({"type": "gone", "match": match, "error": exc})

    def _resync_later(self, match: str) -> None:
        """The server could not reach its storage for ``match``: re-subscribe once it can."""
        if match not in self.versions or self._closing:
            return
        running = self._resyncs.get(match)
        if running is not None and not running.done():
            return
        self._resyncs[match] = asyncio.create_task(self._resync_now(match))

    async def _send_again(self) -> None:
        """After a 1012 close and the resume: the requests the server never read go again, unchanged."""
        for rid, data in list(self._resendable.items()):
            fut = self._waiting.get(rid)
            if fut is not None and not fut.done() and self._ws is not None:
                with contextlib.suppress(websockets.ConnectionClosed):  # the reader handles that close
                    await self._ws.send(data)

    def _fail_waiting(self, exc: ApiError, *, keep: dict[int | str, bytes] | None = None) -> None:
        """Fail the requests waiting for a reply, but those in ``keep`` (sent again after the resume)."""
        for rid, fut in list(self._waiting.items()):
            if keep is not None and rid in keep:
                continue
            if not fut.done():
                fut.set_exception(exc)
            del self._waiting[rid]
            self._resubscribing.pop(rid, None)
            self._subscribing.pop(rid, None)

    def _on_frame(self, data: bytes) -> None:
        try:
            frame = decode_server(data).model_dump()
            if frame["type"] == "error":
                # Its extra members (PROTOCOL.md section 7: retry_after_ms...), which the frame
                # model does not name, go with it to the error raised.
                frame = {**unpack(data), **{k: v for k, v in frame.items() if v is not None}}
        except DecodeError as exc:
            log.warning("unreadable frame from the server: %s", exc)
            return
        kind = frame["type"]
        if kind in ("ack", "error", "pong"):
            subscribed = self._subscribing.get(frame["id"]) if frame.get("id") is not None else None
            if subscribed is not None and kind == "ack":
                frame["result"] = self._view_state(subscribed, frame.get("result", {}))
            match = self._resubscribing.pop(frame["id"], None) if frame.get("id") is not None else None
            if match is not None and kind == "ack":
                # Queued now, not when the resume task wakes up: live events read in between
                # would come before it and the state would go back in time.
                state = self._view_state(match, frame.get("result", {}))
                # The server's version, even an earlier one than was seen: a failover may have lost
                # versions this connection was sent (the server then asked it to resume).
                self.versions[match] = state["version"]
                self._push({"type": "resumed", "match": match, "state": state})
            fut = self._waiting.pop(frame["id"], None) if frame.get("id") is not None else None
            if fut is not None and not fut.done():
                fut.set_result(frame)
            elif kind == "error":
                self._push(frame)
            return
        if kind == "notice":
            if self.notice_seq is not None and frame["seq"] <= self.notice_seq:
                return  # already had it
            self.notice_seq = frame["seq"]
            self.notices.put_nowait(frame)
            return
        if kind == "event":
            match = frame["match"]
            seen = self.versions.get(match)
            if seen is not None and frame["version"] <= seen:
                return  # already had it
            if self.v2:
                try:
                    frame = self._views.event(frame)
                except PatchError as exc:
                    log.warning("match %s: %s; resuming", match, exc)
                    self._resync_later(match)  # as after a gap: the events missed, then the whole view
                    return
            self.versions[match] = frame["version"]
        self._push(frame)

    # -- protocol v2: whole views for the application -------------------------------------------

    def _view_state(self, match: str, state: dict[str, Any]) -> dict[str, Any]:
        """A subscription's match state: its view kept for the patches that follow, handed on whole."""
        if not self.v2 or not state.get("view"):
            return state
        # Only a game with constant fields (the state names them) has its catalogue entry read.
        waiting = self._views.need(match, state["game"]) if state.get("constants") else None
        if waiting is not None:
            self._hold(waiting)
        return self._views.state(match, state)

    def _hold(self, waiting: asyncio.Task[dict[str, Any]]) -> None:
        """Hold back what is pushed until ``waiting`` (a game's constant fields) is done, then hand it on whole."""
        self._holding += 1
        if self._held is None:
            self._held = []

        def release(done: asyncio.Task[dict[str, Any]]) -> None:
            if not done.cancelled() and done.exception() is not None:
                log.warning("the catalogue's constant fields could not be read: %s", done.exception())
            self._holding -= 1
            if self._holding > 0:
                return
            held, self._held = self._held or [], None
            for item in held:
                self.events.put_nowait(self._whole(item))

        waiting.add_done_callback(release)

    def _push(self, item: dict[str, Any]) -> None:
        if self._held is not None:
            self._held.append(item)
        else:
            self.events.put_nowait(item)

    def _whole(self, item: dict[str, Any]) -> dict[str, Any]:
        if item.get("type") == "event" and item.get("view"):
            return {**item, "view": self._views.whole(item["match"], item["view"])}
        if item.get("type") == "resumed" and item["state"].get("view"):
            state = {**item["state"], "view": self._views.whole(item["match"], item["state"]["view"])}
            return {**item, "state": state}
        return item

    async def _fetch_constants(self, game: str) -> dict[str, Any]:
        """The catalogue's constant fields of ``game`` (``GET /v1/games/{game}``), from the instance connected to."""
        base = self._http_urls[(self._next_url - 1) % len(self._http_urls)]
        async with httpx.AsyncClient(timeout=self.request_timeout) as client:
            response = await client.get(f"{base}/v1/games/{game}")
            response.raise_for_status()
            constants: dict[str, Any] = response.json().get("constants") or {}
            return constants

    # -- requests -----------------------------------------------------------------------

    async def request(self, frame: dict[str, Any]) -> dict[str, Any]:
        """Send a request frame and wait for its ``ack`` (returned) or ``error`` (raised)."""
        return await self._request(frame, self._ready)

    async def _request(self, frame: dict[str, Any], gate: asyncio.Event, *, resubscribe: str | None = None,
                       subscribe: str | None = None) -> dict[str, Any]:  # fmt: skip
        """Wait for ``gate``, send, wait for the reply: no reply in time is :class:`Unavailable`
        (the request may or may not have applied), as a lost connection is."""
        try:
            await asyncio.wait_for(gate.wait(), self.request_timeout)
        except TimeoutError:
            raise Unavailable("unavailable", "Connection not open", None) from None
        rid = next(self._ids)
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[rid] = fut
        if resubscribe is not None:
            self._resubscribing[rid] = resubscribe
        if subscribe is not None:
            self._subscribing[rid] = subscribe
        data = encode({**frame, "id": rid})
        if gate is self._ready:  # not the resume's own requests: it makes them again itself
            self._resendable[rid] = data
        ws = self._ws
        assert ws is not None
        try:
            try:
                await ws.send(data)
            except websockets.ConnectionClosed as exc:
                if rid in self._resendable and restarted(ws) and not fut.done():
                    pass  # never read: it goes again after the resume (_send_again)
                else:
                    self._waiting.pop(rid, None)
                    self._resubscribing.pop(rid, None)
                    self._subscribing.pop(rid, None)
                    # The reader may already have failed this future: consume its exception.
                    if fut.done() and not fut.cancelled():
                        fut.exception()
                    fut.cancel()
                    raise Unavailable("unavailable", "Connection lost", None) from exc
            try:
                reply = await asyncio.wait_for(fut, self.request_timeout)
            except TimeoutError:
                raise Unavailable("unavailable", "No reply in time", None) from None
        finally:
            self._waiting.pop(rid, None)
            self._resubscribing.pop(rid, None)
            self._subscribing.pop(rid, None)
            self._resendable.pop(rid, None)
        if reply["type"] == "error":
            if reply.get("code") == "unavailable" and frame.get("type") in ("move", "say"):
                self._resync_later(frame["match"])
            raise error_from(reply)
        result: dict[str, Any] = reply.get("result", {})
        return result

    async def auth(self, token: str) -> dict[str, Any]:
        result = await self.request({"type": "auth", "token": token})
        self.tokens[result["match"]] = token
        return result

    async def sign_in(self, key: str, *, since: int | None = None) -> dict[str, Any]:
        """Sign in as the account of ``key`` (``vpk_...``): returns ``{account, name, seq}``.

        The kept notices numbered above ``since`` come first into :attr:`notices` (none if
        ``since`` is None: only notices newer than ``seq``, the newest at sign-in), then live ones.
        """
        return await self._sign_in(key, since, self._ready)

    async def _sign_in(self, key: str, since: int | None, gate: asyncio.Event) -> dict[str, Any]:
        frame: dict[str, Any] = {"type": "auth", "token": key}
        if since is not None:
            frame["since"] = since
            self.notice_seq = since if self.notice_seq is None else max(self.notice_seq, since)
        result = await self._retrying(frame, gate) if gate is self._up else await self._request(frame, gate)
        self.key = key
        self.notice_seq = max(self.notice_seq or 0, int(result["seq"]))
        return result

    async def queue(self, ladder: str) -> dict[str, Any]:
        """Queue the signed-in account on ``ladder``: ``{ladder, queued, since}`` (``already_queued``...)."""
        return await self.request({"type": "queue", "ladder": ladder})

    async def unqueue(self, ladder: str) -> dict[str, Any]:
        """Leave ``ladder``'s queue: ``{ladder, queued: false}`` (``not_queued`` if not waiting)."""
        return await self.request({"type": "unqueue", "ladder": ladder})

    async def subscribe(self, match: str, *, since: int | None = None) -> dict[str, Any]:
        """Subscribe; returns the match state (``version``, ``view``, ``to_act``, ``legal``...)."""
        frame: dict[str, Any] = {"type": "subscribe", "match": match}
        if since is not None:
            frame["since"] = since
        result = await self._request(frame, self._ready, subscribe=match)
        self.versions[match] = max(self.versions.get(match, -1), result["version"])
        if self.v2 and result.get("view") and result.get("constants"):
            waiting = self._views.need(match, result["game"])
            if waiting is not None:
                with contextlib.suppress(Exception):  # said once, by the hold (_hold)
                    await asyncio.shield(waiting)
            result = {**result, "view": self._views.whole(match, result["view"])}
        return result

    async def unsubscribe(self, match: str) -> None:
        await self.request({"type": "unsubscribe", "match": match})
        self.versions.pop(match, None)
        self._views.forget(match)

    async def move(self, match: str, move: Any, *, version: int, move_id: str) -> dict[str, Any]:
        return await self.request(
            {"type": "move", "match": match, "move_id": move_id, "version": version, "move": move}
        )

    async def say(self, match: str, text: str) -> dict[str, Any]:
        return await self.request({"type": "say", "match": match, "text": text})

    async def ping(self) -> None:
        await self.request({"type": "ping"})
