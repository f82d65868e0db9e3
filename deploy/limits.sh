#!/usr/bin/env bash
# The kernel and process limits a Vorpal host needs for many WebSockets (README, "Sockets and limits").
#
#   deploy/limits.sh check [SOCKETS]   # compare this host's limits with what SOCKETS need (default 50000);
#                                      # exit status 1 if one falls short. Reads only.
#   deploy/limits.sh apply [SOCKETS]   # as root: raise the sysctls that fall short (until reboot; put
#                                      # the lines it prints in /etc/sysctl.d/ to keep them)
#
# One instance holds one file descriptor per socket; the process limit (ulimit -n, RLIMIT_NOFILE) is
# set where the process starts: systemd LimitNOFILE=, docker-compose.yml ulimits:, or `ulimit -n` in the
# shell that starts it (loadtest/bench.sh does). The connecting side (a proxy, a load generator) needs
# ephemeral ports: one per connection to the same address and port, from each of its own addresses.
set -euo pipefail
what=${1:-check}
sockets=${2:-50000}
margin=1024 # Redis connections, log files, the listening socket
need_fd=$((sockets + margin))
backlog=${VORPAL_BACKLOG:-4096}

# name, path, the least value that serves SOCKETS
limits() {
  echo "fs.nr_open /proc/sys/fs/nr_open $need_fd"
  echo "fs.file-max /proc/sys/fs/file-max $((2 * need_fd))"
  echo "net.core.somaxconn /proc/sys/net/core/somaxconn $backlog"
  echo "net.ipv4.tcp_max_syn_backlog /proc/sys/net/ipv4/tcp_max_syn_backlog $backlog"
}

ports() {
  local lo hi
  read -r lo hi </proc/sys/net/ipv4/ip_local_port_range
  echo $((hi - lo + 1))
}

short=0
case "$what" in
  check)
    while read -r name path want; do
      have=$(cat "$path")
      if [ "$have" -ge "$want" ]; then mark=ok; else mark=LOW; short=1; fi
      printf '%-30s %10s  (need >= %s) %s\n' "$name" "$have" "$want" "$mark"
    done < <(limits)
    nofile=$(ulimit -n)
    if [ "$nofile" = unlimited ] || [ "$nofile" -ge "$need_fd" ]; then mark=ok; else mark=LOW; short=1; fi
    printf '%-30s %10s  (need >= %s in the server process) %s\n' "ulimit -n (this shell)" "$nofile" "$need_fd" "$mark"
    p=$(ports)
    printf '%-30s %10s  (per source address and destination: a proxy or load generator opening %s\n' \
      "ephemeral ports" "$p" "$sockets"
    printf '%-30s %10s   connections to one instance needs %s source addresses, or a wider range)\n' \
      "" "" "$(((sockets + p - 1) / p))"
    exit $short
    ;;
  apply)
    [ "$(id -u)" = 0 ] || { echo "apply: run as root" >&2; exit 2; }
    while read -r name path want; do
      have=$(cat "$path")
      if [ "$have" -lt "$want" ]; then
        echo "$want" >"$path"
        echo "$name = $want"
      fi
    done < <(limits)
    ;;
  *)
    sed -n '2,12p' "$0" >&2
    exit 2
    ;;
esac
