/*
 * How long a request may wait, and the waiting: a wait's deadline from its
 * $timeout, redislock.max_wait and the request's wall-clock budget, whether
 * PHP's time limit ran out, and the wait in a key's queue (a join, then one
 * blocking visit per round trip, a leave when out of time) with the WAIT for
 * replicas behind the step that made us the owner.
 */
#include "php_redislock_wait.h"

/* The end of the request's wall-clock budget, or UINT64_MAX when max_execution_time is off. */
static uint64_t request_budget_end_ns(void)
{
	if (EG(timeout_seconds) <= 0) {
		return UINT64_MAX;
	}
	return REDISLOCK_G(time_limit_start_ns) + (uint64_t)EG(timeout_seconds) * 1000000000u;
}

uint64_t php_redislock_wait_deadline_ns(double timeout)
{
	uint64_t now_ns = php_redislock_now_ns();
	uint64_t deadline_ns = now_ns + (uint64_t)(timeout * 1e9); /* timeout <= 1e9 s: far from overflowing */
	uint64_t budget_end_ns = request_budget_end_ns();

	if (REDISLOCK_G(max_wait) > 0 && REDISLOCK_G(max_wait) < timeout) {
		deadline_ns = now_ns + (uint64_t)(REDISLOCK_G(max_wait) * 1e9);
	}
	return MIN(deadline_ns, budget_end_ns);
}

bool php_redislock_time_limit_reached(void)
{
#if PHP_VERSION_ID >= 80200
	return zend_atomic_bool_load_ex(&EG(timed_out));
#else
	return EG(timed_out);
#endif
}

typedef struct {
	php_redislock_client *client;
	php_redislock_wait_fn step;
	void *ctx;
	rl_wait_mode mode;
	long long block_ms;
	long long *answer;
	bool owned;          /* a step's script made us the owner (whatever happened after) */
	long long acked;     /* min_replicas: the WAIT's answer after that step */
} wait_step_run;

/*
 * One wait step. With min_replicas, the step that made us the owner is
 * followed by a WAIT on the very connection it wrote on (a WAIT counts the
 * replicas that have this connection's writes; on another connection, or
 * another master after a failover, it would say nothing about ours). Steps
 * that own nothing are not waited for: missing replicas cost a wait one
 * replica_timeout, not one per step.
 */
static rl_status wait_step(rl_conn *conn, void *ctx, rl_error *err)
{
	wait_step_run *run = ctx;
	rl_status status = run->step(conn, run->ctx, run->mode, run->block_ms, run->answer, err);

	if (*run->answer != RL_WAIT_OWNED) {
		return status;
	}
	/* owned even if the step's other reply failed (a step answers OWNED only for what it saw) */
	run->owned = true;
	if (status != RL_OK) {
		return status;
	}
	if (run->client->min_replicas > 0) {
		status = rl_conn_wait_replicas(conn, run->client->min_replicas, run->client->replica_timeout_ms, &run->acked, err);
	}
	return status;
}

bool php_redislock_lifetime_may_have_ended(uint64_t sent_ns, long long ttl_ms)
{
	uint64_t drift_ns = ((uint64_t)ttl_ms / 100 + 2) * 1000000;
	uint64_t lasts_ns = (uint64_t)ttl_ms * 1000000;

	if (lasts_ns <= drift_ns) {
		return false; /* 1 or 2 ms: shorter than the allowance itself, nothing to vouch for; the server's answer stands */
	}
	return php_redislock_now_ns() >= sent_ns + (lasts_ns - drift_ns);
}

rl_status php_redislock_wait_in_queue(php_redislock_client *client, const char *key, size_t key_len,
		php_redislock_wait_fn step, void *ctx, uint64_t deadline_ns, bool *acquired, long long *acked,
		uint64_t *sent_ns, rl_error *err)
{
	long long answer = 0;
	rl_status status;
	wait_step_run run = { .client = client, .step = step, .ctx = ctx, .mode = RL_WAIT_JOIN, .answer = &answer,
		.owned = false, .acked = -1 };

	*acquired = false;
	*acked = -1;
	for (;;) {
		uint64_t now_ns = php_redislock_now_ns();
		bool out_of_time = now_ns >= deadline_ns || php_redislock_time_limit_reached();

		if (out_of_time && run.mode == RL_WAIT_JOIN) {
			return RL_OK; /* never queued */
		}
		if (out_of_time) {
			/* out of time (ours, or PHP's: the engine ends the request next): leave, claiming a grant if one waits */
			run.mode = RL_WAIT_LEAVE;
			run.block_ms = 0;
		} else {
			run.block_ms = rl_wait_block_ms(answer, (long long)((deadline_ns - now_ns + 999999) / 1000000));
		}
		/*
		 * Each step where the key lives now: a slot that moved while we waited is
		 * followed. A slot in migration (TRYAGAIN) is waited out only until our
		 * deadline: then we are out of time, with nothing run.
		 */
		*sent_ns = php_redislock_now_ns(); /* the step's script runs after this, whenever its BLPOP returns */
		status = php_redislock_client_run(client, key, key_len, wait_step, &run, NULL, deadline_ns, err);
		if ((status == RL_ERR_ROUTE || status == RL_ERR_REDIRECTS) && !run.owned
				&& php_redislock_now_ns() >= deadline_ns) {
			return RL_OK; /* not acquired in time; our queue entry lapses on its own */
		}
		/* owned even if what came after failed: the caller must then keep what it holds */
		*acquired = run.owned;
		*acked = run.acked;
		if (status != RL_OK || run.owned || out_of_time) {
			return status;
		}
		run.mode = RL_WAIT_VISIT;
	}
}
