"""A rolling deploy under play: each of two instances is stopped (SIGTERM) and started again in turn
while SDK bots play 50 matches over WebSocket across both.

On SIGTERM an instance answers every frame it has read, then closes each WebSocket with 1012
(``server/web/drain.py``); the SDK reconnects at once to the other URL it was given, resumes, and
sends again whatever the server had not read. So, unlike a crash (``tests/test_crash.py``), no
request of any bot is answered ``unavailable``: not one error reaches a caller of the SDK. Then,
for every match: no acknowledged move lost, none applied twice, and a replay from the seed
matches (``vorpal audit``), and no move was ever sent twice (none is answered as a duplicate: a
server that closed with moves in flight, as uvicorn does by itself, has them sent again). Each
client's time from its socket's close to its resume is printed.

No match may end before both restarts are over (its bots wait at version :data:`HOLD_AT` until
then), so that the restarts fall mid-play whatever the machine's speed.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets
from vorpal_client import ApiError, VorpalClient, play
from vorpal_client.live import ws_url
from vorpal_client.strategy import Decision, random_strategy
from vorpal_protocol import SUBPROTOCOL, decode_server, encode

from server.store import Store
from server.store.embedded import EmbeddedRedis
from tests.support.servers import RecordingLive, ServerProcess, check_stored, seated_match, start_instances, stop_all

pytestmark = [pytest.mark.anyio, pytest.mark.faults]  # long: `make test-faults`, outside `make test`

MATCHES = 50
SEATS = 3
OPTIONS = {"rounds": 2}  # 27 moves a match
#: A bot waits here (a version below the match's last) until both instances have been restarted.
HOLD_AT = 20


class WatchedLive(RecordingLive):
    """Notes every error a request raised to its caller, and how long each resume took."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.errors: list[ApiError] = []
        self.down_at: float | None = None
        self.resumes: list[float] = []
        self.duplicates: list[str] = []

    async def move(self, match: str, move: Any, *, version: int, move_id: str) -> dict[str, Any]:
        result = await super().move(match, move, version=version, move_id=move_id)
        if result.get("duplicate"):
            self.duplicates.append(move_id)
        return result

    async def request(self, frame: dict[str, Any]) -> dict[str, Any]:
        try:
            return await super().request(frame)
        except ApiError as exc:
            self.errors.append(exc)
            raise

    def _fail_waiting(self, exc: ApiError, *, keep: dict[int | str, bytes] | None = None) -> None:
        if not self._closing and self.down_at is None:
            self.down_at = time.monotonic()
        super()._fail_waiting(exc, keep=keep)

    async def _resume(self) -> None:
        await super()._resume()
        if self.down_at is not None:
            self.resumes.append(time.monotonic() - self.down_at)
            self.down_at = None


@pytest.fixture
def redis(tmp_path: Path) -> Iterator[EmbeddedRedis]:
    with EmbeddedRedis(tmp_path / "redis", appendonly=False) as server:
        yield server


def restart(proc: ServerProcess) -> float:
    """SIGTERM, wait for the exit, start again on the same port; returns how long the old one took to exit."""
    assert proc.process is not None
    began = time.monotonic()
    proc.process.send_signal(signal.SIGTERM)
    code = proc.process.wait(60)
    took = time.monotonic() - began
    assert code in (0, -signal.SIGTERM), f"exit status {code}: {proc.log_path.read_text()[-2000:]}"
    proc.process = None
    proc.start()
    return took


async def test_restarting_each_instance_in_turn_under_play_loses_nothing_and_shows_no_error(
    redis: EmbeddedRedis, tmp_path: Path
) -> None:
    a, b = start_instances(redis.url, 2, log_dir=tmp_path)
    try:
        async with VorpalClient(a.url) as api_a, VorpalClient(b.url) as api_b:
            created = await asyncio.gather(
                *(seated_match(api_a if i % 2 else api_b, "jabberwocky", SEATS, OPTIONS) for i in range(MATCHES))
            )
        lives = [
            WatchedLive([a.url, b.url] if (i + seat) % 2 else [b.url, a.url])
            for i in range(MATCHES)
            for seat in range(SEATS)
        ]
        closers = contextlib.AsyncExitStack()
        await closers.__aenter__()
        for live in lives:
            await live.connect()
            closers.push_async_callback(live.close)
        restarted = asyncio.Event()
        exits: list[float] = []

        def held(seed: int) -> Any:
            moves = random_strategy(seed)

            async def choose(decision: Decision) -> Any:
                if decision.version >= HOLD_AT:
                    await restarted.wait()
                await asyncio.sleep(0.01)  # a little thinking time: the restarts fall among moves
                return moves(decision)

            return choose

        def acked() -> int:
            return sum(len(live.acked) for live in lives)

        async def deployer() -> None:
            # Each restart once a further tenth of the moves is acknowledged: mid-play by count, not by time.
            for n, proc in enumerate((a, b), start=1):
                while acked() < MATCHES * 27 * n // 10:
                    await asyncio.sleep(0.01)
                exits.append(await asyncio.to_thread(restart, proc))
            restarted.set()

        deploy = asyncio.create_task(deployer())
        bots = [
            play(b.url, match, token, strategy=held(i * SEATS + seat), live=lives[i * SEATS + seat])
            for i, (match, tokens) in enumerate(created)
            for seat, token in enumerate(tokens)
        ]
        try:
            ended = await asyncio.wait_for(asyncio.gather(*bots, return_exceptions=True), 240)
            await deploy
        finally:
            deploy.cancel()
            await closers.aclose()
        failed = [f"bot {i}: {e!r}" for i, e in enumerate(ended) if isinstance(e, BaseException)]
        assert failed == [], failed
        finals = [f for f in ended if isinstance(f, dict)]
        assert len(finals) == len(bots) and all(f["status"] == "finished" and f["outcome"] for f in finals)
        # Not one error reached a caller of the SDK: every request was answered, across both restarts.
        errors = [(i, e.code, e.title) for i, live in enumerate(lives) for e in live.errors]
        assert errors == [], errors
        # And none was sent twice: every move the servers read was answered before the close.
        assert [m for live in lives for m in live.duplicates] == []
        # Every client went through at least one restart (each was on a or b), and resumed.
        assert all(live.reconnects >= 1 and live.resumes for live in lives)
        resumes = sorted(t for live in lives for t in live.resumes)
        print(f"\nrolling restart: the instances took {', '.join(f'{t:.2f}' for t in exits)} s to exit; "
              f"{len(resumes)} resumes, median {statistics.median(resumes) * 1000:.0f} ms, "
              f"slowest {resumes[-1] * 1000:.0f} ms")  # fmt: skip
        store = Store.from_url(redis.url)
        try:
            for match, _ in created:
                await check_stored(store, match, [m for live in lives for m in live.acked])
        finally:
            await store.close()
    finally:
        stop_all([a, b])


async def test_a_socket_closed_for_a_restart_had_every_frame_the_server_read_answered(
    redis: EmbeddedRedis, tmp_path: Path
) -> None:
    """A client says things without pause while its instance gets SIGTERM: the close is 1012, and every
    message stored was answered (none was cut off between its commit and its answer)."""
    proc = ServerProcess(redis.url, log_dir=tmp_path, env={"VORPAL_CHAT_PER_MINUTE": "100000"}).start()
    try:
        async with VorpalClient(proc.url) as api:
            match, tokens = await seated_match(api, "jabberwocky", SEATS, OPTIONS)
        answered: set[str] = set()
        async with websockets.connect(ws_url(proc.url), subprotocols=[SUBPROTOCOL],  # type: ignore[list-item]
                                      compression=None) as ws:  # fmt: skip
            await ws.send(encode({"type": "auth", "id": "auth", "token": tokens[0]}))
            assert decode_server(await ws.recv(decode=False)).type == "ack"

            async def talk() -> None:
                with contextlib.suppress(websockets.ConnectionClosed):
                    for n in range(100_000):
                        await ws.send(encode({"type": "say", "id": f"m{n}", "match": match, "text": f"m{n}"}))
                        await asyncio.sleep(0.001)  # faster than the frame rate: the server is never idle

            talking = asyncio.create_task(talk())
            try:
                with contextlib.suppress(websockets.ConnectionClosed):
                    async for data in ws:
                        assert isinstance(data, bytes)
                        frame = decode_server(data).model_dump()
                        if frame["type"] == "ack":
                            answered.add(frame["id"])
                        if len(answered) == 50:
                            assert proc.process is not None
                            proc.process.send_signal(signal.SIGTERM)
            finally:
                talking.cancel()
            received = ws.protocol.close_rcvd
        assert received is not None and received.code == 1012, received
        assert proc.process is not None and proc.process.wait(60) in (0, -signal.SIGTERM)
        store = Store.from_url(redis.url)
        try:
            stored = {m["text"] for m in await store.chat(match, 200)}
        finally:
            await store.close()
        assert stored and stored <= answered, sorted(stored - answered)
    finally:
        proc.stop()
