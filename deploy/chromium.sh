#!/usr/bin/env bash
# Debian's chromium, for the playground's browser tests (tests/web/test_playground.py drives it with
# Playwright). Playwright's own browser download cannot work here (no internet beyond the package
# registries), so the tests launch /usr/bin/chromium instead.
#
#   deploy/chromium.sh install   # apt-get install chromium, unless it is there (needs root and apt-get)
set -euo pipefail

install_chromium() {
  command -v chromium >/dev/null && return 0
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "install chromium (a Debian package): needs root and apt-get" >&2
    return 1
  fi
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >&2
}

case "${1:-}" in
  install) install_chromium ;;
  *) echo "usage: $0 install" >&2; exit 2 ;;
esac
