/*
 * RedisLock over several masters (Redlock): lock() with its waiting, the
 * calls on a held lock, and releasing everything held, each step one fan-out
 * to every master through ext/core/rl_redlock.c, with the validity the
 * client computes kept in the lock's record.
 */
#include "php_redislock_lock.h"
#include "php_redislock_random.h"
#include "php_redislock_stats.h"
#include "php_redislock_wait.h"
#include "rl_redlock.h"

/* Deletes the lock everywhere it still holds the token (best effort) and forgets it. */
static void multi_drop(redislock_lock_object *lock, zend_string *name, const rl_lock_ref *ref)
{
	php_redislock_masters masters;
	bool released, settled;
	rl_error ignored;

	php_redislock_client_masters(&lock->client, &masters);
	rl_redlock_release_many(&masters.base, 1, ref, &released, &settled, &ignored);
	held_forget(lock, name);
}

/*
 * lock() over several masters: one attempt at a time on all of them at once;
 * with a timeout, between attempts the waiter blocks on every master's wake
 * list until a release leaves a note or a quorum of the holders' keys could
 * have expired, then retries after a short random pause.
 */
void php_redislock_multi_lock(redislock_lock_object *lock, zend_string *name, double timeout, long long ttl_ms,
		zend_long wait_interval_us, zval *return_value)
{
	char token[PHP_REDISLOCK_TOKEN_LEN + 1];
	php_redislock_masters masters;
	zend_string *key;
	held_lock *held;
	rl_lock_ref ref;
	rl_status status = RL_OK;
	rl_error err;
	uint64_t deadline_ns = php_redislock_wait_deadline_ns(timeout);
	double budget = rl_redlock_acquire_budget(ttl_ms, lock->client.endpoints[0].config.read_timeout);
	long long validity_ms = 0, free_in_ms = -1, fence = 0;
	bool acquired = false, waited = false;
	uint64_t started_ns = php_redislock_now_ns();

	php_redislock_client_masters(&lock->client, &masters);
	if ((held = held_find(lock, name))) {
		/* already ours: renew it, as on one server */
		bool extended = false;
		key = make_ref(lock, name, ZSTR_VAL(held->token), ZSTR_LEN(held->token), &ref);
		status = rl_redlock_extend(&masters.base, &ref, ttl_ms, &extended, &validity_ms, &err);
		if (status == RL_OK && extended) {
			validity_set(held, validity_ms);
		} else if (status == RL_OK) {
			multi_drop(lock, name, &ref); /* lost meanwhile: acquire anew */
		}
		zend_string_release(key);
		if (status != RL_OK) {
			php_redislock_client_throw(&lock->client, status, &err);
			RETURN_THROWS();
		}
		if (extended) {
			RETURN_TRUE;
		}
	}
	key = make_ref(lock, name, token, PHP_REDISLOCK_TOKEN_LEN, &ref);
	ref.fenced = lock->client.fencing;
	for (;;) {
		uint64_t now_ns;
		long long block_ms, left_ms;
		size_t notes = 0;

		/*
		 * A new token for every attempt: a roll-back that was written but not
		 * waited for (a master past its budget) may land after a later attempt
		 * took that master, and must never delete that attempt's key.
		 */
		if (!php_redislock_make_token(token)) {
			zend_string_release(key);
			RETURN_THROWS();
		}
		status = rl_redlock_acquire(&masters.base, &ref, ttl_ms, budget, timeout > 0, &acquired, &validity_ms,
			&free_in_ms, &fence, &err);
		if (status != RL_OK || acquired) {
			break;
		}
		now_ns = php_redislock_now_ns();
		if (timeout <= 0 || now_ns >= deadline_ns || php_redislock_time_limit_reached()) {
			break;
		}
		left_ms = (long long)((deadline_ns - now_ns + 999999) / 1000000);
		block_ms = free_in_ms >= 0 && free_in_ms < RL_REDLOCK_BLOCK_MAX_MS ? free_in_ms + 1 : RL_REDLOCK_BLOCK_MAX_MS;
		if (block_ms > left_ms) {
			block_ms = left_ms;
		}
		waited = true;
		if ((status = rl_redlock_block(&masters.base, &ref, block_ms, &notes, &err)) != RL_OK) {
			break;
		}
		if (notes == 0 && block_ms == left_ms && (free_in_ms < 0 || free_in_ms >= left_ms)) {
			/* out of time, and nothing said the lock changed: another attempt could not get it */
			break;
		}
		if (notes > 0 && notes < rl_redlock_quorum(lock->client.n)) {
			/* the notes of one release went to several waiters (each master wakes its first
			 * blocked one): they retry at once, so do not retry in step with them. A waiter
			 * woken by a quorum of masters was first in line on a majority: no pause */
			php_redislock_random_pause(wait_interval_us < 5000 ? wait_interval_us : 5000);
		}
	}
	zend_string_release(key);
	php_redislock_stats_acquire_end(PHP_REDISLOCK_STATS_LOCK, name, started_ns, waited, timeout,
		status != RL_OK ? PHP_REDISLOCK_OUTCOME_FAILED : acquired ? PHP_REDISLOCK_OUTCOME_ACQUIRED
		: PHP_REDISLOCK_OUTCOME_NOT_ACQUIRED);
	if (status != RL_OK) {
		php_redislock_client_throw(&lock->client, status, &err);
		RETURN_THROWS();
	}
	if (acquired) {
		held = held_put(lock, name, token, PHP_REDISLOCK_TOKEN_LEN);
		validity_set(held, validity_ms);
		held->fence_counted = fence; /* fence() confirms it on a quorum */
	}
	RETURN_BOOL(acquired);
}

/*
 * fence() over several masters: the greatest fence the take counted, once a
 * quorum of the masters that still hold the lock raised their counters to it
 * (rl_redlock_fence()); false when the lock is lost, or past its validity,
 * as isLocking() would say.
 */
void php_redislock_multi_fence(redislock_lock_object *lock, zend_string *name, held_lock *held, zval *return_value)
{
	php_redislock_masters masters;
	rl_lock_ref ref;
	rl_status status = RL_OK;
	rl_error err;
	bool confirmed = false;
	zend_string *key;

	if (held->fence > 0) {
		RETURN_LONG((zend_long)held->fence);
	}
	key = make_ref(lock, name, ZSTR_VAL(held->token), ZSTR_LEN(held->token), &ref);
	php_redislock_client_masters(&lock->client, &masters);
	if (validity_left_ns(held) > 0 && held->fence_counted > 0) {
		status = rl_redlock_fence(&masters.base, &ref, held->fence_counted, &confirmed, &err);
	}
	if (status == RL_OK && confirmed && validity_left_ns(held) == 0) {
		confirmed = false; /* the validity ran out while the masters answered */
	}
	if (status == RL_OK && !confirmed) {
		/* not a quorum, or past its validity: whatever the masters say, it cannot be trusted */
		if (!held->lost_counted) {
			php_redislock_stats_of(PHP_REDISLOCK_STATS_LOCK)->lost++;
		}
		multi_drop(lock, name, &ref);
	}
	zend_string_release(key);
	if (status != RL_OK) {
		php_redislock_client_throw(&lock->client, status, &err);
		RETURN_THROWS();
	}
	if (!confirmed) {
		RETURN_FALSE;
	}
	held->fence = held->fence_counted;
	RETURN_LONG((zend_long)held->fence);
}

/* Every name on every master, in one parallel pass; a name no quorum answered for is kept for a later try. */
rl_status php_redislock_multi_release_held(redislock_lock_object *lock, uint32_t n, const rl_lock_ref *refs,
		zend_string *const *names, bool *all_released, rl_error *err)
{
	php_redislock_masters masters;
	bool *released = safe_emalloc(n, sizeof(*released), 0), *settled = safe_emalloc(n, sizeof(*settled), 0);
	rl_status status;
	uint32_t i;

	*all_released = true;
	php_redislock_client_masters(&lock->client, &masters);
	status = rl_redlock_release_many(&masters.base, n, refs, released, settled, err);
	if (status == RL_OK || status == RL_ERR_QUORUM) {
		for (i = 0; i < n; i++) {
			if (settled[i]) {
				*all_released = *all_released && released[i];
				held_forget(lock, names[i]);
			} else {
				*all_released = false;
			}
		}
	}
	efree(released);
	efree(settled);
	return status;
}

/* call_on_held() over several masters: each answer needs a quorum. */
void php_redislock_multi_call_on_held(redislock_lock_object *lock, zend_string *name, held_lock *held, held_call call,
		long long ttl_ms, zval *return_value)
{
	php_redislock_masters masters;
	rl_lock_ref ref;
	rl_status status = RL_OK;
	rl_error err;
	long long validity_ms = 0;
	bool yes = false, settled = false;
	bool counted = held->lost_counted; /* the record may be gone by the end */
	zend_string *key = make_ref(lock, name, ZSTR_VAL(held->token), ZSTR_LEN(held->token), &ref);

	php_redislock_client_masters(&lock->client, &masters);
	switch (call) {
		case HELD_EXTEND:
			if ((status = rl_redlock_extend(&masters.base, &ref, ttl_ms, &yes, &validity_ms, &err)) == RL_OK) {
				if (yes) {
					validity_set(held, validity_ms);
				} else {
					multi_drop(lock, name, &ref); /* no quorum extended it: it is not a lock any more */
				}
			}
			break;
		case HELD_CHECK:
			if (validity_left_ns(held) == 0) {
				multi_drop(lock, name, &ref); /* past its validity: whatever the masters say, it cannot be trusted */
				break;
			}
			if ((status = rl_redlock_is_owner(&masters.base, &ref, &yes, &err)) == RL_OK
					&& (!yes || validity_left_ns(held) == 0)) {
				/* not a quorum, or the validity ran out while the masters answered */
				yes = false;
				multi_drop(lock, name, &ref);
			}
			break;
		case HELD_RELEASE:
			status = rl_redlock_release_many(&masters.base, 1, &ref, &yes, &settled, &err);
			if (settled) {
				held_forget(lock, name);
			}
			break;
		case HELD_REMAINING: {
			/* the validity the client computed: no round trip */
			uint64_t left = validity_left_ns(held);
			zend_string_release(key);
			if (left == 0) {
				if (!held->lost_counted) {
					held->lost_counted = true;
					php_redislock_stats_of(PHP_REDISLOCK_STATS_LOCK)->lost++;
				}
				RETURN_FALSE;
			}
			RETURN_DOUBLE((double)left / 1e9);
		}
	}
	zend_string_release(key);
	if (status != RL_OK) {
		php_redislock_client_throw(&lock->client, status, &err);
		RETURN_THROWS();
	}
	if (!yes && !counted) {
		php_redislock_stats_of(PHP_REDISLOCK_STATS_LOCK)->lost++; /* believed held: no quorum has it any more */
	}
	RETURN_BOOL(yes);
}
