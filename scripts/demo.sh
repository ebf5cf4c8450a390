#!/usr/bin/env bash
# Flash-sale demo: builds the extension, starts a private redis-server on a free
# loopback port and runs demo/flash_sale.php against it: with RedisLock, with a
# RedisSemaphore-capped checkout stage plus RedisLock, and without a lock.
#   scripts/demo.sh [--workers 32] [--stock 100] [--requests 20] [--mode all|lock|semaphore|nolock|both]
#                   [--interval 1000] [--checkout-limit 4] [--checkout-work 1000]
# Exit status non-zero if a locked sale oversold, the semaphore admitted more
# checkouts than its limit (or the demo could not run).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
trap cleanup EXIT

ensure_packages
build_extension
start_redis port
cd "$REPO_ROOT"
php -n -d "extension=$RL_EXT" demo/flash_sale.php --server "tcp://127.0.0.1:$port" --ext "$RL_EXT" "$@"
