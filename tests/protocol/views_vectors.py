"""The golden views of protocol v2 (``protocol/vectors/v2/views.json``): what the server sends, replayed.

For every game of the catalogue, one match played through the server's own code (the lifecycle,
the commit packed as the store packs it, the hub), with random legal moves drawn by
``random.Random(seed)``: the first seat's view as v2 sends it whole (without the constant fields),
then at each later version the patch the hub sent that seat (``patch``, RFC 6902, or ``merge``,
RFC 7386) and the view it gives. A client of any language applies each step to the view before and
must get the step's view (``clients/js/test/v2.test.js``, ``tests/protocol/test_v2_views.py``);
the Python test also plays the matches again and checks that the server still sends these patches.

    python -m tests.protocol.views_vectors > protocol/vectors/v2/views.json
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from typing import Any

import msgpack

from server import games
from server.config import Settings
from server.domain.matches import Matches
from server.domain.status import MatchStatus
from server.live.hub import Hub
from server.live.subscription import Subscription
from server.store.cached import CachingMatchStore

SEED = 45
STEPS = 8


async def record(game: str, seats: int, seed: int = SEED, steps: int = STEPS) -> dict[str, Any]:
    """One match of ``game``: the first seat's first whole v2 view, then ``steps`` patches and views."""
    from loadtest.move_path import PackingStore, new_match  # the move path's harness, without Redis

    store = PackingStore()
    lifecycle = Matches(CachingMatchStore(store), Settings())  # type: ignore[arg-type]
    hub = Hub(lifecycle, store)  # type: ignore[arg-type]
    pick = random.Random(seed)
    record_, tokens = new_match(lifecycle, seed, game, seats)
    sent: list[list[bytes]] = [[] for _ in range(seats)]
    subs = [Subscription(record_.id, s, sent[s].append, v2=True) for s in range(seats)]  # type: ignore[arg-type]
    hub.local[record_.id] = set(subs)
    for sub in subs:
        sub.view_version = record_.version
        hub.start_live(sub, record_.version)
    first = lifecycle.snapshot(record_)
    to_act = first.to_act(MatchStatus.ACTIVE)
    seat, legal, version = to_act[0], first.legal(to_act[0]), record_.version
    view: Any = None
    out: dict[str, Any] = {"game": game, "seats": seats, "seed": seed, "seat": 0, "steps": []}
    while legal and len(out["steps"]) < steps:
        result = await lifecycle.move(record_.id, tokens[seat], f"v{version}", version, pick.choice(legal))
        version = result["version"]
        hub._on_message(record_.id, msgpack.unpackb(store.note, raw=False))
        frames = [msgpack.unpackb(s[-1]) for s in sent]
        mine = frames[0]
        if "view" in mine:  # the first the hub sends (it has no view before it): the whole view
            view = out["view"] = mine["view"]
            out["version"] = version
        else:
            from vorpal_protocol.patch import apply, merge_apply

            step: dict[str, Any] = {"version": version}
            if "patch" in mine:
                step["patch"] = mine["patch"]
                view = apply(view, mine["patch"])
            else:
                step["merge"] = mine["merge"]
                view = merge_apply(view, mine["merge"])
            step["view"] = view
            out["steps"].append(step)
        if mine["status"] != "active" or not mine["to_act"]:
            break
        seat = mine["to_act"][0]
        legal = frames[seat].get("legal") or []
    return out


def seats_of(game: str) -> int:
    rules = games.get(game)
    return max(rules.game.min_seats, min(2, rules.game.max_seats))


async def all_games() -> list[dict[str, Any]]:
    return [await record(rules.name, seats_of(rules.name)) for rules in games.GAMES]


NOTE = (
    "Protocol v2's view patches from real matches, one per game (tests/protocol/views_vectors.py). Each match: "
    "`view`, the first seat's whole view at `version` (without the constant fields of the catalogue), then "
    "`steps`: at each next version, the `patch` (RFC 6902) or `merge` (RFC 7386) the server sent that seat, and "
    "the `view` it gives. A client applies each step to the view before it and must get the step's view."
)


def dumps(matches: list[dict[str, Any]]) -> str:
    """The file's text: one match a line."""
    lines = ",\n".join(json.dumps(m, sort_keys=True) for m in matches)
    return f'{{"note": {json.dumps(NOTE)},\n "matches": [\n{lines}\n]}}\n'


def main() -> int:
    matches = asyncio.run(all_games())
    sys.stdout.write(dumps(matches))
    return 0


if __name__ == "__main__":
    sys.exit(main())
