/*
 * Releasing everything an object holds (unlockAll(), releaseAll(), the
 * request end, destruction), shared by RedisLock and RedisSemaphore: one
 * pipeline per node, which items a server answered for, and whether every
 * one the user was told of was still held.
 */
#ifndef PHP_REDISLOCK_RELEASE_H
#define PHP_REDISLOCK_RELEASE_H

#include "php_redislock_client.h"

/*
 * Releases n items of one kind (rl_lock_ref, rl_semaphore_holder) in one
 * round trip on conn; released[i]: item i was still held, and is deleted now.
 */
typedef rl_status (*php_redislock_release_fn)(rl_conn *conn, size_t n, const void *items, bool *released,
		rl_error *err);

typedef struct {
	size_t n;
	const void *items; /* n of them, item_size bytes each */
	size_t item_size;
	php_redislock_release_fn release;
	const char *const *keys; /* the key item i lives at: routes it on Sentinel and Cluster */
	const size_t *key_lens;
	/* whether item i's fate is the user's (false for one refused for want of replicas: it never was theirs) */
	const bool *reported;
} php_redislock_release_set;

/*
 * Releases set's items, one pipeline per node (one server: one in all).
 * settled[i]: a server answered for item i, whatever it said, so it is not
 * ours any more and the caller forgets it; an item not settled failed and is
 * kept for a later try. *all_released: every reported item was settled and
 * still held. After a connection failure the broken connection is
 * discarded. Does not throw.
 */
rl_status php_redislock_release_set_run(php_redislock_client *client, const php_redislock_release_set *set,
		bool *settled, bool *all_released, rl_error *err);

#endif /* PHP_REDISLOCK_RELEASE_H */
