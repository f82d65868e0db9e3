"""Instructions per move of our own work, counted by valgrind: a figure that does not drift.

This machine's speed drifts by 15 % within minutes and by 2-3 times between days
(``loadtest/README.md``), so a change that saves a few per cent is lost in timed runs
unless they are many and interleaved. Callgrind counts the instructions executed
instead: the same code on the same inputs gives the same count whatever else the
machine does. ``loadtest/move_path.py`` (the standard workload's moves through the
codec, ``Matches.move`` and the hub, no I/O) runs under it twice, with ``--small``
and ``--large`` matches; the difference over the moves between them is the count per
move, start-up and imports cancelled. Its moves are seeded, and so is ``str`` hashing
here, so a run repeats exactly.

    python -m loadtest.instructions                      # this tree: 2 and 6 matches, about 2 minutes
    python -m loadtest.instructions --tree /tmp/before   # another checkout (a git worktree), the same way
    python -m loadtest.instructions --v2                 # the seats subscribed in protocol v2 (patches)

It counts instructions, not time: a change that trades instructions for memory
traffic (or the reverse) still needs ``loadtest/bench.sh``. Needs valgrind (Debian:
``apt-get install valgrind``).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COLLECTED = re.compile(rb"Collected : (\d+)")
MOVES = re.compile(rb"\bmoves=(\d+)")


def count(tree: Path, matches: int, valgrind: str, extra: tuple[str, ...] = ()) -> tuple[int, int]:
    """(instructions, moves) of one ``move_path`` run of ``matches`` matches on the code of ``tree``."""
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": os.pathsep.join([str(tree), str(tree / "protocol")])}
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(
            [valgrind, "--tool=callgrind", f"--callgrind-out-file={tmp}/callgrind.out", sys.executable, "-m",
             "loadtest.move_path", "--matches", str(matches), "--runs", "1", *extra],
            cwd=tree, env=env, capture_output=True, check=True,
        )  # fmt: skip
    return parse(done.stderr, done.stdout)


def parse(stderr: bytes, stdout: bytes) -> tuple[int, int]:
    """Callgrind's total (its last ``Collected`` line) and the moves ``move_path`` played."""
    totals, moves = COLLECTED.findall(stderr), MOVES.search(stdout)
    if not totals or moves is None:
        raise ValueError("no instruction count or move count in the run's output")
    return int(totals[-1]), int(moves.group(1))


def per_move(small: tuple[int, int], large: tuple[int, int]) -> float:
    """Instructions per move between two runs: what the extra moves cost, start-up cancelled."""
    (i_small, m_small), (i_large, m_large) = small, large
    if m_large <= m_small:
        raise ValueError("the large run must play more moves than the small one")
    return (i_large - i_small) / (m_large - m_small)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tree", type=Path, default=ROOT, help="the checkout whose code runs (default: this one)")
    p.add_argument("--small", type=int, default=2, help="matches of the first run")
    p.add_argument("--large", type=int, default=6, help="matches of the second run")
    p.add_argument("--v2", action="store_true", help="the seats subscribed in protocol v2 (move_path --v2)")
    args = p.parse_args(argv)
    extra = ("--v2",) if args.v2 else ()
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    tree = args.tree.resolve()
    small, large = count(tree, args.small, valgrind, extra), count(tree, args.large, valgrind, extra)
    protocol = "v2" if args.v2 else "v1"
    print(f"instructions tree={tree} protocol={protocol} small={small[0]}/{small[1]} large={large[0]}/{large[1]} "
          f"per_move={per_move(small, large):.0f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
