#!/usr/bin/env bash
# Vorpal beside the no-logic probe, boardgame.io and Colyseus, interleaved in rounds (loadtest/README.md,
# "Comparison"). Runs with the repository's venv (make install):
#   loadtest/compare.sh                          # M = 200, 3 rounds of the 5 servers (a few minutes a round)
#   loadtest/compare.sh --matches 20 --rounds 1  # a plumbing check
#   loadtest/compare.sh --open                   # the open workload (issue 20, item 3): Vorpal and the probe
#   loadtest/compare.sh --servers "vorpal vorpal-floor probe colyseus-patch0"   # + Vorpal with no game work
# Options: --matches M (200)  --rounds N (3)  --servers "vorpal probe boardgame.io colyseus-patch0 colyseus"
#          (also vorpal-floor: this tree's server with loadtest/no_game_work.patch applied, in STAGE)
#          --open (M = 1,000 matches, 0.5 s of think time, 40 s of which 10 s warm-up; servers "vorpal probe",
#          and vorpal-floor if asked for)
#          --results DIR (loadtest/results/compare-<stamp>)  --skip-install (reuse the staged installs)
#          --timeout S (per run, 300)
# Env: SHARED_BENCH (../shared/bench beside the repository)  STAGE (/tmp/vorpal-compare-harnesses)
# Each round runs every server once, in the order above. The reference harnesses are copied to STAGE and run
# there (their installs, node_modules and .venv, land in STAGE, once per invocation), so the shared folder
# is never written to. Each run's harness output goes to DIR/r<round>/<server>/harness.log; one line per run,
# then every run, the medians and the ratios on stdout (python -m loadtest.compare); DIR/compare.json.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PY=${PY:-.venv/bin/python}
[ -x "$PY" ] || { echo "no $PY: run 'make install' first" >&2; exit 1; }
SHARED_BENCH=${SHARED_BENCH:-$ROOT/../shared/bench}
STAGE=${STAGE:-/tmp/vorpal-compare-harnesses}

MATCHES=
ROUNDS=3
SERVERS=
OPEN=0
RESULTS=
INSTALL=1
TIMEOUT_S=300
while [ $# -gt 0 ]; do
  case $1 in
    --matches) MATCHES=$2; shift 2 ;;
    --rounds) ROUNDS=$2; shift 2 ;;
    --servers) SERVERS=$2; shift 2 ;;
    --results) RESULTS=$2; shift 2 ;;
    --skip-install) INSTALL=0; shift ;;
    --open) OPEN=1; shift ;;
    --timeout) TIMEOUT_S=$2; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
# The open workload: bench.sh's (loadtest/README.md, "Open workload") and the same against the probe
# (loadtest/probe_open.py); the peers' harnesses have no think time.
OPEN_WORKLOAD=(--think 0.5 --duration 40 --warmup 10)
if [ "$OPEN" = 1 ]; then
  MATCHES=${MATCHES:-1000}
  SERVERS=${SERVERS:-"vorpal probe"}
  KNOWN="vorpal vorpal-floor probe"
else
  MATCHES=${MATCHES:-200}
  SERVERS=${SERVERS:-"vorpal probe boardgame.io colyseus-patch0 colyseus"}
  KNOWN="vorpal vorpal-floor probe boardgame.io colyseus-patch0 colyseus"
fi
case $MATCHES in ''|*[!0-9]*) echo "--matches takes a number" >&2; exit 2 ;; esac
case $ROUNDS in ''|*[!0-9]*) echo "--rounds takes a number" >&2; exit 2 ;; esac
for s in $SERVERS; do
  case " $KNOWN " in *" $s "*) ;;
    *) echo "unknown server $s (here: $KNOWN)" >&2; exit 2 ;; esac
done
RESULTS=$(realpath -m "${RESULTS:-loadtest/results/compare-$(date +%Y%m%d-%H%M%S)}")
mkdir -p "$RESULTS"
# One descriptor per WebSocket, as bench.sh: the harnesses' processes inherit the limit.
ulimit -Hn 65536 2>/dev/null || true
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

uses() { case " $SERVERS " in *" $1 "*) return 0 ;; esac; return 1; }
# The probe runs on the interpreter Vorpal runs on ($PY's): a comparison of code, not of two Python builds.
base_of() { [ -x "$1" ] && "$1" -c 'import sys; print(sys._base_executable)'; }
BASE=$(base_of "$PY")
needs=()
uses probe && needs+=(ceiling)
uses boardgame.io && needs+=(peers)
{ uses colyseus || uses colyseus-patch0; } && needs+=(colyseus)

# Stage the harnesses (their files only, refreshed every time) and install their packages once.
for h in "${needs[@]}"; do
  [ -f "$SHARED_BENCH/$h/run.sh" ] || { echo "no $SHARED_BENCH/$h/run.sh (set SHARED_BENCH)" >&2; exit 1; }
  mkdir -p "$STAGE/$h"
  chmod -R u+w "$STAGE/$h" 2>/dev/null || true
  find "$SHARED_BENCH/$h" -maxdepth 1 -type f -exec cp {} "$STAGE/$h/" \;
  chmod -R u+w "$STAGE/$h"
  staged=$STAGE/$h/node_modules
  [ "$h" = ceiling ] && staged=$STAGE/$h/.venv/bin/python
  if [ "$INSTALL" = 0 ] && [ ! -e "$staged" ]; then
    echo "--skip-install: nothing installed in $STAGE/$h yet (run once without it)" >&2
    exit 1
  fi
  if [ "$INSTALL" = 0 ] && [ "$h" = ceiling ] && [ "$(base_of "$staged")" != "$BASE" ]; then
    echo "--skip-install: the probe's venv runs on $(base_of "$staged"), Vorpal on $BASE (run once without it)" >&2
    exit 1
  fi
  if [ "$INSTALL" = 1 ]; then
    echo "# install $h in $STAGE/$h" >&2
    if [ "$h" = ceiling ]; then
      [ "$(base_of "$STAGE/$h/.venv/bin/python")" = "$BASE" ] || rm -rf "$STAGE/$h/.venv"
      [ -x "$STAGE/$h/.venv/bin/python" ] || "$BASE" -m venv "$STAGE/$h/.venv"
      "$STAGE/$h/.venv/bin/pip" install -q --disable-pip-version-check -r "$STAGE/$h/requirements.txt" >&2
    else
      # The harness's own step is npm ci. Colyseus's lock file lists only the Linux builds of an optional
      # package, which npm 11's ci refuses; npm install then resolves the same pinned versions (in STAGE).
      (cd "$STAGE/$h" && { npm ci --no-audit --no-fund --loglevel=error > "$STAGE/$h.npm-ci.log" 2>&1 || {
        echo "# npm ci failed in $STAGE/$h (see $STAGE/$h.npm-ci.log); npm install instead" >&2
        npm install --no-audit --no-fund --loglevel=error >&2; }; })
    fi
  fi
done

# The floor: this tree's server and protocol package, copied to STAGE (every invocation: it is our own code)
# and patched so that a move does no game work (loadtest/README.md, "The floor").
FLOOR=$STAGE/vorpal-floor
if uses vorpal-floor; then
  rm -rf "$FLOOR" && mkdir -p "$FLOOR/protocol"
  cp -r server "$FLOOR/" && cp -r protocol/vorpal_protocol "$FLOOR/protocol/"
  (cd "$FLOOR" && git apply "$ROOT/loadtest/no_game_work.patch") || {
    echo "loadtest/no_game_work.patch does not apply to this tree (refresh it)" >&2; exit 1; }
fi

# One run of one server: the harness with one M and one run, its results folder inside ours.
run_one() {  # $1 = server, $2 = results folder
  local dir=$2
  if [ "$OPEN" = 1 ]; then
    case $1 in
      vorpal) loadtest/bench.sh --matches "$MATCHES" "${OPEN_WORKLOAD[@]}" --runs 1 --results "$dir" ;;
      vorpal-floor)
        PYTHONPATH="$FLOOR:$FLOOR/protocol" loadtest/bench.sh --matches "$MATCHES" "${OPEN_WORKLOAD[@]}" --runs 1 \
          --results "$dir" ;;
      probe) "$PY" -m loadtest.probe_open --matches "$MATCHES" "${OPEN_WORKLOAD[@]}" --stage "$STAGE" --results "$dir" ;;
    esac
    return
  fi
  case $1 in
    vorpal)
      loadtest/bench.sh --matches "$MATCHES" --runs 1 --timeout "$TIMEOUT_S" --results "$dir" ;;
    vorpal-floor)  # the servers import the patched copy first
      PYTHONPATH="$FLOOR:$FLOOR/protocol" loadtest/bench.sh --matches "$MATCHES" --runs 1 --timeout "$TIMEOUT_S" \
        --results "$dir" ;;
    probe)  # the topology of bench.sh's default: 2 one-worker instances by match, no persistence, GC tuned
      MODE=ports WORKERS_LIST=2 REDIS_CONFS=none GC_MODES=tuned MATCHES_LIST=$MATCHES RUNS=1 \
        TIMEOUT_S=$TIMEOUT_S SKIP_INSTALL=1 RESULTS=$dir bash "$STAGE/ceiling/run.sh" ;;
    boardgame.io)
      WORKLOAD=trick MATCHES_LIST=$MATCHES RUNS=1 TIMEOUT_S=$TIMEOUT_S SKIP_INSTALL=1 RESULTS=$dir \
        bash "$STAGE/peers/run.sh" ;;
    colyseus-patch0)
      PATCH_RATE_MS=0 MATCHES_LIST=$MATCHES RUNS=1 TIMEOUT_S=$TIMEOUT_S SKIP_INSTALL=1 RESULTS=$dir \
        bash "$STAGE/colyseus/run.sh" ;;
    colyseus)
      env -u PATCH_RATE_MS MATCHES_LIST="$MATCHES" RUNS=1 TIMEOUT_S="$TIMEOUT_S" SKIP_INSTALL=1 RESULTS="$dir" \
        bash "$STAGE/colyseus/run.sh" ;;
  esac
}

COMPARE_ARGS=(--matches "$MATCHES")
if [ "$OPEN" = 1 ]; then COMPARE_ARGS+=(--open); fi
echo "# compare: matches=$MATCHES rounds=$ROUNDS open=$OPEN servers=\"$SERVERS\" cpus=$(nproc)" \
     "loadavg=$(cut -d' ' -f1-3 /proc/loadavg) results=$RESULTS" >&2
t_start=$(date +%s)
for r in $(seq 1 "$ROUNDS"); do
  for s in $SERVERS; do
    dir="$RESULTS/r$r/$s"
    mkdir -p "$dir"
    cut -d' ' -f1 /proc/loadavg > "$dir/loadavg"
    if ! run_one "$s" "$dir" > "$dir/harness.log" 2>&1; then
      echo "# round $r: $s exited non-zero; the end of $dir/harness.log:" >&2
      tail -n 5 "$dir/harness.log" >&2
    fi
    "$PY" -m loadtest.compare run "$RESULTS" --server "$s" --round "$r" "${COMPARE_ARGS[@]}" || true
  done
done
echo "# total $(( $(date +%s) - t_start ))s" >&2
"$PY" -m loadtest.compare summary "$RESULTS" "${COMPARE_ARGS[@]}" --rounds "$ROUNDS" --servers "$SERVERS"
