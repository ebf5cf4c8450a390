#!/usr/bin/env bash
# The whole phpt suite under AddressSanitizer, UndefinedBehaviorSanitizer and
# LeakSanitizer: builds the extension with clang and the sanitizers in a
# directory of its own (the repository's own phpize build is left alone), then
# runs scripts/test.sh with Debian's php and clang's shared sanitizer runtime
# preloaded (scripts/asan/php.sh), USE_ZEND_ALLOC=0 so that every emalloc is a
# malloc the runtime checks. Every process of the suite's PHP tree (tests, PHP
# children, php-fpm and its workers) writes any report to a log directory, one
# subdirectory per test.
#   scripts/test-asan.sh [run-tests.php args, e.g. tests/lock_basic.phpt]
# Fails when a test fails or when any sanitizer report was written, even by a test
# run-tests.php counted as passed (that test is then counted as failed).
# Last line: "N passed, N failed, N skipped, N xfail".
set -euo pipefail
source "$(dirname "$0")/lib.sh"
trap cleanup EXIT

# clang, its sanitizer runtimes (libclang-rt-N-dev) and llvm-symbolizer (llvm-N), for
# reports with file:line; N is the release's (lib.sh, clang_packages).
read -ra clang_set <<<"$(clang_packages)"
RL_PACKAGES+=("${clang_set[@]}")
ensure_packages

sanitize=(-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g)
runtime=$(clang -print-file-name=libclang_rt.asan-x86_64.so)
[ -f "$runtime" ] || { log "clang's shared ASan runtime is missing ($runtime)"; exit 1; }
symbolizer="$(dirname "$(readlink -f "$(command -v clang)")")/llvm-symbolizer"
[ -x "$symbolizer" ] || symbolizer=$(command -v llvm-symbolizer)

build="$RL_WORK_DIR/asan-build"
mkdir -p "$build"
copy_sources "$build"
# Objects of an in-tree build must not be reused: they were compiled without the sanitizers.
cd "$build"
log "phpize + configure (CC=clang)"
phpize >/dev/null
# The sanitizer flags go to make, not configure: configure runs the programs it builds, and
# those would need the shared runtime on the library path.
# -O1: ASan's recommended level (fast enough, stack traces still faithful).
CC=clang CFLAGS="-O1" ./configure --enable-redislock >"$RL_WORK_DIR/asan-configure.log" 2>&1 \
  || { tail -30 "$RL_WORK_DIR/asan-configure.log"; exit 1; }
log "make (${sanitize[*]})"
# -XCClinker hands -shared-libasan to clang through libtool, which drops flags it does not know;
# the module then names the shared runtime (DT_NEEDED) and cannot load without it.
make -j"$(nproc)" EXTRA_CFLAGS="${sanitize[*]}" EXTRA_LDFLAGS="-XCClinker -shared-libasan" \
  >"$RL_WORK_DIR/asan-make.log" 2>&1 || { tail -40 "$RL_WORK_DIR/asan-make.log"; exit 1; }
grep -E 'warning:' "$RL_WORK_DIR/asan-make.log" >&2 || true
ext="$build/modules/redislock.so"
readelf -d "$ext" | grep -q 'NEEDED.*libclang_rt\.asan' \
  || { log "$ext was not linked with -shared-libasan"; exit 1; }

# A dlopen() without RTLD_DEEPBIND (see the file), preloaded ahead of the runtime.
clang -shared -fPIC -O2 -Wall -Wextra -Werror -o "$build/dlopen_no_deepbind.so" \
  "$REPO_ROOT/scripts/asan/dlopen_no_deepbind.c"

logs="$RL_WORK_DIR/sanitizer-logs"
mkdir -p "$logs/run-tests"
RL_SAN_PHP=$(command -v php)   # Debian's own php, not built with the sanitizers
export RL_SAN_PHP
export RL_SAN_PRELOAD="$build/dlopen_no_deepbind.so $runtime"
export RL_SAN_LOG_DIR="$logs"
# Reports are written to files (log_path; scripts/asan/php.sh moves it into each test's
# directory), never only to a test's stderr where run-tests.php could count them as output.
# verify_asan_link_order=0: the dlopen shim comes first in LD_PRELOAD; it defines no
# allocation function, so the runtime's malloc and free still win.
# detect_leaks=1: LeakSanitizer at every process exit; ZEND_DONT_UNLOAD_MODULES keeps the
# extension mapped at exit so its frames in a leak report have names. fast_unwind_on_malloc=0:
# Debian's php has no frame pointers, so the fast unwinder skips the frame of ours that
# called emalloc (a leak report would name only PHP, and lsan.supp's frame would not match);
# the slower one finds it. malloc_context_size=5: it unwinds every malloc (with
# USE_ZEND_ALLOC=0, every block PHP allocates) and its cost grows with the depth: the whole
# stack (30 frames) cost the suite 526 s of CPU, 5 frames 375 s. Five reach the caller of
# emalloc: a leak planted in RedisLock::isLocking() was reported as malloc, PHP's allocator,
# zim_RedisLock_isLocking (php_redislock_lock.c:498). A leak of hiredis's own blocks shows
# hiredis's frames; RL_ASAN_MALLOC_CONTEXT=30 gives the whole stack.
export ASAN_OPTIONS="detect_leaks=1:fast_unwind_on_malloc=0:malloc_context_size=${RL_ASAN_MALLOC_CONTEXT:-5}:halt_on_error=1:detect_stack_use_after_return=1:verify_asan_link_order=0:log_exe_name=1:external_symbolizer_path=$symbolizer:log_path=$logs/run-tests/report"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:report_error_type=1:log_exe_name=1:log_path=$logs/run-tests/report"
export LSAN_OPTIONS="suppressions=$REPO_ROOT/scripts/asan/lsan.supp:print_suppressions=0"
# USE_ZEND_ALLOC=0 with USE_TRACKED_ALLOC=1: every emalloc is its own malloc, so ASan checks
# each block's bounds and LeakSanitizer sees a block never freed by a request that ends
# normally; the tracked allocator still enforces memory_limit (tests and their children
# need it, see rl_child_env() in tests/config.inc) and frees what a fatal error abandons,
# as the Zend allocator would.
export USE_ZEND_ALLOC=0 USE_TRACKED_ALLOC=1 ZEND_DONT_UNLOAD_MODULES=1

out="$RL_WORK_DIR/suite.out"
set +e
RL_PHP="$REPO_ROOT/scripts/asan/php.sh" RL_EXT="$ext" RL_WORK_DIR="$RL_WORK_DIR/suite" \
  bash "$REPO_ROOT/scripts/test.sh" "$@" 2>&1 | tee "$out"
suite_rc=${PIPESTATUS[0]}
set -e

read -r passed failed skipped xfail < <(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped, \([0-9]*\) xfail$/\1 \2 \3 \4/p' "$out" | tail -1)
passed=${passed:-0}; failed=${failed:-0}; skipped=${skipped:-0}; xfail=${xfail:-0}
# run-tests.php's result lines ("PASS <title> [tests/foo.phpt]") without colours or progress.
results="$RL_WORK_DIR/results.txt"
tr '\r' '\n' <"$out" | sed 's/\x1b\[[0-9;]*m//g' | grep -E '^[A-Z&]+ .*\.phpt\]' >"$results" || true

# Each report, with the test it belongs to. A test with a report counts as failed: one
# run-tests.php counted as passed or skipped moves to the failed count.
reports=0
flagged=()
for dir in "$logs"/*/; do
  test=$(basename "$dir")
  files=("$dir"report*)
  [ -e "${files[0]}" ] || continue
  for f in "${files[@]}"; do
    reports=$((reports + 1))
    printf '\n==> sanitizer report of %s: %s\n' "$test" "$(basename "$f")"
    cat "$f"
  done
  flagged+=("$test")
  result=$(grep -E "[[/]$test\.phpt\]" "$results" | grep -v '^TEST ' | tail -1 | cut -d' ' -f1 || true)
  case $result in
    PASS) passed=$((passed - 1)); failed=$((failed + 1)) ;;
    SKIP) skipped=$((skipped - 1)); failed=$((failed + 1)) ;;
    XFAIL) xfail=$((xfail - 1)); failed=$((failed + 1)) ;;
    FAIL | LEAK | 'LEAK&FAIL' | WARN | BORK) ;;   # already counted as failed
    *) failed=$((failed + 1)) ;;   # run-tests.php itself (directory run-tests)
  esac
done
if [ "$reports" -gt 0 ]; then
  echo
  echo "Sanitizer reports: $reports, from: ${flagged[*]}"
  grep -h '^SUMMARY:' "$logs"/*/report* | sort | uniq -c || true
else
  echo "Sanitizer reports: none"
fi
echo "$passed passed, $failed failed, $skipped skipped, $xfail xfail"
[ "$suite_rc" -eq 0 ] && [ "$reports" -eq 0 ]
