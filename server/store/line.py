"""A lean Redis connection for the hot paths: commits, match loads, log reads and pub/sub.

Every move makes one ``EVALSHA`` and comes back as one pub/sub message. Through
redis-py each of those costs many times what the command itself does (pool checkout,
retry and timeout wrappers, a chain of coroutines per command; the figures are in
``loadtest/README.md``, "Why the hot path is shaped this way"). A :class:`Line` is one
socket on which commands are pipelined: those issued in one turn of the event loop leave
in one write, replies are parsed by hiredis and matched to their callers in order.

A line never retries a command by itself: a lost or silent connection fails every
command in flight with :class:`redis.exceptions.ConnectionError` or ``TimeoutError``
(the caller cannot know whether Redis applied it). The next command connects again.
On a subscriber line, messages that answer no command go to ``on_push``; its owner
learns of a loss from :attr:`Line.lost` and decides how to catch up.
"""

from __future__ import annotations

import asyncio
import hashlib
import socket
import ssl
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any, cast

import hiredis
from redis.connection import SSLConnection, parse_url
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError

from server.runtime import metrics

Arg = bytes | str | int | float
Push = Callable[[Any], None]

#: Error replies that mean "Redis cannot answer now" rather than "this command is wrong".
UNAVAILABLE_REPLIES = ("LOADING", "MASTERDOWN", "TRYAGAIN", "CLUSTERDOWN", "READONLY")


class ReplyError(ResponseError):
    """An error reply (``-ERR ...``) to one command; the connection stays usable."""


class RedisBusy(RedisConnectionError):
    """An error reply that means Redis cannot serve now (loading its data, no master, ...)."""


@dataclass(frozen=True)
class Endpoint:
    """Where a line connects, and what it says first."""

    host: str = "127.0.0.1"
    port: int = 6379
    path: str | None = None  # a Unix socket instead of host:port
    username: str | None = None
    password: str | None = None
    db: int = 0
    tls: bool = False

    @classmethod
    def from_url(cls, url: str) -> Endpoint:
        """``redis://``, ``rediss://`` or ``unix://`` URLs, read as redis-py reads them."""
        o: dict[str, Any] = parse_url(url)  # type: ignore[no-untyped-call]
        connection_class = o.get("connection_class")
        return cls(
            host=o.get("host", "127.0.0.1"), port=int(o.get("port", 6379)), path=o.get("path"),
            username=o.get("username"), password=o.get("password"), db=int(o.get("db", 0) or 0),
            tls=connection_class is SSLConnection,
        )  # fmt: skip

    def greeting(self) -> list[tuple[Arg, ...]]:
        """The commands that prepare a fresh connection."""
        out: list[tuple[Arg, ...]] = []
        if self.password is not None:
            out.append(("AUTH", self.username, self.password) if self.username else ("AUTH", self.password))
        if self.db:
            out.append(("SELECT", self.db))
        return out


class _Protocol(asyncio.Protocol):
    """One socket: writes batched per loop turn, replies matched to callers in order."""

    def __init__(self, on_push: Push | None) -> None:
        self.on_push = on_push
        self.reader = hiredis.Reader(replyError=ReplyError)
        self.waiting: deque[tuple[asyncio.Future[Any], float]] = deque()
        self.transport: asyncio.Transport | None = None
        self.outgoing: list[bytes] = []
        self.lost: asyncio.Future[BaseException] = asyncio.get_running_loop().create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's transports do not subclass asyncio's
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        waiting = self.waiting
        while (reply := self.reader.gets()) is not False:
            if waiting:
                fut, _ = waiting.popleft()
                if fut.done():
                    continue
                if isinstance(reply, ReplyError):
                    fut.set_exception(_classify(reply))
                else:
                    fut.set_result(reply)
            elif self.on_push is not None:
                self.on_push(reply)

    def connection_lost(self, exc: Exception | None) -> None:
        self.fail(exc if isinstance(exc, RedisConnectionError | RedisTimeoutError) else RedisConnectionError(
            f"connection to Redis lost ({exc or 'closed by the server'})"
        ))  # fmt: skip

    def fail(self, exc: BaseException) -> None:
        """Fail every command in flight with ``exc`` (once) and drop the socket."""
        if not self.lost.done():
            self.lost.set_result(exc)
        while self.waiting:
            fut, _ = self.waiting.popleft()
            if not fut.done():
                fut.set_exception(exc)
        if self.transport is not None:
            self.transport.abort()

    @property
    def open(self) -> bool:
        return not self.lost.done()

    def send(self, args: Sequence[Arg], reply: asyncio.Future[Any] | None = None) -> None:
        if not self.open:
            raise RedisConnectionError("connection to Redis lost")
        if not self.outgoing:
            asyncio.get_running_loop().call_soon(self._flush)
        self.outgoing.append(hiredis.pack_command(tuple(args)))  # type: ignore[arg-type]  # its stub: one-tuple
        if reply is not None:
            self.waiting.append((reply, time.monotonic()))

    def _flush(self) -> None:
        data, self.outgoing = b"".join(self.outgoing), []
        if self.transport is not None and self.open:
            self.transport.write(data)

    def oldest(self) -> float | None:
        return self.waiting[0][1] if self.waiting else None


def _classify(reply: ReplyError) -> Exception:
    text = str(reply)
    return RedisBusy(text) if text.startswith(UNAVAILABLE_REPLIES) else reply


class Line:
    """A pipelined connection to one Redis node that reconnects on the next command.

    ``timeout``: a command unanswered for that long fails, with every other one in
    flight, and the socket is dropped (a silent Redis looks like a lost one).
    """

    def __init__(
        self, endpoint: Endpoint, *, timeout: float = 10.0, connect_timeout: float = 5.0, on_push: Push | None = None
    ) -> None:
        self.endpoint = endpoint
        self.timeout = timeout
        self.connect_timeout = connect_timeout
        self.on_push = on_push
        self._proto: _Protocol | None = None
        self._connecting: asyncio.Lock | None = None
        self._watchdog: asyncio.TimerHandle | None = None

    @property
    def lost(self) -> asyncio.Future[BaseException]:
        """Resolves (with the reason) when the current connection is lost."""
        if self._proto is None:
            raise RedisConnectionError("not connected")
        return self._proto.lost

    @property
    def connected(self) -> bool:
        return self._proto is not None and self._proto.open

    async def connect(self) -> None:
        """Connect (if not connected) and greet; raises a Redis connection error on failure."""
        if self._connecting is None:
            self._connecting = asyncio.Lock()
        async with self._connecting:
            if self.connected:
                return
            loop = asyncio.get_running_loop()
            ep = self.endpoint
            try:
                async with asyncio.timeout(self.connect_timeout):
                    if ep.path is not None:
                        _, proto = await loop.create_unix_connection(lambda: _Protocol(self.on_push), ep.path)
                    else:
                        tls = ssl.create_default_context() if ep.tls else None
                        _, proto = await loop.create_connection(lambda: _Protocol(self.on_push), ep.host, ep.port,
                                                                ssl=tls)  # fmt: skip
            except TimeoutError as exc:
                metrics.REDIS_ERRORS.labels("line").inc()
                raise RedisTimeoutError("timed out connecting to Redis") from exc
            except OSError as exc:
                metrics.REDIS_ERRORS.labels("line").inc()
                raise RedisConnectionError(f"cannot connect to Redis: {exc}") from exc
            try:
                for command in ep.greeting():
                    await self._call(proto, command)
            except ReplyError as exc:  # a wrong password or database: the connection is unusable
                proto.fail(RedisConnectionError("greeting refused"))
                raise RedisConnectionError(f"Redis refused the connection: {exc}") from exc
            except BaseException:
                proto.fail(RedisConnectionError("greeting refused"))
                raise
            self._proto = proto
            self._arm()

    async def call(self, *args: Arg) -> Any:
        """Send one command and await its reply (an error reply raises :class:`ReplyError`)."""
        proto = self._proto
        if proto is None or not proto.open:
            await self.connect()
            proto = self._proto
            assert proto is not None
        return await self._call(proto, args)

    async def pipeline(self, *commands: Sequence[Arg]) -> list[Any]:
        """Send several commands at once and await all their replies (in order)."""
        proto = self._proto
        if proto is None or not proto.open:
            await self.connect()
            proto = self._proto
            assert proto is not None
        replies = [self._call(proto, c) for c in commands]
        return list(await asyncio.gather(*replies))

    def send(self, *args: Arg) -> None:
        """Send a command whose answer comes as a push (SUBSCRIBE and friends)."""
        if self._proto is None:
            raise RedisConnectionError("not connected")
        self._proto.send(args)

    @staticmethod
    def _call(proto: _Protocol, args: Sequence[Arg]) -> asyncio.Future[Any]:
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        proto.send(args, fut)
        return fut

    def _arm(self) -> None:
        self._watchdog = asyncio.get_running_loop().call_later(min(1.0, self.timeout), self._check)

    def _check(self) -> None:
        proto = self._proto
        if proto is None or not proto.open:
            return
        oldest = proto.oldest()
        if oldest is not None and time.monotonic() - oldest > self.timeout:
            proto.fail(RedisTimeoutError(f"Redis did not answer within {self.timeout:g} s"))
            return
        self._arm()

    def close(self) -> None:
        if self._watchdog is not None:
            self._watchdog.cancel()
        if self._proto is not None:
            self._proto.fail(RedisConnectionError("connection closed"))


class Script:
    """A Lua script run by its SHA1, loaded on first use (``NOSCRIPT``: send it whole once)."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.sha = hashlib.sha1(source.encode()).hexdigest()

    @classmethod
    def packaged(cls, name: str) -> Script:
        """One of the store's scripts, ``server/store/<name>``."""
        return cls(resources.files("server.store").joinpath(name).read_text())

    async def __call__(self, line: Line, keys: Sequence[Arg], args: Sequence[Arg]) -> Any:
        return await self.run(line.call, keys, args)

    async def run(self, call: Callable[..., Awaitable[Any]], keys: Sequence[Arg], args: Sequence[Arg]) -> Any:
        """Through ``call`` (a line's, or redis-py's ``execute_command``): by its SHA1, and whole once
        if Redis does not know it yet (redis-py words that error "No matching script")."""
        try:
            return await call("EVALSHA", self.sha, len(keys), *keys, *args)
        except ResponseError as exc:
            if not str(exc).startswith(("NOSCRIPT", "No matching script")):
                raise
        return await call("EVAL", self.source, len(keys), *keys, *args)
