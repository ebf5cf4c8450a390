#!/usr/bin/env bash
# Builds tests/fuzz/stress_local.c with ASan and UBSan against ext/core/rl_local.c alone (no Redis, no
# PHP) and runs it: worker processes lock and unlock a few keys through the local hand-over's shared
# segment (a simulated Redis arbitrates), while a supervisor SIGKILLs them at random moments (inside
# the segment's mutex too), SIGSTOPs some past their lock's lifetime and forks replacements; then one
# process repairs what is left and the segment must be empty. The segment has an identity of its own
# (never a real one's) and is unlinked at the end.
#   scripts/stress-local.sh [seconds] [workers] [seed]     (default 20, 8, random)
# Any mutual-exclusion violation, inconsistency, hang, leftover slot or waiter, or sanitizer report
# is a failure: printed with the seed, exit status 1. Last line: "stress-local: OK|FAIL: ...".
# RL_KEEP_WORK_DIR=1 keeps the temporary directory (binary, log).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
trap cleanup EXIT

seconds=${1:-20}
workers=${2:-8}
seed=${3:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
for n in "$seconds" "$workers" "$seed"; do
  case "$n" in
    ''|*[!0-9]*) echo "usage: scripts/stress-local.sh [seconds] [workers] [seed]" >&2; exit 2 ;;
  esac
done

read -ra clang_set <<<"$(clang_packages)"
ensure_packages "${clang_set[@]}"
cd "$REPO_ROOT"

bin="$RL_WORK_DIR/stress_local"
log "build stress_local"
clang -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined -Wall -Wextra -Wno-comment -Iext/core \
  tests/fuzz/stress_local.c ext/core/rl_local.c -lpthread -o "$bin" 2>"$RL_WORK_DIR/build.log" \
  || { cat "$RL_WORK_DIR/build.log" >&2; echo "stress-local: FAIL: does not build"; exit 1; }
grep -E 'warning:' "$RL_WORK_DIR/build.log" >&2 || true

log "run for ${seconds}s, $workers workers, seed $seed"
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
out="$RL_WORK_DIR/stress_local.log"
status=0
timeout --signal=KILL $((seconds + 60)) "$bin" "$seconds" "$workers" "$seed" >"$out" 2>&1 || status=$?

segment=$(sed -n 's/^stress_local: segment \(\/redislock-[^,]*\),.*/\1/p' "$out" | head -1)
if [ -n "$segment" ] && [ -e "/dev/shm${segment}" ]; then
  rm -f "/dev/shm${segment}" # the harness died before its shm_unlink()
  echo "stress-local: removed the leftover segment $segment" >&2
fi

result=$(grep -E '^stress_local: (OK|FAIL):' "$out" | tail -1 || true)
sanitizer=$(grep -cE 'ERROR: (Address|Leak)Sanitizer|runtime error:|SUMMARY: (Address|UndefinedBehavior|Leak)Sanitizer' "$out" || true)
if [ "$status" -ne 0 ] || [ "${sanitizer:-0}" -ne 0 ] || [ -z "$result" ] || [[ $result != "stress_local: OK:"* ]]; then
  RL_KEEP_WORK_DIR=1
  echo "---- stress_local failed (exit status $status, ${sanitizer:-0} sanitizer lines); its output:"
  grep -v '^stress_local: stats' "$out" | head -80
  grep '^stress_local: stats' "$out" || true
  echo "---- replay: $bin $seconds $workers $seed   (kept in $RL_WORK_DIR; timing makes a replay differ)"
  result=${result#stress_local: }
  echo "stress-local: FAIL: ${result#FAIL: }${result:+, }exit status $status, ${sanitizer:-0} sanitizer lines"
  exit 1
fi
grep '^stress_local: stats' "$out" >&2 || true
echo "stress-local: ${result#stress_local: }"
