/*
 * The slot map of a Redis Cluster (rl_cluster.c). Plain C; below the router
 * (rl_route.h), which calls it.
 */
#ifndef RL_CLUSTER_H
#define RL_CLUSTER_H

#include "rl_topology.h"

/* A full slot-map refresh at most this often (ms) per topology: a MOVED storm costs one CLUSTER SLOTS. */
#define RL_CLUSTER_REFRESH_MIN_MS 100

/* Maps the slots from CLUSTER SLOTS of the first seed (then known node) that answers. */
rl_status rl_cluster_refresh(rl_topology *topology, rl_route_pool *pool, rl_error *err);

/* A MOVED: slot lives on host:port now (the rest of the map is refreshed too, at most every RL_CLUSTER_REFRESH_MIN_MS). */
void rl_cluster_moved(rl_topology *topology, rl_route_pool *pool, unsigned int slot, long node);

#endif /* RL_CLUSTER_H */
