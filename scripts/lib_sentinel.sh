# The Sentinel group of the test suite (sourced by scripts/test.sh after lib.sh):
# a master, a replica and three Sentinels on free loopback ports, stopped by
# lib.sh's cleanup like every other server (RL_REDIS_PIDS).
# shellcheck shell=bash

RL_SENTINEL_MASTER_NAME=rlmaster

# sentinel_field PORT FIELD: FIELD of "SENTINEL MASTER rlmaster" on the Sentinel at PORT.
sentinel_field() {
  redis-cli -h 127.0.0.1 -p "$1" SENTINEL MASTER "$RL_SENTINEL_MASTER_NAME" 2>/dev/null \
    | awk -v f="$2" 'NR % 2 == 1 { k = $0; next } k == f { print; exit }'
}

# start_sentinel_group: starts a master, a replica of it and three Sentinels
# monitoring it as "rlmaster" (quorum 2), waits until every Sentinel knows the
# master, the replica and both other Sentinels, and exports
# REDISLOCK_TEST_SENTINEL=sentinel://127.0.0.1:S1,127.0.0.1:S2,127.0.0.1:S3/rlmaster
# (and REDISLOCK_TEST_SENTINEL_MASTER=tcp://127.0.0.1:M, the master it started).
start_sentinel_group() {
  local master replica port dir ok sentinels=() addrs=() binary
  # no 5 s wait before a full sync (repl-diskless-sync-delay): on either, since a failover swaps them
  start_redis master --repl-diskless-sync-delay 0
  start_redis replica --repl-diskless-sync-delay 0 --replicaof 127.0.0.1 "$master"
  # the replica in sync first: a Sentinel then learns of it from the master's first INFO
  for _ in $(seq 1 200); do
    redis-cli -p "$replica" INFO replication 2>/dev/null | grep -q '^master_link_status:up' && break
    sleep 0.05
  done
  if ! redis-cli -p "$replica" INFO replication 2>/dev/null | grep -q '^master_link_status:up'; then
    log "the replica on port $replica did not sync with the master on port $master"
    cat "$RL_WORK_DIR/redis-$replica/redis.log" "$RL_WORK_DIR/redis-$master/redis.log" >&2
    return 1
  fi
  if command -v redis-sentinel >/dev/null; then binary=(redis-sentinel); else binary=(redis-server); fi
  for _ in 1 2 3; do
    port=$(free_port)
    dir="$RL_WORK_DIR/sentinel-$port"
    mkdir -p "$dir"
    # a Sentinel rewrites its own config file: one per Sentinel, in its own directory
    cat >"$dir/sentinel.conf" <<EOF
port $port
bind 127.0.0.1
daemonize no
dir "$dir"
logfile "$dir/sentinel.log"
sentinel announce-ip 127.0.0.1
sentinel monitor $RL_SENTINEL_MASTER_NAME 127.0.0.1 $master 2
sentinel down-after-milliseconds $RL_SENTINEL_MASTER_NAME 1000
sentinel failover-timeout $RL_SENTINEL_MASTER_NAME 5000
sentinel parallel-syncs $RL_SENTINEL_MASTER_NAME 1
EOF
    if [ "${binary[0]}" = redis-server ]; then
      redis-server "$dir/sentinel.conf" --sentinel &
    else
      redis-sentinel "$dir/sentinel.conf" &
    fi
    RL_REDIS_PIDS+=($!)
    ok=
    for _ in $(seq 1 100); do
      if redis-cli -p "$port" PING >/dev/null 2>&1; then ok=1; break; fi
      sleep 0.05
    done
    if [ -z "$ok" ]; then
      log "redis-sentinel on port $port did not start"; cat "$dir/sentinel.log" >&2; return 1
    fi
    # hello messages every 0.5 s and INFO every second (default 2 s and 10 s): the
    # Sentinels find each other and the replica within a second or two. No TILT mode
    # (30 s without acting after its timer ran 2 s late) on a loaded machine or under valgrind.
    redis-cli -p "$port" SENTINEL DEBUG info-period 1000 publish-period 500 tilt-trigger 60000 >/dev/null
    sentinels+=("$port")
    addrs+=("127.0.0.1:$port")
  done
  ok=
  for _ in $(seq 1 300); do
    ok=1
    for port in "${sentinels[@]}"; do
      if [ "$(sentinel_field "$port" flags)" != master ] || [ "$(sentinel_field "$port" port)" != "$master" ] \
        || [ "$(sentinel_field "$port" num-slaves)" != 1 ] || [ "$(sentinel_field "$port" num-other-sentinels)" != 2 ] \
        || ! redis-cli -p "$port" SENTINEL REPLICAS "$RL_SENTINEL_MASTER_NAME" 2>/dev/null | grep -qx "$replica"; then
        ok=; break
      fi
    done
    [ -n "$ok" ] && break
    sleep 0.1
  done
  if [ -z "$ok" ]; then
    log "the Sentinels (${sentinels[*]}) did not all see master $master, replica $replica and each other within 30 s"
    for port in "${sentinels[@]}"; do
      echo "--- sentinel $port: SENTINEL MASTER" >&2
      redis-cli -p "$port" SENTINEL MASTER "$RL_SENTINEL_MASTER_NAME" 2>&1 | paste - - >&2 || true
      echo "--- sentinel $port: log" >&2
      cat "$RL_WORK_DIR/sentinel-$port/sentinel.log" >&2
    done
    return 1
  fi
  REDISLOCK_TEST_SENTINEL="sentinel://$(IFS=,; echo "${addrs[*]}")/$RL_SENTINEL_MASTER_NAME"
  REDISLOCK_TEST_SENTINEL_MASTER="tcp://127.0.0.1:$master"
  export REDISLOCK_TEST_SENTINEL REDISLOCK_TEST_SENTINEL_MASTER
  log "Sentinel group: $REDISLOCK_TEST_SENTINEL (master $master, replica $replica)"
}
