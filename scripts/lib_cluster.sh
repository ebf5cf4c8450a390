# The Redis Cluster of the test suite (sourced by scripts/test.sh after lib.sh):
# three masters and one replica each on free loopback ports, stopped by lib.sh's
# cleanup like every other server (RL_REDIS_PIDS). Tests that kill a node or
# move a slot start a private cluster (tests/cluster_helpers.inc) instead.
# shellcheck shell=bash

# The ports (data and cluster bus) handed out so far, so no two nodes get the
# same one: free_port only knows the port was free when it asked.
RL_CLUSTER_USED_PORTS=()

# cluster_free_port VAR: a free loopback port no cluster node of this run got yet.
cluster_free_port() {
  local _p _u _i _dup
  for _i in $(seq 1 50); do
    _p=$(free_port)
    _dup=
    for _u in "${RL_CLUSTER_USED_PORTS[@]}"; do [ "$_u" = "$_p" ] && _dup=1; done
    if [ -z "$_dup" ]; then
      RL_CLUSTER_USED_PORTS+=("$_p")
      printf -v "$1" '%s' "$_p"
      return 0
    fi
  done
  log "no free port"; return 1
}

# start_cluster_node VAR: starts a cluster-enabled redis-server (its own
# directory, nodes.conf and bus port, both free) and stores its port in VAR.
start_cluster_node() {
  local _var=$1 _port _bus
  cluster_free_port _port || return 1
  # the bus port is chosen too (cluster-port, Redis 7+): port + 10000 may be taken or past 65535
  cluster_free_port _bus || return 1
  # repl-diskless-sync-delay 0: a replica syncs at once (the default waits 5 s for others)
  launch_redis "$_port" "$RL_WORK_DIR/cluster-$_port" \
    --cluster-enabled yes --cluster-config-file nodes.conf --cluster-port "$_bus" \
    --cluster-node-timeout 2000 --repl-diskless-sync-delay 0 || return 1
  printf -v "$_var" '%s' "$_port"
}

# cluster_dump PORT...: CLUSTER NODES, CLUSTER INFO and the log of each node (on stderr).
cluster_dump() {
  local p
  for p in "$@"; do
    echo "--- cluster node $p: CLUSTER NODES" >&2
    redis-cli -p "$p" CLUSTER NODES >&2 2>&1 || true
    echo "--- cluster node $p: CLUSTER INFO" >&2
    redis-cli -p "$p" CLUSTER INFO 2>&1 | grep -E '^cluster_(state|slots|known|size)' >&2 || true
    echo "--- cluster node $p: log" >&2
    cat "$RL_WORK_DIR/cluster-$p/redis.log" >&2 || true
  done
}

# cluster_ready PORT...: every node says cluster_state:ok, knows all the
# others, sees 16384 slots assigned, and every replica's link to its master is up.
cluster_ready() {
  local p info repl n=$#
  for p in "$@"; do
    info=$(redis-cli -p "$p" CLUSTER INFO 2>/dev/null | tr -d '\r') || return 1
    grep -qx 'cluster_state:ok' <<<"$info" || return 1
    grep -qx 'cluster_slots_assigned:16384' <<<"$info" || return 1
    grep -qx "cluster_known_nodes:$n" <<<"$info" || return 1
    repl=$(redis-cli -p "$p" INFO replication 2>/dev/null | tr -d '\r') || return 1
    if grep -qx 'role:slave' <<<"$repl"; then
      grep -qx 'master_link_status:up' <<<"$repl" || return 1
      grep -qx 'master_sync_in_progress:0' <<<"$repl" || return 1
    fi
  done
  # every node has the same view of who is master (the replicas attached)
  [ "$(redis-cli -p "$1" CLUSTER NODES 2>/dev/null | grep -c 'slave')" = $((n / 2)) ] || return 1
}

# start_cluster: starts 3 masters and 3 replicas (cluster-node-timeout 2 s),
# makes them a cluster (redis-cli --cluster create --cluster-replicas 1), waits
# until every node says cluster_state:ok and every replica is in sync, and exports
# REDISLOCK_TEST_CLUSTER=cluster://127.0.0.1:M1,127.0.0.1:M2,127.0.0.1:M3 (the
# masters, as seeds) and REDISLOCK_TEST_CLUSTER_NODES (all six ports, comma-separated).
start_cluster() {
  local ports=() p addrs=() masters=() out
  for _ in 1 2 3 4 5 6; do
    start_cluster_node p || return 1
    ports+=("$p")
    addrs+=("127.0.0.1:$p")
  done
  if ! out=$(redis-cli --cluster create "${addrs[@]}" --cluster-replicas 1 --cluster-yes 2>&1); then
    log "redis-cli --cluster create failed:"; echo "$out" >&2
    cluster_dump "${ports[@]}"; return 1
  fi
  for _ in $(seq 1 300); do
    cluster_ready "${ports[@]}" && break
    sleep 0.05
  done
  if ! cluster_ready "${ports[@]}"; then
    log "the cluster on ports ${ports[*]} did not reach cluster_state:ok with every replica in sync within 15 s"
    echo "$out" >&2
    cluster_dump "${ports[@]}"; return 1
  fi
  # the seeds: the masters, as the nodes themselves say (redis-cli chooses which nodes replicate)
  for p in "${ports[@]}"; do
    if redis-cli -p "$p" ROLE 2>/dev/null | head -1 | grep -qx master; then masters+=("127.0.0.1:$p"); fi
  done
  if [ ${#masters[@]} != 3 ]; then
    log "expected 3 masters, found ${#masters[@]} (${masters[*]})"; cluster_dump "${ports[@]}"; return 1
  fi
  REDISLOCK_TEST_CLUSTER="cluster://$(IFS=,; echo "${masters[*]}")"
  REDISLOCK_TEST_CLUSTER_NODES=$(IFS=,; echo "${ports[*]}")
  export REDISLOCK_TEST_CLUSTER REDISLOCK_TEST_CLUSTER_NODES
  log "Redis Cluster: $REDISLOCK_TEST_CLUSTER (nodes ${ports[*]})"
}
