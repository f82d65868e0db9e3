#!/usr/bin/env bash
# The soak (see loadtest/README.md, "Soak"): bounded sustained load on one instance, sampled every 30 s.
#   loadtest/soak.sh                           # 20 minutes, about 1,000 moves/s, every game
#   loadtest/soak.sh --duration 120 --rate 300 # a short one
# Prints a line per sample, the slopes and a soak=pass|fail line; JSON under loadtest/results/.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
[ -x "$PY" ] || { echo "no $PY: run 'make install' first" >&2; exit 1; }
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
exec "$PY" -m loadtest.soak "$@"
