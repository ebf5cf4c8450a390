/*
 * A topology: what a process knows of one deployment named by a sentinel://
 * or cluster:// address (rl_server.h): its nodes (append-only, so a node's
 * index never changes), the master the Sentinels named (rl_sentinel.h), or
 * the slot map (rl_cluster.h), and where connections to its nodes come from
 * (rl_route_pool). The PHP glue keeps one per deployment and set of options
 * for the life of the process. Below the router (rl_route.h) and the two
 * discoverers, which all include this; it includes neither. Plain C.
 */
#ifndef RL_TOPOLOGY_H
#define RL_TOPOLOGY_H

#include "rl_conn.h"
#include "rl_server.h"

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

#endif /* RL_TOPOLOGY_H */
