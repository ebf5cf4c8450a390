#!/usr/bin/env bash
# Benchmarks on a private redis-server:
#   1. bench/cycles.php: uncontended lock+unlock cycles/s of the extension vs a
#      userland lock on phpredis vs redis-benchmark's floor;
#   2. bench/semaphore.php: uncontended acquire+release cycles/s of RedisSemaphore
#      vs a userland fair semaphore on phpredis, with commands and round trips per cycle.
#   bench/run.sh [--cycles 20000] [--rounds 5] [--limit 4]   (--limit: semaphore.php only)
set -euo pipefail
orig_args=("$@")
source "$(dirname "$0")/../scripts/lib.sh"
trap cleanup EXIT

ensure_packages
build_extension
start_redis port
cd "$REPO_ROOT"

# phpredis is a shared module; with -n it must be loaded explicitly, after the
# serializers/compressors it was linked against (Debian: igbinary, maybe msgpack).
extdir=$(php -n -r 'echo ini_get("extension_dir");')
phpredis=()
for attempt in 1 2 3 4; do
  out=$(php -n "${phpredis[@]}" -d extension=redis.so -r 'echo class_exists("Redis") ? "ok" : "missing";' 2>&1 || true)
  [ "$out" = ok ] && break
  dep=$(sed -n 's/.*undefined symbol: \([a-z]*\)_.*/\1/p' <<<"$out" | head -1)
  if [ -n "$dep" ] && [ -f "$extdir/$dep.so" ]; then
    phpredis+=(-d "extension=$dep.so")
  else
    log "cannot load phpredis (redis.so): $out"; exit 1
  fi
done
[ "$out" = ok ] || { log "cannot load phpredis (redis.so): $out"; exit 1; }
log "phpredis: ${phpredis[*]} -d extension=redis.so"

# --limit is semaphore.php's own: leave it out for cycles.php
cycles_args=()
while [ $# -gt 0 ]; do
  case $1 in
    --limit) shift 2 || { log "--limit needs a value"; exit 2; } ;;
    --limit=*) shift ;;
    *) cycles_args+=("$1"); shift ;;
  esac
done
set -- "${orig_args[@]}"

php -n -d "extension=$RL_EXT" "${phpredis[@]}" -d extension=redis.so \
  bench/cycles.php --server "tcp://127.0.0.1:$port" "${cycles_args[@]}"
echo
php -n -d "extension=$RL_EXT" "${phpredis[@]}" -d extension=redis.so \
  bench/semaphore.php --server "tcp://127.0.0.1:$port" "$@"
