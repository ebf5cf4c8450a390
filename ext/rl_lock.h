/*
 * The lock protocol on one connection, in plain C. A lock is the key
 * prefix.name holding a random token, written with SET NX PX; every later
 * operation checks the token on the server, so no client can touch a lock it
 * does not own.
 */
#ifndef RL_LOCK_H
#define RL_LOCK_H

#include "rl_conn.h"
#include "rl_wait.h"

/* One held lock: its key and token. */
typedef struct {
	const char *key;
	size_t key_len;
	const char *token;
	size_t token_len;
} rl_lock_ref;

/* SET key token NX PX ttl_ms. *acquired tells whether the key was free. */
rl_status rl_lock_try_acquire(rl_conn *conn, const rl_lock_ref *lock, long long ttl_ms, bool *acquired, rl_error *err);

/* PEXPIRE key ttl_ms if the key still holds the token. */
rl_status rl_lock_extend(rl_conn *conn, const rl_lock_ref *lock, long long ttl_ms, bool *extended, rl_error *err);

/* Whether the key still holds the token. */
rl_status rl_lock_is_owner(rl_conn *conn, const rl_lock_ref *lock, bool *owned, rl_error *err);

/*
 * A waiter's visit to the lock's queue (rl_wait.h): join it or check in, then
 * block up to block_ms for a grant (RL_WAIT_JOIN), or leave it (RL_WAIT_LEAVE,
 * block_ms 0). *acquired tells whether the lock is now ours: handed over, or
 * found free with no live waiter ahead. keys are lock->key's wait keys, with
 * lock->token as member.
 */
rl_status rl_lock_wait_visit(rl_conn *conn, const rl_lock_ref *lock, const rl_wait_keys *keys, long long ttl_ms,
		const rl_wait_terms *terms, rl_wait_mode mode, long long block_ms, bool *acquired, rl_error *err);

/*
 * Deletes each key that still holds its token, n locks in one round trip,
 * handing each to its first live waiter; released[i] tells which were ours.
 */
rl_status rl_lock_release_many(rl_conn *conn, size_t n, const rl_lock_ref *locks, bool *released, rl_error *err);

#endif /* RL_LOCK_H */
