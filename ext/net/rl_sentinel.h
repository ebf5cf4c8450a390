/*
 * Finding the master through the Sentinels (rl_sentinel.c). Plain C; below
 * the router (rl_route.h), which calls it.
 */
#ifndef RL_SENTINEL_H
#define RL_SENTINEL_H

#include "rl_topology.h"

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

#endif /* RL_SENTINEL_H */
