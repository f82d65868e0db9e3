"""The soak: one instance under sustained, varied load, sampled until it proves it does not grow.

    python -m loadtest.soak                              # 20 minutes at about 1,000 moves/s
    python -m loadtest.soak --duration 120 --rate 300    # a short one

(``loadtest/soak.sh`` runs this with the repository's venv.)

It starts a throw-away Redis and one ``vorpal serve`` with short retention settings
(so that Redis reaches its plateau within the run), then keeps ``--matches`` matches
in play, spread evenly over every game of the catalogue at every seat count (up to 4),
each seat a WebSocket playing random legal moves, paced together at ``--rate`` moves a
second; a finished match is replaced at once by a new one of the same game. Around them:
``--spectators`` spectators coming and going, chat, and lobby polling. Every ``--sample``
seconds it records the server's RSS and open file descriptors, Redis's memory and key count,
the keys that have no TTL, the collector's pauses (the server logs every pause over
``VORPAL_GC_WARN_MS``, set low here) and the client errors. After the load it waits
``--rest`` seconds and samples again.

The games in play stay the same all through (``--mix fixed``), so the load is stationary and
a slope measures what the server keeps, not what the load changed. With ``--mix rotate`` (each
slot moving on to another game after each match, the soak's mix until 2026-11-25) the slots
spent most of their time in the long games and how many of them were in play drifted: a census
of live objects at t = 900 s found 60 more Zimby Mojo seats' tables and 27 more sockets' tasks
in memory than over the minutes before, 12,000 more blocks, and pymalloc took a new arena for
them that it keeps. A new high of memory in flight, set late in a run, is what the regression
over the second half counted as growth.

Players walk away from a match that reaches its own version between half and one and a half
times ``--abandon-at`` (Gyre under random play takes up to 7,800 moves: at this rate, a match
longer than the run). The server keeps it until ``VORPAL_IDLE_TTL_S``, so every match's keys are
bounded in size and in time, and Redis can level off within the run; it also exercises the expiry
of matches nobody finishes. The point is drawn per match: at one version for all, the long matches
that started together (every match is paced alike) were all left together, and the waves of new
matches and sockets that followed, every two or three minutes, set the server's memory peaks.

It prints one line per sample, the slopes over the second half of the load, the pause
histogram, and a ``soak=pass`` or ``soak=fail`` line against the targets of issue 22:

- server RSS grows by under 0.1 MB per 1,000 finished matches, and comes back to within
  10 % of its warm level (the first sample of the second half) when the load stops;
- open file descriptors come back to their level before the load;
- Redis memory and key count stop growing (their slope over the last third of the load
  is under 2 % of their level per minute) and every key has a TTL but the documented
  global ones (:data:`GLOBAL_KEYS`);
- no collector pause over 20 ms, and no heap trim (``server/runtime/heap.py``) over 20 ms either;
- no client error.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import re
import statistics
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

import httpx
import psutil

from loadtest.bench import Procs, raise_nofile, rss_mb
from loadtest.loadgen import Seat, Stats, connect, freeze_gc
from server.store import keys

ROOT = Path(__file__).resolve().parent.parent
#: Keys a deployment keeps for as long as it runs (bounded by design: server/store/keys.py).
GLOBAL_KEYS = [pattern.encode() for pattern in keys.GLOBAL_KEYS]
GC_LINE = re.compile(r"gc: generation (\d) paused (\d+) ms \((\d+) ms of CPU")
TRIM_LINE = re.compile(r"heap: malloc_trim paused (\d+) ms")
PAUSE_BUCKETS_MS = (1, 2, 5, 10, 20, 50, 100, 250)
#: How far a slot moves along the game/seat combinations after each match (``--mix``): 7, a prime,
#: spreads the slots over the games.
MIX_STEPS = {"fixed": 0, "rotate": 7}
RETENTION = {
    "VORPAL_RETENTION_S": "120",  # an ended match is kept 2 minutes
    "VORPAL_IDLE_TTL_S": "300",  # an abandoned one 5
    "VORPAL_OPEN_TTL_S": "120",  # an open one nobody joins 2
    "VORPAL_GC_WARN_MS": "1",  # log (nearly) every pause: the histogram comes from the log
}


def log(*parts: object) -> None:
    print(*parts, file=sys.stderr, flush=True)


@dataclass
class Sample:
    t: float  # seconds since the load started
    finished: int  # matches finished so far
    events: int  # event frames the seats received so far
    moves: int  # moves the server acknowledged so far
    server_cpu_s: float  # CPU seconds the server has used so far (user and system, every thread)
    rss_mb: float
    heap_mb: float  # of rss_mb: glibc's main heap (brk), where malloc puts blocks CPython does not pool
    anon_mb: float  # of rss_mb: anonymous mappings (pymalloc's arenas, large blocks, thread heaps)
    fds: int
    redis_mb: float
    keys: int
    keys_without_ttl: int
    errors: int


@dataclass
class Load:
    """What the generator did; shared by its tasks."""

    stats: Stats = field(default_factory=Stats)
    finished: int = 0
    started: int = 0
    stalled: int = 0
    abandoned: int = 0
    chats: int = 0
    lobby_polls: int = 0
    spectated: int = 0
    playing: dict[str, list[Seat]] = field(default_factory=dict)
    by_game: Counter[str] = field(default_factory=Counter)


class Pacer:
    """Spaces every move of the run ``1 / rate`` seconds apart, whoever sends it."""

    def __init__(self, rate: float) -> None:
        self.gap = 1 / rate
        self.next = 0.0

    def delay(self) -> float:
        now = time.monotonic()
        self.next = max(now, self.next + self.gap)
        return self.next - now


class SoakSeat(Seat):
    """A seat of the standard load generator, paced, that sometimes chats."""

    pacer: Pacer
    chat_every: int = 150
    chats: int = 0

    def schedule(self) -> None:
        asyncio.get_running_loop().call_later(self.pacer.delay(), self.move)

    def on_frame(self, f: dict[str, Any]) -> None:
        if f["type"] == "error" and f.get("code") == "stale_version":
            # In a sealed or simultaneous step another seat's move came first: the next event
            # (which must come) carries this seat's legal moves again.
            self.stats.refused += 1
            return
        super().on_frame(f)

    def move(self) -> None:
        if self.legal and self.live and not self.done and self.pending < 0 and self.rnd.randrange(self.chat_every) == 0:
            self.request({"type": "say", "match": self.match, "text": "good luck"})
            self.chats += 1
        super().move()


def seat_counts(catalogue: list[dict[str, Any]]) -> list[tuple[str, int]]:
    """Every game at every seat count it allows (up to 4: the load is many matches, not big ones)."""
    return [(g["name"], n) for g in catalogue for n in range(g["min_seats"], min(g["max_seats"], 4) + 1)]


async def play_one(api: httpx.AsyncClient, port: int, game: str, seats: int, load: Load, pacer: Pacer,
                   rnd: random.Random, stall_s: float, abandon_at: int) -> None:  # fmt: skip
    r = await api.post("/v1/matches", json={"game": game, "seats": seats})
    r.raise_for_status()
    mid = r.json()["match"]
    tokens = []
    for s in range(seats):
        j = await api.post(f"/v1/matches/{mid}/join", json={"seat": s})
        j.raise_for_status()
        tokens.append(j.json()["token"])
    uri = f"ws://127.0.0.1:{port}/v1/ws?match={mid}"
    players: list[Seat] = [SoakSeat(uri, mid, s, tok, load.stats, rnd) for s, tok in enumerate(tokens)]
    done = asyncio.get_running_loop().create_future()
    leave_at = rnd.randint(abandon_at // 2, abandon_at * 3 // 2)
    # Every seat is closed however this ends: a run that stops while seats are still connecting
    # or subscribing must not leave their sockets open (the server would rightly keep them).
    try:
        for p in players:
            assert isinstance(p, SoakSeat)
            p.pacer = pacer
            p.on_done = lambda _p: None if done.done() or not all(q.done for q in players) else done.set_result(None)
            await connect("127.0.0.1", port, p)
            p.start()
        await asyncio.gather(*(p.subscribed for p in players))
        load.started += 1
        load.playing[mid] = players
        for p in players:
            p.live = True
            if p.legal:
                p.schedule()
        seen, since = load.stats.events, time.monotonic()
        while not done.done():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(done), 1.0)
            if done.done():
                break
            if max(p.last for p in players) >= leave_at:
                load.abandoned += 1
                return
            if time.monotonic() - since >= stall_s:
                if all(p.last == players[0].last for p in players) and load.stats.events == seen:
                    raise TimeoutError
                seen, since = load.stats.events, time.monotonic()
        load.finished += 1
        load.by_game[game] += 1
    except TimeoutError:
        load.stalled += 1
        load.stats.error(f"{game} {mid}: no progress for {stall_s:.0f} s at version {players[0].last}")
    finally:
        load.playing.pop(mid, None)
        for p in players:
            p.done = True
            p.close()


async def keep_playing(port: int, slot: int, load: Load, pacer: Pacer, combos: list[tuple[str, int]],
                       stop: asyncio.Event, stall_s: float, abandon_at: int, step: int) -> None:  # fmt: skip
    """Plays match after match in one slot: each of the same game (``step`` 0), or each of the game
    ``step`` further on in ``combos`` than the last (the rotating mix)."""
    rnd = random.Random(slot)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as api:
        i = slot
        while not stop.is_set():
            game, seats = combos[i % len(combos)]
            i += step
            try:
                await play_one(api, port, game, seats, load, pacer, rnd, stall_s, abandon_at)
            except (httpx.HTTPError, OSError, RuntimeError) as exc:
                load.stats.error(f"{game}: {exc!r}")
                await asyncio.sleep(1)


async def spectate(port: int, n: int, load: Load, stop: asyncio.Event) -> None:
    rnd = random.Random(1000 + n)
    while not stop.is_set():
        if not load.playing:
            await asyncio.sleep(0.5)
            continue
        mid = rnd.choice(list(load.playing))
        watcher = Seat(f"ws://127.0.0.1:{port}/v1/ws?match={mid}", mid, None, None, Stats(), rnd)
        try:
            await connect("127.0.0.1", port, watcher)
            watcher.start()
            await asyncio.wait_for(watcher.subscribed, 30)
            load.spectated += 1
            await asyncio.sleep(rnd.uniform(5, 15))
        except (OSError, TimeoutError, RuntimeError):
            pass  # the match may have ended and expired meanwhile: watch another
        finally:
            watcher.done = True
            watcher.close()


async def poll_lobby(port: int, load: Load, stop: asyncio.Event) -> None:
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as api:
        while not stop.is_set():
            for query in ("?limit=50", "?status=active&limit=20", "?status=finished&limit=20"):
                r = await api.get(f"/v1/matches{query}")
                if r.status_code != 200:
                    load.stats.error(f"lobby {query}: {r.status_code}")
                load.lobby_polls += 1
            await asyncio.sleep(0.5)


def rss_split_mb(pids: list[int]) -> tuple[float, float]:
    """RSS in the brk heap and in anonymous mappings: a step in one and not the other says whose it is."""
    heap = anon = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            name = ""
            for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
                head = line.split()
                if head and not head[0].endswith(":"):
                    name = head[5] if len(head) > 5 else ""
                elif head[:1] == ["Rss:"]:
                    kb = int(head[1])
                    if name == "[heap]":
                        heap += kb
                    elif not name:
                        anon += kb
    return round(heap / 1024, 1), round(anon / 1024, 1)


def cpu_seconds(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(psutil.NoSuchProcess):
            times = psutil.Process(pid).cpu_times()
            total += times.user + times.system
    return total


def fds(procs: Procs) -> int:
    total = 0
    for p in procs.server_tree():
        with contextlib.suppress(psutil.NoSuchProcess):
            total += p.num_fds()
    return total


def redis_keys(procs: Procs) -> tuple[int, int]:
    """The key count, and how many keys outside :data:`GLOBAL_KEYS` have no TTL."""
    r = procs.client()
    count = without = 0
    for batch in _batches(r.scan_iter(count=1000), 500):
        ttls = r.pipeline(transaction=False)
        for key in batch:
            ttls.ttl(key)
        for key, ttl in zip(batch, ttls.execute(), strict=True):
            count += 1
            if ttl == -1 and not any(fnmatchcase(key, pattern) for pattern in GLOBAL_KEYS):
                without += 1
    return count, without


KEY_KIND = re.compile(rb"^vorpal:\{(?!lobby|sched|rate:|acct:|tour:|ladder)[^}]+\}")


def redis_memory_by_kind(procs: Procs, top: int = 5) -> tuple[dict[str, int], list[tuple[str, int]]]:
    """Where Redis's memory is: bytes per kind of key (a match's keys folded to ``{match}``), and the biggest keys.

    Read at the end of the load, so that a failed plateau says which keys grew (a log, the lobby, chat)."""
    r = procs.client()
    by_kind: Counter[str] = Counter()
    biggest: list[tuple[str, int]] = []
    for batch in _batches(r.scan_iter(count=1000), 500):
        sizes = r.pipeline(transaction=False)
        for key in batch:
            sizes.memory_usage(key, samples=0)
        for key, size in zip(batch, sizes.execute(), strict=True):
            if size is None:  # expired between the scan and the read
                continue
            by_kind[KEY_KIND.sub(b"vorpal:{match}", key).decode(errors="replace")] += size
            biggest.append((key.decode(errors="replace"), size))
    biggest.sort(key=lambda ks: -ks[1])
    return dict(by_kind.most_common()), biggest[:top]


def _batches(it: Any, n: int) -> Any:
    batch: list[Any] = []
    for x in it:
        batch.append(x)
        if len(batch) == n:
            yield batch
            batch = []
    if batch:
        yield batch


def sample(procs: Procs, load: Load, t: float) -> Sample:
    keys, without = redis_keys(procs)
    heap_mb, anon_mb = rss_split_mb(procs.worker_pids())
    return Sample(t=round(t, 1), finished=load.finished, events=load.stats.events, moves=len(load.stats.latencies),
                  server_cpu_s=round(cpu_seconds(procs.worker_pids()), 2),
                  rss_mb=round(rss_mb(procs.worker_pids()), 1), heap_mb=heap_mb, anon_mb=anon_mb, fds=fds(procs),
                  redis_mb=round(int(procs.client().info("memory")["used_memory"]) / 2**20, 2), keys=keys,
                  keys_without_ttl=without, errors=load.stats.errors)  # fmt: skip


def slope(xs: list[float], ys: list[float]) -> float:
    """Least-squares slope of ys over xs (0 when xs do not vary)."""
    if len(xs) < 2 or max(xs) == min(xs):
        return 0.0
    return statistics.linear_regression(xs, ys).slope


def gc_pauses(logdir: Path) -> list[tuple[int, int, int]]:
    """(generation, wall ms, CPU ms) of every pause the server logged (CPU: less disturbed by neighbours)."""
    out = []
    for path in logdir.glob("server-*.log"):
        for m in GC_LINE.finditer(path.read_text(errors="replace")):
            out.append((int(m.group(1)), int(m.group(2)), int(m.group(3))))
    return out


def trim_pauses(logdir: Path) -> list[int]:
    """Wall ms of every heap trim the server logged as slow (``server/runtime/heap.py``): a stall too."""
    return [int(m.group(1)) for path in logdir.glob("server-*.log")
            for m in TRIM_LINE.finditer(path.read_text(errors="replace"))]  # fmt: skip


def histogram(pauses: list[tuple[int, int, int]], *, cpu: bool = False) -> str:
    counts: Counter[str] = Counter()
    for _, wall, cpu_ms in pauses:
        ms = cpu_ms if cpu else wall
        bucket = next((b for b in PAUSE_BUCKETS_MS if ms <= b), None)
        counts[f"<={bucket}ms" if bucket else f">{PAUSE_BUCKETS_MS[-1]}ms"] += 1
    order = [f"<={b}ms" for b in PAUSE_BUCKETS_MS] + [f">{PAUSE_BUCKETS_MS[-1]}ms"]
    return " ".join(f"{k}:{counts[k]}" for k in order if counts[k])


def verdict(load_samples: list[Sample], rest: Sample, before: Sample, pauses: list[tuple[int, int, int]],
            load: Load, trims: list[int] | None = None) -> tuple[bool, dict[str, Any]]:  # fmt: skip
    half = load_samples[len(load_samples) // 2 :]
    third = load_samples[-max(2, len(load_samples) // 3) :]
    warm = half[0]
    rss_per_1k = slope([s.finished / 1000 for s in half], [s.rss_mb for s in half])
    rss_per_min = slope([s.t / 60 for s in half], [s.rss_mb for s in half])
    minutes = [s.t / 60 for s in third]
    redis_growth = slope(minutes, [s.redis_mb for s in third]) / max(statistics.mean(s.redis_mb for s in third), 1e-9)
    key_growth = slope(minutes, [s.keys for s in third]) / max(statistics.mean(s.keys for s in third), 1)
    worst = max((ms for _, ms, _ in pauses), default=0)
    figures: dict[str, Any] = {
        "rss_mb_per_1k_matches": round(rss_per_1k, 3), "rss_mb_per_min": round(rss_per_min, 3),
        "finished_per_min": round(60 * (half[-1].finished - half[0].finished) / max(half[-1].t - half[0].t, 1e-9)),
        "rss_warm_mb": warm.rss_mb, "rss_rest_mb": rest.rss_mb,
        "fds_before": before.fds, "fds_rest": rest.fds,
        "redis_growth_per_min": round(redis_growth, 4), "keys_growth_per_min": round(key_growth, 4),
        "keys_without_ttl": max(s.keys_without_ttl for s in [*load_samples, rest]),
        "gc_max_pause_ms": worst, "gc_max_pause_cpu_ms": max((ms for _, _, ms in pauses), default=0),
        "gc_pauses_by_generation": dict(sorted(Counter(g for g, _, _ in pauses).items())),
        "heap_trim_max_ms": max(trims or [0]),
        "errors": load.stats.errors, "finished": load.finished, "abandoned": load.abandoned, "stalled": load.stalled,
    }  # fmt: skip
    last = load_samples[-1]
    if last.moves > before.moves and last.t > before.t:
        figures["moves_per_s"] = round((last.moves - before.moves) / (last.t - before.t))
        cpu_s = last.server_cpu_s - before.server_cpu_s
        figures["server_cpu_ms_per_move"] = round(1000 * cpu_s / (last.moves - before.moves), 3)
    checks = {
        "rss_slope": rss_per_1k < 0.1,
        "rss_rest": rest.rss_mb <= warm.rss_mb * 1.10,
        "fds_rest": rest.fds <= before.fds,
        "redis_plateau": redis_growth < 0.02 and key_growth < 0.02,
        "keys_ttl": figures["keys_without_ttl"] == 0,
        "gc_pauses": worst <= 20,
        "trim_pauses": max(trims or [0]) <= 20,
        "errors": load.stats.errors == 0,
    }
    figures["failed"] = [name for name, ok in checks.items() if not ok]
    return all(checks.values()), figures


async def soak(args: argparse.Namespace, procs: Procs) -> int:
    port = procs.ports[0]
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as api:
        catalogue = (await api.get("/v1/games")).json()["games"]
    combos = seat_counts(catalogue)
    log(f"soak: {len(combos)} game/seat combinations, {args.matches} matches in play, {args.rate} moves/s")
    load, pacer, stop = Load(), Pacer(args.rate), asyncio.Event()
    before = sample(procs, load, 0.0)
    t0 = time.monotonic()
    step = MIX_STEPS[args.mix]
    tasks = [asyncio.create_task(keep_playing(port, i, load, pacer, combos, stop, args.stall, args.abandon_at, step))
             for i in range(args.matches)]  # fmt: skip
    tasks += [asyncio.create_task(spectate(port, i, load, stop)) for i in range(args.spectators)]
    tasks.append(asyncio.create_task(poll_lobby(port, load, stop)))
    samples: list[Sample] = []
    last = before
    while (elapsed := time.monotonic() - t0) < args.duration:
        await asyncio.sleep(min(args.sample, args.duration - elapsed))
        s = sample(procs, load, time.monotonic() - t0)
        samples.append(s)
        span = max(s.t - last.t, 1e-9)
        moves_per_s, events_per_s = (s.moves - last.moves) / span, (s.events - last.events) / span
        busy = (s.server_cpu_s - last.server_cpu_s) / span
        last = s
        print(f"sample t={s.t:.0f}s finished={s.finished} rss_mb={s.rss_mb} (heap {s.heap_mb}, anon {s.anon_mb}) "
              f"fds={s.fds} redis_mb={s.redis_mb} "
              f"keys={s.keys} keys_without_ttl={s.keys_without_ttl} errors={s.errors} "
              f"moves_per_s={moves_per_s:.0f} events_per_s={events_per_s:.0f} server_cpu={busy:.2f}",
              flush=True)  # fmt: skip
    stop.set()
    memory_by_kind, biggest_keys = redis_memory_by_kind(procs)
    for seats in list(load.playing.values()):
        for p in seats:
            p.done = True
            p.close()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    log(f"soak: load stopped; resting {args.rest:.0f} s")
    await asyncio.sleep(args.rest)
    rest = sample(procs, load, time.monotonic() - t0)
    pauses = gc_pauses(procs.logdir)
    ok, figures = verdict(samples, rest, before, pauses, load, trim_pauses(procs.logdir))
    print(
        f"rest t={rest.t:.0f}s rss_mb={rest.rss_mb} (heap {rest.heap_mb}, anon {rest.anon_mb}) fds={rest.fds} "
        f"redis_mb={rest.redis_mb} keys={rest.keys}"
    )
    print(f"gc pauses={len(pauses)} wall: " + histogram(pauses) + " | CPU: " + histogram(pauses, cpu=True))
    mib = 2**20
    print("redis memory by kind of key at the end of the load (MiB): "
          + " ".join(f"{kind}={size / mib:.2f}" for kind, size in list(memory_by_kind.items())[:8]))  # fmt: skip
    print("biggest keys (MiB): " + " ".join(f"{key}={size / mib:.2f}" for key, size in biggest_keys))
    print(f"games finished: {dict(load.by_game)} lobby_polls={load.lobby_polls} "
          f"spectated={load.spectated}")  # fmt: skip
    print(f"soak={'pass' if ok else 'fail'} " + " ".join(f"{k}={v}" for k, v in figures.items()), flush=True)
    if load.stats.messages:
        log("first errors:\n  " + "\n  ".join(load.stats.messages))
    out = Path(args.results) / f"soak-{time.strftime('%Y%m%dT%H%M%S')}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"args": vars(args), "samples": [asdict(s) for s in samples], "rest": asdict(rest),
                               "figures": figures, "pauses": pauses, "redis_memory_by_kind": memory_by_kind,
                               "biggest_keys": biggest_keys}, indent=1))  # fmt: skip
    log(f"soak: details in {out}")
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--duration", type=float, default=1200, help="seconds of load (default 20 minutes)")
    p.add_argument("--rate", type=float, default=1000, help="moves a second, over every match")
    p.add_argument("--matches", type=int, default=150, help="matches kept in play")
    p.add_argument("--spectators", type=int, default=20)
    p.add_argument("--sample", type=float, default=30, help="seconds between samples")
    p.add_argument("--rest", type=float, default=60, help="seconds to wait after the load before the last sample")
    p.add_argument(
        "--abandon-at",
        type=int,
        default=1000,
        help="players leave a match at about this version (±50 %%, drawn per match)",
    )
    p.add_argument(
        "--mix",
        choices=sorted(MIX_STEPS),
        default="fixed",
        help="fixed: each slot keeps to one game, so the games in play stay as they are; "
        "rotate: each slot moves on to another game after each match (the mix drifts)",
    )
    p.add_argument("--stall", type=float, default=60, help="a match with no event for this long is an error")
    p.add_argument("--results", default=str(ROOT / "loadtest" / "results"))
    p.add_argument("--env", action="append", default=[], help="NAME=VALUE for the server (an experiment's setting)")
    args = p.parse_args(argv)
    raise_nofile()
    freeze_gc()
    logdir = Path(args.results) / f"soak-logs-{time.strftime('%Y%m%dT%H%M%S')}"
    logdir.mkdir(parents=True, exist_ok=True)
    procs = Procs(1, "ports", False, logdir, {**RETENTION, **dict(kv.split("=", 1) for kv in args.env)})
    procs.start()
    try:
        return asyncio.run(soak(args, procs))
    finally:
        procs.stop()


if __name__ == "__main__":
    sys.exit(main())
