/*
 * The slot map of a Redis Cluster (rl_route.h calls it): CLUSTER SLOTS from the first
 * seed that answers (then from any node met since, so a cluster whose seeds
 * all went stays reachable), kept until a MOVED or a failure says otherwise.
 */
#include "rl_cluster.h"
#include "rl_slot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	rl_topology *topology;
	int *map;
	const char *answering_host; /* for ranges whose host is empty ("unknown endpoint") */
	bool out_of_memory;
	size_t ranges;
} slot_map_build;

static bool add_range(void *ctx, const rl_slot_range *range)
{
	slot_map_build *build = ctx;
	char host[RL_REDIRECT_HOST_MAX];
	unsigned int slot;
	long node;

	if (range->host_len == 0) {
		snprintf(host, sizeof(host), "%s", build->answering_host);
	} else {
		memcpy(host, range->host, range->host_len);
		host[range->host_len] = '\0';
	}
	if ((node = rl_topology_node(build->topology, host, range->port)) < 0) {
		build->out_of_memory = true;
		return false;
	}
	for (slot = range->first; slot <= range->last; slot++) {
		build->map[slot] = (int)node;
	}
	build->ranges++;
	return true;
}

/* CLUSTER SLOTS on node into map; false with *why when it gave no usable map. */
static bool map_from(rl_topology *t, rl_route_pool *pool, size_t node, int *map, rl_error *why)
{
	slot_map_build build;
	rl_command cmd;
	redisReply *reply;
	rl_status status;
	rl_conn *conn = pool->get(pool, t, node, &status, why);
	unsigned int slot;

	if (!conn) {
		return false;
	}
	for (slot = 0; slot < RL_SLOT_COUNT; slot++) {
		map[slot] = -1;
	}
	build.topology = t;
	build.map = map;
	build.answering_host = t->nodes[node].config.address.host;
	build.out_of_memory = false;
	build.ranges = 0;
	rl_command_init(&cmd);
	rl_command_add_str(&cmd, "CLUSTER");
	rl_command_add_str(&cmd, "SLOTS");
	if ((status = rl_conn_call(conn, &cmd, &reply, why)) == RL_OK) {
		status = rl_conn_judge_reply(conn, rl_reply_decode_cluster_slots(reply, add_range, &build), reply,
			"CLUSTER SLOTS", why);
		freeReplyObject(reply);
	}
	pool->put(pool, t, node, conn);
	if (status == RL_OK && build.out_of_memory) {
		snprintf(why->message, sizeof(why->message), "out of memory");
		return false;
	}
	if (status == RL_OK && build.ranges == 0) {
		char server[300];
		rl_server_describe(&t->nodes[node].config.address, server, sizeof(server));
		snprintf(why->message, sizeof(why->message), "%s: its map has no slot", server);
		return false;
	}
	return status == RL_OK;
}

rl_status rl_cluster_refresh(rl_topology *t, rl_route_pool *pool, rl_error *err)
{
	int *map = malloc(RL_SLOT_COUNT * sizeof(*map));
	size_t known = t->n_nodes, i;
	char tried[800] = "";

	if (!map) {
		snprintf(err->message, sizeof(err->message), "out of memory");
		return RL_ERR_NOMEM;
	}
	/* the seeds first, then the nodes met so far (which may include them: asked once) */
	for (i = 0; i < t->n_entries + known; i++) {
		rl_error why;
		long node;
		size_t used;

		if (i < t->n_entries) {
			node = rl_topology_node(t, t->entries[i].address.host, t->entries[i].address.port);
		} else {
			size_t j;
			bool seed = false;
			node = (long)(i - t->n_entries);
			for (j = 0; j < t->n_entries; j++) {
				seed = seed || (t->entries[j].address.port == t->nodes[node].config.address.port
					&& strcmp(t->entries[j].address.host, t->nodes[node].config.address.host) == 0);
			}
			if (seed) {
				continue;
			}
		}
		if (node < 0) {
			snprintf(why.message, sizeof(why.message), "out of memory");
		} else if (map_from(t, pool, (size_t)node, map, &why)) {
			free(t->slot_node);
			t->slot_node = map;
			t->map_stale = false;
			t->refreshed_ns = rl_monotonic_ns();
			return RL_OK;
		}
		used = strlen(tried);
		if (used + 3 < sizeof(tried)) {
			snprintf(tried + used, sizeof(tried) - used, "%s%s", used ? "; " : "", why.message);
		}
	}
	free(map);
	snprintf(err->message, sizeof(err->message), "%s: no node gave the slot map: %s", t->name, tried);
	return RL_ERR_ROUTE;
}

void rl_cluster_moved(rl_topology *t, rl_route_pool *pool, unsigned int slot, long node)
{
	rl_error ignored;

	if (t->kind != RL_GROUP_CLUSTER) {
		return;
	}
	/* a slot moved alone (a migration) or with others (a failover): the whole map, now and then */
	if (rl_monotonic_ns() - t->refreshed_ns > RL_CLUSTER_REFRESH_MIN_MS * 1000000ULL) {
		rl_cluster_refresh(t, pool, &ignored);
	}
	if (t->slot_node) {
		/* the node that moved the slot knows best: a map read from another node may lag behind */
		t->slot_node[slot] = (int)node;
	}
}
