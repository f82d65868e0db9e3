"""Several stateless instances on one Redis: events cross instances, any instance serves any match."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path
from typing import Any

import pytest
from vorpal_client import LiveConnection, VorpalClient

from server.store.embedded import EmbeddedRedis
from tests.support.servers import ServerProcess, seated_match

pytestmark = pytest.mark.anyio


async def step(api: VorpalClient, match: str, tokens: list[str]) -> int:
    """One move by whoever is to act, over REST; returns the new version."""
    state = await api.state(match, tokens[0])
    actor = state.to_act[0]
    legal = await api.legal(match, tokens[actor])
    result = await api.move(match, tokens[actor], legal[0], version=state.version, move_id=uuid.uuid4().hex)
    return result.version


async def collect(live: LiveConnection, match: str, until: int) -> list[dict[str, Any]]:
    frames: list[dict[str, Any]] = []
    while not frames or frames[-1]["version"] < until:
        frame = await asyncio.wait_for(live.events.get(), 30)
        if frame["type"] == "event" and frame["match"] == match:
            frames.append(frame)
    return frames


async def test_a_client_on_one_instance_receives_every_event_of_moves_made_through_another(
    pair: list[ServerProcess],
) -> None:
    a, b = pair
    async with VorpalClient(a.url) as api_a, VorpalClient(b.url) as api_b:
        match, tokens = await seated_match(api_a, "jabberwocky", 3, {"rounds": 1})
        async with LiveConnection(a.url) as seat0, LiveConnection(a.url) as spectator:
            await seat0.auth(tokens[0])
            start = (await seat0.subscribe(match))["version"]
            assert (await spectator.subscribe(match))["version"] == start
            v = start
            while (await api_b.state(match)).status == "active":
                v = await step(api_b, match, tokens)
            mine, theirs = await collect(seat0, match, v), await collect(spectator, match, v)
            expected = list(range(start + 1, v + 1))
            assert [f["version"] for f in mine] == expected  # each once, in order
            assert [f["version"] for f in theirs] == expected
            # The same public events the log holds, the private part only to its seat.
            log = await api_b.events(match, token=tokens[0])
            assert [f["event"] for f in mine] == [e.event for e in log if e.version > start]
            assert all("private" not in f["event"] for f in theirs)
            final = await api_b.state(match, tokens[0])
            assert mine[-1]["status"] == theirs[-1]["status"] == final.status == "finished"
            assert mine[-1]["view"] == final.view


async def test_any_instance_carries_on_a_match_another_one_started(redis_server: EmbeddedRedis, tmp_path: Path) -> None:
    """Create, join and half-play on one instance; stop it; finish on another (with the server's bots)."""
    first = ServerProcess(redis_server.url, log_dir=tmp_path).start()
    try:
        async with VorpalClient(first.url) as api:
            match = (await api.create_match("jabberwocky", 3, bots=[1, 2], options={"rounds": 2})).match
            me = (await api.join(match, name="human")).token
            for _ in range(3):
                state = await api.state(match, me)
                if state.legal:
                    await api.move(match, me, state.legal[0], version=state.version, move_id=uuid.uuid4().hex)
    finally:
        first.stop()
    second = ServerProcess(redis_server.url, log_dir=tmp_path).start()
    try:
        async with VorpalClient(second.url) as api, LiveConnection(second.url) as live:
            await live.auth(me)
            seen = await live.subscribe(match)
            for _ in range(2000):
                if seen["status"] == "finished":
                    break
                if seen.get("legal"):
                    await live.move(match, seen["legal"][0], version=seen["version"], move_id=uuid.uuid4().hex)
                frame = await asyncio.wait_for(live.events.get(), 30)
                if frame["type"] == "event" and frame.get("view") is not None:
                    seen = {**seen, **frame, "legal": frame.get("legal")}
            assert seen["status"] == "finished"
            assert (await api.state(match)).status == "finished"
    finally:
        second.stop()
