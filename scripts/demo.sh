#!/usr/bin/env bash
# Flash-sale demo: builds the extension, starts a private redis-server on a free
# loopback port and runs demo/flash_sale.php against it: with RedisLock, with a
# RedisSemaphore-capped checkout stage plus RedisLock, and without a lock.
#   scripts/demo.sh [--workers 32] [--stock 100] [--requests 20] [--mode all|lock|semaphore|nolock|both]
#                   [--interval 1000] [--checkout-limit 4] [--checkout-work 1000]
# Exit status non-zero if a locked sale oversold, the semaphore admitted more
# checkouts than its limit (or the demo could not run).
#
# The same sale over HTTP, under nginx and php-fpm (demo/web/sale.php): apache
# bench against demo/web/buy.php with RedisLock, the userland lock on phpredis,
# and no lock; one table, the extension/userland ratios, and web_latest.txt and
# web_latency_cdf.svg in demo/results/local/ (ignored by git; the last line says
# where). RL_UPDATE_RESULTS=1 writes them to demo/results/ instead: the tracked
# copies README quotes (only for a run meant to replace them).
#   scripts/demo.sh --web [--requests 5000] [--concurrency 200] [--stock 500] [--workers 32]
#                   [--work-us 1000] [--variants ext,ext-local,userland,none] [--port N]
# Exit status non-zero if a locked variant oversold or had errors, or nginx or
# php-fpm could not start (one line on stderr says why).
# RL_EXT=<redislock.so> runs a build made elsewhere (../shared/tools/build-at.sh: an
# old build against the new in one sitting), as scripts/test.sh does.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

web=0
if [ "${1:-}" = --web ]; then web=1; shift; fi

# --web: nginx and php-fpm are the PHP driver's children, stopped by it (also on
# Ctrl-C); should it die without stopping them, their pid files in the work dir
# say what to stop.
stop_web_leftovers() {
  local f pid
  for f in "$RL_WORK_DIR"/rlweb-*/nginx.pid "$RL_WORK_DIR"/rlweb-*/fpm.pid; do
    [ -f "$f" ] || continue
    pid=$(cat "$f" 2>/dev/null) || continue
    [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null || true
  done
}
trap 'stop_web_leftovers; cleanup' EXIT

if [ "$web" = 1 ]; then ensure_packages "${RL_PACKAGES_DEMO[@]}" "${RL_PACKAGES_WEB[@]}"; else ensure_packages "${RL_PACKAGES_DEMO[@]}"; fi
if [ -n "${RL_EXT:-}" ]; then
  [ -f "$RL_EXT" ] || { echo "demo.sh: RL_EXT=$RL_EXT: no such file" >&2; exit 1; }
  echo "==> the prebuilt $RL_EXT" >&2
else
  build_extension
fi
start_redis port
cd "$REPO_ROOT"
if [ "$web" = 1 ]; then
  RL_WORK_DIR="$RL_WORK_DIR" php -n demo/web/sale.php --server "tcp://127.0.0.1:$port" --ext "$RL_EXT" \
    --work-dir "$RL_WORK_DIR" "$@"
else
  php -n -d "extension=$RL_EXT" demo/flash_sale.php --server "tcp://127.0.0.1:$port" --ext "$RL_EXT" "$@"
fi
