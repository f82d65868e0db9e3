"""Figures of ``loadtest/compare.sh``: Vorpal beside the probe and the peers, read from their own JSON.

    python -m loadtest.compare run DIR --server vorpal --round 1 --matches 200   # one run's line
    python -m loadtest.compare summary DIR --matches 200                         # every run, medians, ratios

``compare.sh`` runs each server once per round and points each harness's results folder at
``DIR/r<round>/<server>/``; this module reads the per-run file each harness writes there:

================  ===========================================  ==========================================
server            harness                                      per-run file (fields)
================  ===========================================  ==========================================
vorpal            ``loadtest/bench.sh`` (2 instances, ports)   ``w2-m<M>-r1/result.json``
                                                               (CPU: ``server_cpu_s_per_1k_moves``)
vorpal-floor      the same, ``loadtest/no_game_work.patch``    the same
probe             ``shared/bench/ceiling/run.sh``, ports       ``none-gctuned-w2-m<M>-r1.json``
boardgame.io      ``shared/bench/peers/run.sh``, trick         ``trick-m<M>-r1.json``
colyseus-patch0   ``shared/bench/colyseus/run.sh``, patch 0    ``trick-m<M>-r1.json``
colyseus          ``shared/bench/colyseus/run.sh``, default    ``trick-m<M>-r1.json``
================  ===========================================  ==========================================

(the others: ``server_cpu_ms_per_move``; every file: ``moves_per_s``, ``p50_ms``, ``p99_ms``,
``rss_mb``, ``errors``). Medians are over the rounds a server finished without errors; a ratio is Vorpal's
median over the other server's, so above 1 is better for moves/s and worse for the rest.

``vorpal-floor`` (only when asked for) is Vorpal's own stack with the game work taken out: the same
sockets, codec, Redis commit and notification, but no rules, no table and a constant view of a real
frame's size. It is a bound, not a contender: no change to the game work can take Vorpal past it. Its
ratios over the others are printed too.

With ``--open`` (``compare.sh --open``: the open workload, issue 20's item 3) the contenders are Vorpal
(``bench.sh --think 0.5 --duration 40 --warmup 10``, the same file) and the probe under the same workload
(``loadtest/probe_open.py``, ``run1.json``, CPU: ``server_cpu_s_per_1k_moves``), and the floor if asked
for. Their moves/s is what was offered, less what was late; the latencies are what to compare.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

FIGURES = ("moves_per_s", "cpu_ms_per_move", "p50_ms", "p99_ms")
"""The figures compared (medians and ratios); ``rss_mb`` and ``errors`` are shown, not compared."""


@dataclass(frozen=True)
class Server:
    """One contender: its name in the table and where its harness leaves one run's JSON."""

    name: str
    what: str
    """What runs, in a few words (for the table's legend and the JSON)."""
    result: str
    """Path of the per-run file inside the run's folder; ``{m}`` is the number of matches."""
    cpu_field: str
    """The field holding the server's CPU per move; both spellings are milliseconds per move."""


SERVERS = (
    Server("vorpal", "loadtest/bench.sh, 2 instances routed by match", "w2-m{m}-r1/result.json",
           "server_cpu_s_per_1k_moves"),
    Server("vorpal-floor", "loadtest/bench.sh on this tree with loadtest/no_game_work.patch: no game work",
           "w2-m{m}-r1/result.json", "server_cpu_s_per_1k_moves"),
    Server("probe", "ceiling/run.sh, MODE=ports W=2, Redis none, GC tuned", "none-gctuned-w2-m{m}-r1.json",
           "server_cpu_ms_per_move"),
    Server("boardgame.io", "peers/run.sh, WORKLOAD=trick", "trick-m{m}-r1.json", "server_cpu_ms_per_move"),
    Server("colyseus-patch0", "colyseus/run.sh, PATCH_RATE_MS=0 (a patch per move)", "trick-m{m}-r1.json",
           "server_cpu_ms_per_move"),
    Server("colyseus", "colyseus/run.sh, default patch rate (50 ms)", "trick-m{m}-r1.json",
           "server_cpu_ms_per_move"),
)  # fmt: skip
OPEN_SERVERS = (
    Server("vorpal", "loadtest/bench.sh --think 0.5 --duration 40 --warmup 10, 2 instances routed by match",
           "w2-m{m}-r1/result.json", "server_cpu_s_per_1k_moves"),
    Server("vorpal-floor", "the same on this tree with loadtest/no_game_work.patch: no game work",
           "w2-m{m}-r1/result.json", "server_cpu_s_per_1k_moves"),
    Server("probe", "loadtest/probe_open.py: the same workload against the probe (2 instances, GC tuned)",
           "run1.json", "server_cpu_s_per_1k_moves"),
)  # fmt: skip
BY_NAME = {s.name: s for s in SERVERS}
BASE = SERVERS[0].name
FLOOR = SERVERS[1].name


@dataclass(frozen=True)
class Run:
    """One server's figures in one round, as its harness wrote them."""

    server: str
    round: int
    moves_per_s: float
    cpu_ms_per_move: float
    p50_ms: float
    p99_ms: float
    rss_mb: float
    errors: int
    load: float | None
    """The machine's 1-minute load average just before the run (``compare.sh`` notes it)."""
    source: str


def run_dir(root: Path, server: str, rnd: int) -> Path:
    """The folder ``compare.sh`` gives a harness for one run."""
    return root / f"r{rnd}" / server


def read_run(root: Path, server: Server, rnd: int, matches: int) -> Run | None:
    """The figures of one run, or None if its harness left no result (it failed or has not run)."""
    folder = run_dir(root, server.name, rnd)
    path = folder / server.result.format(m=matches)
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text())
    load_file = folder / "loadavg"
    load = float(load_file.read_text().split()[0]) if load_file.is_file() else None
    return Run(
        server=server.name, round=rnd, moves_per_s=float(data["moves_per_s"]),
        cpu_ms_per_move=float(data[server.cpu_field]), p50_ms=float(data["p50_ms"]),
        p99_ms=float(data["p99_ms"]), rss_mb=float(data["rss_mb"]), errors=int(data["errors"]), load=load,
        source=str(path),
    )  # fmt: skip


def read_all(root: Path, matches: int, servers: tuple[Server, ...] = SERVERS) -> list[Run]:
    """Every run found under ``root``, in the order they ran (round, then the servers' order)."""
    rounds = sorted(int(p.name[1:]) for p in root.glob("r*") if p.is_dir() and p.name[1:].isdigit())
    runs = []
    for rnd in rounds:
        for server in servers:
            run = read_run(root, server, rnd, matches)
            if run is not None:
                runs.append(run)
    return runs


def medians(runs: list[Run], servers: tuple[Server, ...] = SERVERS) -> dict[str, dict[str, float]]:
    """Per server (in the servers' order): the median of each figure over its runs without errors, how
    many those were, and the errors of all its runs (a run with errors is printed but not counted: a run
    that timed out has timed only part of its moves)."""
    out: dict[str, dict[str, float]] = {}
    for server in servers:
        mine = [r for r in runs if r.server == server.name]
        clean = [r for r in mine if not r.errors]
        if not clean:
            continue
        row = {f: statistics.median(getattr(r, f) for r in clean) for f in (*FIGURES, "rss_mb")}
        row["runs"] = len(clean)
        row["errors"] = sum(r.errors for r in mine)
        out[server.name] = row
    return out


def ratios(meds: dict[str, dict[str, float]], base_name: str = BASE) -> dict[str, dict[str, float | None]]:
    """``base_name``'s median over each other server's, figure by figure (None where either is missing or 0)."""
    base = meds.get(base_name)
    out: dict[str, dict[str, float | None]] = {}
    for name, row in meds.items():
        if name == base_name:
            continue
        out[name] = {f: (base[f] / row[f] if base and row[f] else None) for f in FIGURES}
    return out


def run_line(run: Run) -> str:
    load = "-" if run.load is None else f"{run.load:.2f}"
    return (f"run round={run.round} server={run.server} moves_per_s={run.moves_per_s:.0f} "
            f"cpu_ms_per_move={run.cpu_ms_per_move:.3f} p50_ms={run.p50_ms:.1f} p99_ms={run.p99_ms:.1f} "
            f"rss_mb={run.rss_mb:.0f} errors={run.errors} load={load}")  # fmt: skip


def table(
    runs: list[Run],
    meds: dict[str, dict[str, float]],
    rats: dict[str, dict[str, float | None]],
    floor_rats: dict[str, dict[str, float | None]] | None = None,
) -> str:
    """The printed report: every run, the medians, the ratios (and the floor's, if it ran)."""
    lines = ["# every run (in the order they ran)"]
    lines += [run_line(r) for r in runs]
    lines.append("# medians per server")
    for name, row in meds.items():
        lines.append(f"median server={name} runs={row['runs']:.0f} moves_per_s={row['moves_per_s']:.0f} "
                     f"cpu_ms_per_move={row['cpu_ms_per_move']:.3f} p50_ms={row['p50_ms']:.1f} "
                     f"p99_ms={row['p99_ms']:.1f} rss_mb={row['rss_mb']:.0f} errors={row['errors']:.0f}")  # fmt: skip
    lines.append("# vorpal / each (moves/s: above 1 is better; CPU per move and latency: below 1 is better)")
    lines += [ratio_line(BASE, name, rat) for name, rat in rats.items()]
    if floor_rats:
        lines.append(f"# {FLOOR} / each: Vorpal with no game work, the most any change to the game work can reach")
        lines += [ratio_line(FLOOR, name, rat) for name, rat in floor_rats.items()]
    return "\n".join(lines)


def ratio_line(base: str, name: str, rat: dict[str, float | None]) -> str:
    cells = " ".join(f"{f}={'-' if v is None else f'{v:.2f}'}" for f, v in rat.items())
    return f"ratio {base}/{name} {cells}"


def summary(root: Path, matches: int, rounds: int, servers: list[str], open_workload: bool = False) -> dict[str, Any]:
    """The JSON summary: settings, every run, medians and ratios (``servers``: the ones that were to run)."""
    table = OPEN_SERVERS if open_workload else SERVERS
    runs = read_all(root, matches, table)
    meds = medians(runs, table)
    expected = [(name, r) for r in range(1, rounds + 1) for name in servers]
    found = {(r.server, r.round) for r in runs}
    return {
        "matches": matches, "rounds": rounds, "open": open_workload, "results": str(root),
        "written": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "servers": {s.name: s.what for s in table if s.name in servers},
        "missing": [f"{name} round {rnd}" for name, rnd in expected if (name, rnd) not in found],
        "runs": [asdict(r) for r in runs], "medians": meds, "ratios": ratios(meds),
        "floor_ratios": {k: v for k, v in ratios(meds, FLOOR).items() if k != BASE} if FLOOR in meds else {},
    }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m loadtest.compare", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    one = sub.add_parser("run", help="print one run's line")
    one.add_argument("dir", type=Path)
    one.add_argument("--server", choices=[s.name for s in SERVERS], required=True)
    one.add_argument("--round", type=int, required=True)
    one.add_argument("--matches", type=int, required=True)
    one.add_argument("--open", action="store_true", help="the open workload's runs (compare.sh --open)")
    allp = sub.add_parser("summary", help="print every run, the medians and the ratios; write compare.json")
    allp.add_argument("dir", type=Path)
    allp.add_argument("--matches", type=int, required=True)
    allp.add_argument("--rounds", type=int, required=True)
    allp.add_argument("--servers", default=None,
                      help="the servers that were to run (space list; default: all but the floor)")  # fmt: skip
    allp.add_argument("--open", action="store_true", help="the open workload's runs (compare.sh --open)")
    args = p.parse_args(argv)
    by_name = {s.name: s for s in OPEN_SERVERS} if args.open else BY_NAME
    if args.cmd == "run":
        if args.server not in by_name:
            p.error(f"no {args.server} in the open workload")
        run = read_run(args.dir, by_name[args.server], args.round, args.matches)
        if run is None:
            print(f"run round={args.round} server={args.server} no result (see its log)", flush=True)
            return 1
        print(run_line(run), flush=True)
        return 1 if run.errors else 0
    servers = [n for n in by_name if n != FLOOR] if args.servers is None else args.servers.split()
    unknown = [s for s in servers if s not in by_name]
    if unknown:
        p.error(f"unknown servers: {unknown}")
    out = summary(args.dir, args.matches, args.rounds, servers, args.open)
    runs = [Run(**r) for r in out["runs"]]
    print(table(runs, out["medians"], out["ratios"], out["floor_ratios"]), flush=True)
    (args.dir / "compare.json").write_text(json.dumps(out, indent=1) + "\n")
    print(f"# summary: {args.dir / 'compare.json'}", flush=True)
    if out["missing"]:
        print(f"# missing: {', '.join(out['missing'])}", flush=True)
    failed = bool(out["missing"]) or any(r.errors for r in runs)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
