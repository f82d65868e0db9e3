#!/usr/bin/env bash
# Protocol v2 against v1, back to back in one window (issue 45; loadtest/README.md, "Protocol v2"):
#   loadtest/protocol_v2.sh [ROUNDS]     # default 2 rounds
# 1. bytes per event frame to a seat, v1 and v2, in-process, four games (load-independent);
# 2. with INSTRUCTIONS=1: instructions per move of our own work, v1 and v2 (valgrind, load-independent; slow);
# 3. ROUNDS rounds of the standard workload (M = 200, 2 instances): v1, v2 and vorpal-floor (this tree with
#    loadtest/no_game_work.patch, staged as compare.sh stages it), interleaved;
# 4. the heavy workload, each game on its own (Zimby Mojo 4 seats, Jackrabbits 3 seats), v1 then v2.
# Summary lines on stdout (stderr: details); the runs' JSON under loadtest/results/protocol-v2-<stamp>/.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
ROUNDS=${1:-2}
OUT=loadtest/results/protocol-v2-$(date -u +%Y%m%d-%H%M%S)
FLOOR=${FLOOR:-$(mktemp -d)/vorpal-floor}
mkdir -p "$OUT" "$FLOOR/protocol"
echo "# protocol v2 window: $(date -u +%FT%TZ) loadavg=$(cut -d' ' -f1-3 /proc/loadavg) out=$OUT"
"$PY" -m loadtest.frame_bytes --matches 6
if [ "${INSTRUCTIONS:-0}" = 1 ] && command -v valgrind >/dev/null; then
  "$PY" -m loadtest.instructions
  "$PY" -m loadtest.instructions --v2
fi
ROOT=$PWD
cp -r server "$FLOOR/" && cp -r protocol/vorpal_protocol "$FLOOR/protocol/"
(cd "$FLOOR" && git apply "$ROOT/loadtest/no_game_work.patch")
for round in $(seq 1 "$ROUNDS"); do
  echo "# round $round: $(date -u +%T) loadavg=$(cut -d' ' -f1-3 /proc/loadavg)"
  loadtest/bench.sh --matches 200 --protocol v1 --results "$OUT/standard-v1-r$round" 2>/dev/null
  loadtest/bench.sh --matches 200 --protocol v2 --results "$OUT/standard-v2-r$round" 2>/dev/null
  PYTHONPATH="$FLOOR:$FLOOR/protocol" loadtest/bench.sh --matches 200 --results "$OUT/floor-r$round" 2>/dev/null \
    | sed 's/^bench=vorpal /bench=vorpal-floor /'
done
for game in zimby_mojo:4 jackrabbits:3; do
  for protocol in v1 v2; do
    loadtest/bench.sh heavy --games "$game" --matches 40 --duration 30 --warmup 8 --protocol "$protocol" \
      --results "$OUT/heavy-${game%%:*}-$protocol" 2>/dev/null
  done
done
echo "# end: $(date -u +%T) loadavg=$(cut -d' ' -f1-3 /proc/loadavg)"
