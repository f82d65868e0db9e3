"""Bytes per event frame to a seat, protocol v1 against v2, and the two standard patch forms (issue 45).

Random matches of the heavy games and of the standard workload's are played through the server's
own code, as ``loadtest/move_path.py`` plays them (``Matches.move``, the commit packed, the hub), with
every seat subscribed twice, in v1 and in v2, and a spectator in v2. Each seat's v2 patches are applied
to the view it was sent (:func:`vorpal_protocol.patch.apply`) and checked against its v1 view without
the constant fields, version by version: the figures are of frames that are right.

Printed per game (medians over every event frame to a seat, and over the seats' views):

- ``v1_frame``/``v2_frame``: bytes of the encoded event frame, as each protocol sends it;
- ``view``: bytes of the seat's whole view (v1's ``view`` field), ``json_patch``: of v2's ``patch``;
- ``merge_patch``: of an RFC 7386 merge patch of the same two views (what v2 would carry instead),
  and ``merge_exact``: the share of events whose views a merge patch can carry at all (it cannot set
  a field to null: null removes the field).

    python -m loadtest.frame_bytes                    # 4 games, 6 matches each, at most 400 moves a match
    python -m loadtest.frame_bytes --matches 20 --games zimby_mojo:4
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
from typing import Any

import msgpack
from vorpal_protocol import pack
from vorpal_protocol.patch import apply, diff, merge_apply

from server import games
from server.config import Settings
from server.domain.matches import Matches
from server.domain.status import MatchStatus
from server.live.hub import Hub
from server.live.subscription import Subscription
from server.store.cached import CachingMatchStore

from .move_path import PackingStore, new_match

GAMES = ("zimby_mojo:4", "jackrabbits:3", "gyre:2", "jabberwocky:3")
FIGURES = ("v1_frame", "v2_frame", "view", "v2_patch", "json_patch", "merge_patch")


def merge_diff(a: Any, b: Any) -> Any:
    """An RFC 7386 merge patch from ``a`` to ``b`` (maps merged key by key; anything else replaced whole)."""
    if type(a) is not dict or type(b) is not dict:
        return b
    out: dict[str, Any] = {k: None for k in a if k not in b}
    for k, v in b.items():
        if k not in a:
            out[k] = v
        elif a[k] != v or type(a[k]) is not type(v):
            out[k] = merge_diff(a[k], v)
    return out


def holds_null(value: Any) -> bool:
    if value is None:
        return True
    if type(value) is dict:
        return any(holds_null(v) for v in value.values())
    return False  # a list is replaced whole: its nulls are values


def merge_exact(a: Any, b: Any) -> bool:
    """Whether a merge patch carries ``a`` to ``b``: no field of ``b`` that changed is set to null."""
    if type(a) is not dict or type(b) is not dict:
        return True
    for k, v in b.items():
        changed = k not in a or a[k] != v
        if changed and (v is None or (type(v) is dict and not merge_exact(a[k] if type(a.get(k)) is dict else {}, v))):
            return False
    return True


async def measure(game: str, seats: int, matches: int, max_moves: int, seed: int) -> dict[str, list[int]]:
    store = PackingStore()
    lifecycle = Matches(CachingMatchStore(store), Settings())  # type: ignore[arg-type]
    hub = Hub(lifecycle, store)  # type: ignore[arg-type]
    rules = games.get(game)
    pick = random.Random(seed)
    out: dict[str, list[int]] = {k: [] for k in FIGURES}
    exact: list[bool] = []
    for m in range(matches):
        record, tokens = new_match(lifecycle, seed * 1000 + m, game, seats)
        v1: list[list[bytes]] = [[] for _ in range(seats)]
        v2: list[list[bytes]] = [[] for _ in range(seats + 1)]
        subs = [Subscription(record.id, s, v1[s].append) for s in range(seats)]  # type: ignore[arg-type]
        subs += [Subscription(record.id, s, v2[s].append, v2=True)  # type: ignore[arg-type]
                 for s in range(seats)]  # fmt: skip
        subs.append(Subscription(record.id, None, v2[seats].append, v2=True))  # type: ignore[arg-type]
        hub.local[record.id] = set(subs)
        first = lifecycle.snapshot(record)
        held = [rules.without_constants(first.view(s)["public"]) for s in range(seats)]
        views: list[dict[str, Any]] = [{**first.view(s), "public": held[s]} for s in range(seats)]
        for sub in subs:
            sub.view_version = record.version
            hub.start_live(sub, record.version)
        to_act = first.to_act(MatchStatus.ACTIVE)
        legal = first.legal(to_act[0]) if to_act else []
        seat, version = (to_act[0] if to_act else 0), record.version
        for _ in range(max_moves):
            if not legal:
                break
            result = await lifecycle.move(record.id, tokens[seat], f"v{version}", version, pick.choice(legal))
            version = result["version"]
            hub._on_message(record.id, msgpack.unpackb(store.note, raw=False))
            frames = [msgpack.unpackb(f[-1]) for f in v1]
            for s in range(seats):
                one, two = frames[s], msgpack.unpackb(v2[s][-1])
                assert one["version"] == two["version"] == version
                whole = {**one["view"], "public": rules.without_constants(one["view"]["public"])}
                if "patch" in two:
                    got = apply(views[s], two["patch"])
                else:
                    got = merge_apply(views[s], two["merge"]) if "merge" in two else two["view"]
                assert got == whole, f"{game} v{version} seat {s}: the patched view differs"
                out["v1_frame"].append(len(v1[s][-1]))
                out["v2_frame"].append(len(v2[s][-1]))
                out["view"].append(len(pack(one["view"]).data))
                out["v2_patch"].append(len(pack(two.get("patch", two.get("merge", two.get("view")))).data))
                out["json_patch"].append(len(pack(diff(views[s], whole)).data))
                out["merge_patch"].append(len(pack(merge_diff(views[s], whole)).data))
                exact.append(merge_exact(views[s], whole))
                views[s] = got
            if frames[0]["status"] != "active":
                break
            seat = frames[0]["to_act"][0]
            legal = frames[seat].get("legal") or []
        del hub.local[record.id]
        hub.frames.forget(record.id)
    out["merge_exact"] = [int(x) for x in exact]
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", nargs="*", default=list(GAMES), help="game:seats ...")
    p.add_argument("--matches", type=int, default=6)
    p.add_argument("--max-moves", type=int, default=400)
    p.add_argument("--seed", type=int, default=45)
    args = p.parse_args(argv)
    print(f"# frame bytes: python {sys.version.split()[0]}, {args.matches} matches a game, medians")
    for spec in args.games:
        game, seats = spec.split(":")
        got = asyncio.run(measure(game, int(seats), args.matches, args.max_moves, args.seed))
        medians = " ".join(f"{k}={statistics.median(got[k]):.0f}" for k in FIGURES)
        share = statistics.fmean(got["merge_exact"])
        print(f"game={game} seats={seats} events={len(got['v1_frame']) // int(seats)} {medians} "
              f"v2/v1={statistics.median(got['v2_frame']) / statistics.median(got['v1_frame']):.2f} "
              f"merge_exact={share:.2f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
