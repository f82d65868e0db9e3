"""The lobby benchmark: ``GET /v1/matches`` against one instance holding many stored matches.

    python -m loadtest.lobby                          # 10,000 matches, 1,000 requests/s for 20 s, then flat out
    python -m loadtest.lobby --matches 10000 --rate 1000,1500 --duration 20

(``loadtest/bench.sh lobby`` runs this with the repo's venv.)

It starts a throw-away Redis and ONE server instance (as ``loadtest.bench``),
stores ``--matches`` matches through the match lifecycle in this process (as
REST would, without its HTTP; untimed): every game of the catalogue
in turn, a third of them started (every seat joined), one in twenty aborted
(its player left), the rest open. Then, for each rate of ``--rate``, it sends
listing requests at that rate for ``--duration`` seconds over ``--connections``
keep-alive HTTP/1.1 connections (an open workload: a request's latency runs from
the moment it was due, so a slow server cannot hide its queue), and with rate 0
as fast as the connections allow (a closed loop: the throughput ceiling).

The requests mix what a lobby asks: the newest matches; the open ones; the open
ones of one game; one game's; each with the default page of 50, and one in five
the next page of an earlier answer (its ``next`` cursor).

One line per rate on stdout::

    bench=lobby matches=10000 rate=1000 requests=20000 requests_per_s=X p50_ms=Y p99_ms=Z max_ms=M errors=0
      server_cpu_util=C server_cpu_ms_per_request=S redis_cpu_ms_per_request=R loadgen_cpu_util=L
      machine_busy_cores=B

``server_cpu_util`` is the server process's CPU (1.0: one core) over the timed window, and
``server_cpu_ms_per_request`` the same per request (the steadiest figure on a shared machine:
with a core of its own, the server answers about 1000 / S requests a second);
``machine_busy_cores`` counts every process on the machine (2.0: both cores busy).
The REST rate limit is on, as deployed, at a rate the one client never reaches (its Redis
call counts in every request); ``--profile PATH_OF_PY_SPY`` records the server's stacks
while timed (``profile-<pid>.txt`` in the results folder, the last rate's).
The load generator is a raw asyncio HTTP/1.1 client (no httpx on the timed path), so it
takes little of the two cores the server shares it with.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import psutil

from loadtest.bench import ROOT, Procs, busy_jiffies, cpu_s, log, raise_nofile, start_profilers, stop_profilers
from loadtest.loadgen import freeze_gc, gather_limited, percentile, run_loop
from server import games
from server.config import Settings
from server.domain.matches import Matches
from server.store import Store
from server.store.cached import CachingMatchStore

perf = time.perf_counter


async def seed(redis_url: str, matches: int, rnd: random.Random) -> list[str]:
    """Store ``matches`` matches through the lifecycle (as REST would, without HTTP); returns the games."""
    store = Store.from_url(redis_url)
    lifecycle = Matches(CachingMatchStore(store), Settings())
    catalogue = [(r.name, min(max(2, r.game.min_seats), r.game.max_seats)) for r in games.GAMES]

    async def one(i: int) -> None:
        game, seats = catalogue[i % len(catalogue)]
        match = (await lifecycle.create(game, {}, seats, [])).match
        roll = rnd.random()
        if roll < 1 / 3:
            for _ in range(seats):
                await lifecycle.join(match, None, None)
        elif roll < 1 / 3 + 1 / 20 and seats > 1:
            token = (await lifecycle.join(match, None, None))["token"]
            await lifecycle.leave(match, token)

    try:
        await gather_limited([one(i) for i in range(matches)], 32)
    finally:
        await store.close()
    return [g for g, _ in catalogue]


class Conn:
    """One keep-alive HTTP/1.1 connection; one request at a time."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, port: int) -> Conn:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        return cls(reader, writer)

    async def get(self, path: str) -> tuple[int, bytes]:
        self.writer.write(f"GET {path} HTTP/1.1\r\nhost: lobby\r\n\r\n".encode())
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head[9:12])
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        return status, await self.reader.readexactly(length)

    def close(self) -> None:
        self.writer.close()


class Mix:
    """The lobby's requests, and the cursors they answered (for next pages)."""

    def __init__(self, games: list[str], rnd: random.Random) -> None:
        self.games, self.rnd = games, rnd
        self.cursors: list[tuple[dict[str, str], str]] = []

    def next_path(self) -> tuple[str, dict[str, str]]:
        rnd = self.rnd
        if self.cursors and rnd.random() < 0.2:
            query, cursor = self.cursors[rnd.randrange(len(self.cursors))]
            return "/v1/matches?" + urlencode({**query, "cursor": cursor}), query
        game = rnd.choice(self.games)
        query = rnd.choice([{}, {"status": "open"}, {"game": game, "status": "open"}, {"game": game}])
        return "/v1/matches" + ("?" + urlencode(query) if query else ""), query

    def answered(self, query: dict[str, str], body: bytes) -> None:
        at = body.rfind(b'"next":')  # the answer's last field; cheaper than parsing 50 summaries
        cursor = json.loads(body[at + 7 : -1])
        if cursor is not None and len(self.cursors) < 1000:
            self.cursors.append((query, cursor))


async def run(port: int, mix: Mix, rate: float, duration: float, connections: int) -> dict[str, Any]:
    """Requests at ``rate`` per second (0: as fast as ``connections`` allow) for ``duration`` seconds."""
    conns = [await Conn.open(port) for _ in range(connections)]
    idle: asyncio.Queue[Conn] = asyncio.Queue()
    for c in conns:
        idle.put_nowait(c)
    latencies: list[float] = []
    errors: list[str] = []
    start = perf()
    end = start + duration

    async def one(due: float) -> None:
        conn = await idle.get()
        path, query = mix.next_path()
        try:
            status, body = await conn.get(path)
            if status != 200:
                errors.append(f"{status} {path}: {body[:200]!r}")
            else:
                mix.answered(query, body)
        finally:
            idle.put_nowait(conn)
        latencies.append(perf() - due)

    async def closed_loop() -> None:
        while perf() < end:
            await one(perf())

    tasks: list[asyncio.Task[None]] = []
    if rate > 0:
        n = 0
        while (due := start + n / rate) < end:
            delay = due - perf()
            if delay > 0:
                await asyncio.sleep(delay)
            tasks.append(asyncio.create_task(one(due)))
            n += 1
        await asyncio.gather(*tasks)
    else:
        await asyncio.gather(*(closed_loop() for _ in range(connections)))
    elapsed = perf() - start
    for c in conns:
        c.close()
    lat = sorted(latencies)
    return {
        "requests": len(lat),
        "requests_per_s": round(len(lat) / elapsed, 1),
        "p50_ms": round(percentile(lat, 50) * 1000, 2),
        "p99_ms": round(percentile(lat, 99) * 1000, 2),
        "max_ms": round(lat[-1] * 1000, 2) if lat else float("nan"),
        "errors": len(errors),
        "error_samples": errors[:5],
    }


async def bench(args: argparse.Namespace, procs: Procs) -> list[dict[str, Any]]:
    rnd = random.Random(args.seed)
    port = procs.ports[0]
    t0 = perf()
    names = await seed(procs.redis_url, args.matches, rnd)
    log(f"# seeded {args.matches} matches in {perf() - t0:.1f}s")
    freeze_gc()
    mix = Mix(names, rnd)
    await run(port, mix, 0, args.warmup, args.connections)  # warm up (and collect cursors)
    out = []
    tree = procs.server_tree()
    assert procs.redis is not None
    redis_proc = [psutil.Process(procs.redis.pid)]
    cores = os.cpu_count() or 1
    for rate in (float(r) for r in args.rate.split(",")):
        cpu0, redis0, own0, (busy0, all0), t = (
            cpu_s(tree),
            cpu_s(redis_proc),
            time.process_time(),
            busy_jiffies(),
            perf(),
        )
        profilers = start_profilers(args.profile, procs, procs.logdir) if args.profile else []
        res = await run(port, mix, rate, args.duration, args.connections)
        stop_profilers(profilers)
        elapsed, (busy1, all1) = perf() - t, busy_jiffies()
        server, redis = cpu_s(tree) - cpu0, cpu_s(redis_proc) - redis0
        n = max(1, res["requests"])
        res = {"bench": "lobby", "matches": args.matches, "rate": rate, **res,
               "server_cpu_util": round(server / elapsed, 2),
               "server_cpu_ms_per_request": round(server / n * 1000, 3),
               "redis_cpu_ms_per_request": round(redis / n * 1000, 3),
               "loadgen_cpu_util": round((time.process_time() - own0) / elapsed, 2),
               "machine_busy_cores": round((busy1 - busy0) / max(1, all1 - all0) * cores, 2)}  # fmt: skip
        out.append(res)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m loadtest.lobby", description=__doc__.split("\n")[0])
    p.add_argument("--matches", type=int, default=10_000, help="matches stored before the timed runs")
    p.add_argument("--rate", default="1000,0", help="comma list of request rates per second (0: closed loop)")
    p.add_argument("--duration", type=float, default=20.0, help="timed seconds per rate")
    p.add_argument("--warmup", type=float, default=3.0)
    p.add_argument("--connections", type=int, default=64, help="keep-alive connections")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--results", default=None, help="folder for the JSON (default loadtest/results/<stamp>)")
    p.add_argument("--env", action="append", default=[], help="NAME=VALUE for the server process")
    p.add_argument("--profile", default="", help="path of py-spy: record the server while timed (one file per rate)")
    args = p.parse_args(argv)
    raise_nofile()
    results = Path(args.results or ROOT / "loadtest" / "results" / time.strftime("lobby-%Y%m%d-%H%M%S"))
    results.mkdir(parents=True, exist_ok=True)
    # The REST rate limit stays on, as deployed (its Redis call is part of every request's cost),
    # at a rate the benchmark's one client never reaches; --env overrides it.
    limiter = {"VORPAL_REST_RATE_PER_S": "1000000", "VORPAL_REST_BURST": "1000000"}
    procs = Procs(1, "ports", False, results, limiter | dict(kv.split("=", 1) for kv in args.env))
    try:
        procs.start()
        out = run_loop(bench(args, procs))
    finally:
        procs.stop()
    (results / "result.json").write_text(json.dumps(out, indent=1))
    for res in out:
        if res["error_samples"]:
            log("  errors:", res["error_samples"])
        print(" ".join(f"{k}={v}" for k, v in res.items() if k != "error_samples"), flush=True)
    return 1 if any(r["errors"] for r in out) else 0


if __name__ == "__main__":
    sys.exit(main())
