#!/usr/bin/env bash
# The benchmark command (see loadtest/README.md). Runs with the repository's venv (make install):
#   loadtest/bench.sh                                   # standard workload, M = 50 and 200, 2 instances
#   loadtest/bench.sh --matches 1000 --think 0.5 --duration 40   # open workload (latency target)
#   loadtest/bench.sh --idle 10000 --workers 1          # 10,000 idle subscribed connections
#   loadtest/bench.sh --idle 50000 --workers 1          # 50,000 (needs a hard limit >= 51,024 open files)
#   loadtest/bench.sh --idle 50000 --mode workers --workers 3   # 50,000 on one instance of 3 workers
#   loadtest/bench.sh --protocol v2                     # the standard workload, the seats speaking protocol v2
#   loadtest/bench.sh heavy [--protocol v2]             # heavy games: Zimby Mojo 4 seats, Jackrabbits 3 seats
#   loadtest/bench.sh engine                            # engine micro-benchmark (every game)
#   loadtest/bench.sh lobby                             # GET /v1/matches, one instance, 10,000 matches
# Summary lines on stdout, details on stderr, JSON under loadtest/results/.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
[ -x "$PY" ] || { echo "no $PY: run 'make install' first" >&2; exit 1; }
# One descriptor per WebSocket, in the server and in the load generator: 50,000 connections need
# 51,024 (README, "Sockets and limits"). Raise the hard limit where allowed (root with
# CAP_SYS_RESOURCE), then the soft one to the hard one; the bench says so if it is still too low.
ulimit -Hn 65536 2>/dev/null || true
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
if [ "${1:-}" = lobby ]; then
  shift
  exec "$PY" -m loadtest.lobby "$@"
fi
if [ "${1:-}" = heavy ]; then
  # Zimby Mojo (4 seats) and Jackrabbits (3 seats) matches in turn, random legal moves with no think time; their
  # matches have no fixed length, so the figures are over a timed window after a warm-up.
  shift
  exec "$PY" -m loadtest.bench --games zimby_mojo:4,jackrabbits:3 --matches 50 --duration 40 --warmup 10 "$@"
fi
if [ "${1:-}" = engine ]; then
  shift
  exec "$PY" -m loadtest.engine_bench "$@"
fi
exec "$PY" -m loadtest.bench "$@"
