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

/* One held lock: its key (prefix . name; the prefix names its wait keys) and token. */
typedef struct {
	const char *prefix;
	size_t prefix_len;
	const char *key;
	size_t key_len;
	const char *token;
	size_t token_len;
} rl_lock_ref;

/*
 * The lock's two plain commands, for one server and for a fan-out alike:
 * SET key token NX PX ttl_ms [GET], and GET key (the owner check). The
 * command points into lock and ttl_ms, which must outlive it.
 */
void rl_lock_set_nx_command(rl_command *cmd, const rl_lock_ref *lock, const char *ttl_ms, bool with_get);
void rl_lock_get_command(rl_command *cmd, const rl_lock_ref *lock);

/* SET key token NX PX ttl_ms. *acquired tells whether the key was free. */
rl_status rl_lock_try_acquire(rl_conn *conn, const rl_lock_ref *lock, long long ttl_ms, bool *acquired, rl_error *err);

/* PEXPIRE key ttl_ms if the key still holds the token; a lifetime cut below the key's PTTL tells the queue's head. */
rl_status rl_lock_extend(rl_conn *conn, const rl_lock_ref *lock, long long ttl_ms, bool *extended, rl_error *err);

/* Whether the key still holds the token. */
rl_status rl_lock_is_owner(rl_conn *conn, const rl_lock_ref *lock, bool *owned, rl_error *err);

/* The lock's remaining lifetime (ms, >= 0) if the key still holds the token, else -1. */
rl_status rl_lock_remaining(rl_conn *conn, const rl_lock_ref *lock, long long *left_ms, rl_error *err);

/*
 * A waiter's script call on the lock's queue (rl_wait.h, ext/core/lua/lock_wait.lua):
 * RL_WAIT_JOIN and RL_WAIT_VISIT are wait steps that block up to block_ms
 * (the join only on the first); RL_WAIT_LEAVE runs alone. *answer is the
 * script's: RL_WAIT_OWNED when the lock is now ours; *join_answer (not NULL)
 * the join's, RL_WAIT_OWNED when the join found the lock free and took it.
 * keys are lock->key's wait keys, with lock->token as member.
 */
rl_status rl_lock_wait(rl_conn *conn, const rl_lock_ref *lock, const rl_wait_keys *keys, long long ttl_ms,
		long long grace_ms, rl_wait_mode mode, long long block_ms, long long *answer, long long *join_answer,
		rl_error *err);

/*
 * Deletes each key that still holds its token, n locks in one round trip,
 * handing each to its first live waiter; released[i] tells which were ours.
 */
rl_status rl_lock_release_many(rl_conn *conn, size_t n, const rl_lock_ref *locks, bool *released, rl_error *err);

/*
 * Releases one lock the caller took without waiting (ext/core/lua/lock_release_free.lua):
 * a compare-and-delete when nobody is queued, in one round trip with two keys and the
 * token; when someone is, a second round trip, rl_lock_release_many()'s, hands it on.
 */
rl_status rl_lock_release(rl_conn *conn, const rl_lock_ref *lock, bool *released, rl_error *err);

/*
 * Releases one lock and watches the hand-over (ext/core/lua/lock_release.lua):
 * [release] BLPOP [lock handed] in one round trip. The grantee's claim ends
 * the BLPOP at once, so only the grantee is woken; a grant still unclaimed
 * when the short block ends (a timer tick) is left to the new head. For the
 * unlock of a lock the caller waited for: others are likely queued.
 */
rl_status rl_lock_release_watched(rl_conn *conn, const rl_lock_ref *lock, bool *released, rl_error *err);

#endif /* RL_LOCK_H */
