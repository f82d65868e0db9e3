"""``loadtest/probe_open.py``: the open workload played against the no-logic probe, for real.

The probe's server comes from the reference benchmarks beside the checkout (``SHARED_BENCH``, by
default ``shared/bench``); without them the test is skipped, as ``compare.sh`` cannot run either. It
runs from a copy (the shared folder is never written to), on this venv's packages, with a real Valkey
and real sockets. What is checked is the driver's bookkeeping, not a speed: every seat sees every
version once and in order, moves are timed, nothing is refused.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

import pytest

from loadtest.probe_open import Probe, play

SHARED_BENCH = Path(os.environ.get("SHARED_BENCH", Path(__file__).resolve().parents[3] / "shared" / "bench"))
PROBE_SERVER = SHARED_BENCH / "ceiling" / "server.py"

pytestmark = [
    pytest.mark.anyio,
    pytest.mark.skipif(not PROBE_SERVER.is_file(), reason=f"no probe at {PROBE_SERVER}"),
]


async def test_a_short_open_workload_times_moves_on_two_probe_instances(tmp_path: Path) -> None:
    harness = tmp_path / "ceiling"
    harness.mkdir()
    shutil.copy(PROBE_SERVER, harness)
    probe = Probe(harness, Path(sys.executable), workers=2, logdir=tmp_path)
    try:
        args = argparse.Namespace(matches=4, think=0.02, duration=3.0, warmup=0.5, seed=1, match_base=0)
        res = await play(args, probe)
    finally:
        probe.stop()
    assert (res["errors"], res["refused"], res["closed_early"]) == (0, 0, 0), res["error_samples"]
    assert res["moves"] > 0 and res["p50_ms"] <= res["p99_ms"] <= res["max_ms"]
    assert res["bench"] == "probe-open" and res["workers"] == 2 and res["offered_moves_per_s"] > 0
