#!/usr/bin/env bash
# Installs what is missing, builds the extension, starts a private redis-server
# on a free loopback port, runs the whole phpt suite against it and stops it.
# The servers some tests need besides it (five more masters, a Sentinel group, a
# Redis Cluster) run only while those tests run: the suite runs in phases.
#   scripts/test.sh [--valgrind] [run-tests.php args, e.g. tests/lock_basic.phpt]
# Last line: "N passed, N failed, N skipped, N xfail" (xfail: the tests with an --XFAIL--
# section that failed as expected, run-tests.php's "Expected fail", and under valgrind its
# "Expected leak"). Exit status 0 only if none failed.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
trap cleanup EXIT
called_from=$PWD

valgrind=()
if [ "${1:-}" = --valgrind ]; then
  valgrind=(-m); shift; export USE_ZEND_ALLOC=0
  RL_PACKAGES+=(valgrind)
  # no gdbserver: it would leave a vgdb-pipe-* FIFO in /tmp for every process
  # and definite leaks are errors: run-tests.php only asks for memcheck, whose
  # default leak check reports a summary and fails nothing
  # and the Redis processes a test starts itself (a private server, cluster or
  # Sentinel) are not ours to check: valgrind reports Redis's own uninitialised
  # reads in MIGRATE and the cluster bus, and slows failovers down tenfold
  # and so are the tests' helper children (fake servers, proxies: pure PHP started without the
  # extension, marked by the argument redislock_test_helper=1, tests/config.inc's RL_HELPER_ARG)
  # and a test's third and later workers (redislock_test_untraced=1, RL_UNTRACED_ARG: more of
  # the same clients, whose calls the traced ones make too; tests/config.inc's RlWorker)
  # and no guest chasing (--vex-guest-chase=no): a traced process's CPU goes mostly into
  # translating PHP's start-up code (about 20,000 blocks each), and superblocks that follow
  # branches into their targets cost more to translate than they save in a short run; the
  # instrumentation, and so what memcheck finds, is the same. Ten tests of the suite took 49 and
  # 54 s of CPU with it, 63 and 58 s without (same machine, alternating runs).
  export VALGRIND_OPTS="--vgdb=no --vex-guest-chase=no --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite --suppressions=$REPO_ROOT/scripts/valgrind/php-fpm.supp --trace-children-skip=*/redis-server,*/redis-sentinel,*/redis-cli,*/redis-check-rdb --trace-children-skip-by-arg=redislock_test_helper=1,redislock_test_untraced=1 ${VALGRIND_OPTS:-}"
fi

ensure_packages
use_server_binaries
# RL_PHP and RL_EXT test another build (e.g. a debug/ZTS PHP and the extension built for it).
if [ -n "${RL_EXT:-}" ]; then log "testing the prebuilt $RL_EXT"; else build_extension; fi
start_redis port
export REDISLOCK_TEST_SERVER="tcp://127.0.0.1:$port"
export REDISLOCK_TEST_SOCKET="$RL_WORK_DIR/redis-$port/redis.sock"
# The deployments users grow into, each a family of servers some tests need besides the one
# above: five more independent masters (the multi-master tests: REDISLOCK_TEST_MASTERS; they
# use the first 3 or all 5, and those that stop or pause a master run their own), a Sentinel
# group (a master, a replica, three Sentinels: REDISLOCK_TEST_SENTINEL) and a Redis Cluster
# (REDISLOCK_TEST_CLUSTER); tests that fail a node over or move a slot start private ones.
# A family runs only while the tests that need it run (see the phases below): idle, the
# Sentinel group costs 4.4 % of a core and the cluster 2.8 % (their timers, pings and gossip),
# which six suites side by side in CI paid for their whole length.
source "$REPO_ROOT/scripts/lib_sentinel.sh"
source "$REPO_ROOT/scripts/lib_cluster.sh"
start_family() {
  case $1 in
    masters)
      local masters=() mport
      for _ in 1 2 3 4 5; do
        start_redis mport || return 1
        masters+=("tcp://127.0.0.1:$mport")
      done
      REDISLOCK_TEST_MASTERS=$(IFS=,; echo "${masters[*]}")
      export REDISLOCK_TEST_MASTERS ;;
    sentinel) start_sentinel_group ;;
    cluster) start_cluster ;;
  esac
}
# stop_families: stops every server started after the first N of RL_REDIS_PIDS and forgets
# the families' variables (a test of a later phase that names one is then skipped, not pointed
# at a stopped server).
stop_families() {
  stop_redis_all "$1"
  unset REDISLOCK_TEST_MASTERS REDISLOCK_TEST_SENTINEL REDISLOCK_TEST_SENTINEL_MASTER \
    REDISLOCK_TEST_CLUSTER REDISLOCK_TEST_CLUSTER_NODES
}
# families_of TEST: the families a test needs, from what it includes or names ("none").
families_of() {
  local fams=()
  grep -q -E 'skipif_masters\.inc|redlock_helpers\.inc|REDISLOCK_TEST_MASTERS|rl_test_masters|RL_TEST_MASTERS' "$1" && fams+=(masters)
  grep -q -E 'skipif_sentinel\.inc|sentinel_helpers\.inc|REDISLOCK_TEST_SENTINEL' "$1" && fams+=(sentinel)
  grep -q -E 'skipif_cluster\.inc|cluster_helpers\.inc|REDISLOCK_TEST_CLUSTER' "$1" && fams+=(cluster)
  echo "${fams[*]:-none}"
}
export REDISLOCK_TEST_EXT="$RL_EXT"
export REDISLOCK_TEST_PHP=${RL_PHP:-$(command -v php)}

# run-tests.php writes each test's .php, .out, .diff... beside it: run a copy of
# tests/ in the work dir, so that suites running side by side (CI does) never
# share those files and the repository stays clean. ext/ and scripts/ are
# linked for the tests that read them (README.md too), bridge/ for tests/bridge_*.phpt, demo/ for tests/web_*.phpt (they run the
# web demo's nginx + php-fpm harness and shop). (RL_KEEP_WORK_DIR=1 keeps the copy.)
tree="$RL_WORK_DIR/tree"
mkdir -p "$tree"
cp -r "$REPO_ROOT/tests" "$tree/tests"
ln -sfn "$REPO_ROOT/ext" "$tree/ext"
ln -sfn "$REPO_ROOT/scripts" "$tree/scripts"
ln -sfn "$REPO_ROOT/demo" "$tree/demo"
ln -sfn "$REPO_ROOT/bridge" "$tree/bridge" # tests/bridge_*.phpt load it
ln -sfn "$REPO_ROOT/README.md" "$tree/README.md" # tests/error_codes.phpt checks its table of codes
targets=()
for arg in "$@"; do
  path=$arg
  [[ $path == /* ]] || path="$called_from/$path"
  if [ -e "$path" ] && path=$(realpath "$path") && [[ $path == "$REPO_ROOT/tests" || $path == "$REPO_ROOT/tests/"* ]]; then
    targets+=("${path#"$REPO_ROOT/"}")
  else
    targets+=("$arg")
  fi
done
[ ${#targets[@]} -gt 0 ] || targets=(tests)
out="$RL_WORK_DIR/run-tests.out"
# run-tests.php writes run-test-info.php next to itself: run a private copy, so
# a user (with sudo for the packages) needs no write access to PHP's build dir.
runner="$RL_WORK_DIR/run-tests.php"
cp "$(ls -d /usr/lib/php/*/build | sort -V | tail -1)/run-tests.php" "$runner"
# and without its second attempt: run-tests.php runs a failed test again when it calls sleep(),
# microtime() or hrtime() (most of ours) and then shows only that attempt ("passed on retry",
# counted as failed here anyway), so the diff of the failure itself was lost. A test that fails
# once fails the suite, with its diff.
sed -i 's/error_may_be_retried(\$test, \$output)/false \&\& &/' "$runner"
grep -q 'false && error_may_be_retried' "$runner" || log "run-tests.php's retry was not turned off (its code changed)"
# and, in the valgrind pass, without --vex-iropt-register-updates=allregs-at-mem-access, which
# run-tests.php adds for phpdbg's watchpoint tests (exact registers at every memory access):
# memcheck finds the same errors without it, and every traced process runs faster.
sed -i 's/ --vex-iropt-register-updates=allregs-at-mem-access//' "$runner"
# --show-slow lists the tests that took over RL_SHOW_SLOW_MS (20 s) at the end, to see where a
# stage's time goes. --set-timeout: a test is stopped after 300 s without output (as under
# valgrind) rather than run-tests.php's 60 s, which a load test under ASan on a loaded machine
# can need whole (tests/web_sale.phpt: over 60 s at a load average of 13); a hang is still ended.
cd "$tree"
# The phases: the tests grouped by the families they need, each group run by its own
# run-tests.php with those families started before it and stopped after it. Arguments that are
# not tests or directories of tests (options of run-tests.php) make one phase with every family.
declare -A phase=()
all_tests=1
for t in "${targets[@]}"; do
  if [ -d "$t" ]; then
    while IFS= read -r f; do phase[$(families_of "$f")]+="$f "; done < <(find "$t" -name '*.phpt' | sort)
  elif [[ $t == *.phpt ]] && [ -f "$t" ]; then
    phase[$(families_of "$t")]+="$t "
  else
    all_tests=
  fi
done
if [ -z "$all_tests" ]; then
  phase=(["masters sentinel cluster"]="${targets[*]}")
fi
: >"$out"
set +e
while IFS= read -r fams; do
  read -ra tests <<<"${phase[$fams]}"
  servers=${#RL_REDIS_PIDS[@]}
  log "phase: ${#tests[@]} tests, the main server and: $fams"
  for fam in $fams; do [ "$fam" = none ] || start_family "$fam" || { log "cannot start the $fam servers"; exit 1; }; done
  NO_INTERACTION=1 TEST_PHP_EXECUTABLE="$REDISLOCK_TEST_PHP" \
    "$REDISLOCK_TEST_PHP" -n "$runner" -q --show-diff --show-slow "${RL_SHOW_SLOW_MS:-20000}" --set-timeout 300 "${valgrind[@]}" \
    -p "$REDISLOCK_TEST_PHP" -n -d "extension=$RL_EXT" "${tests[@]}" 2>&1 | tee -a "$out"
  stop_families "$servers"
done < <(printf '%s\n' "${!phase[@]}" | sort)
set -e
# the diff of every failed test again, just above the last line: a stage that shows only the end of
# this output (CI, the Debian roots, whose work tree is gone afterwards) still shows why
for diff in $(awk '/^(FAILED|LEAKED|WARNED) TEST SUMMARY/ { on = 1; next } /^=====/ { on = 0 }
                  on && match($0, /\[tests\/[^]]*\.phpt\]/) { print substr($0, RSTART + 1, RLENGTH - 7) ".diff" }' "$out" | sort -u); do
  [ -f "$diff" ] || continue
  echo "== $diff"; head -40 "$diff"; echo
done
count() { sed -n "s/^Tests $1 *: *\([0-9]*\).*/\1/p" "$out" | awk '{ n += $1 } END { print n + 0 }'; }
passed=$(count passed); failed=$(count failed); skipped=$(count skipped)
leaked=$(count leaked); warned=$(count warned); borked=$(grep -c '^BORK' "$out" || true)
failed=$(( ${failed:-0} + ${leaked:-0} + ${warned:-0} + ${borked:-0} ))
xfail=$(sed -n 's/^Expected \(fail\|leak\) *: *\([0-9]*\).*/\2/p' "$out" | awk '{ n += $1 } END { print n + 0 }')
# a test skipped for want of a family of servers: families_of (above) did not see that it needs
# one, so it ran in a phase without it; every family runs in some phase, so that skip is a bug here
misplaced=$(grep -oE '\[tests/[^]]*\.phpt\] reason: REDISLOCK_TEST_(MASTERS|SENTINEL|CLUSTER) is not set' "$out" \
  | sed -E 's/^\[([^]]*)\] reason: (REDISLOCK_TEST_[A-Z]*).*/\1 (\2)/' || true)
if [ -n "$misplaced" ]; then
  log "skipped for want of servers the suite does start: teach families_of what these need:"
  printf '%s\n' "$misplaced" | sed 's/^/  /'
  failed=$(( failed + $(printf '%s\n' "$misplaced" | wc -l) ))
fi
echo "${passed:-0} passed, $failed failed, ${skipped:-0} skipped, $xfail xfail"
[ "$failed" -eq 0 ] && [ "${passed:-0}" -gt 0 ]
