#!/usr/bin/env bash
# Builds every libFuzzer target in tests/fuzz/ with ASan and UBSan against the
# plain-C layers (ext/core/*.c and ext/net/*.c, no PHP) and runs each for a bounded time on a copy
# of its committed seed corpus.
#   scripts/fuzz.sh [seconds-per-target]     (default 60)
# Prints, per target, executions, exec/s and coverage (libFuzzer's cov: and
# ft: at the end). Any crash, leak, sanitizer report, invariant violation,
# out-of-memory or timeout is a finding: its report and reproducer are
# printed and the exit status is 1. Last line: "fuzz: N targets, N findings".
# RL_KEEP_WORK_DIR=1 keeps the temporary directory (binaries, logs, corpora).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
trap cleanup EXIT

seconds=${1:-60}
case "$seconds" in
  ''|*[!0-9]*|0) echo "usage: scripts/fuzz.sh [seconds-per-target]" >&2; exit 2 ;;
esac

# target name => dictionary (tests/fuzz/), empty for none
declare -A dicts=(
  [fuzz_server_string]=fuzz_server_string.dict
  [fuzz_reply]=resp.dict
  [fuzz_conn]=resp.dict
)

read -ra clang_set <<<"$(clang_packages)"
ensure_packages "${clang_set[@]}" libhiredis-dev pkg-config
cd "$REPO_ROOT"

# hiredis's pkg-config file gives -I.../include/hiredis; our sources include <hiredis/hiredis.h> (as config.m4 does)
hiredis_cflags=()
for flag in $(pkg-config --cflags hiredis); do
  case "$flag" in
    -I*/hiredis) hiredis_cflags+=("$flag" "${flag%/hiredis}") ;;
    *) hiredis_cflags+=("$flag") ;;
  esac
done
read -r -a hiredis_libs <<<"$(pkg-config --libs hiredis)"
sanitize=(-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined)

targets=()
for src in tests/fuzz/fuzz_*.c; do
  targets+=("$(basename "$src" .c)")
done

findings=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
for t in "${targets[@]}"; do
  log "build $t"
  clang -g -O1 "${sanitize[@]}" -Wall -Wextra -Wno-comment -Iext/core -Iext/net "${hiredis_cflags[@]}" \
    "tests/fuzz/$t.c" ext/core/*.c ext/net/*.c "${hiredis_libs[@]}" -lpthread -o "$RL_WORK_DIR/$t" 2>"$RL_WORK_DIR/$t.build.log" \
    || { cat "$RL_WORK_DIR/$t.build.log" >&2; exit 1; }
  grep -E 'warning:' "$RL_WORK_DIR/$t.build.log" >&2 || true

  # libFuzzer adds what it finds to the corpus directory: a copy, never the committed one
  corpus="$RL_WORK_DIR/corpus-$t"
  mkdir -p "$corpus" "$RL_WORK_DIR/artifacts-$t"
  cp -R "tests/fuzz/corpus/$t/." "$corpus/"
  args=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1
        -artifact_prefix="$RL_WORK_DIR/artifacts-$t/")
  [ -n "${dicts[$t]:-}" ] && args+=(-dict="tests/fuzz/${dicts[$t]}")
  log "run $t for ${seconds}s on $(find "$corpus" -type f | wc -l) seeds"
  status=0
  "$RL_WORK_DIR/$t" "${args[@]}" "$corpus" >"$RL_WORK_DIR/$t.log" 2>&1 || status=$?

  log_file="$RL_WORK_DIR/$t.log"
  final_stat() { sed -n "s/^stat::$1: *\([0-9]*\).*/\1/p" "$log_file" | tail -1; }
  last_cov=$(grep -E '^#[0-9]+.*cov: ' "$log_file" | tail -1 || true)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last_cov")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last_cov")
  corp=$(sed -n 's/.* corp: \([0-9]*\).*/\1/p' <<<"$last_cov")
  artifacts=("$RL_WORK_DIR/artifacts-$t"/*)
  [ -e "${artifacts[0]}" ] || artifacts=()

  found=false
  if [ "$status" -ne 0 ] || [ ${#artifacts[@]} -gt 0 ]; then
    found=true
    findings=$((findings + 1))
    RL_KEEP_WORK_DIR=1 # the built targets and the reproducers stay for whoever looks into it
    echo "---- $t: FINDING (libFuzzer exit status $status); its report:"
    { grep -v -E '^#[0-9]+ |^INFO: |^\*\*\*' "$log_file" || true; } | tail -60
    for a in "${artifacts[@]}"; do
      echo "---- reproducer $a ($(wc -c <"$a") bytes), base64: $(base64 -w 0 "$a")"
      od -A d -c "$a" | head -20
      echo "---- replay: $RL_WORK_DIR/$t $a"
    done
  fi
  printf '%s: %s executions (%s/s), cov: %s ft: %s, corpus %s inputs%s\n' "$t" "$(final_stat number_of_executed_units)" \
    "$(final_stat average_exec_per_sec)" "${cov:-?}" "${ft:-?}" "${corp:-?}" \
    "$($found && echo ', FINDING' || true)"
done

[ "$findings" -eq 0 ] || log "kept $RL_WORK_DIR (targets, logs, reproducers)"
echo "fuzz: ${#targets[@]} targets, $findings findings"
[ "$findings" -eq 0 ]
