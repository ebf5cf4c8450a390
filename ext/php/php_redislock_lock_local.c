/*
 * RedisLock's lock() and unlock() through the local hand-over: the "(R)"
 * steps of model/local.md between the "[M]" steps of ext/core/rl_local.c.
 * A host takes a key in Redis once (php_redislock_lock_take(), under a fresh
 * token), and its processes pass it on through the segment, each refreshing
 * the key to its own lifetime under the token it was handed before it
 * believes; after RL_LOCAL_BOUND local hand-overs the key goes back to Redis,
 * where other hosts' waiters are queued.
 */
#include "php_redislock_lock.h"
#include "php_redislock_local.h"
#include "php_redislock_wait.h"

static void leave_queue(redislock_lock_object *lock, zend_string *name, rl_local_seg *seg, rl_local_pos *pos);

static held_lock *record_local(redislock_lock_object *lock, zend_string *name, rl_local_seg *seg,
		const rl_local_pos *pos, const char *token, size_t token_len, uint64_t from_ns, long long ttl_ms, bool waited)
{
	held_lock *held = held_put(lock, name, token, token_len);
	/*
	 * A lock handed on locally is a hot one: other hosts' waiters are likely
	 * queued in Redis too, and the release watches its hand-over to them. One
	 * the host took in Redis knows (php_redislock_lock_take()'s waited).
	 */
	held->waited = waited;
	held->local_seg = seg;
	held->local_slot = pos->slot;
	held->local_ticket = pos->ticket;
	held->life_from_ns = from_ns;
	held->life_ms = ttl_ms;
	return held;
}

/* The release in Redis of a lock the host held under token (the segment said: not handed on). */
static rl_status release_in_redis(redislock_lock_object *lock, zend_string *name, const char *token, size_t token_len,
		bool watched, bool *released, rl_error *err)
{
	rl_lock_ref ref;
	zend_string *key = make_ref(lock, name, token, token_len, &ref);
	rl_status status = php_redislock_held_run(lock, HELD_RELEASE, &ref, 0, watched, released, NULL, NULL, err);
	zend_string_release(key);
	return status;
}

/*
 * What a waiter woken too late (out of time) or by a failure gives back, as
 * unlock() would: a lock handed to it goes on to the next local waiter, or
 * is released in Redis under the token it was handed (the key must not keep
 * the last holder's lifetime for nobody); the global taker's part goes to the
 * next waiter. A look (CHECK_KEY) leaves the queue.
 */
static void give_back(redislock_lock_object *lock, zend_string *name, rl_local_seg *seg, rl_local_pos *pos,
		rl_local_wait_result woken, const char *token, size_t token_len)
{
	if (woken == RL_LOCAL_HANDED) {
		if (rl_local_unlock(seg, pos->slot, pos->ticket, true, local_answer_within_ns(lock)) == RL_LOCAL_RELEASE_GLOBAL) {
			rl_error err;
			bool released;
			/* a failure here leaves the key to its lifetime: nothing to report to a caller getting false */
			release_in_redis(lock, name, token, token_len, true, &released, &err);
			rl_local_released(seg, pos->slot, pos->ticket, token, token_len);
		}
	} else if (woken == RL_LOCAL_GO_GLOBAL) {
		rl_local_not_taken(seg, pos);
	} else {
		leave_queue(lock, name, seg, pos);
	}
}

/* Leaves the queue; woken meanwhile, gives back what that brought. */
static void leave_queue(redislock_lock_object *lock, zend_string *name, rl_local_seg *seg, rl_local_pos *pos)
{
	char token[RL_LOCAL_TOKEN_MAX + 1];
	size_t token_len = 0;
	uint64_t holder_ticket;
	rl_local_wait_result woken;

	while (!rl_local_leave(seg, pos)) {
		/* woken: the record is freed by the look below (HANDED, GO_GLOBAL), never by a CHECK_KEY */
		if ((woken = rl_local_wait(seg, pos, 0, token, &token_len, &holder_ticket)) == RL_LOCAL_HANDED
				|| woken == RL_LOCAL_GO_GLOBAL) {
			give_back(lock, name, seg, pos, woken, token, token_len);
			return;
		}
	}
}

static bool out_of_time(uint64_t deadline_ns)
{
	return php_redislock_now_ns() >= deadline_ns || php_redislock_time_limit_reached();
}

/* One look at most this long, so that PHP's time limit is seen while waiting. */
#define LOCAL_WAIT_SLICE_NS 50000000ull

rl_status php_redislock_local_lock(redislock_lock_object *lock, rl_local_seg *seg, zend_string *name, zend_string *key,
		rl_lock_ref *ref, double timeout, long long ttl_ms, uint64_t called_ns, uint64_t deadline_ns, bool *handled,
		lock_take *take, rl_error *err)
{
	rl_local_pos pos;
	rl_local_enter_result entered = rl_local_enter(seg, ZSTR_VAL(key), ZSTR_LEN(key), &pos);
	char token[RL_LOCAL_TOKEN_MAX + 1];
	size_t token_len = 0;
	uint64_t holder_ticket = 0;
	bool waited_here = false;
	rl_status status = RL_OK;

	memset(take, 0, sizeof(*take));
	if (entered == RL_LOCAL_NO_ROOM) {
		*handled = false;
		return RL_OK;
	}
	*handled = true;
	for (;;) {
		if (entered == RL_LOCAL_NO_ROOM) {
			/* no room any more (after a lost hand-over): the global protocol alone, as another host would */
			status = php_redislock_lock_take(lock, key, ref, timeout, ttl_ms, deadline_ns, take, err);
			if (take->acquired || (status != RL_OK && status != RL_ERR_SERVER)) {
				held_put(lock, name, ref->token, ref->token_len)->waited = take->waited;
			}
			take->wait_entered = take->wait_entered || waited_here;
			return status;
		}
		if (entered == RL_LOCAL_GLOBAL) {
			status = php_redislock_lock_take(lock, key, ref, timeout, ttl_ms, deadline_ns, take, err);
			take->wait_entered = take->wait_entered || waited_here;
			if (status == RL_OK && take->acquired) {
				if (rl_local_taken(seg, &pos, ref->token, ref->token_len, take->sent_ns, ttl_ms)) {
					record_local(lock, name, seg, &pos, ref->token, ref->token_len, take->sent_ns, ttl_ms, take->waited);
				} else {
					held_put(lock, name, ref->token, ref->token_len)->waited = take->waited;
				}
				return RL_OK;
			}
			/* not taken: the next local waiter tries */
			rl_local_not_taken(seg, &pos);
			if (take->acquired || (status != RL_OK && status != RL_ERR_SERVER)) {
				/* ours, or it may have landed before the connection broke: the request end deletes it if ours */
				held_put(lock, name, ref->token, ref->token_len);
			}
			return status;
		}

		/* queued behind the host's holder */
		rl_local_wait_result woken;
		waited_here = true;
		for (;;) {
			uint64_t now = php_redislock_now_ns();
			uint64_t until = out_of_time(deadline_ns) ? 0 : MIN(deadline_ns, now + LOCAL_WAIT_SLICE_NS);
			woken = rl_local_wait(seg, &pos, until, token, &token_len, &holder_ticket);
			if (woken != RL_LOCAL_WAITING) {
				break;
			}
			if (pos.waiter < 0) {
				entered = rl_local_enter(seg, ZSTR_VAL(key), ZSTR_LEN(key), &pos);
				break;
			}
			if (out_of_time(deadline_ns)) {
				leave_queue(lock, name, seg, &pos);
				take->wait_entered = true;
				return RL_OK;
			}
		}
		if (woken == RL_LOCAL_WAITING) {
			continue; /* entered anew */
		}
		if (out_of_time(deadline_ns)) {
			give_back(lock, name, seg, &pos, woken, token, token_len);
			take->wait_entered = true;
			return RL_OK;
		}
		if (woken == RL_LOCAL_GO_GLOBAL) {
			entered = RL_LOCAL_GLOBAL;
			continue;
		}
		rl_lock_ref handed = *ref;
		handed.token = token;
		handed.token_len = token_len;
		if (woken == RL_LOCAL_CHECK_KEY) {
			/* the holder's lifetime is over by its clock: still in Redis? (a stalled holder, or expire() elsewhere) */
			bool still = true;
			if ((status = php_redislock_held_run(lock, HELD_CHECK, &handed, 0, false, &still, NULL, NULL, err))
					!= RL_OK) {
				leave_queue(lock, name, seg, &pos);
				return status;
			}
			if (!still && rl_local_reclaim(seg, &pos, token, token_len, holder_ticket)) {
				entered = RL_LOCAL_GLOBAL;
			}
			continue;
		}
		/*
		 * Handed: the key's lifetime is still the last holder's. Taken over as
		 * ours when it is what we asked for and began after our call (model/
		 * local.md, "Inheriting the lifetime"): no round trip.
		 */
		uint64_t inherited_from;
		if (rl_local_inherit(seg, &pos, token, token_len, called_ns, ttl_ms, &inherited_from)) {
			record_local(lock, name, seg, &pos, token, token_len, inherited_from, ttl_ms, true);
			take->acquired = true;
			take->wait_entered = true;
			take->sent_ns = inherited_from;
			return RL_OK;
		}
		/*
		 * Otherwise refreshed to
		 * ours under the token we were handed (not the slot's now: the key may
		 * have ended meanwhile and been taken anew under another) before we
		 * believe; counted from the refresh's write, confirmed again if we
		 * stalled before its answer.
		 */
		bool refreshed = false;
		uint64_t sent_ns = 0;
		/*
		 * The lifetime the slot records is unknown until the refresh's answer
		 * (nobody inherits it meanwhile), and the waiters behind leave the key
		 * alone until that answer is due: one that read it before the refresh
		 * landed would not overtake us, one after a Redis restart would.
		 */
		rl_local_set_lifetime(seg, pos.slot, pos.ticket, local_answer_due_ns(lock), 0);
		do {
			sent_ns = php_redislock_now_ns();
			status = php_redislock_held_run(lock, HELD_EXTEND, &handed, ttl_ms, false, &refreshed, NULL, NULL, err);
		} while (status == RL_OK && refreshed && php_redislock_lifetime_may_have_ended(sent_ns, ttl_ms));
		if (status != RL_OK) {
			/*
			 * The slot names us holder: kept, so that unlockAll() or the request
			 * end lets it go; its lifetime unknown (0), so that it is released in
			 * Redis rather than handed on under a lifetime nobody knows.
			 */
			record_local(lock, name, seg, &pos, token, token_len, sent_ns, 0, true);
			return status;
		}
		if (refreshed && rl_local_handed_ok(seg, &pos, sent_ns, ttl_ms)) {
			record_local(lock, name, seg, &pos, token, token_len, sent_ns, ttl_ms, true);
			take->acquired = true;
			take->wait_entered = true;
			take->sent_ns = sent_ns;
			return RL_OK;
		}
		/* the key ended (or was deleted, or another host's): we take it in Redis for the host */
		entered = rl_local_handed_failed(seg, &pos) ? RL_LOCAL_GLOBAL
			: rl_local_enter(seg, ZSTR_VAL(key), ZSTR_LEN(key), &pos);
	}
}

rl_status php_redislock_local_unlock(redislock_lock_object *lock, zend_string *name, held_lock *held, bool *released,
		rl_error *err)
{
	rl_status status;

	*released = false;
	switch (rl_local_unlock(held->local_seg, held->local_slot, held->local_ticket, php_redislock_local_may_hand(held),
			local_answer_within_ns(lock))) {
		case RL_LOCAL_NOT_HOLDER:
			/* we stalled past our lifetime and a waiter took the slot back: not ours, nothing touched */
			held_forget(lock, name);
			return RL_OK;
		case RL_LOCAL_HANDED_ON:
			*released = true;
			held_forget(lock, name);
			return RL_OK;
		case RL_LOCAL_RELEASE_GLOBAL:
			break;
	}
	held->life_ms = 0; /* the segment records it unknown too (rl_local_unlock()): a lost answer leaves it so */
	status = release_in_redis(lock, name, ZSTR_VAL(held->token), ZSTR_LEN(held->token), held->waited, released, err);
	if (status == RL_OK || status == RL_ERR_SERVER) {
		held_forget(lock, name); /* held_lock_free() clears the slot, waking the next local waiter */
	}
	return status;
}
