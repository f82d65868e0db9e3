"""The lean Redis line (server/store/line.py) against a real Redis, and against sockets that misbehave."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from server.store.embedded import EmbeddedRedis
from server.store.line import Endpoint, Line, RedisBusy, ReplyError, Script

pytestmark = pytest.mark.anyio


@pytest.fixture
async def line(redis_server: EmbeddedRedis) -> AsyncIterator[Line]:
    line = Line(Endpoint.from_url(redis_server.url))
    yield line
    line.close()


def test_endpoints_read_urls_as_redis_py_does() -> None:
    assert Endpoint.from_url("redis://u:p@10.0.0.1:6390/2") == Endpoint("10.0.0.1", 6390, None, "u", "p", 2, False)
    assert Endpoint.from_url("rediss://h:1").tls
    assert Endpoint.from_url("unix:///tmp/r.sock?db=1").path == "/tmp/r.sock"
    assert Endpoint.from_url("redis://:secret@h:1/3").greeting() == [("AUTH", "secret"), ("SELECT", 3)]


async def test_commands_in_flight_are_answered_in_order(line: Line) -> None:
    await line.call("DEL", "line:n")
    replies = await asyncio.gather(*(line.call("INCR", "line:n") for _ in range(500)))
    assert replies == list(range(1, 501))


async def test_a_pipeline_sends_its_commands_together_and_answers_each(line: Line) -> None:
    await line.call("DEL", "line:h")
    assert await line.pipeline(("HSET", "line:h", "a", 1), ("HGETALL", "line:h"), ("HGET", "line:h", "b")) == [
        1, [b"a", b"1"], None,
    ]  # fmt: skip


async def test_an_error_reply_fails_one_command_and_keeps_the_connection(line: Line) -> None:
    await line.call("SET", "line:s", "x")
    with pytest.raises(ReplyError, match="WRONGTYPE"):
        await line.call("LPUSH", "line:s", "y")
    assert await line.call("GET", "line:s") == b"x"


async def test_a_script_is_sent_whole_once_when_redis_does_not_know_it(line: Line) -> None:
    script = Script("return {KEYS[1], ARGV[1], 7}")
    await line.call("SCRIPT", "FLUSH")
    assert await script(line, ["k"], ["a"]) == [b"k", b"a", 7]  # NOSCRIPT, then EVAL
    assert await line.call("SCRIPT", "EXISTS", script.sha) == [1]
    assert await script(line, ["k"], [b"b"]) == [b"k", b"b", 7]  # EVALSHA


async def test_pushes_reach_the_subscriber(redis_server: EmbeddedRedis, line: Line) -> None:
    got: list[Any] = []
    heard = asyncio.Event()

    def on_push(reply: Any) -> None:
        got.append(reply)
        if reply[0] == b"smessage":
            heard.set()

    sub = Line(Endpoint.from_url(redis_server.url), on_push=on_push)
    try:
        await sub.connect()
        sub.send("SSUBSCRIBE", "line:{c}")
        while not got:
            await line.call("PING")  # lets the confirmation arrive; no sleeping
            await asyncio.sleep(0)
        assert got[0] == [b"ssubscribe", b"line:{c}", 1]
        assert await line.call("SPUBLISH", "line:{c}", b"hello") == 1
        await heard.wait()
        assert got[-1] == [b"smessage", b"line:{c}", b"hello"]
    finally:
        sub.close()


async def test_a_lost_connection_fails_what_is_in_flight_and_the_next_call_reconnects(
    own_redis: EmbeddedRedis,
) -> None:
    line, other = Line(Endpoint.from_url(own_redis.url)), Line(Endpoint.from_url(own_redis.url))
    try:
        await line.call("SET", "k", "v")
        me, lost = await line.call("CLIENT", "ID"), line.lost
        blocked = asyncio.ensure_future(line.call("BLPOP", "never", 0))  # in flight when the connection goes
        assert await other.call("CLIENT", "KILL", "ID", me) == 1
        with pytest.raises(RedisConnectionError):
            await blocked
        assert isinstance(await lost, RedisConnectionError)
        assert await line.call("GET", "k") == b"v"  # a new connection
        assert await line.call("CLIENT", "ID") != me
    finally:
        line.close()
        other.close()


async def test_a_server_that_is_down_is_a_connection_error(own_redis: EmbeddedRedis) -> None:
    line = Line(Endpoint.from_url(own_redis.url))
    own_redis.stop()
    with pytest.raises(RedisConnectionError):
        await line.call("PING")


class _SilentServer:
    """A TCP server that reads everything and answers only ``replies`` (once), then nothing."""

    def __init__(self, replies: bytes = b"") -> None:
        self.replies = replies
        self.peers: list[asyncio.StreamWriter] = []

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.peers.append(writer)
        await reader.read(1)
        writer.write(self.replies)
        await writer.drain()
        while await reader.read(4096):
            pass

    async def __aenter__(self) -> int:
        self.server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        port: int = self.server.sockets[0].getsockname()[1]
        return port

    async def __aexit__(self, *exc: object) -> None:
        self.server.close()
        for writer in self.peers:
            writer.close()
        await self.server.wait_closed()


async def test_a_silent_server_times_out_every_command_in_flight() -> None:
    async with _SilentServer() as port:
        line = Line(Endpoint("127.0.0.1", port), timeout=0.3)
        try:
            first = asyncio.ensure_future(line.call("PING"))
            second = asyncio.ensure_future(line.call("PING"))
            for fut in (first, second):
                with pytest.raises(RedisTimeoutError):
                    await fut
        finally:
            line.close()


async def test_a_loading_redis_is_busy_not_a_bad_command() -> None:
    async with _SilentServer(b"-LOADING Redis is loading the dataset in memory\r\n") as port:
        line = Line(Endpoint("127.0.0.1", port))
        try:
            with pytest.raises(RedisBusy):
                await line.call("EVALSHA", "0" * 40, 0)
        finally:
            line.close()


async def test_credentials_and_database_from_the_url_are_used_and_a_refusal_is_a_connection_error(
    own_redis: EmbeddedRedis,
) -> None:
    admin = Line(Endpoint.from_url(own_redis.url))
    try:
        await admin.call("SET", "where", "db0")
        await admin.call("CONFIG", "SET", "requirepass", "s3cret")
    finally:
        admin.close()
    good = Line(Endpoint.from_url(f"redis://:s3cret@127.0.0.1:{own_redis.port}/2"))
    bad = Line(Endpoint.from_url(f"redis://:wrong@127.0.0.1:{own_redis.port}/0"))
    try:
        await good.call("SET", "where", "db2")
        assert await good.pipeline(("SELECT", 0), ("GET", "where")) == [b"OK", b"db0"]
        with pytest.raises(RedisConnectionError, match="refused"):
            await bad.call("PING")
    finally:
        good.close()
        bad.close()


async def test_a_unix_socket_url_connects(tmp_path: Path) -> None:
    sock = tmp_path / "redis.sock"
    with EmbeddedRedis(tmp_path / "redis", appendonly=False, extra=("--unixsocket", str(sock))):
        line = Line(Endpoint.from_url(f"unix://{sock}"))
        try:
            assert await line.call("PING") == b"PONG"
        finally:
            line.close()
