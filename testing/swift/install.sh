#!/usr/bin/env bash
# Installs Debian 12's OpenStack Swift 2.30 and memcached for the e2e Swift harness
# (testing/swift/harness.ts). Idempotent; run as root on a fresh machine:
#   sudo bash testing/swift/install.sh
set -euo pipefail

PKGS=(swift swift-proxy swift-account swift-container swift-object memcached)
BINS=(swift-proxy-server swift-account-server swift-container-server swift-object-server
  swift-container-updater swift-ring-builder memcached)

have_all() {
  local b
  for b in "${BINS[@]}"; do [ -x "/usr/bin/$b" ] || return 1; done
  # The harness builds rings through Debian's python3 (not a pyenv/venv python).
  /usr/bin/python3 -c 'import swift.common.ring' 2>/dev/null
}

if have_all; then
  echo "swift harness install: swift and memcached already installed, nothing to do"
  exit 0
fi

if [ "$(id -u)" != 0 ]; then
  echo "swift harness install: must run as root: sudo bash testing/swift/install.sh" >&2
  exit 1
fi

# Keep Debian's postinst scripts from starting a system memcached on 11211, rsyslog or
# swift services: the harness runs its own processes on its own ports.
created_policy=0
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\n# added by testing/swift/install.sh while installing\nexit 101\n' >/usr/sbin/policy-rc.d
  chmod 755 /usr/sbin/policy-rc.d
  created_policy=1
fi
cleanup() { if [ "$created_policy" = 1 ]; then rm -f /usr/sbin/policy-rc.d; fi; }
trap cleanup EXIT

log=$(mktemp /tmp/swift-harness-install.XXXXXX.log)
if ! { apt-get update -qq &&
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${PKGS[@]}"; } >"$log" 2>&1; then
  tail -n 30 "$log" >&2
  echo "swift harness install: apt-get failed (full log: $log)" >&2
  exit 1
fi

if ! have_all; then
  echo "swift harness install: packages installed but some binaries are missing: ${BINS[*]}" >&2
  exit 1
fi
rm -f "$log"
echo "swift harness install: installed ${PKGS[*]} ($(dpkg-query -W -f='${Version}' python3-swift))"
