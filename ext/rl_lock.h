/*
 * The lock protocol on one connection, in plain C. A lock is the key
 * prefix.name holding a random token, written with SET NX PX; every later
 * operation checks the token on the server, so no client can touch a lock it
 * does not own.
 */
#ifndef RL_LOCK_H
#define RL_LOCK_H

#include "rl_conn.h"

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

/* Deletes each key that still holds its token, n locks in one round trip; released[i] tells which. */
rl_status rl_lock_release_many(rl_conn *conn, size_t n, const rl_lock_ref *locks, bool *released, rl_error *err);

#endif /* RL_LOCK_H */
