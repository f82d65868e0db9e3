"""Summarise py-spy's collapsed stacks (``py-spy record -f raw``): top functions by self and total time.

python -m loadtest.profile_summary loadtest/results/<stamp>/w1-m200-r1/profile-*.txt [--top 30]
"""

from __future__ import annotations

import argparse
import collections
import re
import sys

FRAME = re.compile(r"^(?P<func>.*?) \((?P<file>.*?)(?::(?P<line>\d+))?\)$")


def short(frame: str) -> str:
    m = FRAME.match(frame)
    if not m:
        return frame
    path = m["file"]
    for marker in ("site-packages/", "/work/main/", "lib/python3.11/"):
        if marker in path:
            path = path.split(marker, 1)[1]
    return f"{m['func']} ({path})"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("files", nargs="+")
    p.add_argument("--top", type=int, default=30)
    args = p.parse_args(argv)
    own: collections.Counter[str] = collections.Counter()
    total: collections.Counter[str] = collections.Counter()
    samples = 0
    for path in args.files:
        with open(path) as f:
            for line in f:
                stack, _, count = line.rstrip("\n").rpartition(" ")
                if not stack:
                    continue
                n = int(count)
                samples += n
                frames = [short(fr) for fr in stack.split(";")]
                own[frames[-1]] += n
                for fr in set(frames):
                    total[fr] += n
    print(f"# {samples} samples")
    print("## self time")
    for fr, n in own.most_common(args.top):
        print(f"{100 * n / samples:5.1f}%  {fr}")
    print("## total time (inclusive)")
    for fr, n in total.most_common(args.top):
        print(f"{100 * n / samples:5.1f}%  {fr}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
