/*
 * What RedisLock and RedisSemaphore share: the constructor's server and
 * options, the connection (private or from the persistent pool), the key
 * prefix, and turning C-layer failures into RedisLockException.
 *
 * One header for everything done with a php_redislock_client, implemented
 * by four files: php_redislock_client.c (its life cycle), php_redislock_options.c
 * (server strings and options), php_redislock_pool.c (its connections, the
 * persistent pool) and php_redislock_route.c (running steps where their keys
 * live); php_redislock_client_internal.h is what they share among themselves.
 * What needs no client has a header of its own: php_redislock_args.h,
 * php_redislock_random.h, php_redislock_wait.h.
 */
#ifndef PHP_REDISLOCK_CLIENT_H
#define PHP_REDISLOCK_CLIENT_H

#include "php_redislock.h"
#include "rl_conn.h"
#include "rl_redlock.h"
#include "rl_route.h"

/* One server: its configuration and its connection (private, or in the persistent pool). */
typedef struct {
	rl_conn_config config;
	/* persistent: connections live in EG(persistent_list) under pool_key, looked up on
	 * every use (another object may have replaced a broken one); otherwise conn is ours. */
	zend_string *pool_key;
	rl_conn *conn;
} php_redislock_endpoint;

typedef struct {
	bool initialized;
	zend_string *prefix;
	bool persistent;
	uint32_t n;                        /* 1: one server; more: the masters of a lock over several (Redlock) */
	php_redislock_endpoint *endpoints; /* n of them (none for a Sentinel or Cluster deployment) */
	/* sentinel:// or cluster://: what the process knows of it (shared, lives as long as the process) */
	rl_topology *topology;
	rl_conn **node_conns;              /* not persistent: this object's connection to each topology node */
	size_t n_node_conns;
	int min_replicas;                  /* a WAIT for that many replicas behind each write that takes something */
	bool fencing;                      /* the fencing option: every lock() counts a fence (README "Fences") */
	long long replica_timeout_ms;
	php_redislock_stats_kind stats_kind; /* whose counters its calls count in (0: locks) */
	/* the local hand-over's segment of its server, database and prefix, once found (mapped until GSHUTDOWN) */
	struct rl_local_seg *local_seg;
} php_redislock_client;

/* ---- the life cycle (php_redislock_client.c) ---- */

/*
 * Reads the constructor's ($server, $options) into client: a server string,
 * or a list of them (the masters of a lock over several; NULL: the INI
 * setting, comma-separated for several). default_prefix applies when
 * $options has no "prefix". one_server_class names a class that takes one
 * server only (NULL: several are fine). On bad input throws (ValueError,
 * TypeError) and returns false; nothing is connected yet either way.
 */
bool php_redislock_client_init(php_redislock_client *client, zend_string *server, HashTable *server_list,
		HashTable *options, const char *default_prefix, const char *one_server_class);

void php_redislock_client_destroy(php_redislock_client *client);

/* Server i's own connect timeout (RedLock's [host, port, timeout]); 0 keeps the default. */
void php_redislock_client_set_connect_timeout(php_redislock_client *client, uint32_t i, double seconds);

/* Whether client spans several masters (Redlock mode). */
static inline bool php_redislock_client_is_multi(const php_redislock_client *client)
{
	return client->n > 1;
}

/* After a failed call: discards a broken connection and throws RedisLockException. */
void php_redislock_client_throw(php_redislock_client *client, rl_status status, const rl_error *err);

/* prefix . name */
zend_string *php_redislock_client_key(const php_redislock_client *client, const zend_string *name);

/* Throws Error unless the constructor ran (e.g. for objects made without it by Reflection). */
bool php_redislock_client_check_initialized(const php_redislock_client *client);

/*
 * The object behind X::instance(): created on first use from the INI settings
 * and kept in *slot until the request ends. False (with an exception) if the
 * INI settings are unusable.
 */
bool php_redislock_shared_instance(zend_object **slot, zend_class_entry *ce,
		php_redislock_client *(*client_of)(zend_object *obj), const char *default_prefix, const char *one_server_class);

/* ---- server strings (php_redislock_options.c) ---- */

/* Whether an INI redislock.server value is a valid address, or a comma-separated list of them; *why explains when not. */
bool php_redislock_server_is_valid(const char *spec, size_t len, const char **why);

/* ---- connections (php_redislock_pool.c) ---- */

/* Module hooks for the persistent pool. */
void php_redislock_client_minit(int module_number);

/* A usable connection, connecting if needed. NULL with err filled on failure (does not throw). */
rl_conn *php_redislock_client_conn_ex(php_redislock_client *client, rl_status *status, rl_error *err);

/* After a failed call where throwing is not allowed: discards a broken connection. */
void php_redislock_client_discard_if_broken(php_redislock_client *client);

/*
 * The masters of a multi-master client as rl_redlock sees them: each
 * connection from the pool or opened with its handshake pipelined, and
 * discarded when a step broke it.
 */
typedef struct {
	rl_redlock_masters base;
	php_redislock_client *client;
} php_redislock_masters;

void php_redislock_client_masters(php_redislock_client *client, php_redislock_masters *masters);

/* ---- running steps (php_redislock_route.c) ---- */

/*
 * Runs step (one round trip) on the connection that serves key: the one
 * server's, or, on Sentinel and Cluster, the master's for key, following
 * redirections and failovers (rl_route.h). acked: for a write that takes
 * something (lock, slot), with min_replicas a WAIT goes behind it and
 * *acked is its answer (-1: none ran); NULL for any other step.
 * deadline_ns: a waiter's $timeout, which ends the waiting out of a
 * migration (0: none). Does not throw.
 */
rl_status php_redislock_client_run(php_redislock_client *client, const char *key, size_t key_len, rl_route_step step,
		void *ctx, long long *acked, uint64_t deadline_ns, rl_error *err);
/* Whether a WAIT's answer acked (php_redislock_client_run()) meets min_replicas. */
bool php_redislock_client_replicated(const php_redislock_client *client, long long acked);

/*
 * One step over n keys, one pipeline per node that serves some of them:
 * step(conn, ctx, count, which, err) runs items which[0..count) and sets
 * done[i] for each item that needs nothing more. Where a reply pointed
 * elsewhere, the items not done run again one by one, where they live now.
 * settled[i]: the server answered for item i (its result is final).
 */
typedef rl_status (*php_redislock_batch_step)(rl_conn *conn, void *ctx, size_t count, const size_t *which,
		rl_error *err);
rl_status php_redislock_client_run_batch(php_redislock_client *client, size_t n, const char *const *keys,
		const size_t *key_lens, php_redislock_batch_step step, void *ctx, const bool *done, bool *settled, rl_error *err);

#endif /* PHP_REDISLOCK_CLIENT_H */
