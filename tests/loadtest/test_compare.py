"""``loadtest/compare.py``: each harness's per-run file read, medians over rounds, ratios Vorpal/each.

The fixtures are written by hand in the shape each harness writes (the fields it has and the file
name it uses), with round figures so that medians and ratios can be checked by eye. No server runs.
"""

from __future__ import annotations

import compileall
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from loadtest import compare

M = 20


def vorpal_file(moves_per_s: float, cpu: float, p50: float, p99: float, errors: int = 0) -> dict[str, Any]:
    """``loadtest/bench.sh``'s ``result.json``: CPU as seconds per 1,000 moves."""
    return {
        "bench": "vorpal", "mode": "ports", "workers": 2, "matches": M, "think_s": 0.0, "moves": M * 264,
        "wall_s": 2.0, "moves_per_s": moves_per_s, "p50_ms": p50, "p90_ms": p99 / 2, "p99_ms": p99,
        "rss_mb": 130.5, "server_cpu_s": 1.0, "server_cpu_s_per_1k_moves": cpu, "machine_busy_cores": 1.9,
        "redis_kb_per_match": 43.0, "errors": errors, "run": 1,
    }  # fmt: skip


def peer_file(peer: str, moves_per_s: float, cpu: float, p50: float, p99: float) -> dict[str, Any]:
    """The peers' and Colyseus's ``trick-m<M>-r<run>.json`` (the probe's has these fields too)."""
    return {
        "peer": peer, "workload": "trick", "timing": "whole-matches", "matches": M, "run": 1,
        "moves": M * 264, "expected_moves": M * 264, "errors": 0, "wall_s": 2.0, "moves_per_s": moves_per_s,
        "p50_ms": p50, "p90_ms": p99 / 2, "p99_ms": p99, "server_cpu_s": 1.0, "server_cpu_ms_per_move": cpu,
        "rss_mb": 100.0, "loadavg_before": [1.0, 1.0, 1.0], "cpus": 2,
    }  # fmt: skip


def put(root: Path, rnd: int, server: str, name: str, data: dict[str, Any], load: str | None = None) -> None:
    folder = root / f"r{rnd}" / server
    (folder / name).parent.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(json.dumps(data))
    if load is not None:
        (folder / "loadavg").write_text(load + "\n")


@pytest.fixture
def results(tmp_path: Path) -> Path:
    """Three rounds of Vorpal and boardgame.io, two of the probe, one of Colyseus with patches per move."""
    for rnd, (v, b) in enumerate([(5000, 2000), (6000, 3000), (4000, 2500)], start=1):
        put(tmp_path, rnd, "vorpal", f"w2-m{M}-r1/result.json", vorpal_file(v, 0.3, 20.0, 40.0 + rnd), "1.50")
        put(tmp_path, rnd, "boardgame.io", f"trick-m{M}-r1.json", peer_file("boardgame.io", b, 0.4, 40.0, 80.0))
    for rnd, p in [(1, 7000), (2, 8000)]:
        probe = peer_file("ceiling-w2", p, 0.2, 10.0, 20.0) | {"probe": "ceiling", "redis_conf": "none"}
        put(tmp_path, rnd, "probe", f"none-gctuned-w2-m{M}-r1.json", probe)
    put(tmp_path, 1, "colyseus-patch0", f"trick-m{M}-r1.json", peer_file("colyseus-patch0", 7500, 0.12, 5.0, 50.0))
    (tmp_path / "r2" / "colyseus").mkdir(parents=True)  # a run that failed: its folder, no result
    return tmp_path


def test_each_harness_file_is_read_with_its_own_cpu_field(results: Path) -> None:
    v = compare.read_run(results, compare.BY_NAME["vorpal"], 2, M)
    assert v is not None
    assert (v.moves_per_s, v.cpu_ms_per_move, v.p50_ms, v.p99_ms, v.load) == (6000, 0.3, 20.0, 42.0, 1.5)
    probe = compare.read_run(results, compare.BY_NAME["probe"], 1, M)
    assert probe is not None and probe.cpu_ms_per_move == 0.2 and probe.load is None
    assert compare.read_run(results, compare.BY_NAME["colyseus"], 2, M) is None
    assert compare.read_run(results, compare.BY_NAME["probe"], 3, M) is None


def test_runs_come_in_the_order_they_ran(results: Path) -> None:
    order = [(r.round, r.server) for r in compare.read_all(results, M)]
    assert order == [(1, "vorpal"), (1, "probe"), (1, "boardgame.io"), (1, "colyseus-patch0"),
                     (2, "vorpal"), (2, "probe"), (2, "boardgame.io"),
                     (3, "vorpal"), (3, "boardgame.io")]  # fmt: skip


def test_medians_per_server_and_ratios_vorpal_over_each(results: Path) -> None:
    meds = compare.medians(compare.read_all(results, M))
    assert list(meds) == ["vorpal", "probe", "boardgame.io", "colyseus-patch0"]
    assert meds["vorpal"]["moves_per_s"] == 5000 and meds["vorpal"]["p99_ms"] == 42.0
    assert meds["probe"]["moves_per_s"] == 7500 and meds["probe"]["runs"] == 2  # the median of two: their mean
    rats = compare.ratios(meds)
    assert "vorpal" not in rats
    assert rats["boardgame.io"] == pytest.approx(
        {"moves_per_s": 2, "cpu_ms_per_move": 0.75, "p50_ms": 0.5, "p99_ms": 0.525}
    )
    assert rats["probe"]["moves_per_s"] == pytest.approx(2 / 3)
    assert rats["colyseus-patch0"]["cpu_ms_per_move"] == pytest.approx(2.5)


def test_no_vorpal_runs_leave_the_ratios_empty(tmp_path: Path) -> None:
    put(tmp_path, 1, "boardgame.io", f"trick-m{M}-r1.json", peer_file("boardgame.io", 2000, 0.4, 40.0, 80.0))
    rats = compare.ratios(compare.medians(compare.read_all(tmp_path, M)))
    assert rats == {"boardgame.io": dict.fromkeys(compare.FIGURES)}


def test_summary_lists_missing_runs_writes_json_and_fails(results: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc = compare.main(["summary", str(results), "--matches", str(M), "--rounds", "3",
                       "--servers", "vorpal probe boardgame.io colyseus"])  # fmt: skip
    assert rc == 1
    out = json.loads((results / "compare.json").read_text())
    assert out["missing"] == ["colyseus round 1", "colyseus round 2", "probe round 3", "colyseus round 3"]
    assert out["medians"]["vorpal"]["moves_per_s"] == 5000
    assert out["ratios"]["boardgame.io"]["moves_per_s"] == 2.0
    printed = capsys.readouterr().out
    assert "median server=vorpal runs=3 moves_per_s=5000 cpu_ms_per_move=0.300" in printed
    assert "ratio vorpal/boardgame.io moves_per_s=2.00 cpu_ms_per_move=0.75 p50_ms=0.50 p99_ms=0.53" in printed


def test_one_run_line_and_its_exit_code(results: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert compare.main(["run", str(results), "--server", "vorpal", "--round", "1", "--matches", str(M)]) == 0
    assert capsys.readouterr().out.strip() == (
        "run round=1 server=vorpal moves_per_s=5000 cpu_ms_per_move=0.300 p50_ms=20.0 p99_ms=41.0 "
        "rss_mb=130 errors=0 load=1.50"
    )
    assert compare.main(["run", str(results), "--server", "colyseus", "--round", "2", "--matches", str(M)]) == 1
    put(results, 4, "vorpal", f"w2-m{M}-r1/result.json", vorpal_file(1, 1, 1, 1, errors=2))
    assert compare.main(["run", str(results), "--server", "vorpal", "--round", "4", "--matches", str(M)]) == 1


def test_a_run_with_errors_is_listed_but_not_in_the_median(results: Path) -> None:
    put(results, 4, "vorpal", f"w2-m{M}-r1/result.json", vorpal_file(100_000, 0.01, 1, 1, errors=2))
    runs = compare.read_all(results, M)
    assert [r.errors for r in runs if r.server == "vorpal"] == [0, 0, 0, 2]
    vorpal = compare.medians(runs)["vorpal"]
    assert (vorpal["moves_per_s"], vorpal["runs"], vorpal["errors"]) == (5000, 3, 2)
    only_bad = [r for r in runs if r.round == 4]
    assert compare.medians(only_bad) == {}


def test_the_open_workload_reads_vorpal_and_the_probe_from_their_own_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``compare.sh --open``: Vorpal's open bench.sh run beside ``probe_open.py``'s ``run1.json``."""
    for rnd, (v99, p99) in enumerate([(27.0, 9.0), (19.0, 14.0), (29.0, 6.0)], start=1):
        vorpal = vorpal_file(1975, 0.6, 5.0, v99) | {"think_s": 0.5, "offered_moves_per_s": 1996.0}
        put(tmp_path, rnd, "vorpal", "w2-m1000-r1/result.json", vorpal)
        probe = {"bench": "probe-open", "matches": 1000, "think_s": 0.5, "moves_per_s": 1980, "p50_ms": 1.6,
                 "p99_ms": p99, "rss_mb": 90.0, "server_cpu_s_per_1k_moves": 0.45, "errors": 0}  # fmt: skip
        put(tmp_path, rnd, "probe", "run1.json", probe)
    rc = compare.main(["summary", str(tmp_path), "--matches", "1000", "--rounds", "3", "--open"])
    assert rc == 0
    out = json.loads((tmp_path / "compare.json").read_text())
    assert out["open"] is True and list(out["servers"]) == ["vorpal", "probe"]
    assert (out["medians"]["vorpal"]["p99_ms"], out["medians"]["probe"]["p99_ms"]) == (27.0, 9.0)
    assert out["ratios"]["probe"]["p99_ms"] == pytest.approx(3.0)
    assert "median server=probe runs=3 moves_per_s=1980 cpu_ms_per_move=0.450" in capsys.readouterr().out
    # The open workload has no peers: they have no think time.
    with pytest.raises(SystemExit):
        compare.main(["run", str(tmp_path), "--server", "boardgame.io", "--round", "1", "--matches", "1000", "--open"])


def test_the_floor_is_read_like_vorpal_and_has_its_own_ratios(
    results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``vorpal-floor`` (Vorpal with no game work) is a bound: Vorpal over it, and it over the others."""
    put(results, 1, "vorpal-floor", f"w2-m{M}-r1/result.json", vorpal_file(7500, 0.2, 10.0, 30.0))
    rc = compare.main(["summary", str(results), "--matches", str(M), "--rounds", "1",
                       "--servers", "vorpal vorpal-floor colyseus-patch0"])  # fmt: skip
    assert rc == 0
    out = json.loads((results / "compare.json").read_text())
    assert out["ratios"]["vorpal-floor"]["moves_per_s"] == pytest.approx(5000 / 7500)
    assert out["floor_ratios"]["colyseus-patch0"]["moves_per_s"] == 1.0
    assert "vorpal" not in out["floor_ratios"]
    printed = capsys.readouterr().out
    assert "ratio vorpal-floor/colyseus-patch0 moves_per_s=1.00 cpu_ms_per_move=1.67" in printed
    assert "ratio vorpal-floor/vorpal" not in printed


def test_the_default_summary_does_not_wait_for_the_floor(results: Path) -> None:
    compare.main(["summary", str(results), "--matches", str(M), "--rounds", "1"])
    assert not any("floor" in m for m in json.loads((results / "compare.json").read_text())["missing"])


def test_the_floor_patch_applies_to_this_tree_and_compiles(tmp_path: Path) -> None:
    """``compare.sh`` patches a copy of ``server`` and ``protocol/vorpal_protocol`` as here: a change to the
    move path that the patch no longer fits fails here, not in a benchmark run."""
    root = Path(__file__).resolve().parents[2]
    shutil.copytree(root / "server", tmp_path / "server")
    shutil.copytree(root / "protocol" / "vorpal_protocol", tmp_path / "protocol" / "vorpal_protocol")
    patch = root / "loadtest" / "no_game_work.patch"
    subprocess.run(["git", "apply", str(patch)], cwd=tmp_path, check=True, capture_output=True)
    assert "FLOOR_VIEW" in (tmp_path / "server" / "live" / "frames.py").read_text()  # where frames are built
    ok = compileall.compile_dir(tmp_path / "server", quiet=1, legacy=False)
    assert ok


def test_the_open_workload_takes_the_floor_too(tmp_path: Path) -> None:
    floor = vorpal_file(1990, 0.4, 2.5, 8.0) | {"think_s": 0.5, "offered_moves_per_s": 1996.0}
    put(tmp_path, 1, "vorpal-floor", "w2-m1000-r1/result.json", floor)
    put(tmp_path, 1, "vorpal", "w2-m1000-r1/result.json", vorpal_file(1975, 0.6, 5.0, 24.0))
    rc = compare.main(["summary", str(tmp_path), "--matches", "1000", "--rounds", "1", "--open",
                       "--servers", "vorpal vorpal-floor"])  # fmt: skip
    assert rc == 0
    out = json.loads((tmp_path / "compare.json").read_text())
    assert out["ratios"]["vorpal-floor"]["p99_ms"] == pytest.approx(3.0)
