#!/usr/bin/env bash
# The docker-compose.yml topology without Docker, on loopback: Redis (AOF), N Vorpal instances,
# nginx in front with deploy/nginx.conf (its upstream lines pointed at the instances).
#
#   deploy/topology.sh run            # start everything, print "ready http://127.0.0.1:PORT", wait;
#                                     # Ctrl-C / SIGTERM stops every process it started (by PID)
#   deploy/topology.sh nginx-conf LISTEN_PORT UPSTREAM_PORT... [> file]   # print the rendered config
#   deploy/topology.sh install-tools  # nginx and docker-compose from Debian (apt-get, as root)
#
# Environment: PORT (the load balancer's, default 8080), INSTANCES (2), STATE_DIR (default: a new
# temporary folder, removed on exit unless KEEP=1), PYTHON (default .venv/bin/python),
# NGINX (default: nginx on PATH or /usr/sbin/nginx).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PYTHON=${PYTHON:-$ROOT/.venv/bin/python}
NGINX=${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}

free_port() { "$PYTHON" -c 'from server.store.embedded import free_port; print(free_port())'; }

# nginx.conf with the upstream servers and the listen address replaced (stdout).
render_nginx() {
  local listen=$1 state=$2; shift 2
  local servers="" p
  for p in "$@"; do servers+="        server 127.0.0.1:$p max_fails=3 fail_timeout=5s;\n"; done
  local temps="        client_body_temp_path $state/client_body;\n        proxy_temp_path $state/proxy;\n"
  local m
  for m in fastcgi uwsgi scgi; do
    if "$NGINX" -V 2>&1 | grep -q -- "--http-$m-temp-path"; then temps+="        ${m}_temp_path $state/$m;\n"; fi
  done
  sed -e "/# upstream-servers/,/# end upstream-servers/c\\
$servers" \
      -e "s|^\(\s*\)listen 80;|\1listen 127.0.0.1:$listen;|" \
      -e "s|^http {|http {\n$temps|" \
      "$ROOT/deploy/nginx.conf"
}

install_tools() {
  local need=()
  command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
  command -v docker-compose >/dev/null || need+=(docker-compose)
  [ ${#need[@]} -eq 0 ] && return 0
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "install ${need[*]} (Debian packages): needs root and apt-get" >&2
    return 1
  fi
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >&2
}

PIDS=()
STATE=
cleanup() {
  local pid i
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do
    for i in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  PIDS=()
  if [ -n "$STATE" ] && [ "${KEEP:-0}" != 1 ] && [ -z "${STATE_DIR:-}" ]; then rm -rf "$STATE"; fi
}

wait_http() {  # url, seconds
  "$PYTHON" - "$1" "$2" <<'EOF'
import sys, time, urllib.request
url, deadline = sys.argv[1], time.monotonic() + float(sys.argv[2])
while time.monotonic() < deadline:
    try:
        if urllib.request.urlopen(url, timeout=1).status == 200:
            sys.exit(0)
    except OSError:
        pass
    time.sleep(0.1)
sys.exit(1)
EOF
}

run() {
  local port=${PORT:-8080} n=${INSTANCES:-2} i p
  STATE=${STATE_DIR:-$(mktemp -d /tmp/vorpal-topology.XXXXXX)}
  mkdir -p "$STATE/redis"
  trap cleanup EXIT
  trap 'exit 130' INT TERM
  ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
  [ -x "$NGINX" ] || { echo "no nginx: deploy/topology.sh install-tools" >&2; exit 1; }

  local redis_port redis_bin
  redis_port=$(free_port)
  redis_bin=$("$PYTHON" -c 'from server.store.embedded import server_binary; print(server_binary())')
  "$redis_bin" --bind 127.0.0.1 --port "$redis_port" --dir "$STATE/redis" --appendonly yes \
      --appendfsync everysec --save "" --daemonize no --loglevel warning > "$STATE/redis.log" 2>&1 &
  PIDS+=($!)
  local url="redis://127.0.0.1:$redis_port/0"

  local ports=()
  for i in $(seq "$n"); do
    p=$(free_port)
    # nginx (on loopback) forwards for the clients: its X-Forwarded-For names them for the rate limits.
    (cd "$ROOT" && VORPAL_TRUSTED_PROXIES="${VORPAL_TRUSTED_PROXIES:-127.0.0.1}" exec "$PYTHON" -m server serve \
        --host 127.0.0.1 --port "$p" --redis-url "$url" --log-level warning) > "$STATE/vorpal-$p.log" 2>&1 &
    PIDS+=($!)
    ports+=("$p")
  done
  for p in "${ports[@]}"; do
    wait_http "http://127.0.0.1:$p/readyz" 60 || { echo "instance on $p not ready; see $STATE" >&2; exit 1; }
  done

  render_nginx "$port" "$STATE" "${ports[@]}" > "$STATE/nginx.conf"
  "$NGINX" -p "$STATE" -c "$STATE/nginx.conf" -e stderr -g "daemon off; pid $STATE/nginx.pid;" \
      > "$STATE/nginx.log" 2>&1 &
  PIDS+=($!)
  wait_http "http://127.0.0.1:$port/readyz" 30 || { echo "nginx not ready; see $STATE/nginx.log" >&2; exit 1; }
  echo "instances ${ports[*]} redis $url state $STATE"
  echo "ready http://127.0.0.1:$port"
  # Stay up until told to stop, or until any process dies.
  while true; do
    for p in "${PIDS[@]}"; do
      kill -0 "$p" 2>/dev/null || { echo "process $p exited; stopping (logs in $STATE)" >&2; KEEP=1; exit 1; }
    done
    sleep 1
  done
}

case ${1:-run} in
  run) run ;;
  nginx-conf) shift; listen=$1; shift; render_nginx "$listen" "${STATE_DIR:-/tmp}" "$@" ;;
  install-tools) install_tools ;;
  *) echo "usage: $0 run | nginx-conf LISTEN_PORT UPSTREAM_PORT... | install-tools" >&2; exit 2 ;;
esac
