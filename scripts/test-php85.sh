#!/usr/bin/env bash
# The third platform: the whole phpt suite on PHP 8.5 (Debian experimental's
# php8.5-dev, -cli, -fpm) in a Debian unstable root made with debootstrap, with
# unstable's hiredis and Valkey 9 (valkey-server, its Sentinel and cluster mode).
# Inside, scripts/test.sh runs with RL_PHP_VERSION=8.5 and RL_SERVER=valkey.
#   scripts/test-php85.sh [run-tests.php args]
# Last line: scripts/test.sh's "N passed, N failed, N skipped, N xfail" from inside the root.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/debian-root.sh"
root="$RL_WORK_DIR/sid"
trap 'root_remove "$root"; cleanup' EXIT

root_pristine sid "$root"
# unstable has no -updates or -security archives; experimental's packages are taken only when
# named (php8.5-*: no other release has them). Both Release files say "valid for a week", and a
# mirror's snapshot may be older than that: apt is told not to refuse them for it.
as_root tee "$root/etc/apt/sources.list" >/dev/null <<SOURCES
deb $RL_DEBIAN_MIRROR sid main
deb $RL_DEBIAN_MIRROR experimental main
SOURCES
echo 'Acquire::Check-Valid-Until "false";' | as_root tee "$root/etc/apt/apt.conf.d/99redislock-snapshot" >/dev/null
# the lists the tarball holds are debootstrap's (sid only), however new: fetched again here
root_run "$root" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
root_suite "$root" "PHP 8.5" valkey RL_PHP_VERSION=8.5 RL_SERVER=valkey -- "$@"
