/*
 * Waiting without polling, shared by the lock and the semaphore.
 *
 * A waiter that cannot get in joins a FIFO queue kept on the server (a LIST of
 * members in arrival order, and a HASH member => "liveness deadline:ttl:grace"
 * or, for a semaphore, "...:limit"), then blocks in BLPOP on its own wake list.
 * Whoever frees the resource (a release script, or a waiter that finds it free)
 * hands it over to the first live waiter on the server: the lock key (or the
 * semaphore slot) is written in that waiter's name with its full lifetime, and
 * a grant is pushed onto its wake list, which ends its BLPOP. So a hand-over
 * costs the waiter no round trip after the wake-up, and nobody else is woken.
 *
 * The grant holds the server time after which it may be revoked: a grant still
 * unclaimed then belongs to a waiter that died or stalled, and the next script
 * that looks (another waiter's periodic check, a newcomer) takes the resource
 * back and hands it on. The periodic check is the only polling left: a waiter
 * whose BLPOP times out (every block_ms) proves it is alive and looks for a
 * lost wake-up (a holder that crashed, a lock that expired).
 */
#ifndef RL_WAIT_H
#define RL_WAIT_H

#include "rl_conn.h"
#include "rl_scripts.h"

/* What a waiter's visit to the queue script does. */
typedef enum {
	RL_WAIT_TRY,   /* not queued: take what is free after the queue is served (semaphore only) */
	RL_WAIT_JOIN,  /* join the queue, or prove we are still waiting; a BLPOP follows */
	RL_WAIT_LEAVE  /* give up: leave the queue, taking only what is free */
} rl_wait_mode;

const char *rl_wait_mode_name(rl_wait_mode mode);

/* How a waiter waits, derived from the caller's wait interval. */
typedef struct {
	long long block_ms;    /* one BLPOP: half the wait interval, at least 1 ms */
	long long grace_ms;    /* how long a grant may stay unclaimed before it is revoked */
	long long liveness_ms; /* how long a queue entry lives without its waiter checking in */
} rl_wait_terms;

/*
 * wait_interval_us bounds how long a waiter trusts that no wake-up was lost:
 * it checks in every half interval, and a dead waiter's unclaimed grant is
 * revoked after another half, so a waiter that died costs the others about
 * one interval (plus the server's timer tick: Redis ends a BLPOP timeout on
 * its next event-loop pass, at most 1000/hz ms late, 100 ms at hz 10).
 */
void rl_wait_terms_init(rl_wait_terms *terms, long long wait_interval_us);

/*
 * The keys of one wait queue. base is a key prefix whose Redis Cluster hash
 * tag is the resource's, so the queue lives in the resource's slot.
 */
typedef struct {
	char *buf;
	const char *queue, *live, *granted, *wake_prefix, *wake;
	size_t queue_len, live_len, granted_len, wake_prefix_len, wake_len;
} rl_wait_keys;

/* base":wait:queue", ...":wait:live", ...":wait:granted", ...":wait:wake:" and that followed by member. */
bool rl_wait_keys_init(rl_wait_keys *keys, const char *base, size_t base_len, const char *member, size_t member_len);
void rl_wait_keys_free(rl_wait_keys *keys);

/*
 * The same for a lock key, which may or may not carry a {hash tag}: the base
 * is the key itself when it is tagged (a suffix keeps the tag), else "{key}"
 * (the whole key is what Redis hashes, and the braces say so).
 */
bool rl_wait_keys_init_for_key(rl_wait_keys *keys, const char *key, size_t key_len, const char *member,
		size_t member_len);

/*
 * A waiter's visit: runs its queue script (which returns an integer into
 * *result) and, if block_ms > 0, pipelines BLPOP wake_key block_ms right
 * behind it, in one round trip; *granted tells whether a grant came. A script
 * that finds the caller already served pushes a grant itself, so the BLPOP
 * returns at once. The connection's read timeout is stretched by block_ms
 * for this call, so a long wait is not mistaken for a dead server.
 */
rl_status rl_wait_visit(rl_conn *conn, const rl_script *script, int nkeys, int nargs, const char **args,
		const size_t *lens, const char *wake_key, size_t wake_key_len, long long block_ms, long long *result,
		bool *granted, rl_error *err);

#endif /* RL_WAIT_H */
