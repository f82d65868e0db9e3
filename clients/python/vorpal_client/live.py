"""The live half of the SDK: one WebSocket, requests with replies, pushed events, resume.

:class:`LiveConnection` keeps, for each subscribed match, the last version it
has seen. If the socket drops it reconnects (with backoff), presents its seat
tokens again and re-subscribes with ``since`` = that version, so the server
sends exactly the events it missed. Frames are read in order by one task;
pushed frames go to :attr:`events`, an asyncio queue.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from typing import Any

import websockets
from vorpal_protocol import SUBPROTOCOL, DecodeError, decode_server, encode
from websockets.asyncio.client import ClientConnection

from .errors import ApiError, Unavailable, error_from

log = logging.getLogger("vorpal_client.live")


def ws_url(base_url: str) -> str:
    url = base_url.rstrip("/")
    if url.startswith("http"):
        url = "ws" + url[4:]
    return url + "/v1/ws"


class LiveConnection:
    """``async with LiveConnection("http://127.0.0.1:8000") as live: ...``"""

    def __init__(self, base_url: str, *, reconnect: bool = True, max_backoff: float = 2.0,
                 request_timeout: float = 30.0) -> None:  # fmt: skip
        self.url = ws_url(base_url)
        self.reconnect = reconnect
        self.max_backoff = max_backoff
        self.request_timeout = request_timeout
        self.events: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.versions: dict[str, int] = {}
        self.tokens: dict[str, str] = {}
        self.reconnects = 0
        self._ids = itertools.count(1)
        self._waiting: dict[int | str, asyncio.Future[dict[str, Any]]] = {}
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._up = asyncio.Event()
        self._closing = False

    async def __aenter__(self) -> LiveConnection:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def connect(self) -> None:
        await self._open()
        self._reader = asyncio.create_task(self._read_forever())

    async def _open(self) -> None:
        self._ws = await websockets.connect(self.url, subprotocols=[SUBPROTOCOL], compression=None,  # type: ignore[list-item]
                                            max_size=2**20, open_timeout=10)  # fmt: skip
        self._up.set()

    async def close(self) -> None:
        self._closing = True
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
            self._fail_waiting(Unavailable("unavailable", "Connection lost", "the request may or may not have applied"))
            while not self._closing:
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, self.max_backoff)
                try:
                    await self._open()
                    self.reconnects += 1
                    asyncio.create_task(self._resume())  # noqa: RUF006 - it ends quickly; errors land in events
                    backoff = 0.05
                    break
                except (OSError, websockets.InvalidHandshake, TimeoutError):
                    continue
        self._fail_waiting(Unavailable("unavailable", "Connection closed", None))

    async def _resume(self) -> None:
        try:
            for match, token in list(self.tokens.items()):
                await self.request({"type": "auth", "token": token})
                del match
            for match, version in list(self.versions.items()):
                result = await self.request({"type": "subscribe", "match": match, "since": version})
                self.events.put_nowait({"type": "resumed", "match": match, "state": result})
        except ApiError as exc:
            log.warning("resume failed: %s", exc)

    def _fail_waiting(self, exc: ApiError) -> None:
        for fut in self._waiting.values():
            if not fut.done():
                fut.set_exception(exc)
        self._waiting.clear()

    def _on_frame(self, data: bytes) -> None:
        try:
            frame = decode_server(data).model_dump()
        except DecodeError as exc:
            log.warning("unreadable frame from the server: %s", exc)
            return
        kind = frame["type"]
        if kind in ("ack", "error", "pong"):
            fut = self._waiting.pop(frame["id"], None) if frame.get("id") is not None else None
            if fut is not None and not fut.done():
                fut.set_result(frame)
            elif kind == "error":
                self.events.put_nowait(frame)
            return
        if kind == "event":
            match = frame["match"]
            seen = self.versions.get(match)
            if seen is not None and frame["version"] <= seen:
                return  # already had it
            self.versions[match] = frame["version"]
        self.events.put_nowait(frame)

    # -- requests -----------------------------------------------------------------------

    async def request(self, frame: dict[str, Any]) -> dict[str, Any]:
        """Send a request frame and wait for its ``ack`` (returned) or ``error`` (raised)."""
        await asyncio.wait_for(self._up.wait(), self.request_timeout)
        rid = next(self._ids)
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[rid] = fut
        assert self._ws is not None
        try:
            await self._ws.send(encode({**frame, "id": rid}))
        except websockets.ConnectionClosed as exc:
            self._waiting.pop(rid, None)
            raise Unavailable("unavailable", "Connection lost", None) from exc
        reply = await asyncio.wait_for(fut, self.request_timeout)
        if reply["type"] == "error":
            raise error_from(reply)
        result: dict[str, Any] = reply.get("result", {})
        return result

    async def auth(self, token: str) -> dict[str, Any]:
        result = await self.request({"type": "auth", "token": token})
        self.tokens[result["match"]] = token
        return result

    async def subscribe(self, match: str, *, since: int | None = None) -> dict[str, Any]:
        """Subscribe; returns the match state (``version``, ``view``, ``to_act``, ``legal``...)."""
        frame: dict[str, Any] = {"type": "subscribe", "match": match}
        if since is not None:
            frame["since"] = since
        result = await self.request(frame)
        self.versions[match] = max(self.versions.get(match, -1), result["version"])
        return result

    async def unsubscribe(self, match: str) -> None:
        await self.request({"type": "unsubscribe", "match": match})
        self.versions.pop(match, None)

    async def move(self, match: str, move: Any, *, version: int, move_id: str) -> dict[str, Any]:
        return await self.request({"type": "move", "match": match, "move_id": move_id, "version": version, "move": move})

    async def say(self, match: str, text: str) -> dict[str, Any]:
        return await self.request({"type": "say", "match": match, "text": text})

    async def ping(self) -> None:
        await self.request({"type": "ping"})
