#!/usr/bin/env bash
# The second platform: the whole phpt suite (FPM tests included) on Debian 13
# ("trixie": PHP 8.4, hiredis 1.2, Redis 8), in a root made with debootstrap.
# Inside, scripts/test.sh does what it does on Debian 12: installs trixie's
# php-dev, php-fpm, libhiredis-dev, redis-server..., builds, runs the suite.
#   [RL_SERVER=valkey] scripts/test-debian13.sh [run-tests.php args]
# With RL_SERVER=valkey, the same against trixie's Valkey 8.1 (scripts/test-valkey.sh); with
# RL_SUITE_SCRIPT=scripts/test-asan.sh, the suite under ASan/UBSan with trixie's clang.
# Last line: scripts/test.sh's "N passed, N failed, N skipped, N xfail" from inside the root.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/debian-root.sh"
root="$RL_WORK_DIR/trixie"
trap 'root_remove "$root"; cleanup' EXIT

root_pristine trixie "$root"
root_suite "$root" "Debian 13, $RL_SERVER" "$RL_SERVER" RL_SERVER="$RL_SERVER" -- "$@"
