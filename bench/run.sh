#!/usr/bin/env bash
# The benchmark suite, in one command:  bash bench/run.sh [--quick]
#
# On a fresh Debian 12 clone it installs what is missing (scripts/lib.sh), builds
# modules/redislock.so (unless RL_EXT names a redislock.so already built: then
# that one is used), bench/floor.c and bench/delay_proxy.c, starts a private
# redis-server on a free loopback port (and 3 more for section 6), and prints:
#   1.  uncontended lock+unlock: cycles/s and client CPU per cycle of the extension,
#       the careful userland lock on phpredis, symfony/lock, raw RESP in PHP, the C
#       floor (bench/floor.c) and redis-benchmark                 (bench/cycles.php)
#   2.  contended lock: 16 processes on one hot key, the extension with and without
#       the local hand-over                                        (bench/contended.php)
#   2c. two hosts: the same, half the processes in another IPC and mount namespace
#       (another /dev/shm: a second web server); needs root        (bench/hosts.php)
#   3a. uncontended semaphore acquire+release                     (bench/semaphore.php)
#   3b. contended semaphore: 16 processes, limit 4                 (bench/contended.php)
#   4.  memory: RSS after 1,000 vs 1,000,000 lock+unlock cycles    (bench/memory.php)
#   5.  waiting cost: what 100 processes waiting for a held lock cost the Redis
#       server, the extension vs phpredis pollers (SET NX every 100 ms), and
#       the idle server                                            (bench/waiting.php)
#   6.  multi-master (Redlock) mode over 3 more redis-servers: the extension's
#       new RedisLock([3 masters]) vs a userland Redlock on phpredis, lock+unlock
#       cycles/s on bare loopback and behind one delay proxy per master (~2 ms
#       per round trip, bench/delay_proxy.c); 16 waiters' Redis commands/s; the
#       handover latency                                          (bench/redlock.php)
#   7.  Sentinel and Cluster, over their own servers (one redis-server, a 3-master
#       Redis Cluster with no replicas, a Sentinel group: master, replica and 3
#       redis-sentinels): uncontended lock+unlock cycles/s of RedisLock on one
#       server, cluster://, sentinel:// and sentinel:// with min_replicas => 1,
#       RedisSemaphore acquire+release on one server and cluster://, each with
#       persistent false and true; the C floor on each kind of node; the ratios
#       to one server                                             (bench/cluster.php)
# then a summary of every target (and of the figures reported without one).
# The output also goes to bench/results/local/latest.txt (ignored by git, so a
# run leaves the clone clean; the end of the output says where it went).
# RL_UPDATE_RESULTS=1 writes bench/results/latest.txt and its plots instead: the
# tracked copies whose figures README quotes (only for a run meant to replace them).
#
# Plots (bench/plots.sh, with gnuplot) go beside that file as SVG: wait_cdf.svg,
# fairness.svg and handover_cdf.svg (section 2), hosts.svg (section 2c),
# uncontended.svg (section 1), waiting_cost.svg (section 5), each captioned
# with the machine, the date and the commit. Their data (plain text; to redraw:
# bash bench/plots.sh bench/results/local/data) goes to data/ beside it,
# replaced at every run. A plot whose section was not run is not redrawn, and
# the output says so (an older SVG there is left as it is).
#
# Options:
#   --quick              a smoke run of about 2 minutes (small counts, 3 s windows;
#                        5 s windows in sections 5 and 6; section 7 about 10 s)
#   --cycles N           uncontended cycles per round (default 10000; semaphore too)
#   --rounds N           uncontended rounds, interleaved, median reported (default 7)
#   --duration S         contended window in seconds (default 10)
#   --procs N            contended processes (default 16)
#   --limit N            semaphore limit (default 4)
#   --memory-cycles N    cycles of the memory run (default 1000000; the first sample is at 1000)
#   --waiting-procs N    waiting processes of section 5 (default 100)
#   --waiting-window S   the measuring window of sections 5 and 6c in seconds (default 10;
#                        5 with --quick)
#   --proxy-delay US     section 6b's delay each way through each proxy (default 1000 us)
#   --cluster-cycles N   section 7's cycles per round and client (default 1500 x 7 rounds, about
#                        35 s with its servers' start; 500 x 3 rounds with --quick)
#   --only LIST          some of: lock (1), contended (2), semaphore (3a, 3b), memory (4),
#                        waiting (5), redlock (6), cluster (7), comma-separated (default: all)
#   --placement P        both (default), split, same or none: see below
#   --output FILE        where the output is copied (default bench/results/local/latest.txt,
#                        bench/results/latest.txt with RL_UPDATE_RESULTS=1); the
#                        plots and their data/ go to the same directory
#
# CPU placement of the single-process uncontended clients (sections 1 and 3a),
# when there are 2+ CPUs and taskset exists:
#   split  redis-server on CPU 0, the client on CPU 1: every client pays the same
#          cross-CPU round trip, as it would pay a network round trip to a Redis
#          elsewhere; the figures are then mostly latency-bound, which squeezes
#          the ratios towards 1;
#   same   redis-server and the client both on CPU 0: no cross-CPU wake-ups, so a
#          round trip is cheap (~3x cheaper on this project's 2-core VM) and the
#          client's own costs weigh more in every figure;
#   both   section 1 twice, split then same; section 3a split (the default);
#   none   no pinning. Not recommended: the scheduler sometimes puts the client
#          on redis-server's CPU and sometimes not, and the figures then say
#          more about placement than about the client.
# When pinning, the memory run shares CPU 0 with redis-server (it measures
# memory, not speed, and is faster there); the contended and waiting processes
# are never pinned. Section 6 puts its 3 masters on CPU 0, its lock+unlock client
# and the delay proxies on CPU 1 (split); its waiters are not pinned. Section 7
# puts all its servers (Sentinels too) on CPU 0 and its client where section 3a's
# goes.
#
# Other work on the machine (a build, a test suite) skews every figure: the
# header prints the load average and warns when it is not near zero.
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }

quick=0 cycles='' rounds='' duration='' procs=16 limit=4 memory_cycles='' only='lock,contended,semaphore,memory,waiting,redlock,cluster'
waiting_procs=100 waiting_window='' proxy_delay=1000 cluster_cycles=''
placement=both output=''
args=("$@")
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1; shift ;;
    --cycles) cycles=${2:?}; shift 2 ;;
    --rounds) rounds=${2:?}; shift 2 ;;
    --duration) duration=${2:?}; shift 2 ;;
    --procs) procs=${2:?}; shift 2 ;;
    --limit) limit=${2:?}; shift 2 ;;
    --memory-cycles) memory_cycles=${2:?}; shift 2 ;;
    --waiting-procs) waiting_procs=${2:?}; shift 2 ;;
    --waiting-window) waiting_window=${2:?}; shift 2 ;;
    --proxy-delay) proxy_delay=${2:?}; shift 2 ;;
    --cluster-cycles) cluster_cycles=${2:?}; shift 2 ;;
    --only) only=${2:?}; shift 2 ;;
    --placement) placement=${2:?}; shift 2 ;;
    --output) output=${2:?}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "bench/run.sh: unknown option $1 (--help)" >&2; exit 2 ;;
  esac
done
if [ "$quick" = 1 ]; then
  : "${cycles:=2000}" "${rounds:=3}" "${duration:=3}" "${memory_cycles:=20000}" "${waiting_window:=5}"
  rb_rounds=1
else
  : "${cycles:=10000}" "${rounds:=7}" "${duration:=10}" "${memory_cycles:=1000000}" "${waiting_window:=10}"
  rb_rounds=3
fi
case $placement in both|split|same|none) ;; *) echo "bench/run.sh: --placement must be both, split, same or none" >&2; exit 2 ;; esac
want() { case ",$only," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }

bench_dir=$(cd "$(dirname "$0")" && pwd)
# bench/results/ holds the tracked copies README quotes: replaced only when asked (see the top)
if [ "${RL_UPDATE_RESULTS:-0}" = 1 ]; then : "${output:=$bench_dir/results/latest.txt}"; fi
: "${output:=$bench_dir/results/local/latest.txt}"
# the plots go beside the output (so a run writes no tracked file unless
# RL_UPDATE_RESULTS=1 or --output points there), their data in data/ under it
plot_dir=$(dirname "$output")
data_dir=$plot_dir/data

# Run the rest a second time with stdout through tee, so that the file gets
# exactly what the terminal shows (progress lines "==> ..." go to stderr only).
if [ -z "${BENCH_RUN_TEED:-}" ]; then
  mkdir -p "$(dirname "$output")"
  BENCH_RUN_TEED=1 bash "$0" "${args[@]}" | tee "$output"
  rc=${PIPESTATUS[0]}
  [ "$rc" = 0 ] && echo "==> output written to $output" >&2
  exit "$rc"
fi

# shellcheck source=scripts/lib.sh
source "$bench_dir/../scripts/lib.sh"
# start_cluster_node (section 7), start_sentinel_group (section 7)
# shellcheck source=scripts/lib_cluster.sh
source "$bench_dir/../scripts/lib_cluster.sh"
# shellcheck source=scripts/lib_sentinel.sh
source "$bench_dir/../scripts/lib_sentinel.sh"
trap cleanup EXIT

# the suite's packages (the bench starts Sentinel groups, a cluster, php-fpm behind nginx), the
# peers' (phpredis, symfony/lock) and gnuplot for the plots
RL_PACKAGES+=(php-redis php-symfony-lock gnuplot-nox)
ensure_packages
if [ -n "${RL_EXT:-}" ]; then
  [ -f "$RL_EXT" ] || { log "RL_EXT=$RL_EXT: no such file"; exit 1; }
  log "using RL_EXT=$RL_EXT (not building the extension)"
else
  build_extension
fi
cd "$REPO_ROOT"

log "cc bench/floor.c"
floor="$RL_WORK_DIR/floor"
# shellcheck disable=SC2046
cc -O2 -Wall -o "$floor" bench/floor.c $(pkg-config --cflags --libs hiredis 2>/dev/null || echo -lhiredis)
if want redlock; then
  log "cc bench/delay_proxy.c"
  delay_proxy="$RL_WORK_DIR/delay_proxy"
  cc -O2 -Wall -o "$delay_proxy" bench/delay_proxy.c
fi

port=''
start_redis port
server="tcp://127.0.0.1:$port"
redis_pid=${RL_REDIS_PIDS[${#RL_REDIS_PIDS[@]}-1]}

# Pinning: see the top of this file. lock_places: the placements of section 1;
# sem_place: that of section 3a; pin PLACE prints the taskset prefix of a client.
if [ "$placement" != none ] && { [ "$(nproc)" -lt 2 ] || ! command -v taskset >/dev/null; }; then
  log "cannot pin (needs 2 CPUs and taskset): --placement none"
  placement=none
fi
case $placement in
  both) lock_places=(split same) sem_place=split ;;
  *) lock_places=("$placement") sem_place=$placement ;;
esac
pin() {
  case $1 in
    split) echo taskset -c 1 ;;
    same|redis) echo taskset -c 0 ;;
  esac
}
describe_place() {
  case $1 in
    split) echo "split (redis-server on CPU 0, client on CPU 1)" ;;
    same) echo "same (redis-server and client on CPU 0)" ;;
    none) echo "none (not pinned)" ;;
  esac
}
if [ "$placement" = none ]; then
  placement_text="nothing pinned"
else
  taskset -apc 0 "$redis_pid" >/dev/null
  placement_text="redis-server on CPU 0; section 1: $(for p in "${lock_places[@]}"; do printf '%s, ' "$p"; done | sed 's/, $//')"
  placement_text+="; section 3a: $sem_place; memory run on CPU 0; contended and waiting processes not pinned"
  placement_text+="; section 6: masters on CPU 0, client and delay proxies on CPU 1, waiters not pinned"
  placement_text+="; section 7: its servers on CPU 0, client: $sem_place"
fi

# bench_start_cluster VAR: section 7's Redis Cluster: 3 masters, no replicas
# (lib_cluster.sh's start_cluster_node: free data and bus ports), made a cluster
# with redis-cli --cluster create; waits until every node says cluster_state:ok,
# all 16384 slots assigned and 3 nodes known; VAR gets
# cluster://127.0.0.1:P1,127.0.0.1:P2,127.0.0.1:P3. Stopped by cleanup (RL_REDIS_PIDS).
bench_start_cluster() {
  local _var=$1 _p ports=() addrs=() out info ok
  for _ in 1 2 3; do
    start_cluster_node _p || return 1
    ports+=("$_p")
    addrs+=("127.0.0.1:$_p")
  done
  if ! out=$(redis-cli --cluster create "${addrs[@]}" --cluster-yes 2>&1); then
    log "redis-cli --cluster create failed:"; echo "$out" >&2
    cluster_dump "${ports[@]}"; return 1
  fi
  for _ in $(seq 1 300); do
    ok=1
    for _p in "${ports[@]}"; do
      info=$(redis-cli -p "$_p" CLUSTER INFO 2>/dev/null | tr -d '\r') || { ok=; break; }
      if ! grep -qx 'cluster_state:ok' <<<"$info" || ! grep -qx 'cluster_slots_assigned:16384' <<<"$info" \
        || ! grep -qx 'cluster_known_nodes:3' <<<"$info"; then
        ok=; break
      fi
    done
    [ -n "$ok" ] && break
    sleep 0.05
  done
  if [ -z "$ok" ]; then
    log "the cluster on ports ${ports[*]} did not reach cluster_state:ok within 15 s"
    echo "$out" >&2; cluster_dump "${ports[@]}"; return 1
  fi
  printf -v "$_var" 'cluster://%s' "$(IFS=,; echo "${addrs[*]}")"
}

# phpredis is a shared module; with -n it must be loaded explicitly, after the
# serializers/compressors it was linked against (Debian: igbinary, maybe msgpack).
extdir=$(php -n -r 'echo ini_get("extension_dir");')
phpredis=()
for _ in 1 2 3 4; do
  out=$(php -n "${phpredis[@]}" -d extension=redis.so -r 'echo class_exists("Redis") ? "ok" : "missing";' 2>&1 || true)
  [ "$out" = ok ] && break
  dep=$(sed -n 's/.*undefined symbol: \([a-z]*\)_.*/\1/p' <<<"$out" | head -1)
  if [ -n "$dep" ] && [ -f "$extdir/$dep.so" ]; then
    phpredis+=(-d "extension=$dep.so")
  else
    break
  fi
done
[ "$out" = ok ] || { log "cannot load phpredis (redis.so): $out"; exit 1; }

# Every PHP of the suite, and the processes contended.php starts, get exactly
# these flags: no php.ini, the extension just built, phpredis; errors on stderr
# so that stdout carries only results (and the children's "ready" lines).
php_flags=(-n -d display_errors=stderr -d error_reporting=-1 -d "extension=$RL_EXT" "${phpredis[@]}" -d extension=redis.so)
BENCH_PHP_ARGS=$(printf '%s\n' "${php_flags[@]}")
BENCH_SUMMARY="$RL_WORK_DIR/summary.jsonl"
export BENCH_PHP_ARGS BENCH_SUMMARY
: >"$BENCH_SUMMARY"
bphp() { php "${php_flags[@]}" "$@"; }

# ---- header: machine and versions
cpu_model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
ext_info=$(bphp --ri redislock)
ext_version=$(sed -n 's/^Version => //p' <<<"$ext_info")
ext_hiredis=$(sed -n 's/^hiredis version (built with) => //p' <<<"$ext_info")
php_version=$(bphp -r 'echo PHP_VERSION, PHP_ZTS ? " ZTS" : " NTS", PHP_DEBUG ? " debug" : "";')
phpredis_version=$(bphp -r 'echo phpversion("redis");')
symfony_version=$(dpkg-query -W -f='${Version}' php-symfony-lock 2>/dev/null || echo '?')
redis_version=$(redis-cli -p "$port" info server | sed -n 's/^redis_version:\([^\r]*\).*/\1/p')
floor_hiredis=$(pkg-config --modversion hiredis 2>/dev/null || echo '?')
commit=$(git -C "$REPO_ROOT" describe --always --dirty 2>/dev/null || echo 'not a git checkout')
run_date=$(date -u '+%Y-%m-%d %H:%M UTC')
echo "redislock benchmark suite, $run_date, commit $commit$([ "$quick" = 1 ] && echo ', --quick')"
echo "machine: $(nproc) CPUs ($cpu_model), Linux $(uname -r) $(uname -m)"
echo "PHP $php_version; redislock $ext_version (hiredis $ext_hiredis); phpredis $phpredis_version;" \
     "symfony/lock $symfony_version; Redis $redis_version on $server; floor.c on hiredis $floor_hiredis"
echo "placement: $placement_text"
load() { cut -d' ' -f1 /proc/loadavg; }
load_warning() {
  # above 0.3 per CPU, something else is running: a build, a test suite
  if awk -v l="$(load)" -v n="$(nproc)" 'BEGIN { exit !(l > 0.3 * n) }'; then
    echo "WARNING: load average $(load) $1: other processes are using the CPUs, the figures are skewed"
  fi
}
echo "load average at the start: $(load)"
load_warning "at the start"

# The plot data of this run only: an earlier run's files are removed first (by
# name: data/ may be in a directory given with --output), so that a section
# left out with --only leaves nothing behind to be plotted as this run's.
# run.txt: what every plot's caption says, as in the header above.
mkdir -p "$data_dir"
rm -f "$data_dir"/run.txt "$data_dir"/contended-*.waits "$data_dir"/contended-*.procs "$data_dir"/contended-*.gaps \
      "$data_dir"/hosts.tsv "$data_dir"/uncontended-*.tsv "$data_dir"/waiting.tsv
{
  echo "date=$run_date"
  echo "commit=$commit"
  echo "machine=$(nproc) CPUs ($cpu_model)"
  echo "load=$(load)"
  echo "quick=$quick"
} >"$data_dir/run.txt"
# between sections: a rule, and the load average, so a disturbed section shows
rule() { echo; printf '%.0s=' {1..100}; printf '\n(load average %s)\n\n' "$(load)"; }

if want lock; then
  for place in "${lock_places[@]}"; do
    rule
    log "1. uncontended lock+unlock, placement $place"
    # shellcheck disable=SC2046
    $(pin "$place") php "${php_flags[@]}" bench/cycles.php --server "$server" --cycles "$cycles" --rounds "$rounds" \
      --floor "$floor" --rb-rounds "$rb_rounds" --placement "$(describe_place "$place")" \
      --data-dir "$data_dir"
  done
fi
if want contended; then
  rule
  log "2. contended lock: $procs processes x $duration s x 4 implementations"
  bphp bench/contended.php --server "$server" --mode lock --procs "$procs" --duration "$duration" \
    --data-dir "$data_dir"
  rule
  log "2c. two hosts: $procs processes in two namespaces x $duration s x 3 implementations"
  bphp bench/hosts.php --server "$server" --procs "$procs" --duration "$duration" \
    --data-dir "$data_dir"
fi
if want semaphore; then
  rule
  log "3a. uncontended semaphore"
  # shellcheck disable=SC2046
  $(pin "$sem_place") php "${php_flags[@]}" bench/semaphore.php --server "$server" --cycles "$cycles" \
    --rounds "$rounds" --limit "$limit" --placement "$(describe_place "$sem_place")"
  rule
  log "3b. contended semaphore: $procs processes x $duration s x 2 implementations"
  bphp bench/contended.php --server "$server" --mode semaphore --procs "$procs" --duration "$duration" --limit "$limit"
fi
if want memory; then
  rule
  log "4. memory: $memory_cycles lock+unlock cycles"
  # shellcheck disable=SC2046
  $([ "$placement" = none ] || pin redis) php "${php_flags[@]}" bench/memory.php --server "$server" --cycles "$memory_cycles"
fi
if want waiting; then
  rule
  log "5. waiting cost: idle, then $waiting_procs processes x $waiting_window s x 2 implementations"
  bphp bench/waiting.php --server "$server" --procs "$waiting_procs" --window "$waiting_window" \
    --data-dir "$data_dir"
fi
if want redlock; then
  rule
  log "6. multi-master (Redlock) mode: starting 3 masters"
  masters=()
  for _ in 1 2 3; do
    mport=''
    start_redis mport
    masters+=("tcp://127.0.0.1:$mport")
  done
  masters_csv=$(IFS=,; echo "${masters[*]}")
  # the "split" placement of section 1 for 6a/6b: the masters on CPU 0, the client
  # on CPU 1, and the delay proxies there too (the client sleeps while they work;
  # on CPU 0 they would queue behind the masters). 6c and 6d: the masters stay on
  # CPU 0, the rest is not pinned.
  pin6=()
  if [ "$placement" != none ]; then
    for pid in "${RL_REDIS_PIDS[@]: -3}"; do taskset -apc 0 "$pid" >/dev/null; done
    pin6=(--pin-client 1 --pin-proxies 1)
    echo "masters: $masters_csv, on CPU 0"
  else
    echo "masters: $masters_csv, not pinned"
  fi
  # shellcheck disable=SC2046
  bphp bench/redlock.php --masters "$masters_csv" --proxy "$delay_proxy" --floor "$floor" --delay-us "$proxy_delay" \
    --window "$waiting_window" "${pin6[@]}" $([ "$quick" = 1 ] && echo --quick)
fi

if want cluster; then
  rule
  log "7. Sentinel and Cluster: starting one redis-server, a 3-master cluster and a Sentinel group"
  t7=$SECONDS
  n_before=${#RL_REDIS_PIDS[@]}
  cl_single=''
  start_redis cl_single
  cl_cluster=''
  bench_start_cluster cl_cluster
  start_sentinel_group   # exports REDISLOCK_TEST_SENTINEL: sentinel://127.0.0.1:S1,...,/rlmaster
  if [ "$placement" != none ]; then
    for pid in "${RL_REDIS_PIDS[@]:$n_before}"; do taskset -apc 0 "$pid" >/dev/null; done
  fi
  log "7. servers up in $((SECONDS - t7)) s; measuring"
  # shellcheck disable=SC2046
  $([ "$placement" = none ] || pin "$sem_place") php "${php_flags[@]}" bench/cluster.php \
    --single "tcp://127.0.0.1:$cl_single" --cluster "$cl_cluster" --sentinel "$REDISLOCK_TEST_SENTINEL" \
    --floor "$floor" --placement "$(describe_place "$sem_place")" \
    $([ -n "$cluster_cycles" ] && echo --cycles "$cluster_cycles") $([ "$quick" = 1 ] && echo --quick)
  # stopped now rather than at the end: nothing after this section needs them
  for pid in "${RL_REDIS_PIDS[@]:$n_before}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${RL_REDIS_PIDS[@]:$n_before}"; do wait "$pid" 2>/dev/null || true; done
  RL_REDIS_PIDS=("${RL_REDIS_PIDS[@]:0:$n_before}")
  echo "   Section 7 with starting and stopping its 9 servers (one redis-server, 3 cluster masters, a Sentinel"
  echo "   master, its replica, 3 Sentinels): $((SECONDS - t7)) s. All stopped."
fi

rule
php -n bench/lib.php "$BENCH_SUMMARY"

# The plots come last, from data/. They never fail the benchmark: without
# gnuplot, or when a plot fails, the output says so and the run still succeeds.
echo
log "plots (bench/plots.sh)"
bash bench/plots.sh "$data_dir" "$plot_dir" || echo "Plots: bench/plots.sh failed (exit $?); the figures above are complete."
echo "load average at the end: $(load)"
