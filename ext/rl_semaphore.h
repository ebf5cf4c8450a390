/*
 * The counting-semaphore protocol on one connection, in plain C. Each
 * operation is one server-side script (one round trip): see rl_scripts.c.
 */
#ifndef RL_SEMAPHORE_H
#define RL_SEMAPHORE_H

#include "rl_conn.h"

/* The three keys of one semaphore, "{<prefix><name>}:..." (a shared Redis Cluster hash tag). */
typedef struct {
	char *keys[3];
	size_t key_lens[3];
} rl_semaphore_keys;

bool rl_semaphore_keys_init(rl_semaphore_keys *keys, const char *prefix, size_t prefix_len,
		const char *name, size_t name_len);
void rl_semaphore_keys_free(rl_semaphore_keys *keys);

/* One holder: its semaphore and id. */
typedef struct {
	const rl_semaphore_keys *keys;
	const char *id;
	size_t id_len;
} rl_semaphore_holder;

rl_status rl_semaphore_try_acquire(rl_conn *conn, const rl_semaphore_holder *holder, long limit, long long ttl_ms,
		bool *admitted, rl_error *err);
rl_status rl_semaphore_refresh(rl_conn *conn, const rl_semaphore_holder *holder, long long ttl_ms, bool *refreshed,
		rl_error *err);
/* Releases n holders in one round trip; released[i] tells which were still alive. */
rl_status rl_semaphore_release_many(rl_conn *conn, size_t n, const rl_semaphore_holder *holders, bool *released,
		rl_error *err);
rl_status rl_semaphore_count(rl_conn *conn, const rl_semaphore_keys *keys, long long *count, rl_error *err);

#endif /* RL_SEMAPHORE_H */
