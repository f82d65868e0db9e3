"""The benchmark command: the standard workload against fresh Redis + Vorpal processes.

    python -m loadtest.bench                       # M = 50 and 200, closed loop, 2 instances
    python -m loadtest.bench --matches 1000 --think 0.5 --duration 40   # the open (latency) workload
    python -m loadtest.bench --idle 10000          # idle subscribed connections on one instance

(``loadtest/bench.sh`` raises ``ulimit -n`` and runs this with the repo's venv.)

For every configuration it starts a throw-away Redis (the ``valkey-server``
or ``redis-server`` that ``vorpal`` embeds; no persistence unless ``--aof``)
and W server instances on W ports (``--mode ports``, the default: all seats
of a match meet on one instance, as ``deploy/nginx.conf`` routes the
``?match=`` hint the SDKs send), or one ``vorpal serve --workers W`` whose
workers share a port (``--mode workers``: the kernel spreads a match's seats
over the workers). It sets up the matches over REST (untimed), opens one
WebSocket per seat and plays (timed), then stops everything by PID.

Standard workload (``shared/bench/peers/README.md``): M concurrent matches of
jabberwocky, 3 seats, 13 rounds (264 moves), follow suit enforced, first
dealer seat 0, random legal moves, zero think time. ``--think S`` makes each
bot wait an exponential time of mean S seconds before each move (an open
workload): then the run lasts ``--duration`` seconds and the first
``--warmup`` seconds are not counted. With zero think time the run is whole
matches, as in the peers' and the ceiling's harnesses.

One summary line per configuration on stdout::

    bench=vorpal mode=ports workers=2 matches=200 think_s=0 moves=52800 moves_per_s=X p50_ms=Y
      p99_ms=Z rss_mb=R server_cpu_s_per_1k_moves=C redis_kb_per_match=K errors=0

``rss_mb`` is the peak RSS (VmHWM) summed over the server's process tree;
``server_cpu_s_per_1k_moves`` is user+sys CPU of that tree over the timed
window per 1,000 moves; ``redis_kb_per_match`` is Redis ``used_memory`` after
the run minus before setup, per match. All figures come from this process,
the load generator (``loadtest/loadgen.py``); details go to stderr and a JSON
per run to ``--results``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import math
import os
import random
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import psutil
import redis

from loadtest.ai_beside import AiBeside
from loadtest.loadgen import (
    SUBPROTOCOL,
    SUBPROTOCOL_V2,
    Seat,
    Stats,
    connect_seats,
    freeze_gc,
    gather_limited,
    percentile,
    run_loop,
    subscribe_seats,
)
from server.store.embedded import server_binary

ROOT = Path(__file__).resolve().parent.parent
MOVES_PER_MATCH = 264
#: Idle connections per loopback source address: below the 28,232 ephemeral ports of Linux's default range.
SOCKETS_PER_SOURCE = 25_000
#: File descriptors a process needs besides its sockets (Redis connections, logs, the listening socket).
FD_MARGIN = 1_024
OPTIONS = {"rounds": 13, "follow_suit": "enforced", "first_dealer": 0}


def log(*parts: object) -> None:
    print(*parts, file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def raise_nofile(want: int = 65_536) -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = want if hard == resource.RLIM_INFINITY else min(want, hard)
    if soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


# -- processes ---------------------------------------------------------------------------


class Procs:
    """The Redis and server processes of one configuration; stopped by PID."""

    def __init__(self, workers: int, mode: str, aof: bool, logdir: Path, env: dict[str, str],
                 replicas: int = 0) -> None:  # fmt: skip
        self.workers, self.mode, self.aof, self.logdir, self.env = workers, mode, aof, logdir, env
        self.replicas: list[subprocess.Popen[bytes]] = []
        self.replica_count = replicas
        self.redis_dir = Path(tempfile.mkdtemp(prefix="vorpal-bench-redis."))
        self.redis_port = free_port()
        self.redis: subprocess.Popen[bytes] | None = None
        self.servers: list[subprocess.Popen[bytes]] = []
        self.ports: list[int] = []

    @property
    def redis_url(self) -> str:
        return f"redis://127.0.0.1:{self.redis_port}/0"

    def start(self) -> None:
        args = [server_binary(), "--bind", "127.0.0.1", "--port", str(self.redis_port), "--dir", str(self.redis_dir),
                "--save", "", "--daemonize", "no", "--loglevel", "warning", "--protected-mode", "yes"]  # fmt: skip
        args += ["--appendonly", "yes", "--appendfsync", "everysec"] if self.aof else ["--appendonly", "no"]
        with open(self.logdir / "redis.log", "ab") as out:
            self.redis = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT)
        r = self.client()
        for _ in range(100):
            try:
                r.ping()
                break
            except redis.ConnectionError:
                time.sleep(0.1)
        for _ in range(self.replica_count):  # replicas of the primary (VORPAL_WRITE_REPLICAS waits for them)
            port = free_port()
            replica_dir = Path(tempfile.mkdtemp(prefix="vorpal-bench-replica.", dir=self.redis_dir))
            rargs = [*args, "--replicaof", "127.0.0.1", str(self.redis_port)]
            rargs[rargs.index("--port") + 1], rargs[rargs.index("--dir") + 1] = str(port), str(replica_dir)
            with open(self.logdir / f"replica-{port}.log", "ab") as out:
                self.replicas.append(subprocess.Popen(rargs, stdout=out, stderr=subprocess.STDOUT))
            replica = redis.Redis(host="127.0.0.1", port=port)
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                try:
                    if replica.info("replication").get("master_link_status") == "up":
                        break
                except redis.ConnectionError:
                    pass
                time.sleep(0.1)
            else:
                raise RuntimeError(f"replica on {port} did not sync; see {self.logdir}")
        # One load generator plays every client from one address: the REST rate limit would measure itself.
        env = {"VORPAL_REST_RATE_PER_S": "0", **os.environ, **self.env, "REDIS_URL": self.redis_url}
        vorpal = str(Path(sys.executable).parent / "vorpal")
        instances = self.workers if self.mode == "ports" else 1
        per = 1 if self.mode == "ports" else self.workers
        for _ in range(instances):
            port = free_port()
            # The web tier alone (--no-bots): these workloads have no AI seats, and a bot service is a process
            # of its own that scales apart (its RSS would count as the instance's).
            cmd = [vorpal, "serve", "--host", "127.0.0.1", "--port", str(port), "--workers", str(per),
                   "--redis-url", self.redis_url, "--log-level", "warning", "--no-bots"]  # fmt: skip
            with open(self.logdir / f"server-{port}.log", "ab") as out:
                self.servers.append(subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT))
            self.ports.append(port)
        # Ready when every worker process holds its pub/sub connection.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            for p in self.servers:
                if p.poll() is not None:
                    raise RuntimeError(f"server exited with {p.returncode}; see {self.logdir}")
            n = int(dict(r.pubsub_numsub("vorpal:control")).get(b"vorpal:control", 0))
            if n >= self.workers or time.monotonic() > deadline - 55:  # hubs may not use that channel
                ok = True
                for port in self.ports:
                    try:
                        ok &= httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2).status_code == 200
                    except httpx.TransportError:
                        ok = False
                if ok:
                    return
            time.sleep(0.1)
        raise RuntimeError(f"server did not get ready; see {self.logdir}")

    def client(self) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=self.redis_port)

    def server_tree(self) -> list[psutil.Process]:
        out: list[psutil.Process] = []
        for p in self.servers:
            try:
                proc = psutil.Process(p.pid)
                out += [proc, *proc.children(recursive=True)]
            except psutil.NoSuchProcess:
                pass
        return out

    def worker_pids(self) -> list[int]:
        return [p.pid for p in self.server_tree()]

    def stop(self) -> None:
        for p in [*self.servers, *self.replicas, *([self.redis] if self.redis else [])]:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in [*self.servers, *self.replicas, *([self.redis] if self.redis else [])]:
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        shutil.rmtree(self.redis_dir, ignore_errors=True)


def cpu_s(procs: list[psutil.Process]) -> float:
    total = 0.0
    for p in procs:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.NoSuchProcess:
            pass
    return total


def hwm_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        with contextlib.suppress(psutil.NoSuchProcess):
            total += psutil.Process(pid).memory_info().rss
    return total / 2**20


def busy_jiffies() -> tuple[int, int]:
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]
    return sum(fields) - idle, sum(fields)


def start_profilers(py_spy: str, procs: Procs, logdir: Path) -> list[subprocess.Popen[bytes]]:
    """``py-spy record`` (collapsed stacks) on every server worker for the timed window."""
    out = []
    for proc in procs.server_tree():
        if "python" not in " ".join(proc.cmdline()[:1]) and "vorpal" not in " ".join(proc.cmdline()[:2]):
            continue
        path = logdir / f"profile-{proc.pid}.txt"
        cmd = [py_spy, "record", "-p", str(proc.pid), "-r", "200", "-f", "raw", "-o", str(path), "--nonblocking"]
        out.append(subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    time.sleep(1.0)
    return out


def stop_profilers(profilers: list[subprocess.Popen[bytes]]) -> None:
    for p in profilers:
        p.send_signal(signal.SIGINT)
    for p in profilers:
        try:
            p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


# -- setup over REST ---------------------------------------------------------------------


#: The standard workload's game; ``--games`` names others (``bench.sh heavy``: Zimby Mojo and Jackrabbits).
STANDARD = "jabberwocky:3"
HEAVY = "zimby_mojo:4,jackrabbits:3"


def parse_games(spec: str) -> list[tuple[str, int]]:
    """``"zimby_mojo:4,jackrabbits:3"`` -> ``[("zimby_mojo", 4), ("jackrabbits", 3)]``."""
    return [(game, int(seats)) for game, seats in (item.split(":") for item in spec.split(","))]


async def setup_matches(ports: list[int], matches: int, seats: int = 3,
                        games: list[tuple[str, int]] | None = None) -> list[tuple[int, str, list[str]]]:  # fmt: skip
    """Create ``matches`` matches (round robin over ``ports``, and over ``games`` if given: (game, seats) pairs,
    with their default options) and join every seat: (port, id, tokens)."""
    clients = {p: httpx.AsyncClient(base_url=f"http://127.0.0.1:{p}", timeout=60) for p in ports}
    try:

        async def one(i: int) -> tuple[int, str, list[str]]:
            port = ports[i % len(ports)]
            c = clients[port]
            game, n = ("jabberwocky", seats) if not games else games[i % len(games)]
            body = {"game": game, "seats": n, "options": OPTIONS if game == "jabberwocky" else {}}
            r = await c.post("/v1/matches", json=body)
            r.raise_for_status()
            mid = r.json()["match"]
            tokens = []
            for s in range(n):
                j = await c.post(f"/v1/matches/{mid}/join", json={"seat": s, "name": f"bot{s}"})
                j.raise_for_status()
                tokens.append(j.json()["token"])
            return port, mid, tokens

        return await gather_limited([one(i) for i in range(matches)], 16)
    finally:
        for c in clients.values():
            await c.aclose()


def make_seats(specs: list[tuple[int, str, list[str]]], stats: Stats, rnd: random.Random,
               spectators: int = 0, protocol: str = SUBPROTOCOL) -> list[Seat]:  # fmt: skip
    seats: list[Seat] = []
    for port, mid, tokens in specs:
        uri = f"ws://127.0.0.1:{port}/v1/ws?match={mid}"  # the routing hint the SDKs send
        for s, tok in enumerate(tokens):
            seats.append(Seat(uri, mid, s, tok, stats, rnd, protocol))
        for _ in range(spectators):
            seats.append(Seat(uri, mid, None, None, stats, rnd, protocol))
    return seats


async def open_seats(specs: list[tuple[int, str, list[str]]], stats: Stats, rnd: random.Random,
                     spectators: int = 0, protocol: str = SUBPROTOCOL) -> list[Seat]:  # fmt: skip
    seats = make_seats(specs, stats, rnd, spectators, protocol)
    await connect_seats(seats)
    await subscribe_seats(seats)
    return seats


# -- one configuration -------------------------------------------------------------------


async def play(args: argparse.Namespace, procs: Procs, matches: int) -> dict[str, Any]:
    stats = Stats()
    rnd = random.Random(args.seed)
    r = procs.client()
    mem0 = int(r.info("memory")["used_memory"])
    t_setup = time.perf_counter()
    games = parse_games(args.games)
    specs = await setup_matches(procs.ports, matches, games=games)
    protocol = SUBPROTOCOL_V2 if args.protocol == "v2" else SUBPROTOCOL
    seats = await open_seats(specs, stats, rnd, args.spectators, protocol)
    setup_s = time.perf_counter() - t_setup
    ai = None
    if args.ai_matches:  # all-AI matches kept going beside the workload, their searches in a bot service
        ai = AiBeside(procs.ports, procs.redis_url, {**os.environ, **procs.env}, procs.logdir,
                      matches=args.ai_matches, level=args.ai_level, games=parse_games(args.ai_games),
                      nice=args.ai_nice)  # fmt: skip
        await ai.start()
        await asyncio.sleep(3)  # the bot service's leases taken, its searches under way
    bots = [p for p in [ai.process() if ai else None] if p is not None]
    players = [s for s in seats if s.seat is not None]
    done = asyncio.get_running_loop().create_future()
    left = [len(players)]

    def on_done(_: Seat) -> None:
        left[0] -= 1
        if left[0] == 0 and not done.done():
            done.set_result(None)

    for s in players:
        s.on_done = on_done
        s.think = args.think
    tree = procs.server_tree()
    redis_proc = psutil.Process(procs.redis.pid) if procs.redis else None
    profilers = start_profilers(args.profile, procs, procs.logdir) if args.profile else []
    freeze_gc()
    cpu0, rcpu0, me0, busy0 = cpu_s(tree), cpu_s([redis_proc] if redis_proc else []), os.times(), busy_jiffies()
    bcpu0 = cpu_s(bots)
    t0 = time.perf_counter()
    if ai:
        ai.count(True)
    for s in players:
        s.live = True
        if s.legal:
            s.schedule()
    whole = args.think == 0 and args.duration == 0
    if not whole:  # the figures cover the window after the warm-up only
        await asyncio.sleep(args.warmup)
        cpu0, rcpu0, me0, busy0 = cpu_s(tree), cpu_s([redis_proc] if redis_proc else []), os.times(), busy_jiffies()
        bcpu0 = cpu_s(bots)
        t0 += args.warmup
        if ai:
            ai.moves = 0
    timeout = args.timeout if whole else max(0.0, args.duration - args.warmup)
    try:
        await asyncio.wait_for(asyncio.shield(done), timeout)
    except TimeoutError:
        if whole:
            stats.error(f"timeout: {left[0]} seats unfinished after {timeout}s")
    t1 = time.perf_counter()
    for s in players:
        s.live = False
    cpu1, rcpu1, me1, busy1 = cpu_s(tree), cpu_s([redis_proc] if redis_proc else []), os.times(), busy_jiffies()
    bcpu1 = cpu_s(bots)
    if ai:
        ai.count(False)
    stop_profilers(profilers)
    await asyncio.sleep(0.2)
    if whole:
        window = t1 - t0
        lats = sorted(lat for _, lat in stats.latencies)
        moves = len(lats)
        if args.games == STANDARD and moves != matches * MOVES_PER_MATCH:
            stats.error(f"{moves} moves timed, expected {matches * MOVES_PER_MATCH}")
    else:
        window = t1 - t0
        lats = sorted(lat for at, lat in stats.latencies if at >= t0)
        moves = len(lats)
    sizes = sorted(float(size) for at, size in stats.event_bytes if whole or t0 <= at <= t1)
    mem1 = int(r.info("memory")["used_memory"])
    pids = procs.worker_pids()
    out = {
        "bench": "vorpal", "mode": procs.mode, "workers": procs.workers, "matches": matches,
        "think_s": args.think, "spectators_per_match": args.spectators, "aof": procs.aof,
        "games": args.games, "protocol": args.protocol,
        "event_frame_bytes_p50": percentile(sizes, 50) if sizes else None,
        "event_bytes_per_move": round(sum(sizes) / moves) if moves else None,  # every recipient's frames
        "timing": "whole-matches" if whole else f"window {window:.1f}s after {args.warmup}s warm-up",
        "offered_moves_per_s": None if whole else round(len(players) / 3 / (args.think + 0.001), 1),
        "moves": moves, "wall_s": round(window, 3), "moves_per_s": round(moves / window, 1) if window else 0,
        "p50_ms": round(percentile(lats, 50) * 1000, 2), "p90_ms": round(percentile(lats, 90) * 1000, 2),
        "p99_ms": round(percentile(lats, 99) * 1000, 2), "max_ms": round(lats[-1] * 1000, 2) if lats else None,
        "rss_mb": round(hwm_mb(pids), 1), "rss_end_mb": round(rss_mb(pids), 1),
        "server_cpu_s": round(cpu1 - cpu0, 2),
        "server_cpu_s_per_1k_moves": round((cpu1 - cpu0) / moves * 1000, 3) if moves else None,
        "server_cpu_util": round((cpu1 - cpu0) / (t1 - t0), 2),
        "redis_cpu_util": round((rcpu1 - rcpu0) / (t1 - t0), 2),
        "loadgen_cpu_util": round((me1.user + me1.system - me0.user - me0.system) / (t1 - t0), 2),
        "machine_busy_cores": round((busy1[0] - busy0[0]) / max(1, busy1[1] - busy0[1]) * (os.cpu_count() or 1), 2),
        "redis_kb_per_match": round((mem1 - mem0) / matches / 1024, 1),
        "setup_s": round(setup_s, 1), "errors": stats.errors, "refused": stats.refused,
        "closed_early": stats.closed_early, "error_samples": stats.messages, "server_pids": len(pids),
    }  # fmt: skip
    if ai:
        await ai.stop()
        out.update({"ai_matches": args.ai_matches, "ai_level": args.ai_level, "ai_games": args.ai_games,
                    "ai_nice": args.ai_nice, "ai_matches_finished": ai.finished, "ai_versions": ai.moves,
                    "ai_versions_per_s": round(ai.moves / window, 1) if window else 0,
                    "bots_cpu_util": round((bcpu1 - bcpu0) / (t1 - t0), 2)})  # fmt: skip
    for s in seats:
        s.done = True
        s.close()
    gc.unfreeze()
    return out


async def idle(args: argparse.Namespace, procs: Procs) -> dict[str, Any]:
    """Hold ``args.idle`` subscribed seat connections on one instance; report the server's memory and
    the time to accept them (TCP and WebSocket handshakes) and to subscribe them (auth + subscribe
    acknowledged), the matches having been created and joined over REST before (``rest_setup_s``).

    The client side runs in ``args.clients`` processes (``loadtest/idle_clients.py``), each holding
    its share of the sockets: a process's open files may be capped below the sockets wanted."""
    matches = math.ceil(args.idle / 3)
    pids = procs.worker_pids()
    base = rss_mb(pids)
    t = time.perf_counter()
    specs = await setup_matches(procs.ports, matches)
    seats = [(port, mid, s, token) for port, mid, tokens in specs for s, token in enumerate(tokens)][: args.idle]
    rest_s = time.perf_counter() - t
    sources = args.sources or math.ceil(len(seats) / SOCKETS_PER_SOURCE)
    addrs = [f"127.0.0.{i + 1}" for i in range(sources)] if sources > 1 else [None]
    shares: list[list[Any]] = [[] for _ in range(args.clients)]
    for i, seat in enumerate(seats):  # the sources alternate over all seats, whichever process holds them
        shares[i % args.clients].append([*seat, addrs[i % len(addrs)]])
    clients = IdleClients(shares, procs.logdir, max(1, 200 // args.clients))
    try:
        t = time.perf_counter()
        await clients.each("connect")
        accept_s = time.perf_counter() - t
        accepted = rss_mb(pids)
        t = time.perf_counter()
        await clients.each("subscribe")
        subscribe_s = time.perf_counter() - t
        log(f"idle: {len(seats)} connections accepted in {accept_s:.1f} s, subscribed in {subscribe_s:.1f} s "
            f"({args.clients} client processes); holding them {args.hold} s")  # fmt: skip
        await asyncio.sleep(args.hold)
        pids = procs.worker_pids()
        rss = rss_mb(pids)
        hwm = hwm_mb(pids)
        fds = open_files(pids)
        closing = await clients.each("close")  # every connection is still served: none was closed
    finally:
        clients.stop()
    out = {
        "bench": "vorpal-idle", "mode": procs.mode, "workers": procs.workers, "connections": len(seats),
        "alive": sum(c["alive"] for c in closing), "matches": matches, "sources": sources,
        "clients": args.clients, "open_files": fds, "rss_before_mb": round(base, 1),
        "rss_accepted_mb": round(accepted, 1), "rss_mb": round(rss, 1), "rss_hwm_mb": round(hwm, 1),
        "kb_per_connection": round((rss - base) * 1024 / len(seats), 1),
        "accept_s": round(accept_s, 1), "subscribe_s": round(subscribe_s, 1),
        "accept_subscribe_s": round(accept_s + subscribe_s, 1), "rest_setup_s": round(rest_s, 1),
        "errors": sum(c["errors"] for c in closing),
        "error_samples": [m for c in closing for m in c["error_samples"]][:8],
        "redis_kb_per_match": round(int(procs.client().info("memory")["used_memory"]) / matches / 1024, 1),
    }  # fmt: skip
    return out


def open_files(pids: list[int]) -> list[int]:
    """Descriptors held by each process of the server (one per socket, plus a few of its own)."""
    out = []
    for pid in pids:
        with contextlib.suppress(psutil.NoSuchProcess):
            out.append(psutil.Process(pid).num_fds())
    return out


class IdleClients:
    """The load-generator processes of an idle run, each told in turn what to do next."""

    def __init__(self, shares: list[list[Any]], logdir: Path, in_flight: int) -> None:
        self.procs: list[subprocess.Popen[str]] = []
        for i, share in enumerate(shares):
            path = logdir / f"idle-clients-{i}.json"
            path.write_text(json.dumps(share))
            with open(logdir / f"idle-clients-{i}.log", "a") as err:
                self.procs.append(subprocess.Popen(
                    [sys.executable, "-m", "loadtest.idle_clients", str(path), "--in-flight", str(in_flight)],
                    cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, text=True,
                ))  # fmt: skip

    async def each(self, command: str) -> list[dict[str, Any]]:
        """Tell every process ``command`` at once; their answers, once all have answered."""
        for p in self.procs:
            assert p.stdin is not None
            p.stdin.write(command + "\n")
            p.stdin.flush()
        answers = await asyncio.gather(*(asyncio.to_thread(self._answer, p) for p in self.procs))
        for a in answers:
            if "error" in a:
                raise RuntimeError(f"idle clients: {a['error']}")
        return answers

    @staticmethod
    def _answer(p: subprocess.Popen[str]) -> dict[str, Any]:
        assert p.stdout is not None
        line = p.stdout.readline()
        if not line:
            return {"error": f"a client process exited with {p.wait()} (see idle-clients-*.log)"}
        answer: dict[str, Any] = json.loads(line)
        return answer

    def stop(self) -> None:
        """Wait for every process to end (a closed stdin tells one still waiting to close its sockets)."""
        for p in self.procs:
            assert p.stdin is not None and p.stdout is not None
            with contextlib.suppress(BrokenPipeError):
                p.stdin.close()
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
            p.stdout.close()


def summary_line(res: dict[str, Any]) -> str:
    if res["bench"] == "vorpal-idle":
        keys = ["mode", "workers", "connections", "alive", "rss_mb", "rss_hwm_mb", "kb_per_connection",
                "accept_s", "subscribe_s", "accept_subscribe_s", "errors"]  # fmt: skip
    else:
        keys = ["games", "protocol", "mode", "workers", "matches", "think_s", "moves", "moves_per_s", "p50_ms",
                "p99_ms", "rss_mb", "server_cpu_s_per_1k_moves", "event_frame_bytes_p50", "event_bytes_per_move",
                "redis_kb_per_match", "errors"]  # fmt: skip
    if res.get("spectators_per_match"):
        keys.insert(3, "spectators_per_match")
    return f"bench={res['bench']} " + " ".join(f"{k}={res[k]}" for k in keys)


def median_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
    out = dict(runs[0])
    for k, v in runs[0].items():
        if isinstance(v, int | float) and not isinstance(v, bool) and k not in ("errors",):
            vals = [r[k] for r in runs if isinstance(r.get(k), int | float)]
            out[k] = round(statistics.median(vals), 3)
    out["errors"] = sum(r["errors"] for r in runs)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m loadtest.bench", description=__doc__.split("\n")[0])
    p.add_argument("--matches", default="50,200", help="comma list of M (default 50,200)")
    p.add_argument("--workers", default="2", help="comma list of W (default 2)")
    p.add_argument("--mode", choices=["ports", "workers"], default="ports",
                   help="ports: W one-worker instances, each match on one (as nginx routes ?match=); "
                        "workers: vorpal serve --workers W, the kernel spreads the seats")  # fmt: skip
    p.add_argument("--think", type=float, default=0.0, help="mean think time in seconds (0: closed loop)")
    p.add_argument("--duration", type=float, default=0.0, help="timed seconds (0 with think 0: whole matches)")
    p.add_argument("--warmup", type=float, default=5.0, help="seconds not counted with --duration")
    p.add_argument("--spectators", type=int, default=0, help="spectator connections per match")
    p.add_argument("--games", default=STANDARD,
                   help=f"game:seats,... the matches are of, in turn (default {STANDARD}, the standard workload; "
                        f"{HEAVY}: the heavy one, run with --duration)")  # fmt: skip
    p.add_argument(
        "--protocol",
        choices=["v1", "v2"],
        default="v1",
        help="the WebSocket protocol the seats speak (v2: events carry a patch of the view)",
    )
    p.add_argument("--idle", type=int, default=0, help="instead: hold this many idle subscribed connections")
    p.add_argument("--hold", type=float, default=5.0, help="seconds to hold the idle connections")
    p.add_argument("--sources", type=int, default=0, help="idle: loopback source addresses (default: 1 per 25,000)")
    p.add_argument("--clients", type=int, default=0,
                   help="idle: load-generator processes (default: as few as the open-files limit allows)")  # fmt: skip
    p.add_argument("--runs", type=int, default=1)
    p.add_argument("--profile", default="", help="path of py-spy: record each server worker while timed")
    p.add_argument("--aof", action="store_true", help="Redis with appendonly yes, everysec")
    p.add_argument("--replicas", type=int, default=0, help="replicas of the Redis (for VORPAL_WRITE_REPLICAS)")
    p.add_argument("--timeout", type=float, default=300.0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--results", default=None, help="folder for per-run JSON (default loadtest/results/<stamp>)")
    p.add_argument("--env", action="append", default=[], help="NAME=VALUE for the server processes")
    p.add_argument(
        "--ai-matches",
        type=int,
        default=0,
        help="keep this many all-AI matches going beside the workload, in a bot service of their own",
    )
    p.add_argument("--ai-level", type=int, default=3, help="the AI matches' level (default 3, the default level)")
    p.add_argument("--ai-games", default="brillig:2,gimble:2,jabberwocky:3", help="the AI matches' games:seats")
    p.add_argument("--ai-nice", type=int, default=0, help="run the AI matches' bot service under nice -n N")
    args = p.parse_args(argv)
    if args.games != STANDARD and args.think == 0 and args.duration == 0:
        p.error("--games other than the standard workload's: give --duration (its matches have no fixed length)")
    nofile = raise_nofile(max(65_536, args.idle + FD_MARGIN))
    if args.idle:
        # The client side splits over processes; each server process holds its share (ports mode: an
        # even share per instance; workers mode: the kernel's, which is even only on average).
        args.clients = args.clients or math.ceil(args.idle / max(1, nofile - FD_MARGIN))
        need = math.ceil(args.idle / min(args.clients, *map(int, args.workers.split(",")))) + FD_MARGIN
        if nofile < need:
            log(f"bench: ulimit -n is {nofile}: {args.idle} connections need {need} descriptors in a server or "
                "client process (more workers or --clients; loadtest/README.md, '50,000 idle sockets')")  # fmt: skip
            return 2
    results = Path(args.results or ROOT / "loadtest" / "results" / time.strftime("%Y%m%d-%H%M%S"))
    results.mkdir(parents=True, exist_ok=True)
    env = dict(kv.split("=", 1) for kv in args.env)
    interpreter = getattr(sys, "_base_executable", sys.executable)  # its build matters (README, "Which Python")
    log(f"# bench: python {sys.version.split()[0]} ({interpreter}) cpus={os.cpu_count()} nofile={nofile} "
        f"loadavg={os.getloadavg()} results={results}")  # fmt: skip
    configs = [(w, m) for w in map(int, args.workers.split(",")) for m in map(int, args.matches.split(","))]
    if args.idle:
        configs = [(w, 0) for w in map(int, args.workers.split(","))]
    by_config: dict[tuple[int, int], list[dict[str, Any]]] = {c: [] for c in configs}
    for run in range(1, args.runs + 1):
        for w, m in configs:
            logdir = results / f"w{w}-m{m}-r{run}"
            logdir.mkdir(exist_ok=True)
            procs = Procs(w, args.mode, args.aof, logdir, env, args.replicas)
            try:
                procs.start()
                res = run_loop(idle(args, procs) if args.idle else play(args, procs, m))
            finally:
                procs.stop()
            res["run"] = run
            (logdir / "result.json").write_text(json.dumps(res, indent=1))
            log(f"run={run} " + " ".join(f"{k}={v}" for k, v in res.items() if k != "error_samples"))
            if res.get("error_samples"):
                log("  errors:", res["error_samples"])
            by_config[(w, m)].append(res)
    failed = 0
    for runs in by_config.values():
        med = median_of(runs)
        failed += med["errors"]
        print(summary_line(med), flush=True)
    (results / "summary.json").write_text(json.dumps([median_of(r) for r in by_config.values()], indent=1))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
