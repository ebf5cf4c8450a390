#!/usr/bin/env bash
# The honest test of what a new machine needs: `.ci/run` itself on a fresh
# Debian 12 (a minimal root made with debootstrap: apt and a shell, nothing
# else), from a clone of this repository's HEAD (what CI checks out: commit
# first), as root inside the root, which installs everything it needs there.
# A green `.ci/run` on a developer's machine can hide a missing install step;
# this cannot. Not a CI stage (CI cannot run itself): for developers before
# they stop; about 26 minutes on 2 cores. The stages that make roots of their
# own (debian13, valkey, php85, fresh-debian12) make them inside this one.
#   scripts/ci-fresh-root.sh
# Needs root or sudo, debootstrap (installed if missing) and Debian's mirror.
# Prints `.ci/run`'s output; its exit status and last line are `.ci/run`'s. The
# stages' logs are copied out of the root before it is removed (the last line
# on stderr says where).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/debian-root.sh"
root="$RL_WORK_DIR/ci-bookworm"
logs_out=$(mktemp -d /tmp/redislock-ci-fresh-root.XXXXXX)
keep_logs() {
  # .ci/run's logs (its mktemp dir in the root's /tmp), for a failed stage's full log
  as_root cp -r "$root"/tmp/redislock-ci.* "$logs_out/" 2>/dev/null || true
  echo "ci-fresh-root: the stages' logs are in $logs_out" >&2
}
trap 'keep_logs; root_remove "$root"; cleanup' EXIT

[ -z "$(git -C "$REPO_ROOT" status --porcelain --untracked-files=no)" ] \
  || log "note: uncommitted changes are not tested: the root gets a clone of HEAD ($(git -C "$REPO_ROOT" rev-parse --short HEAD))"
root_pristine bookworm "$root"
# a clone, not a copy of the files: .ci/run's stages read the tracked files with git
as_root git -c safe.directory='*' clone -q "$REPO_ROOT" "$root/root/redislock"
set +e
root_run "$root" bash -c 'cd /root/redislock && bash .ci/run'
rc=$?
set -e
exit $rc
