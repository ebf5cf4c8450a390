/*
 * Routing, the one thing the protocols see of a deployment: "the connection
 * for this key", and "run this step there, following redirections". Plain C.
 *
 * A topology is what a process knows of one deployment named by a
 * sentinel:// or cluster:// address (rl_server.h): its nodes (append-only,
 * so a node's index never changes), the master the Sentinels named
 * (rl_sentinel.c), or the slot map (rl_cluster.c). The PHP glue keeps one per
 * deployment and set of options for the life of the process, and lends
 * connections to its nodes through an rl_route_pool.
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
#include "rl_server.h"

/* Runs of one step at most: the first, then redirections (hiredis-cluster allows 5 redirects too). */
#define RL_ROUTE_MAX_HOPS 6
/*
 * How long a step waits out TRYAGAIN (a slot in migration) or LOADING (ms):
 * during a migration Redis refuses every command on several keys of that
 * slot (our scripts) until the keys are moved and the slot handed over.
 */
#define RL_ROUTE_PATIENCE_MS 2000
/* A full slot-map refresh at most this often (ms) per topology: a MOVED storm costs one CLUSTER SLOTS. */
#define RL_ROUTE_REFRESH_MIN_MS 100

typedef struct {
	rl_conn_config config; /* the node's address, with the data nodes' credentials, database and timeouts */
	char *pool_key;        /* the glue's persistent-pool key for it, made on first use (malloc'd) */
} rl_route_node;

typedef struct {
	rl_group_kind kind;
	char *name;              /* the address as given, without credentials: for messages */
	char *master_name;       /* Sentinel */
	rl_conn_config *entries; /* the Sentinels (with their own credentials) or the seed nodes */
	size_t n_entries;
	rl_conn_config node_template; /* credentials, database and timeouts of the data nodes (no address) */
	rl_route_node *nodes;    /* every data node met so far */
	size_t n_nodes, cap_nodes;
	long master;             /* Sentinel: index of the master in nodes, -1 until found (again) */
	unsigned long long master_checked_ns; /* Sentinel: when the Sentinels last named it */
	rl_conn *sentinel_conn;  /* Sentinel: a connection to the first of entries (the last that answered), kept */
	int *slot_node;          /* Cluster: RL_SLOT_COUNT node indices (-1: not served), NULL until mapped */
	bool map_stale;          /* Cluster: refresh before the next use */
	unsigned long long refreshed_ns;
} rl_topology;

/*
 * A topology for group; entry_template gives the Sentinels' credentials and
 * every timeout, node_template the data nodes' (both copied; addresses are
 * ignored). NULL when out of memory.
 */
rl_topology *rl_topology_new(const rl_server_group *group, const rl_conn_config *entry_template,
		const rl_conn_config *node_template);
void rl_topology_free(rl_topology *topology);

/* The node at host:port, added if new; -1 when out of memory. */
long rl_topology_node(rl_topology *topology, const char *host, int port);

/* Where connections come from: the glue's pool (private per object, or persistent per process). */
typedef struct rl_route_pool {
	/* A usable connection to node i: reused, or opened. NULL with *status and err on failure. */
	rl_conn *(*get)(struct rl_route_pool *pool, rl_topology *topology, size_t node, rl_status *status, rl_error *err);
	/* After a step on it: a broken connection is closed here. */
	void (*put)(struct rl_route_pool *pool, rl_topology *topology, size_t node, rl_conn *conn);
} rl_route_pool;

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

/* ---- the two kinds' own parts (rl_sentinel.c, rl_cluster.c) ---- */

/*
 * A master found is asked about again after this long (ms): a master that
 * was failed over while still running (SENTINEL FAILOVER, a partition) keeps
 * taking writes until the Sentinels demote it, which can take them several
 * seconds. Each process asks at most once per period, whatever its load.
 */
#define RL_SENTINEL_RECHECK_MS 1000

/*
 * Asks the Sentinels for the master, checks it with ROLE, and makes it
 * topology->master. With a master known already (a periodic re-check), the
 * same answer needs no ROLE, and Sentinels that cannot be asked leave it as
 * it is: they are not needed to use a master.
 */
rl_status rl_sentinel_find_master(rl_topology *topology, rl_route_pool *pool, rl_error *err);

/* Maps the slots from CLUSTER SLOTS of the first seed (then known node) that answers. */
rl_status rl_cluster_refresh(rl_topology *topology, rl_route_pool *pool, rl_error *err);

/* A MOVED: slot lives on host:port now (the rest of the map is refreshed too, at most every RL_ROUTE_REFRESH_MIN_MS). */
void rl_cluster_moved(rl_topology *topology, rl_route_pool *pool, unsigned int slot, long node);

#endif /* RL_ROUTE_H */
