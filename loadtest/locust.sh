#!/usr/bin/env bash
# Locust scenarios against a running Vorpal (see loadtest/locustfile.py), headless by default.
#   loadtest/locust.sh play     --host http://127.0.0.1:8000 -u 30  -r 10 -t 60s
#   loadtest/locust.sh spectate --host http://127.0.0.1:8000 -u 110 -r 20 -t 60s
#   loadtest/locust.sh lobby    --host http://127.0.0.1:8000 -u 50  -r 10 -t 60s
# Extra arguments go to locust (--csv PREFIX, --processes N, ...); VORPAL_THINK=0.5 adds think time.
# Installs the lock's `loadtest` group (uv.lock) into loadtest/.venv on first use, with the lock's
# own uv (make .venv/bin/uv): locust stays out of pytest's venv.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
venv=$here/.venv
if [ ! -x "$venv/bin/locust" ] || [ "$root/uv.lock" -nt "$venv/.installed" ]; then
  make -C "$root" --no-print-directory .venv/bin/uv
  (cd "$root" && UV_PROJECT_ENVIRONMENT="$venv" UV_PYTHON_DOWNLOADS=never .venv/bin/uv sync --locked --quiet \
    --only-group loadtest)
  touch "$venv/.installed"
fi
scenario=${1:-play}
shift || true
case $scenario in
  play) users=(PlayerUser) ;;
  spectate) users=(PlayerUser SpectatorUser) ;;
  lobby) users=(LobbyUser) ;;
  mixed) users=(PlayerUser SpectatorUser LobbyUser) ;;
  install) exit 0 ;;
  *) echo "scenario: play | spectate | lobby | mixed | install" >&2; exit 2 ;;
esac
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
exec "$venv/bin/locust" -f "$here/locustfile.py" --headless --only-summary "$@" "${users[@]}"
