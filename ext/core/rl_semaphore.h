/*
 * The counting-semaphore protocol on one connection, in plain C. Each
 * operation is one server-side script (one round trip): see rl_scripts.c.
 */
#ifndef RL_SEMAPHORE_H
#define RL_SEMAPHORE_H

#include "rl_conn.h"
#include "rl_wait.h"

/*
 * The keys of one semaphore, "{<prefix><name>}:..." (a shared Redis Cluster
 * hash tag): holders by ticket, holders by deadline, the ticket counter, and
 * its wait queue (rl_wait.h).
 */
#define RL_SEMAPHORE_NKEYS 5
typedef struct {
	const char *keys[RL_SEMAPHORE_NKEYS];
	size_t key_lens[RL_SEMAPHORE_NKEYS];
	const char *wake_prefix;
	size_t wake_prefix_len;
	char *own;        /* the first three keys */
	rl_wait_keys wait;
} rl_semaphore_keys;

bool rl_semaphore_keys_init(rl_semaphore_keys *keys, const char *prefix, size_t prefix_len,
		const char *name, size_t name_len);
void rl_semaphore_keys_free(rl_semaphore_keys *keys);

/*
 * A holder id is "<token_len lowercase hex>.<lifetime ms>" (the glue makes
 * them). For an id of that form with a lifetime in 1..max_ms, sets *ttl_ms
 * and returns true; false for anything else (ids come from users, and from
 * other processes).
 */
bool rl_semaphore_id_lifetime(const char *id, size_t len, size_t token_len, long long max_ms, long long *ttl_ms);

/* One holder: its semaphore and id. */
typedef struct {
	const rl_semaphore_keys *keys;
	const char *id;
	size_t id_len;
} rl_semaphore_holder;

/*
 * RL_WAIT_TRY: a slot if one is free after the queued waiters are served
 * (wake_key may be NULL). RL_WAIT_JOIN / RL_WAIT_VISIT / RL_WAIT_LEAVE: a
 * waiter's script call, as rl_lock_wait(); wake_key is holder's wake list.
 * *answer is the script's: RL_WAIT_OWNED when holder->id now holds a slot.
 */
rl_status rl_semaphore_acquire(rl_conn *conn, const rl_semaphore_holder *holder, long limit, long long ttl_ms,
		rl_wait_mode mode, long long grace_ms, const char *wake_key, size_t wake_key_len, long long block_ms,
		long long *answer, rl_error *err);
rl_status rl_semaphore_refresh(rl_conn *conn, const rl_semaphore_holder *holder, long long ttl_ms, bool *refreshed,
		rl_error *err);
/* Releases n holders in one round trip; released[i] tells which were still alive. */
rl_status rl_semaphore_release_many(rl_conn *conn, size_t n, const rl_semaphore_holder *holders, bool *released,
		rl_error *err);
rl_status rl_semaphore_count(rl_conn *conn, const rl_semaphore_keys *keys, long long *count, rl_error *err);

#endif /* RL_SEMAPHORE_H */
