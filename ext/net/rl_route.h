/*
 * Routing, the one thing the protocols see of a deployment: "the connection
 * for this key", and "run this step there, following redirections". Plain C.
 *
 * What a process knows of a deployment is its topology (rl_topology.h),
 * which the two discoverers fill in: rl_sentinel.h (the master the Sentinels
 * name) and rl_cluster.h (the slot map). They sit below this router, which
 * calls them; neither includes it.
 *
 * A step is one round trip of a protocol (rl_lock, rl_semaphore, rl_wait) on
 * one connection. Run through rl_route_run(), a step refused without running
 * (MOVED, ASK, TRYAGAIN, CLUSTERDOWN; READONLY or LOADING from a node that is
 * no master any more; a refused connection) runs again where the answer
 * points, at most RL_ROUTE_MAX_HOPS times. A step that may have run (an I/O
 * error or a timeout in the middle) is never repeated: the topology is only
 * marked for a fresh look next time, and the failure goes to the caller.
 */
#ifndef RL_ROUTE_H
#define RL_ROUTE_H

#include "rl_conn.h"
#include "rl_topology.h"

/* Runs of one step at most: the first, then redirections (hiredis-cluster allows 5 redirects too). */
#define RL_ROUTE_MAX_HOPS 6
/*
 * How long a step waits out TRYAGAIN (a slot in migration) or LOADING (ms):
 * during a migration Redis refuses every command on several keys of that
 * slot (our scripts) until the keys are moved and the slot handed over.
 */
#define RL_ROUTE_PATIENCE_MS 2000

/* A WAIT behind each pipeline of a step (min_replicas): 0 replicas is none. */
typedef struct {
	int replicas;
	long long timeout_ms;
	long long acked; /* out: the last WAIT's answer (-1: none ran) */
} rl_route_ack;

typedef rl_status (*rl_route_step)(rl_conn *conn, void *ctx, rl_error *err);

/*
 * Runs step on conn as a routed run does: each command behind ASKING if
 * asking, a WAIT behind its pipelines per ack (may be NULL), and what the
 * replies said about where to go in *redirect (may be NULL). conn is left
 * as it was found. For a connection the caller got by itself (one server).
 */
rl_status rl_route_step_on(rl_conn *conn, bool asking, rl_route_step step, void *ctx, rl_route_ack *ack,
		rl_redirect *redirect, rl_error *err);

/* The node that serves key now (finding the master or mapping the slots first if need be). */
rl_status rl_route_node_for_key(rl_topology *topology, rl_route_pool *pool, const char *key, size_t key_len,
		size_t *node, rl_error *err);

/*
 * Runs step for key, following redirections; ack may be NULL. deadline_ns
 * (monotonic, 0: none) cuts the waiting out of TRYAGAIN/LOADING short: a
 * waiter never waits past its $timeout for a migration to end.
 */
rl_status rl_route_run(rl_topology *topology, rl_route_pool *pool, const char *key, size_t key_len, rl_route_step step,
		void *ctx, rl_route_ack *ack, unsigned long long deadline_ns, rl_error *err);

/*
 * Runs step once on node (several keys of that node in one pipeline, e.g. a
 * release of everything held). *redirected tells whether some reply pointed
 * elsewhere: the caller then runs what was not answered key by key.
 */
rl_status rl_route_run_on(rl_topology *topology, rl_route_pool *pool, size_t node, rl_route_step step, void *ctx,
		bool *redirected, rl_error *err);

#endif /* RL_ROUTE_H */
