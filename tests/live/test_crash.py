"""``kill -9`` one of two instances while SDK bots play 50+ matches over WebSocket across both.

The bots' connections name both instances; those on the killed one reconnect
to the other, resume from their last version, and every match finishes.
Every bot ends cleanly, returning its match's final state (none raises, say
``MatchOver``), and none acts twice on one position: each bot sends at most one
move id per match version. Then, for every match: no acknowledged move lost,
none applied twice, and the stored state equals a replay of the log from the
seed (``vorpal audit``).
"""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from vorpal_client import ApiError, RateLimited, Unavailable, VorpalClient, play

from server.store import Store
from server.store.embedded import EmbeddedRedis
from tests.support.servers import ROOT, RecordingLive, check_stored, seated_match, start_instances, stop_all

pytestmark = [pytest.mark.anyio, pytest.mark.faults]  # long: `make test-faults`, outside `make test`

MATCHES = 50
SEATS = 3
OPTIONS = {"rounds": 2}  # 27 moves a match


class SendingLive(RecordingLive):
    """Also notes every move id sent by the version it was sent at, and each move sent again at a
    version whose move the server had already answered (applied or refused)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sent: defaultdict[tuple[str, int], set[str]] = defaultdict(set)
        self.answered: set[tuple[str, int]] = set()
        self.again: list[tuple[str, int, str]] = []

    async def move(self, match: str, move: Any, *, version: int, move_id: str) -> dict[str, Any]:
        if (match, version) in self.answered:
            self.again.append((match, version, move_id))
        self.sent[match, version].add(move_id)
        try:
            result = await super().move(match, move, version=version, move_id=move_id)
        except (Unavailable, RateLimited):
            raise  # no answer about the move: it may go again
        except ApiError:
            self.answered.add((match, version))
            raise
        self.answered.add((match, version))
        return result


async def test_killing_an_instance_mid_play_loses_no_move(own_redis: EmbeddedRedis, tmp_path: Path) -> None:
    a, b = start_instances(own_redis.url, 2, log_dir=tmp_path)
    try:
        async with VorpalClient(a.url) as api_a, VorpalClient(b.url) as api_b:
            created = await asyncio.gather(
                *(seated_match(api_a if i % 2 else api_b, "jabberwocky", SEATS, OPTIONS) for i in range(MATCHES))
            )
        # Half the bots start on a, half on b; each knows both instances.
        lives = [
            SendingLive([a.url, b.url] if (i + seat) % 2 else [b.url, a.url])
            for i in range(MATCHES)
            for seat in range(SEATS)
        ]
        closers = contextlib.AsyncExitStack()
        await closers.__aenter__()
        for live in lives:
            await live.connect()
            closers.push_async_callback(live.close)
        on_a = [live for live in lives if live.url.startswith(f"ws://127.0.0.1:{a.port}/")]
        acked_at_kill: list[int] = []

        async def killer() -> None:
            # Kill once a fifth of the expected moves have been acknowledged: mid-play by count, not by time.
            while sum(len(live.acked) for live in lives) < MATCHES * 27 // 5:
                await asyncio.sleep(0.01)
            assert a.process is not None
            a.process.kill()  # SIGKILL: no goodbye to anyone
            acked_at_kill.append(sum(len(live.acked) for live in lives))

        kill_task = asyncio.create_task(killer())
        bots = [
            play(b.url, match, token, seed=i * SEATS + seat, live=lives[i * SEATS + seat])
            for i, (match, tokens) in enumerate(created)
            for seat, token in enumerate(tokens)
        ]
        try:
            ended = await asyncio.wait_for(asyncio.gather(*bots, return_exceptions=True), 180)
            await kill_task
        finally:
            kill_task.cancel()
            await closers.aclose()  # whatever happened, no connection outlives the test
        assert a.process is not None and a.process.wait(5) == -9
        assert acked_at_kill[0] < MATCHES * 27 // 2  # the kill came mid-play
        # Every bot ended cleanly with its match's final state, none with an error.
        failed = [f"bot {i}: {e!r}" for i, e in enumerate(ended) if isinstance(e, BaseException)]
        assert failed == [], failed
        finals = [f for f in ended if isinstance(f, dict)]
        assert len(finals) == len(bots) and all(f["status"] == "finished" and f["outcome"] for f in finals), finals
        # No bot acted twice on one position: one move id per version (a move whose reply was lost
        # goes again with its id), and nothing sent again at a version the server had answered.
        twice = [(key, ids) for live in lives for key, ids in live.sent.items() if len(ids) > 1]
        assert twice == [], twice
        assert [m for live in lives for m in live.again] == []
        # Everyone who was on the killed instance moved over to the survivor.
        assert on_a and all(live.reconnects >= 1 and str(b.port) in live.url for live in on_a)
        acked = [m for live in lives for m in live.acked]
        store = Store.from_url(own_redis.url)
        try:
            for match, _ in created:
                await check_stored(store, match, acked)
        finally:
            await store.close()
        # The command line says the same of one of them.
        out = subprocess.run(
            [sys.executable, "-m", "server", "audit", created[0][0], "--redis-url", own_redis.url],
            cwd=ROOT, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert out.returncode == 0 and "OK" in out.stdout, out.stdout + out.stderr
    finally:
        stop_all([a, b])
