#!/bin/sh
# The php of scripts/test-asan.sh (its RL_PHP): Debian's php with the sanitizer
# runtime preloaded. The preload is set here, not in test-asan.sh, so that only
# the PHP process tree of the suite runs under the runtime (bash, mktemp, sed and
# the suite's own redis-server have leaks of their own that are not ours to see).
# Everything a PHP process starts inherits the environment, so PHP children and
# php-fpm (tests/fpm_*.phpt) are covered too.
#
# Reports go to one directory per test: when run-tests.php runs a test file
# (tests/foo.php, or foo.skip.php / foo.clean.php for its SKIPIF / CLEAN sections),
# log_path becomes $RL_SAN_LOG_DIR/foo/, which every process that test starts
# inherits; anything else keeps the log_path it was given (run-tests.php itself:
# $RL_SAN_LOG_DIR/run-tests/). test-asan.sh then knows which test each report
# belongs to.
#
# Set by test-asan.sh: RL_SAN_PHP (the real php), RL_SAN_PRELOAD, RL_SAN_LOG_DIR,
# ASAN_OPTIONS, UBSAN_OPTIONS, LSAN_OPTIONS.
set -e

for arg in "$@"; do
  case $arg in
    *.php)
      base=${arg%.php}
      base=${base%.skip}
      base=${base%.clean}
      if [ -f "$base.phpt" ]; then
        dir="$RL_SAN_LOG_DIR/${base##*/}"
        mkdir -p "$dir"
        # The last log_path in the option string wins; ASan and UBSan each read
        # their own variable, so both must name the same place.
        ASAN_OPTIONS="$ASAN_OPTIONS:log_path=$dir/report"
        UBSAN_OPTIONS="$UBSAN_OPTIONS:log_path=$dir/report"
        export ASAN_OPTIONS UBSAN_OPTIONS
      fi
      ;;
  esac
done

LD_PRELOAD=$RL_SAN_PRELOAD
export LD_PRELOAD
exec "$RL_SAN_PHP" "$@"
