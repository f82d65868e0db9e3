"""Our own work per move, without I/O: microseconds per move of each stage (issue 20).

The standard workload's matches (Jabberwocky, 3 seats, 13 rounds, random legal moves) are
played through the server's own code: the codec, ``Matches.move`` and the hub, with its
three seats subscribed. The store stands in for Redis: it packs each commit as
``Store.commit`` does (the log entry, the notification, the changed fields) and hands the
notification straight back to the hub. The stages, each timed on its own:

- ``decode``: the mover's ``move`` frame decoded and validated;
- ``move``: ``Matches.move``: the seat's token checked, the rules applied, the new record
  and table made, the commit packed;
- ``ack``: the mover's ``ack`` encoded;
- ``hub``: the notification unpacked, and the three seats' event frames built (their views,
  the legal moves of the seat to act) and encoded, as ``Hub`` does for its subscribers.

What is not here (sockets, the event loop, the Redis round trip, WebSocket framing) is what
the no-logic probe measures (``shared/bench/ceiling``): the two together are about what
``loadtest/bench.sh`` measures as server CPU per move.

    python -m loadtest.move_path                  # 200 matches (52,800 moves), 3 runs
    python -m loadtest.move_path --profile 30     # then cProfile's top 30 functions, by own time
    python -m loadtest.move_path --v2             # the seats subscribed in protocol v2 (patches)
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import random
import statistics
import sys
import time
from typing import Any

import msgpack
from vorpal_protocol import decode_client, encode

from server import games
from server.config import Settings
from server.domain.ids import new_seat_token, token_hash
from server.domain.matches import Matches
from server.domain.record import Commit, CommitResult, CommitStatus, MatchRecord
from server.domain.status import MatchStatus
from server.live.hub import Hub
from server.live.subscription import Subscription
from server.store.cached import CachingMatchStore
from server.store.codec import encode_changes, encode_table
from server.store.redis_store import pack_commit
from server.web.ws import ack

GAME, SEATS = "jabberwocky", 3
STAGES = ("decode", "move", "ack", "hub")


class PackingStore:
    """Packs each commit as ``Store.commit`` does before its one Redis call, and keeps its notification."""

    def __init__(self) -> None:
        self.note = b""

    async def commit(self, c: Commit) -> CommitResult:
        _, self.note = pack_commit(c)
        encode_changes(c.record, (*c.changed, "updated"))
        return CommitResult(CommitStatus.APPLIED, c.record.version)

    def __getattr__(self, name: str) -> Any:
        """What else a match store does (load, log, the lobby...), which the moves measured here never ask for."""

        def absent(*args: Any, **kwargs: Any) -> Any:
            raise NotImplementedError(f"the move path's store has no {name}")

        return absent


def new_match(matches: Matches, seed: int, game: str = GAME, seats: int = SEATS) -> tuple[MatchRecord, list[str]]:
    rules = games.get(game)
    table, rng = rules.setup(rules.parse_options({}), seats, seed)
    match_id = f"m{seed:08d}"
    tokens = [new_seat_token(match_id, s) for s in range(seats)]
    record = MatchRecord(
        id=match_id, game=game, options={}, seats=seats, status=MatchStatus.ACTIVE, version=1, created=0, updated=0,
        seed=seed, names=[f"p{s}" for s in range(seats)], bots=[False] * seats,
        tokens=[token_hash(t) for t in tokens], table=encode_table(table), rng=rng.state,
    )  # fmt: skip
    assert isinstance(matches.store, CachingMatchStore)
    matches.store.records.keep(match_id, record)
    return record, tokens


async def play(matches: int, seed: int, v2: bool = False) -> dict[str, list[float]]:
    """Seconds per move of each stage, over ``matches`` whole matches (``v2``: the seats subscribed in protocol v2)."""
    store = PackingStore()
    lifecycle = Matches(CachingMatchStore(store), Settings())  # type: ignore[arg-type]
    hub = Hub(lifecycle, store)  # type: ignore[arg-type]
    pick = random.Random(seed)
    times: dict[str, list[float]] = {stage: [] for stage in STAGES}
    clock = time.perf_counter
    for m in range(matches):
        record, tokens = new_match(lifecycle, seed * 100_000 + m)
        frames: list[list[bytes]] = [[] for _ in range(SEATS)]
        subs = [Subscription(record.id, s, frames[s].append, v2=v2) for s in range(SEATS)]  # type: ignore[arg-type]
        hub.local[record.id] = set(subs)
        for sub in subs:
            sub.view_version = record.version  # its subscription's ack carried the view
            hub.start_live(sub, record.version)
        # Each seat's moves come from its last event frame, as a bot's do: its legal list.
        first = lifecycle.snapshot(record)
        seat = first.to_act(MatchStatus.ACTIVE)[0]
        legal = first.legal(seat)
        version = record.version
        while True:
            data = encode({"type": "move", "id": version, "match": record.id, "move_id": f"v{version}",
                           "version": version, "move": pick.choice(legal)})  # fmt: skip
            t0 = clock()
            frame = decode_client(data)
            t1 = clock()
            result = await lifecycle.move(frame.match, tokens[seat], frame.move_id, frame.version, frame.move)
            t2 = clock()
            encode(ack(frame.id, result))
            t3 = clock()
            hub._on_message(record.id, msgpack.unpackb(store.note, raw=False))
            t4 = clock()
            for stage, seconds in zip(STAGES, (t1 - t0, t2 - t1, t3 - t2, t4 - t3), strict=True):
                times[stage].append(seconds)
            version = result["version"]
            events = [msgpack.unpackb(f[-1]) for f in frames]
            if events[0]["status"] != "active":
                break
            seat = events[0]["to_act"][0]
            legal = events[seat]["legal"]
        del hub.local[record.id]
        hub.frames.forget(record.id)
    return times


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--matches", type=int, default=200)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--profile", type=int, default=0, help="then profile one run: its top N functions by own time")
    p.add_argument("--v2", action="store_true", help="the seats subscribed in protocol v2 (events carry patches)")
    args = p.parse_args(argv)
    protocol = "v2" if args.v2 else "v1"
    print(f"# move path: python {sys.version.split()[0]}, {GAME} {SEATS} seats, {args.matches} matches per run, "
          f"protocol {protocol}")  # fmt: skip
    totals = []
    for run in range(1, args.runs + 1):
        times = asyncio.run(play(args.matches, run, args.v2))
        means = {stage: statistics.fmean(v) * 1e6 for stage, v in times.items()}
        totals.append(sum(means.values()))
        stages = " ".join(f"{stage}_us={us:.1f}" for stage, us in means.items())
        print(f"run={run} moves={len(times['move'])} {stages} total_us={totals[-1]:.1f}")
    print(f"median total_us={statistics.median(totals):.1f}")
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(asyncio.run, play(args.matches, 0, args.v2))
        pstats.Stats(profile).sort_stats("tottime").print_stats(args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
