"""The hub sends each recipient exactly the canonical bytes of its event frame.

The hub packs what every recipient shares (the public part of the view) once per
event and splices it into each frame; these tests hold every game's frames, for
every seat and a spectator, to ``encode(event_frame(...))`` built afresh.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from vorpal_protocol import encode

from server.config import Settings
from server.domain.matches import Matches
from server.domain.views import Snapshot, event_frame, pack_event
from server.games import GAMES
from server.live.hub import Hub
from server.live.subscription import Subscription
from server.store import Store
from server.store.cached import CachingMatchStore
from server.store.codec import encode_table
from server.store.embedded import EmbeddedRedis
from tests.support.playout import playout

EVENTS_PER_GAME = 60

pytestmark = pytest.mark.anyio


async def test_every_recipient_gets_the_bytes_of_its_own_event_frame(redis_server: EmbeddedRedis) -> None:
    store = Store.from_url(redis_server.url)
    hub = Hub(Matches(CachingMatchStore(store), Settings(redis_url=redis_server.url)), store)
    await hub.start()
    try:
        for rules in GAMES:
            seats = max(rules.game.min_seats, min(3, rules.game.max_seats))
            match = f"frames-{rules.name}"
            sent: dict[int | None, list[Any]] = {seat: [] for seat in [None, *range(seats)]}
            for seat, received in sent.items():
                sub = Subscription(match, seat, received.append)
                await hub.add(sub)
                hub.start_live(sub, 0)
            expected: dict[int | None, list[Any]] = {seat: [] for seat in sent}
            steps = itertools.islice(playout(rules, seats, seed=3), EVENTS_PER_GAME)
            for v, step in enumerate(steps, start=1):
                over = rules.outcome(step.after)
                entry: dict[str, Any] = {
                    "kind": "move", "seat": step.seat, "move": step.move, **pack_event(step.event),
                    "v": v, "at": 1_000 * v, "status": "active" if over is None else "finished",
                }  # fmt: skip
                if over is not None:
                    entry["outcome"] = over.model_dump(mode="json")
                table = encode_table(step.after)
                hub._on_message(match, {"kind": "event", "game": rules.name, "table": table, "entry": entry})
                snap = Snapshot(rules, step.after)
                for seat, frames in expected.items():
                    frames.append(encode(event_frame(match, entry, seat, snap)))
            assert sent == expected, rules.name
            assert all(frames for frames in sent.values())
    finally:
        await hub.stop()
        await store.close()
