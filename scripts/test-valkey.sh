#!/usr/bin/env bash
# The whole phpt suite against Valkey: Debian 13's valkey-server 8.1 (and its
# Sentinel and cluster mode) in place of Redis, in a Debian 13 root made with
# debootstrap, PHP 8.4 and hiredis 1.2 as in scripts/test-debian13.sh.
#   scripts/test-valkey.sh [run-tests.php args]
# Last line: scripts/test.sh's "N passed, N failed, N skipped, N xfail" from inside the root.
RL_SERVER=valkey exec bash "$(dirname "$0")/test-debian13.sh" "$@"
