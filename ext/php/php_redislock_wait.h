/*
 * Waiting within the request's means: how long a wait may last (its
 * $timeout, redislock.max_wait and the request's wall-clock budget),
 * whether PHP's time limit ran out, and the wait in a key's queue
 * (rl_wait.h's protocol, one round trip per step).
 */
#ifndef PHP_REDISLOCK_WAIT_H
#define PHP_REDISLOCK_WAIT_H

#include "php_redislock_client.h"
#include "rl_wait.h"

/*
 * One script call of a waiter (rl_wait.h): RL_WAIT_JOIN / RL_WAIT_VISIT are
 * wait steps blocking up to block_ms; RL_WAIT_LEAVE runs alone. *answer is
 * the script's (RL_WAIT_OWNED: the caller now holds what it waits for).
 */
typedef rl_status (*php_redislock_wait_fn)(rl_conn *conn, void *ctx, rl_wait_mode mode, long long block_ms,
		long long *answer, rl_error *err);

/*
 * Waits in key's queue until owned or deadline_ns: a join, then one visit per
 * block, each step one round trip. Out of time (or when PHP's time limit ran
 * out, so that the engine can raise "Maximum execution time exceeded" and the
 * request end release what is held) it leaves, claiming a grant if one waits.
 * *sent_ns: when the step that made us the owner was written (see
 * php_redislock_lifetime_may_have_ended()).
 */
rl_status php_redislock_wait_in_queue(php_redislock_client *client, const char *key, size_t key_len,
		php_redislock_wait_fn step, void *ctx, uint64_t deadline_ns, bool *acquired, long long *acked,
		uint64_t *sent_ns, rl_error *err);

/*
 * Whether a lock or slot that a command written at sent_ns took for ttl_ms
 * may already have expired on the server by now, by our own clock. Its
 * lifetime began no earlier than sent_ns (the server ran the command after
 * we wrote it), so it surely lasts until sent_ns + ttl_ms, less the clocks'
 * drift (ttl_ms / 100 + 2 ms, Redlock's allowance). Past that, the process
 * stalled between the write and the read of the answer (SIGSTOP, a worker
 * swapped out, a waiter whose claim ran behind its BLPOP while it did not
 * run): the answer "yours" must not be believed until confirmed, or another
 * holder could have the lock by now while we report it held. (A lifetime of
 * 1 or 2 ms is within the allowance itself: never "may have ended".)
 */
bool php_redislock_lifetime_may_have_ended(uint64_t sent_ns, long long ttl_ms);

/*
 * When a wait of $timeout seconds starting now must end: at $timeout, but
 * never after redislock.max_wait from now nor after the request's wall-clock
 * budget (max_execution_time from the request's start or the last
 * set_time_limit()), which may already be past: then nothing is waited for.
 */
uint64_t php_redislock_wait_deadline_ns(double timeout);

/*
 * Whether PHP's max_execution_time ran out (the engine raises its fatal error
 * at the next opportunity). The wall-clock budget needs no check of its own:
 * every wait's deadline comes from php_redislock_wait_deadline_ns().
 */
bool php_redislock_time_limit_reached(void);

#endif /* PHP_REDISLOCK_WAIT_H */
