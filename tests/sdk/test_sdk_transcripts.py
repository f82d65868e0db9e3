"""The Python SDK replays the behaviour transcripts of ``protocol/transcripts/``.

A transcript is a scripted server conversation: the frames the SDK must send, the
frames a server sends back, and where a connection drops or an instance goes away
(the format is in ``protocol/transcripts/README.md``). Here a tiny scripted WebSocket
server on loopback plays each one against the real :class:`LiveConnection` and bot
runner; the JavaScript SDK replays the same files (``clients/js/test/transcripts.test.js``),
so both SDKs behave alike. Nothing waits for a fixed time: each step waits for the
frame or connection it names, and a frame the script does not expect fails the run.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import vorpal_client
from vorpal_client import LiveConnection, errors, play
from vorpal_client.errors import BY_CODE, error_from
from vorpal_client.strategy import Decision
from vorpal_protocol import ERROR_CODES, SUBPROTOCOL, decode_client, encode
from websockets.asyncio.server import Server, ServerConnection, serve

from server.errors import all_errors
from server.store.embedded import free_port

pytestmark = pytest.mark.anyio

ROOT = Path(__file__).resolve().parents[2]
TRANSCRIPTS = ROOT / "protocol" / "transcripts"
ALL = {path.stem: json.loads(path.read_text()) for path in sorted(TRANSCRIPTS.glob("*.json"))}

#: Guards a broken SDK from hanging the run; a passing replay never comes near it.
LIMIT_S = 60


class ScriptBroken(AssertionError):
    """The SDK did not do what the transcript says."""


def matches(expected: Any, actual: Any, names: dict[str, Any]) -> bool:
    """``actual`` has every member of ``expected``; a ``"$name"`` string binds on first use, then must repeat."""
    if isinstance(expected, str) and expected.startswith("$"):
        if expected[1:] not in names:
            names[expected[1:]] = actual
        return bool(names[expected[1:]] == actual)
    if isinstance(expected, dict):
        members = expected.items()
        return isinstance(actual, dict) and all(k in actual and matches(v, actual[k], names) for k, v in members)
    return bool(expected == actual)


def bound(value: Any, names: dict[str, Any]) -> Any:
    """``value`` with each ``"$name"`` replaced by what it bound to."""
    if isinstance(value, str) and value.startswith("$"):
        return names[value[1:]]
    if isinstance(value, dict):
        return {k: bound(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [bound(v, names) for v in value]
    return value


@dataclass
class Arrival:
    server: int
    ws: ServerConnection
    released: asyncio.Event = field(default_factory=asyncio.Event)


class ScriptedServers:
    """The transcript's servers on loopback ports (a ``down`` one is a port where nothing listens)."""

    def __init__(self) -> None:
        self.arrivals: asyncio.Queue[Arrival] = asyncio.Queue()
        self.servers: list[Server | None] = []
        self.urls: list[str] = []
        self.live: list[Arrival] = []

    async def start(self, count: int, down: list[int]) -> None:
        for i in range(count):
            if i in down:
                self.servers.append(None)
                self.urls.append(f"http://127.0.0.1:{free_port()}")
                continue
            server = await serve(functools.partial(self._arrive, i), "127.0.0.1", 0, subprotocols=[SUBPROTOCOL],  # type: ignore[list-item]
                                 compression=None)  # fmt: skip
            self.servers.append(server)
            self.urls.append(f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}")

    async def _arrive(self, index: int, ws: ServerConnection) -> None:
        arrival = Arrival(index, ws)
        self.live.append(arrival)
        await self.arrivals.put(arrival)
        await arrival.released.wait()  # the connection lives as long as the script keeps it

    def drop(self, arrival: Arrival) -> None:
        arrival.ws.transport.abort()
        arrival.released.set()

    async def stop(self, index: int) -> None:
        server = self.servers[index]
        assert server is not None, f"server {index} is down already"
        server.close(close_connections=False)
        for arrival in self.live:
            if arrival.server == index:
                self.drop(arrival)
        await server.wait_closed()

    async def close(self) -> None:
        for arrival in self.live:
            arrival.released.set()
        for server in self.servers:
            if server is not None:
                server.close()
                await server.wait_closed()


@dataclass
class Replay:
    """What the SDK did: the strategy's decisions and the names the script bound."""

    transcript: dict[str, Any]
    decisions: list[Decision] = field(default_factory=list)
    names: dict[str, Any] = field(default_factory=dict)
    unexpected: list[dict[str, Any]] = field(default_factory=list)

    def first_legal(self, decision: Decision) -> Any:
        self.decisions.append(decision)
        return decision.legal[0]


async def run_script(servers: ScriptedServers, replay: Replay, sdk: asyncio.Task[Any]) -> None:
    """Play the server's side, step by step; then any further frame from the SDK is unexpected."""
    names = replay.names
    current: Arrival | None = None
    for n, step in enumerate(replay.transcript["script"]):
        where = f"step {n} {json.dumps(step)[:200]}"
        if "accept" in step:
            current = await servers.arrivals.get()
            if current.server != step["accept"]:
                raise ScriptBroken(f"{where}: the SDK connected to server {current.server}")
        elif "stop" in step:
            await servers.stop(step["stop"])
        else:
            assert current is not None, f"{where}: no connection"
            if "expect" in step:
                try:
                    data = await current.ws.recv()
                except Exception as exc:
                    raise ScriptBroken(f"{where}: the SDK sent nothing ({exc!r}); it ended with {sdk!r}") from exc
                assert isinstance(data, bytes), f"{where}: a text frame"
                frame = decode_client(data).model_dump(exclude_none=True)
                if not matches(step["expect"], frame, names):
                    raise ScriptBroken(f"{where}: the SDK sent {frame}")
                names["id"] = frame["id"]
            elif "send" in step:
                await current.ws.send(encode(bound(step["send"], names)))
            elif step.get("drop"):
                servers.drop(current)
                current = None
            else:
                raise AssertionError(f"{where}: unknown step")
    if current is not None:
        with contextlib.suppress(Exception):
            async for data in current.ws:
                assert isinstance(data, bytes)
                replay.unexpected.append(decode_client(data).model_dump(exclude_none=True))
                sdk.cancel()  # it waits for a reply the script will never send


async def run_sdk(conn: LiveConnection, replay: Replay) -> Any:
    """The SDK's side: the bot runner, or a list of calls each checked as it returns or raises."""
    run = replay.transcript["run"]
    await conn.connect()
    try:
        if "play" in run:
            p = run["play"]
            return await play(conn.urls, p["match"], p["token"], strategy=replay.first_legal, live=conn)
        for n, call in enumerate(run["calls"]):
            try:
                result = await invoke(conn, call["call"], call["args"])
            except errors.ApiError as exc:
                check_raised(exc, call.get("raises"), f"call {n} ({call['call']})")
                continue
            assert "raises" not in call, f"call {n}: returned {result}, not {call['raises']['class']}"
            assert matches(call.get("returns", {}), result, replay.names), f"call {n}: returned {result}"
        return None
    finally:
        await conn.close()


async def invoke(conn: LiveConnection, name: str, args: dict[str, Any]) -> Any:
    if name == "auth":
        return await conn.auth(args["token"])
    if name == "subscribe":
        return await conn.subscribe(args["match"], since=args.get("since"))
    if name == "move":
        return await conn.move(args["match"], args["move"], version=args["version"], move_id=args["move_id"])
    if name == "say":
        return await conn.say(args["match"], args["text"])
    if name == "ping":
        return await conn.ping()
    if name == "sign_in":
        return await conn.sign_in(args["key"], since=args.get("since"))
    if name in ("queue", "unqueue"):
        return await getattr(conn, name)(args["ladder"])
    if name == "next_notice":
        return await conn.notices.get()
    raise AssertionError(f"unknown call {name}")


def check_raised(exc: errors.ApiError, raises: dict[str, Any] | None, where: str) -> None:
    assert raises is not None, f"{where}: raised {exc!r}"
    assert type(exc).__name__ == raises["class"], f"{where}: raised {type(exc).__name__}, not {raises['class']}"
    for name in raises.get("is", []):
        assert isinstance(exc, getattr(errors, name)), f"{where}: {type(exc).__name__} is not a {name}"
    assert exc.code == raises["code"] and exc.detail == raises.get("detail", exc.detail), f"{where}: {exc!r}"
    for member, value in raises.get("members", {}).items():
        assert getattr(exc, member) == value, f"{where}: .{member} is {getattr(exc, member)!r}"
        assert exc.extra[member] == value, f"{where}: .extra[{member!r}]"


async def replay(transcript: dict[str, Any]) -> None:
    servers = ScriptedServers()
    await servers.start(transcript["servers"], transcript.get("down", []))
    rec = Replay(transcript)
    run = transcript["run"]
    conn = LiveConnection(servers.urls, match=run["play"]["match"] if "play" in run else None)
    try:
        async with asyncio.timeout(LIMIT_S):
            sdk = asyncio.create_task(run_sdk(conn, rec))
            try:
                await run_script(servers, rec, sdk)
            except BaseException:
                sdk.cancel()
                raise
            result = None
            try:
                result = await sdk
            except asyncio.CancelledError:
                pass  # stopped: it sent a frame the script does not expect (checked below)
            except errors.ApiError as exc:
                check_raised(exc, transcript.get("raises"), "the run")
            else:
                assert "raises" not in transcript, f"returned {result}, not {transcript['raises']['class']}"
        assert rec.unexpected == [], f"frames the script does not expect: {rec.unexpected}"
        if "returns" in transcript:
            assert matches(transcript["returns"], result, rec.names), f"returned {result}"
        after = transcript.get("after", {})
        if "decisions" in after:
            assert [d.version for d in rec.decisions] == sorted({d.version for d in rec.decisions})
            assert len(rec.decisions) == after["decisions"], [d.version for d in rec.decisions]
        if "reconnects" in after:
            assert conn.reconnects == after["reconnects"]
        if "notices" in after:
            assert conn.notices.qsize() == after["notices"]
        if "url" in after:
            assert conn.url == conn.urls[after["url"]], conn.url
        distinct = [rec.names[n[1:]] for n in after.get("distinct", [])]
        assert len(set(distinct)) == len(distinct), distinct
    finally:
        await conn.close()
        await servers.close()


@pytest.mark.parametrize("name", sorted(ALL))
async def test_transcript(name: str) -> None:
    await replay(ALL[name])


def test_the_transcripts_cover_what_both_sdks_must_do() -> None:
    assert {"play", "resume-replayed-legal", "resume-unanswered-move", "failover-connect", "failover-reconnect",
            "match-over-reply", "errors"} <= set(ALL)  # fmt: skip
    for name, transcript in ALL.items():
        assert transcript["name"] == name and transcript["about"]


def test_every_server_error_code_has_a_named_error_class() -> None:
    server_codes = {e.code for e in all_errors()}
    assert set(BY_CODE) == server_codes == set(ERROR_CODES)
    assert errors.ApiError not in BY_CODE.values()
    for cls in set(BY_CODE.values()):
        assert getattr(vorpal_client, cls.__name__) is cls, f"{cls.__name__} is not exported"
    # ...and the errors transcript, which both SDKs replay, shows each one.
    shown = [c["raises"]["code"] for c in ALL["errors"]["run"]["calls"] if "raises" in c]
    assert sorted(shown) == sorted(server_codes)


def test_bad_move_and_illegal_move_are_apart_but_both_refused_moves() -> None:
    bad, illegal = error_from({"code": "bad_move"}), error_from({"code": "illegal_move"})
    assert isinstance(bad, errors.BadMove) and not isinstance(bad, errors.IllegalMove)
    assert isinstance(illegal, errors.IllegalMove) and not isinstance(illegal, errors.BadMove)
    assert isinstance(bad, errors.MoveRefused) and isinstance(illegal, errors.MoveRefused)


def test_a_rest_retry_after_header_gives_retry_after_ms() -> None:
    limited = error_from({"code": "rate_limited", "title": "Too many requests"}, 429, retry_after="2")
    assert isinstance(limited, errors.RateLimited) and limited.retry_after_ms == 2000
    stated = error_from({"code": "rate_limited", "retry_after_ms": 120}, 429, retry_after="1")
    assert isinstance(stated, errors.RateLimited) and stated.retry_after_ms == 120  # the body's own figure wins
    dated = error_from({"code": "rate_limited"}, 429, retry_after="Wed, 21 Oct 2026 07:28:00 GMT")
    assert isinstance(dated, errors.RateLimited) and dated.retry_after_ms is None
