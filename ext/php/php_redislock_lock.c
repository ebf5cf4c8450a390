/*
 * The RedisLock class: argument checks, bookkeeping of what each object holds
 * (one record per name: php_redislock_lock.h), waiting; on one server, Sentinel
 * or Cluster. Over several masters it turns to php_redislock_lock_multi.c.
 */
#include "php_redislock_lock.h"
#include "php_redislock_args.h"
#include "php_redislock_random.h"
#include "php_redislock_release.h"
#include "php_redislock_wait.h"
#include "php_redislock_local.h"
#include "zend_exceptions.h"

static zend_class_entry *redislock_lock_ce;
static zend_object_handlers redislock_lock_handlers;

static inline redislock_lock_object *lock_from_obj(zend_object *obj)
{
	return (redislock_lock_object *)((char *)obj - XtOffsetOf(redislock_lock_object, std));
}

#define Z_REDISLOCK_LOCK_P(zv) lock_from_obj(Z_OBJ_P(zv))

static void held_lock_free(zval *record)
{
	held_lock *held = Z_PTR_P(record);
	if (held->local_seg) {
		/*
		 * Forgotten (released in Redis, found not ours, the object gone): if
		 * the host's slot still names us under this token, it is cleared and
		 * the next local waiter takes the key in Redis. Handed on or taken
		 * back already, it names another: nothing happens.
		 */
		rl_local_released(held->local_seg, held->local_slot, held->local_ticket, ZSTR_VAL(held->token),
			ZSTR_LEN(held->token));
	}
	zend_string_release(held->token);
	if (held->name) {
		zend_string_release(held->name);
	}
	efree(held);
}

static inline redislock_lock_object *lock_from_holder(php_redislock_holder *holder)
{
	return (redislock_lock_object *)((char *)holder - XtOffsetOf(redislock_lock_object, holder));
}

/* ---- releasing everything held (unlockAll, request end, destruction) ---- */

/*
 * The exclusive locks of refs in one round trip (rl_lock_release_many()),
 * then each read/write lock's side with its own script (its queue and its
 * grants are its own).
 */
static rl_status release_locks(rl_conn *conn, size_t n, const void *refs, bool *released, rl_error *err)
{
	const rl_lock_ref *all = refs;
	rl_lock_ref *plain;
	size_t *at, i, m = 0;
	bool *plain_released;
	rl_status status = RL_OK, first_error = RL_OK;
	rl_error this_err;

	for (i = 0; i < n && !all[i].rw; i++) {
	}
	if (i == n) {
		return rl_lock_release_many(conn, n, all, released, err);
	}
	plain = safe_emalloc(n, sizeof(*plain), 0);
	at = safe_emalloc(n, sizeof(*at), 0);
	plain_released = safe_emalloc(n, sizeof(*plain_released), 0);
	for (i = 0; i < n; i++) {
		released[i] = false;
		if (!all[i].rw) {
			plain[m] = all[i];
			at[m++] = i;
		}
	}
	if (m > 0) {
		first_error = rl_lock_release_many(conn, m, plain, plain_released, err);
		for (i = 0; i < m; i++) {
			released[at[i]] = plain_released[i];
		}
	}
	for (i = 0; i < n && !conn->broken; i++) {
		if (all[i].rw && (status = rl_rw_release(conn, &all[i], &released[i], &this_err)) != RL_OK
				&& (first_error == RL_OK || conn->broken)) {
			/* the first failure is reported, unless a later one broke the connection */
			first_error = status;
			*err = this_err;
		}
	}
	efree(plain);
	efree(at);
	efree(plain_released);
	return first_error;
}

/*
 * The locks held through the local hand-over, first in the segment: each is
 * handed to the host's next local waiter (forgotten here: no round trip), or
 * stays in held for the batched release in Redis below, whose held_forget()
 * clears its slot (held_lock_free()) and so wakes the next local waiter.
 */
static void hand_on_local_held(redislock_lock_object *lock, bool *all_released)
{
	zend_string **gone = NULL, *name;
	uint32_t n = 0, i;
	held_lock *held;

	ZEND_HASH_FOREACH_STR_KEY_PTR(&lock->held, name, held) {
		if (!held->local_seg) {
			continue;
		}
		switch (rl_local_unlock(held->local_seg, held->local_slot, held->local_ticket,
				php_redislock_local_may_hand(held), local_answer_within_ns(lock))) {
			case RL_LOCAL_NOT_HOLDER:
				*all_released = false; /* stalled past its lifetime: taken back, not ours */
				ZEND_FALLTHROUGH;
			case RL_LOCAL_HANDED_ON:
				if (!gone) {
					gone = safe_emalloc(zend_hash_num_elements(&lock->held), sizeof(*gone), 0);
				}
				gone[n++] = zend_string_copy(name);
				break;
			case RL_LOCAL_RELEASE_GLOBAL:
				held->life_ms = 0; /* released in the batch below: a lost answer leaves it unknown */
				break;
		}
	} ZEND_HASH_FOREACH_END();
	for (i = 0; i < n; i++) {
		held_forget(lock, gone[i]);
		zend_string_release(gone[i]);
	}
	if (gone) {
		efree(gone);
	}
}

/*
 * Releases every lock in held and owned: the exclusive ones in one round trip
 * per node, each read/write one with its own release. Entries released or found
 * not ours any more are removed; on a connection failure they stay, so that a
 * later unlockAll() or the request end tries again. *all_released tells whether
 * every one was still ours and is now deleted.
 */
static rl_status release_held(redislock_lock_object *lock, bool *all_released, rl_error *err)
{
	uint32_t n, i = 0;
	rl_lock_ref *refs;
	zend_string **keys, **names, **places;
	HashTable **tables;
	const char **key_ptrs;
	size_t *key_lens;
	bool *reported, *settled;
	zend_string *place;
	held_lock *held;
	rl_status status;
	bool local_released = true;
	HashTable *table, *both[2] = { &lock->held, &lock->owned };
	int t;

	*all_released = true;
	if (zend_hash_num_elements(&lock->held) + zend_hash_num_elements(&lock->owned) == 0) {
		return RL_OK;
	}
	hand_on_local_held(lock, &local_released);
	if ((n = zend_hash_num_elements(&lock->held) + zend_hash_num_elements(&lock->owned)) == 0) {
		*all_released = local_released;
		return RL_OK;
	}
	refs = safe_emalloc(n, sizeof(*refs), 0);
	keys = safe_emalloc(n, sizeof(*keys), 0);
	names = safe_emalloc(n, sizeof(*names), 0);
	places = safe_emalloc(n, sizeof(*places), 0);
	tables = safe_emalloc(n, sizeof(*tables), 0);
	key_ptrs = safe_emalloc(n, sizeof(*key_ptrs), 0);
	key_lens = safe_emalloc(n, sizeof(*key_lens), 0);
	reported = safe_emalloc(n, sizeof(*reported), 0);
	settled = safe_emalloc(n, sizeof(*settled), 0);
	for (t = 0; t < 2; t++) {
		table = both[t];
		ZEND_HASH_FOREACH_STR_KEY_PTR(table, place, held) {
			zend_string *name = held->name ? held->name : place;
			keys[i] = make_ref(lock, name, ZSTR_VAL(held->token), ZSTR_LEN(held->token), &refs[i]);
			refs[i].rw = held->rw;
			names[i] = zend_string_copy(name);
			places[i] = zend_string_copy(place);
			tables[i] = table;
			key_ptrs[i] = refs[i].key;
			key_lens[i] = refs[i].key_len;
			/* a refused lock was never the user's: whatever happens to it is not reported */
			reported[i] = !held->refused;
			i++;
		} ZEND_HASH_FOREACH_END();
	}

	if (php_redislock_client_is_multi(&lock->client)) {
		/* (owners are refused over several masters: every record is in held, under its name) */
		status = php_redislock_multi_release_held(lock, n, refs, names, all_released, err);
	} else {
		php_redislock_release_set set;
		set.n = n;
		set.items = refs;
		set.item_size = sizeof(*refs);
		set.release = release_locks;
		set.keys = key_ptrs;
		set.key_lens = key_lens;
		set.reported = reported;
		status = php_redislock_release_set_run(&lock->client, &set, settled, all_released, err);
		for (i = 0; i < n; i++) {
			/* a server that answered for a lock, whatever it said: it is not ours any more */
			if (settled[i]) {
				zend_hash_del(tables[i], places[i]);
			}
		}
	}
	for (i = 0; i < n; i++) {
		zend_string_release(keys[i]);
		zend_string_release(names[i]);
		zend_string_release(places[i]);
	}
	efree(refs);
	efree(keys);
	efree(names);
	efree(places);
	efree(tables);
	efree(key_ptrs);
	efree(key_lens);
	efree(reported);
	efree(settled);
	/* the batch's verdict is its own (it starts from true): a local lock found taken back is not released */
	*all_released = *all_released && local_released;
	return status;
}

static int forget_if_kept(zval *record)
{
	return ((held_lock *)Z_PTR_P(record))->keep ? ZEND_HASH_APPLY_REMOVE : ZEND_HASH_APPLY_KEEP;
}

/* The locks lock($releaseAtRequestEnd = false) took: forgotten, never released, when the request or the object ends. */
static void forget_kept(php_redislock_holder *holder)
{
	redislock_lock_object *lock = lock_from_holder(holder);
	zend_hash_apply(&lock->held, forget_if_kept);
	zend_hash_apply(&lock->owned, forget_if_kept);
}

/* The registry's release of everything held (request end, destruction). */
static rl_status holder_release(php_redislock_holder *holder, rl_error *err)
{
	bool all_released;
	return release_held(lock_from_holder(holder), &all_released, err);
}

/* ---- object handlers ---- */

static zend_object *lock_create(zend_class_entry *ce)
{
	redislock_lock_object *lock = zend_object_alloc(sizeof(redislock_lock_object), ce);

	php_redislock_holding_create(&lock->std, ce, &redislock_lock_handlers, &lock->holder, &lock->held,
		held_lock_free, "locks", holder_release);
	zend_hash_init(&lock->owned, 0, NULL, held_lock_free, 0);
	lock->holder.also_held = &lock->owned;
	lock->holder.forget_kept = forget_kept;
	return &lock->std;
}

static void lock_free(zend_object *obj)
{
	redislock_lock_object *lock = lock_from_obj(obj);

	/* A lock nobody can reach any more can never be unlocked: release it now. */
	php_redislock_holding_free(obj, &lock->holder, &lock->held, &lock->client);
	zend_hash_destroy(&lock->owned); /* emptied by the release above */
}

/* Entry checks shared by every method that works on a name. */
static redislock_lock_object *lock_for_call(zval *this_zv)
{
	redislock_lock_object *lock = Z_REDISLOCK_LOCK_P(this_zv);
	return php_redislock_holding_enter(&lock->holder, &lock->client) ? lock : NULL;
}

/* ---- methods ---- */

PHP_METHOD(RedisLock, __construct)
{
	zend_string *server = NULL;
	HashTable *server_list = NULL, *options = NULL;
	redislock_lock_object *lock = Z_REDISLOCK_LOCK_P(ZEND_THIS);

	ZEND_PARSE_PARAMETERS_START(0, 2)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT_OR_STR_OR_NULL(server_list, server)
		Z_PARAM_ARRAY_HT(options)
	ZEND_PARSE_PARAMETERS_END();

	if (lock->client.initialized) {
		zend_throw_error(NULL, "Cannot call RedisLock::__construct() twice");
		RETURN_THROWS();
	}
	if (!php_redislock_client_init(&lock->client, server, server_list, options, REDISLOCK_G(prefix), NULL)) {
		php_redislock_client_destroy(&lock->client);
		RETURN_THROWS();
	}
}

static php_redislock_client *client_of_lock(zend_object *obj)
{
	return &lock_from_obj(obj)->client;
}

PHP_METHOD(RedisLock, instance)
{
	ZEND_PARSE_PARAMETERS_NONE();

	if (!php_redislock_shared_instance(&REDISLOCK_G(lock_instance), redislock_lock_ce, client_of_lock,
			REDISLOCK_G(prefix), NULL)) {
		RETURN_THROWS();
	}
	RETURN_OBJ_COPY(REDISLOCK_G(lock_instance));
}

/* ---- waiting ---- */

/* lock_waiter.join_answer until a join runs: above every answer "lock wait" may give (rl_scripts.c) */
#define NO_JOIN (RL_LOCK_OWNED_EARLIER + 1)

typedef struct {
	const rl_lock_ref *lock;
	const rl_wait_keys *keys;
	long long ttl_ms;
	long long join_answer;
	bool requeue;           /* the last block took "x": the next visit puts us back at the head */
	bool confirm_grants;    /* min_replicas: a grant written by another connection is made ours with a write of our own */
	bool ran;               /* a step's script ran: we are queued (or were), and never join again */
	uint64_t step_sent_ns;  /* the write of the step now running */
	uint64_t ran_sent_ns;   /* the write of the latest step whose script ran (see lock_wait_step) */
	uint64_t owned_from_ns; /* owned: the earliest its lifetime may have begun (the client's clock) */
} lock_waiter;

/*
 * One step, and what the generic loop needs of it: RL_WAIT_OWNED, or how
 * long to block next (-n), or 0 (a check-in period). The lifetime of a lock
 * we own began no earlier than the write of the call that made it ours: a
 * grant the block took came after the call written with it, which would have
 * taken a grant made before; a grant the call itself found waiting (answer 3)
 * came after the call before. "The call" is one whose script ran: after one
 * that did not (NOSCRIPT, an error reply: its block may still take a grant),
 * the grant may be older than this step, and counts from the latest step
 * whose script ran.
 */
static rl_status lock_wait_step(rl_conn *conn, void *ctx, rl_wait_mode mode, long long block_ms, long long *answer,
		rl_error *err)
{
	lock_waiter *waiter = ctx;
	rl_lock_step step;
	rl_status status;
	uint64_t sent = php_redislock_now_ns(), earlier = waiter->ran_sent_ns, grant_from;

	if (mode == RL_WAIT_JOIN && waiter->ran) {
		/*
		 * The join ran, and the step runs again elsewhere: its block's reply was a
		 * redirect (the slot moved while we were blocked, the queue with it). A
		 * second join would queue us twice; a visit finds our entry where it is now.
		 */
		mode = RL_WAIT_VISIT;
		if (waiter->join_answer == NO_JOIN) {
			waiter->join_answer = 0; /* the join queued us */
		}
	}
	waiter->step_sent_ns = sent;
	status = (waiter->lock->rw ? rl_rw_wait : rl_lock_wait)(conn, waiter->lock, waiter->keys, waiter->ttl_ms, mode,
		waiter->requeue, block_ms, &step, err);
	grant_from = step.ran ? sent : earlier;
	if (step.ran) {
		waiter->ran_sent_ns = sent;
		waiter->ran = true;
	}
	*answer = 0;
	if (status == RL_OK && step.note == RL_LOCK_NOTE_GRANT && step.answer != RL_WAIT_OWNED && waiter->confirm_grants) {
		/*
		 * The grant was written on the releaser's connection: a WAIT on ours would count the
		 * replicas of our own last write (the join), not of the grant. A token-checked extend,
		 * our own write, comes first (and the lifetime counts from it); the lock gone meanwhile
		 * (it cannot be, but for its own expiry), we are back at the head of the queue.
		 */
		bool extended = false;
		grant_from = waiter->step_sent_ns = php_redislock_now_ns();
		if ((status = (waiter->lock->rw ? rl_rw_extend : rl_lock_extend)(conn, waiter->lock, waiter->ttl_ms, &extended,
				err)) == RL_OK && !extended) {
			step.note = RL_LOCK_NOTE_OUT;
		}
	}
	/* owned even when the other reply of the step was an error: the caller keeps what it holds */
	if (step.answer == RL_WAIT_OWNED) {
		waiter->owned_from_ns = mode == RL_WAIT_LEAVE ? earlier : sent;
		*answer = RL_WAIT_OWNED;
	} else if (step.note == RL_LOCK_NOTE_GRANT) {
		waiter->owned_from_ns = grant_from;
		*answer = RL_WAIT_OWNED;
	} else if (step.answer == RL_LOCK_OWNED_EARLIER) {
		waiter->owned_from_ns = earlier;
		*answer = RL_WAIT_OWNED;
	}
	if (mode == RL_WAIT_JOIN && status == RL_OK) {
		waiter->join_answer = step.answer;
	}
	if (status != RL_OK || *answer == RL_WAIT_OWNED) {
		return status;
	}
	waiter->requeue = step.note == RL_LOCK_NOTE_OUT;
	if (step.note == RL_LOCK_NOTE_LOOK) {
		*answer = -step.look_ms;
	} else {
		*answer = step.answer < 0 ? step.answer : 0;
	}
	return RL_OK;
}

/*
 * Waits in the lock's FIFO queue until the lock is handed to us or deadline_ns
 * passes. *joined: a join ran (not when out of time first); *queued: it did
 * not take the lock at once (the lock was not free). *sent_ns: when owned, the
 * earliest its lifetime may have begun.
 */
static rl_status wait_in_queue(php_redislock_client *client, const rl_lock_ref *lock, long long ttl_ms,
		uint64_t deadline_ns, bool *acquired, long long *acked, uint64_t *sent_ns, bool *joined, bool *queued,
		rl_error *err)
{
	rl_wait_keys keys;
	lock_waiter waiter;
	rl_status status;

	if (!(lock->rw ? rl_wait_keys_init_rw : rl_wait_keys_init_lock)(&keys, lock->prefix, lock->prefix_len, lock->key,
			lock->key_len, lock->token, lock->token_len)) {
		snprintf(err->message, sizeof(err->message), "out of memory");
		return RL_ERR_NOMEM;
	}
	memset(&waiter, 0, sizeof(waiter));
	waiter.lock = lock;
	waiter.keys = &keys;
	waiter.ttl_ms = ttl_ms;
	waiter.join_answer = NO_JOIN;
	waiter.confirm_grants = client->min_replicas > 0;
	waiter.step_sent_ns = waiter.ran_sent_ns = php_redislock_now_ns();
	status = php_redislock_wait_in_queue(client, lock->key, lock->key_len, lock_wait_step, &waiter, deadline_ns, acquired,
		acked, sent_ns, err);
	if (*acquired) {
		*sent_ns = waiter.owned_from_ns;
	}
	*joined = waiter.join_answer != NO_JOIN;
	*queued = *joined && waiter.join_answer != RL_WAIT_OWNED;
	rl_wait_keys_free(&keys);
	return status;
}

/*
 * The contention hint. A hot lock is found held by nearly every lock(): its
 * SET NX then costs Redis a command and a round trip that only say so, before
 * the join. A key this process found held within CONTENDED_HINT_NS goes
 * straight to the join, which takes the lock itself when it is free (after
 * the queue, as a SET NX that failed would have led to). Safe whatever the
 * hint says: a SET NX that fails changes nothing on the server, so skipping it
 * is the same as sending one that fails (model/lock.pml's waiter). A wrong
 * hint (the lock was free) costs one join; the join says so, and the hint goes.
 */
#define CONTENDED_HINT_NS 1000000000ull
#define CONTENDED_SLOTS (sizeof(REDISLOCK_G(contended)) / sizeof(REDISLOCK_G(contended)[0]))

/* key's slot of the hint table (a zend_string caches its hash: no rehashing per call) */
#define CONTENDED_SLOT(key) (REDISLOCK_G(contended)[ZSTR_HASH(key) % CONTENDED_SLOTS])

static bool contended_recently(zend_string *key, uint64_t now_ns)
{
	return CONTENDED_SLOT(key).hash == ZSTR_HASH(key) && now_ns < CONTENDED_SLOT(key).until_ns;
}

static void note_contention(zend_string *key, bool held, uint64_t now_ns)
{
	if (held) {
		CONTENDED_SLOT(key).hash = ZSTR_HASH(key);
		CONTENDED_SLOT(key).until_ns = now_ns + CONTENDED_HINT_NS;
	} else if (CONTENDED_SLOT(key).hash == ZSTR_HASH(key)) {
		CONTENDED_SLOT(key).until_ns = 0;
	}
}

/* ---- one step on a held (or wanted) lock, where its key lives ---- */

typedef struct {
	held_call call;
	const rl_lock_ref *ref;
	long long ttl_ms;
	bool watched; /* HELD_RELEASE: a lock we waited for (others are likely queued): hand it on at once */
	bool yes;
	long long left_ms;
	long long fence; /* HELD_ACQUIRE of a fenced lock: the fence it counted (0: not taken) */
} held_step;

/* lock()'s and a writer's take of the key: SET NX, or with the fencing option the take that counts a fence. */
static rl_status take_key(rl_conn *conn, held_step *h, rl_error *err)
{
	rl_status status;

	if (!h->ref->fenced) {
		return rl_lock_try_acquire(conn, h->ref, h->ttl_ms, &h->yes, err);
	}
	status = rl_lock_take_fenced(conn, h->ref, h->ttl_ms, &h->fence, err);
	h->yes = h->fence > 0;
	return status;
}

/*
 * The same on a side of a read/write lock: a writer takes the key as lock()
 * does (SET NX: it fails while anyone reads), a reader joins the reader set.
 * Extend, check, remaining and release act on whichever side the token holds
 * on the server.
 */
static rl_status rw_step_run(rl_conn *conn, held_step *h, rl_error *err)
{
	bool writer = h->ref->rw == RL_RW_WRITE;

	switch (h->call) {
		case HELD_ACQUIRE:
			return writer ? take_key(conn, h, err) : rl_rw_try_read(conn, h->ref, h->ttl_ms, &h->yes, err);
		case HELD_EXTEND:
			return rl_rw_extend(conn, h->ref, h->ttl_ms, &h->yes, err);
		case HELD_CHECK:
		case HELD_REMAINING: {
			/* the side the token holds, whichever the record says (a switch's answer may have been lost) */
			rl_status status = rl_rw_remaining(conn, h->ref, &h->left_ms, err);
			h->yes = h->left_ms >= 0;
			return status;
		}
		case HELD_RELEASE:
			return rl_rw_release(conn, h->ref, &h->yes, err);
	}
	return RL_OK;
}

static rl_status held_step_run(rl_conn *conn, void *ctx, rl_error *err)
{
	held_step *h = ctx;
	rl_status status = RL_OK;

	if (h->ref->rw) {
		return rw_step_run(conn, h, err);
	}
	switch (h->call) {
		case HELD_ACQUIRE: status = take_key(conn, h, err); break;
		case HELD_EXTEND:  status = rl_lock_extend(conn, h->ref, h->ttl_ms, &h->yes, err); break;
		case HELD_CHECK:   status = rl_lock_is_owner(conn, h->ref, &h->yes, err); break;
		case HELD_RELEASE:
			status = h->watched ? rl_lock_release_handing(conn, h->ref, &h->yes, err)
				: rl_lock_release(conn, h->ref, &h->yes, err);
			break;
		case HELD_REMAINING:
			status = rl_lock_remaining(conn, h->ref, &h->left_ms, err);
			h->yes = h->left_ms >= 0;
			break;
	}
	return status;
}

/* Runs h where its key lives: a write that takes the lock waits for min_replicas; the others write nothing new. */
static rl_status held_step_run_there(redislock_lock_object *lock, held_step *h, long long *acked, rl_error *err)
{
	return php_redislock_client_run(&lock->client, h->ref->key, h->ref->key_len, held_step_run, h,
		h->call == HELD_ACQUIRE ? acked : NULL, 0, err);
}

rl_status php_redislock_held_run(redislock_lock_object *lock, held_call call, const rl_lock_ref *ref, long long ttl_ms,
		bool watched, bool *yes, long long *left_ms, long long *acked, rl_error *err)
{
	held_step h = { .call = call, .ref = ref, .ttl_ms = ttl_ms, .watched = watched, .yes = false, .left_ms = -1 };
	rl_status status = held_step_run_there(lock, &h, acked, err);

	*yes = h.yes;
	if (left_ms) {
		*left_ms = h.left_ms;
	}
	return status;
}

/* lock()'s one try (SET NX, or the fenced take): *fence the fence it counted, 0 when not taken or not fenced. */
static rl_status try_take(redislock_lock_object *lock, const rl_lock_ref *ref, long long ttl_ms, bool *acquired,
		long long *fence, long long *acked, rl_error *err)
{
	held_step h = { .call = HELD_ACQUIRE, .ref = ref, .ttl_ms = ttl_ms, .yes = false, .left_ms = -1, .fence = 0 };
	rl_status status = held_step_run_there(lock, &h, acked, err);

	*acquired = h.yes;
	*fence = h.fence;
	return status;
}

/* ... and it got it: its waiters wait for the new end, and may inherit it. */
static void local_lifetime_renewed(held_lock *held, uint64_t sent_ns, long long ttl_ms)
{
	if (held->local_seg) {
		held->life_from_ns = sent_ns;
		held->life_ms = ttl_ms;
		rl_local_set_lifetime(held->local_seg, held->local_slot, held->local_ticket, sent_ns, ttl_ms);
	}
}

/*
 * The global take (php_redislock_lock.h). Free: one round trip. Taken, and we
 * may wait: queue up and be woken by the release.
 */
rl_status php_redislock_lock_take(redislock_lock_object *lock, zend_string *key, const rl_lock_ref *ref,
		double timeout, long long ttl_ms, uint64_t deadline_ns, lock_take *take, rl_error *err)
{
	rl_status status;
	uint64_t sent_ns;
	long long acked = -1;
	bool acquired = false, waited = false, joined = false, queued = false, tried = false;

	memset(take, 0, sizeof(*take));
	sent_ns = php_redislock_now_ns();
	if (timeout > 0 && contended_recently(key, sent_ns)) {
		status = RL_OK; /* found held a moment ago: the join takes it if it is free */
	} else {
		tried = true;
		status = try_take(lock, ref, ttl_ms, &acquired, &take->fence, &acked, err);
		if (status == RL_OK && !acquired) {
			note_contention(key, true, sent_ns);
		}
	}
	if (status == RL_OK && !acquired && timeout > 0) {
		take->wait_entered = true;
		/* taken by waiting: the fence is the counter's while the lock is ours, read by fence() */
		status = wait_in_queue(&lock->client, ref, ttl_ms, deadline_ns, &acquired, &acked, &sent_ns,
			&joined, &queued, err);
		if (joined) {
			/* a join that took the lock at once found it free: no hint for the next lock() */
			note_contention(key, queued, php_redislock_now_ns());
			/* taken at the join: nobody was queued then, so unlock() need not watch a hand-over */
			waited = queued;
		} else if (status == RL_OK && !acquired && !tried) {
			/* out of time before the join: the one try every lock() makes is still owed */
			sent_ns = php_redislock_now_ns();
			status = try_take(lock, ref, ttl_ms, &acquired, &take->fence, &acked, err);
		}
	}
	/*
	 * We stalled between writing what took the lock and reading the answer
	 * (php_redislock_lifetime_may_have_ended()): the lock may have expired and
	 * gone to another meanwhile. Believed only once confirmed ours with a fresh
	 * lifetime (token-checked extend); lost, we queue again while time is left.
	 */
	while (status == RL_OK && acquired && php_redislock_lifetime_may_have_ended(sent_ns, ttl_ms)) {
		sent_ns = php_redislock_now_ns();
		status = php_redislock_held_run(lock, HELD_EXTEND, ref, ttl_ms, false, &acquired, NULL, NULL, err);
		if (status == RL_OK && !acquired && timeout > 0 && php_redislock_now_ns() < deadline_ns) {
			take->wait_entered = true;
			status = wait_in_queue(&lock->client, ref, ttl_ms, deadline_ns, &acquired, &acked, &sent_ns, &joined,
				&queued, err);
			waited = waited || queued;
			take->fence = 0; /* taken anew by waiting: fence() reads it */
		}
	}
	if (status == RL_OK && acquired && !php_redislock_client_replicated(&lock->client, acked)) {
		/*
		 * Fewer than min_replicas replicas acknowledged the lock within
		 * replica_timeout: a failover now could lose it and grant it again.
		 * Undone at once (handing it on to the next waiter, if any), and refused.
		 */
		bool undone = false;
		if ((status = php_redislock_held_run(lock, HELD_RELEASE, ref, ttl_ms, false, &undone, NULL, NULL, err))
				== RL_OK) {
			acquired = false;
			take->refused = true;
		}
	}
	take->acquired = acquired;
	if (!acquired) {
		take->fence = 0;
	}
	take->waited = waited;
	take->sent_ns = sent_ns;
	return status;
}

/*
 * The value a new lock() writes: a fresh token, or under an owner "<owner>
 * <token>" (rl_lock.h); a take through the local hand-over marks its token,
 * and so does a writer of the read/write lock (RL_RW_WRITER_MARK).
 */
static size_t new_lock_value(char value[RL_LOCK_VALUE_MAX + 1], const zend_string *owner, char rw)
{
	char token[PHP_REDISLOCK_TOKEN_LEN + 1];
	size_t len = 0;

	if (!php_redislock_make_token(token)) {
		return 0;
	}
	if (rw) {
		/*
		 * the key of a writer says whose queue its release serves; a reader's token too,
		 * for the key holds it once the reader is promoted
		 */
		token[0] = RL_RW_WRITER_MARK;
	}
	if (owner) {
		memcpy(value, ZSTR_VAL(owner), ZSTR_LEN(owner));
		len = ZSTR_LEN(owner);
		value[len++] = ' ';
	}
	memcpy(value + len, token, PHP_REDISLOCK_TOKEN_LEN + 1);
	return len + PHP_REDISLOCK_TOKEN_LEN;
}

/* A lock with an owner over several masters: not yet (its reads from outside would need a quorum of their own). */
static bool check_owner_here(redislock_lock_object *lock, const zend_string *owner, uint32_t arg_num)
{
	if (owner && php_redislock_client_is_multi(&lock->client)) {
		zend_argument_value_error(arg_num, "must be null with several masters (owners take one server, Sentinel or Cluster)");
		return false;
	}
	return true;
}

/*
 * A promotion or a demotion of a side of a read/write lock this object holds
 * (ref under its token): one script call where the key lives.
 */
typedef struct {
	const rl_lock_ref *ref;
	long long ttl_ms;
	char to;        /* RL_RW_WRITE: promote; RL_RW_READ: demote */
	bool switched;  /* the token now holds the side asked for */
	bool refused;   /* a promotion beside other readers: nothing changed, still reading */
} rw_switch;

static rl_status rw_switch_run(rl_conn *conn, void *ctx, rl_error *err)
{
	rw_switch *sw = ctx;
	rl_rw_promotion outcome = RL_RW_NOT_HELD;
	rl_status status;

	if (sw->to == RL_RW_WRITE) {
		status = rl_rw_promote(conn, sw->ref, sw->ttl_ms, &outcome, err);
		sw->switched = outcome == RL_RW_PROMOTED;
		sw->refused = outcome == RL_RW_REFUSED;
		return status;
	}
	/* a demotion's check or settling may fail after the script ran: switched all the same */
	return rl_rw_demote(conn, sw->ref, sw->ttl_ms, &sw->switched, err);
}

/* What each take method is called in messages. */
static const char *take_method(char rw)
{
	return rw == RL_RW_READ ? "lockRead()" : rw == RL_RW_WRITE ? "lockWrite()" : "lock()";
}

/*
 * lock(), lockRead() and lockWrite() (rw: 0, RL_RW_READ, RL_RW_WRITE), their
 * arguments checked. A name this object holds already is renewed, or for the
 * read/write lock switched to the side asked for: a writer demoted in one
 * step; a reader promoted in one step if it is the only one, else refused
 * (false, still reading: waiting for the others while reading would deadlock
 * two promoters).
 */
static void take_lock(zval *this_zv, zval *return_value, zend_string *name, double timeout, long long ttl_ms,
		zend_long wait_interval_us, zend_string *owner, uint32_t owner_arg, bool release_at_end, char rw)
{
	zend_string *key;
	redislock_lock_object *lock;
	char token[RL_LOCK_VALUE_MAX + 1];
	size_t token_len;
	rl_lock_ref ref;
	rl_status status = RL_OK;
	rl_error err;
	held_lock *held;
	held_place place;
	uint64_t deadline_ns, started_ns;
	lock_take take = { 0 };
	rl_local_seg *seg = NULL;
	bool acquired, refused, local = false;

	if (!(lock = lock_for_call(this_zv))) {
		RETURN_THROWS();
	}
	if (!php_redislock_check_lock_name(lock->client.prefix, name, 1) || !check_owner_here(lock, owner, owner_arg)) {
		RETURN_THROWS();
	}
	if (php_redislock_client_is_multi(&lock->client)) {
		if (rw) {
			zend_throw_error(NULL, "%s is not available with several masters (one server, Sentinel or Cluster)",
				take_method(rw));
			RETURN_THROWS();
		}
		php_redislock_multi_lock(lock, name, timeout, ttl_ms, wait_interval_us, return_value);
		if (!release_at_end && (held = held_find(lock, name))) {
			held->keep = true;
		}
		return;
	}

	key = make_ref(lock, name, NULL, 0, &ref);
	held_place_init(&place, lock, name, owner);

	if ((held = place_find(&place)) && !held->refused && (held->rw != 0) != (rw != 0)) {
		zend_throw_error(NULL, "\"%s\" is held through %s: one object takes a name through lock() or through "
			"lockRead()/lockWrite(), not both", ZSTR_VAL(name), take_method(held->rw));
		zend_string_release(key);
		held_place_destroy(&place);
		RETURN_THROWS();
	}
	/* Refused before (min_replicas), and perhaps back after a failover: deleted first, so we never queue behind it. */
	if ((held = place_find(&place)) && held->refused) {
		bool gone = false;
		ref.token = ZSTR_VAL(held->token);
		ref.token_len = ZSTR_LEN(held->token);
		ref.rw = held->rw;
		if ((status = php_redislock_held_run(lock, HELD_RELEASE, &ref, ttl_ms, false, &gone, NULL, NULL, &err)) != RL_OK) {
			goto failed;
		}
		place_forget(&place);
	}
	/* A local holder the host's slot no longer names (it stalled past its lifetime) holds nothing. */
	if ((held = place_find(&place)) && held->local_seg
			&& !rl_local_is_holder(held->local_seg, held->local_slot, held->local_ticket, NULL, NULL)) {
		place_forget(&place);
	}
	/* The other side of a read/write lock held: switched in one step. */
	if ((held = place_find(&place)) && rw && held->rw != rw) {
		rw_switch sw = { .ref = &ref, .ttl_ms = ttl_ms, .to = rw, .switched = false, .refused = false };
		long long acked = -1;
		uint64_t sent_ns = php_redislock_now_ns();
		ref.token = ZSTR_VAL(held->token);
		ref.token_len = ZSTR_LEN(held->token);
		ref.rw = held->rw;
		/* a promotion counts a fence with the option, as a writer's take does */
		ref.fenced = lock->client.fencing && rw == RL_RW_WRITE;
		/* a promotion takes the write side: it waits for min_replicas as every take does */
		status = php_redislock_client_run(&lock->client, ref.key, ref.key_len, rw_switch_run, &sw,
			rw == RL_RW_WRITE ? &acked : NULL, 0, &err);
		if (sw.switched) {
			/* switched, whatever failed after the script (a demotion's check, the WAIT's reply) */
			held->rw = rw;
			held->keep = !release_at_end;
			held->fence = 0; /* a promotion's fence: fence() reads it */
			ref.rw = rw;
		}
		if (status != RL_OK) {
			goto failed;
		}
		if (sw.refused) {
			zend_string_release(key);
			held_place_destroy(&place);
			RETURN_FALSE; /* other readers: still reading */
		}
		if (sw.switched && rw == RL_RW_WRITE && !php_redislock_client_replicated(&lock->client, acked)) {
			/*
			 * Too few replicas have the promotion: after a failover the server could
			 * have us reading, and let readers in, while we believe we write. Undone
			 * (released: nothing is held any more) and refused, as a take would be.
			 */
			bool gone = false;
			if ((status = php_redislock_held_run(lock, HELD_RELEASE, &ref, ttl_ms, false, &gone, NULL, NULL, &err))
					!= RL_OK) {
				held->refused = true; /* the next take or the request's end deletes it */
				goto failed;
			}
			place_forget(&place);
			zend_string_release(key);
			held_place_destroy(&place);
			RETURN_FALSE;
		}
		if (sw.switched && php_redislock_lifetime_may_have_ended(sent_ns, ttl_ms)) {
			/* we stalled between the write and its answer: believed only once confirmed (as a take) */
			bool extended = false;
			if ((status = php_redislock_held_run(lock, HELD_EXTEND, &ref, ttl_ms, false, &extended, NULL, NULL, &err))
					!= RL_OK) {
				goto failed;
			}
			sw.switched = extended;
		}
		if (sw.switched) {
			zend_string_release(key);
			held_place_destroy(&place);
			RETURN_TRUE;
		}
		place_forget(&place); /* lost meanwhile (its lifetime ended): acquire anew */
	}
	/* Already ours: re-locking must not deadlock on ourselves; it renews the lifetime. */
	if ((held = place_find(&place))) {
		bool extended = false;
		uint64_t sent_ns = php_redislock_now_ns();
		ref.token = ZSTR_VAL(held->token);
		ref.token_len = ZSTR_LEN(held->token);
		ref.rw = held->rw;
		local_lifetime_changing(lock, held);
		if ((status = php_redislock_held_run(lock, HELD_EXTEND, &ref, ttl_ms, false, &extended, NULL, NULL, &err)) != RL_OK) {
			goto failed;
		}
		if (extended) {
			local_lifetime_renewed(held, sent_ns, ttl_ms);
			/*
			 * The latest call says whether the request's end releases it; not
			 * one held through the local hand-over, which is its host's to hand
			 * on: released at the end as it was taken (README "Owners").
			 */
			held->keep = !release_at_end && !held->local_seg;
			zend_string_release(key);
			held_place_destroy(&place);
			RETURN_TRUE;
		}
		place_forget(&place); /* lost meanwhile (expired, deleted): acquire anew */
	}

	if (!(token_len = new_lock_value(token, owner, rw))) {
		zend_string_release(key);
		held_place_destroy(&place);
		RETURN_THROWS();
	}
	ref.token = token;
	ref.token_len = token_len;
	ref.rw = rw;
	/* the fencing option counts a fence at every lock() and lockWrite() (README "Fences") */
	ref.fenced = lock->client.fencing && rw != RL_RW_READ;

	/* the deadline counts from the call: a WAIT behind the first try (min_replicas) is part of the time */
	deadline_ns = php_redislock_wait_deadline_ns(timeout);
	started_ns = php_redislock_now_ns();
	/*
	 * With no time to wait, one try in Redis says as much as the host's slot
	 * would. A lock with an owner, or kept past the request, may be released
	 * from outside its holder (unlock() given its owner, forceUnlock()), which
	 * a local hand-over would not see: it takes the global protocol, as the
	 * read/write lock always does; so does a fenced lock (its fence is counted
	 * in Redis, which a hand-over in the segment would not ask).
	 */
	if (timeout > 0 && !owner && release_at_end && !rw && !ref.fenced
			&& (seg = php_redislock_local_segment(&lock->client))) {
		token[0] = RL_LOCK_LOCAL_MARK;
		status = php_redislock_local_lock(lock, seg, name, key, &ref, timeout, ttl_ms, started_ns, deadline_ns, &local,
			&take, &err);
	}
	if (!local) {
		status = php_redislock_lock_take(lock, key, &ref, timeout, ttl_ms, deadline_ns, &take, &err);
	}
	acquired = take.acquired;
	refused = take.refused;
	if (refused) {
		held = place_put(&place, token, token_len);
		held->refused = true;
		held->rw = rw;
	}
	zend_string_release(key);
	php_redislock_stats_acquire_end(PHP_REDISLOCK_STATS_LOCK, name, started_ns, take.wait_entered, timeout,
		status != RL_OK ? PHP_REDISLOCK_OUTCOME_FAILED : acquired ? PHP_REDISLOCK_OUTCOME_ACQUIRED
		: refused ? PHP_REDISLOCK_OUTCOME_REFUSED_REPLICAS : PHP_REDISLOCK_OUTCOME_NOT_ACQUIRED);
	if (status != RL_OK) {
		if (!local && (acquired || status == RL_ERR_IO || status == RL_ERR_TIMEOUT || status == RL_ERR_PROTOCOL)) {
			/*
			 * Ours (a failure came after), or the SET or a hand-over may have
			 * landed before the connection broke: remember the token so
			 * unlockAll() or the request end deletes the key if it is ours.
			 * (The local path keeps its own records.)
			 */
			place_put(&place, token, token_len)->rw = rw;
		}
		held_place_destroy(&place);
		php_redislock_client_throw(&lock->client, status, &err);
		RETURN_THROWS();
	}
	if (acquired && !local) {
		held = place_put(&place, token, token_len);
		held->waited = take.waited;
		held->keep = !release_at_end;
		held->rw = rw;
		held->fence = take.fence;
	}
	held_place_destroy(&place);
	RETURN_BOOL(acquired);

failed:
	zend_string_release(key);
	held_place_destroy(&place);
	php_redislock_client_throw(&lock->client, status, &err);
	RETURN_THROWS();
}

PHP_METHOD(RedisLock, lock)
{
	zend_string *name, *owner = NULL;
	double timeout = 0, expire = 15;
	zend_long wait_interval_us = 100000;
	long long ttl_ms;
	bool release_at_end = true;

	ZEND_PARSE_PARAMETERS_START(1, 6)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(timeout)
		Z_PARAM_DOUBLE(expire)
		Z_PARAM_LONG(wait_interval_us)
		Z_PARAM_STR_OR_NULL(owner)
		Z_PARAM_BOOL(release_at_end)
	ZEND_PARSE_PARAMETERS_END();

	if (!php_redislock_check_name(name, 1) || !php_redislock_check_timeout(timeout, 2)
			|| !php_redislock_check_lock_expire(expire, 3, &ttl_ms) || !php_redislock_check_wait_interval(wait_interval_us, 4)
			|| !php_redislock_check_owner(owner, 5)) {
		RETURN_THROWS();
	}
	take_lock(ZEND_THIS, return_value, name, timeout, ttl_ms, wait_interval_us, owner, 5, release_at_end, 0);
}

/* lockRead() and lockWrite(): lock()'s arguments but the polling interval, which they never had. */
static void take_rw(INTERNAL_FUNCTION_PARAMETERS, char rw)
{
	zend_string *name, *owner = NULL;
	double timeout = 0, expire = 15;
	long long ttl_ms;
	bool release_at_end = true;

	ZEND_PARSE_PARAMETERS_START(1, 5)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(timeout)
		Z_PARAM_DOUBLE(expire)
		Z_PARAM_STR_OR_NULL(owner)
		Z_PARAM_BOOL(release_at_end)
	ZEND_PARSE_PARAMETERS_END();

	if (!php_redislock_check_name(name, 1) || !php_redislock_check_timeout(timeout, 2)
			|| !php_redislock_check_lock_expire(expire, 3, &ttl_ms) || !php_redislock_check_owner(owner, 4)) {
		RETURN_THROWS();
	}
	take_lock(ZEND_THIS, return_value, name, timeout, ttl_ms, 0, owner, 4, release_at_end, rw);
}

PHP_METHOD(RedisLock, lockRead)
{
	take_rw(INTERNAL_FUNCTION_PARAM_PASSTHRU, RL_RW_READ);
}

PHP_METHOD(RedisLock, lockWrite)
{
	take_rw(INTERNAL_FUNCTION_PARAM_PASSTHRU, RL_RW_WRITE);
}

/* ---- reading who holds a lock (owners, forceUnlock) ---- */

typedef struct {
	const rl_lock_ref *ref;
	char value[RL_LOCK_VALUE_MAX + 1];
	long long len; /* the whole value's; -1: nobody holds the lock */
} held_read;

static rl_status held_read_run(rl_conn *conn, void *ctx, rl_error *err)
{
	held_read *r = ctx;
	return rl_lock_read(conn, r->ref, r->value, RL_LOCK_VALUE_MAX, &r->len, err);
}

/* GET of ref's key where it lives: r->value and r->len (-1: free). */
static rl_status read_holder(redislock_lock_object *lock, const rl_lock_ref *ref, held_read *r, rl_error *err)
{
	r->ref = ref;
	r->len = -1;
	return php_redislock_client_run(&lock->client, ref->key, ref->key_len, held_read_run, r, NULL, 0, err);
}

/* Whether the value read is a lock's of ours (no longer than any value we write) and, if owner is given, that owner's. */
static bool read_is_lock(const held_read *r, const zend_string *owner)
{
	if (r->len < 0 || r->len > RL_LOCK_VALUE_MAX) {
		return false;
	}
	return !owner || rl_lock_value_has_owner(r->value, (size_t)r->len, ZSTR_VAL(owner), ZSTR_LEN(owner));
}

/*
 * One token-checked call on a record of place's (not through the local
 * hand-over's unlock): the lifetime noted for a local lock's waiters around
 * an extend, and the record forgotten when the server says the lock is not
 * ours, after any answer to an unlock, and after an unlock's error reply; a
 * connection failure keeps it, for a later try.
 */
static rl_status run_on_record(redislock_lock_object *lock, const held_place *place, held_lock *held, held_call call,
		long long ttl_ms, bool *yes, long long *left_ms, rl_error *err)
{
	rl_lock_ref ref;
	zend_string *key = make_ref(lock, place->name, ZSTR_VAL(held->token), ZSTR_LEN(held->token), &ref);
	uint64_t sent_ns;
	rl_status status;

	ref.rw = held->rw;
	if (call == HELD_EXTEND) {
		local_lifetime_changing(lock, held);
	}
	sent_ns = php_redislock_now_ns();
	status = php_redislock_held_run(lock, call, &ref, ttl_ms, call == HELD_RELEASE && held->waited, yes, left_ms,
		NULL, err);
	zend_string_release(key);
	if (status == RL_OK && call == HELD_EXTEND && *yes) {
		local_lifetime_renewed(held, sent_ns, ttl_ms);
	}
	if (status == RL_OK ? (call == HELD_RELEASE || !*yes) : (status == RL_ERR_SERVER && call == HELD_RELEASE)) {
		place_forget(place);
	}
	if (status == RL_OK && !*yes) {
		php_redislock_stats_of(PHP_REDISLOCK_STATS_LOCK)->lost++; /* believed held: expired, or deleted, meanwhile */
	}
	return status;
}

/* What expire(), isLocking(), unlock() and remaining() return: the seconds left, or whether it was so. */
static void return_answer(held_call call, bool yes, long long left_ms, zval *return_value)
{
	if (call == HELD_REMAINING && yes) {
		RETURN_DOUBLE((double)left_ms / 1000.0);
	}
	RETURN_BOOL(yes);
}

/*
 * A call given an owner. With this object's record of the owner's lock, as
 * any held lock; without one (taken by another object or process), or when
 * the record's acquisition is not the one that holds it now, the holder is
 * read first (GET) and the call made with the value found, if it is the
 * owner's: still token-checked, so a lock that changed hands in between is
 * left alone. A lock taken through the local hand-over is only read, never
 * released or extended from outside (RL_ERR_HELD_LOCALLY): its host hands
 * it on without asking Redis.
 */
static void call_as_owner(redislock_lock_object *lock, held_place *place, held_call call, long long ttl_ms,
		zval *return_value)
{
	held_lock *held = place_find(place);
	zend_string *key;
	rl_lock_ref ref;
	rl_status status;
	rl_error err;
	held_read r;
	bool yes = false;
	long long left_ms = -1;

	if (held && !held->refused) {
		if ((status = run_on_record(lock, place, held, call, ttl_ms, &yes, &left_ms, &err)) != RL_OK) {
			goto failed;
		}
		if (yes) {
			return_answer(call, yes, left_ms, return_value);
			return;
		}
	}
	key = make_ref(lock, place->name, NULL, 0, &ref);
	status = read_holder(lock, &ref, &r, &err);
	if (status == RL_OK && read_is_lock(&r, place->owner)) {
		if ((call == HELD_EXTEND || call == HELD_RELEASE) && rl_lock_value_is_local(r.value, (size_t)r.len)) {
			status = RL_ERR_HELD_LOCALLY;
			snprintf(err.message, sizeof(err.message), "the lock is held through its host's local hand-over: "
				"only its holder may %s it", call == HELD_EXTEND ? "extend" : "release");
		} else {
			ref.token = r.value;
			ref.token_len = (size_t)r.len;
			ref.rw = rl_rw_value_is_writer(r.value, (size_t)r.len) ? RL_RW_WRITE : 0;
			/* whoever took it, others may be queued: a release hands it on */
			status = php_redislock_held_run(lock, call, &ref, ttl_ms, call == HELD_RELEASE, &yes, &left_ms, NULL, &err);
		}
	}
	zend_string_release(key);
	if (status != RL_OK) {
		goto failed;
	}
	return_answer(call, yes, left_ms, return_value);
	return;

failed:
	php_redislock_client_throw(&lock->client, status, &err);
	RETURN_THROWS();
}

/*
 * expire(), isLocking() and unlock(): one token-checked call on a lock this
 * object holds (a name it does not hold is false, with no round trip). The
 * record goes when the server says the lock is not ours, and after any answer
 * to an unlock; after a connection failure it stays, for a later try.
 * Given an owner, the lock held under it is acted on wherever it was taken
 * (call_as_owner()).
 */
static void call_on_held(zval *this_zv, zend_string *name, zend_string *owner, held_call call, long long ttl_ms,
		zval *return_value)
{
	redislock_lock_object *lock = lock_for_call(this_zv);
	held_lock *held;
	held_place place;
	rl_status status;
	rl_error err;
	bool yes = false;
	long long left_ms = -1;

	if (!lock) {
		RETURN_THROWS();
	}
	if (owner && !check_owner_here(lock, owner, call == HELD_EXTEND ? 3 : 2)) {
		RETURN_THROWS();
	}
	if (owner) {
		held_place_init(&place, lock, name, owner);
		call_as_owner(lock, &place, call, ttl_ms, return_value);
		held_place_destroy(&place);
		return;
	}
	if (!(held = held_find(lock, name)) || held->refused) {
		RETURN_FALSE; /* a refused lock is not held: unlockAll() or the request end clear it up */
	}
	if (php_redislock_client_is_multi(&lock->client)) {
		php_redislock_multi_call_on_held(lock, name, held, call, ttl_ms, return_value);
		return;
	}
	if (held->local_seg && call == HELD_RELEASE) {
		if ((status = php_redislock_local_unlock(lock, name, held, &yes, &err)) != RL_OK) {
			php_redislock_client_throw(&lock->client, status, &err);
			RETURN_THROWS();
		}
		if (!yes) {
			php_redislock_stats_of(PHP_REDISLOCK_STATS_LOCK)->lost++;
		}
		RETURN_BOOL(yes);
	}
	if (held->local_seg && !rl_local_is_holder(held->local_seg, held->local_slot, held->local_ticket, NULL, NULL)) {
		/* the host's slot names another: we stalled past our lifetime and it was taken back */
		held_forget(lock, name);
		php_redislock_stats_of(PHP_REDISLOCK_STATS_LOCK)->lost++;
		RETURN_FALSE;
	}
	held_place_init(&place, lock, name, NULL);
	status = run_on_record(lock, &place, held, call, ttl_ms, &yes, &left_ms, &err);
	held_place_destroy(&place);
	if (status != RL_OK) {
		php_redislock_client_throw(&lock->client, status, &err);
		RETURN_THROWS();
	}
	return_answer(call, yes, left_ms, return_value);
}

PHP_METHOD(RedisLock, expire)
{
	zend_string *name, *owner = NULL;
	double expire;
	long long ttl_ms;

	ZEND_PARSE_PARAMETERS_START(2, 3)
		Z_PARAM_STR(name)
		Z_PARAM_DOUBLE(expire)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(owner)
	ZEND_PARSE_PARAMETERS_END();

	if (!php_redislock_check_name(name, 1) || !php_redislock_check_lock_expire(expire, 2, &ttl_ms)
			|| !php_redislock_check_owner(owner, 3)) {
		RETURN_THROWS();
	}
	call_on_held(ZEND_THIS, name, owner, HELD_EXTEND, ttl_ms, return_value);
}

/* isLocking(), unlock(), remaining(): a name and an optional owner, then call_on_held(). */
static void call_with_name(INTERNAL_FUNCTION_PARAMETERS, held_call call)
{
	zend_string *name, *owner = NULL;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(owner)
	ZEND_PARSE_PARAMETERS_END();

	if (!php_redislock_check_name(name, 1) || !php_redislock_check_owner(owner, 2)) {
		RETURN_THROWS();
	}
	call_on_held(ZEND_THIS, name, owner, call, 0, return_value);
}

PHP_METHOD(RedisLock, isLocking)
{
	call_with_name(INTERNAL_FUNCTION_PARAM_PASSTHRU, HELD_CHECK);
}

PHP_METHOD(RedisLock, unlock)
{
	call_with_name(INTERNAL_FUNCTION_PARAM_PASSTHRU, HELD_RELEASE);
}

PHP_METHOD(RedisLock, remaining)
{
	call_with_name(INTERNAL_FUNCTION_PARAM_PASSTHRU, HELD_REMAINING);
}

/* fence(): the fence of a lock taken by waiting, read from the counter while the lock is ours. */
typedef struct {
	const rl_lock_ref *ref;
	long long fence;
} fence_read;

static rl_status fence_read_run(rl_conn *conn, void *ctx, rl_error *err)
{
	fence_read *f = ctx;
	return rl_lock_fence(conn, f->ref, &f->fence, err);
}

PHP_METHOD(RedisLock, fence)
{
	zend_string *name, *owner = NULL, *key;
	redislock_lock_object *lock;
	held_lock *held;
	held_place place;
	rl_lock_ref ref;
	fence_read f = { .ref = &ref, .fence = 0 };
	rl_status status;
	rl_error err;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(owner)
	ZEND_PARSE_PARAMETERS_END();

	if (!php_redislock_check_name(name, 1) || !php_redislock_check_owner(owner, 2) || !(lock = lock_for_call(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (!lock->client.fencing) {
		zend_throw_error(NULL,
			"fence() needs the fencing option: new RedisLock($server, ['fencing' => true]), or redislock.fencing=1");
		RETURN_THROWS();
	}
	held_place_init(&place, lock, name, owner);
	if (!(held = place_find(&place)) || held->refused) {
		held_place_destroy(&place);
		RETURN_FALSE;
	}
	if (php_redislock_client_is_multi(&lock->client)) {
		/* no owners or read/write locks there: the record is the object's own */
		php_redislock_multi_fence(lock, name, held, return_value);
		held_place_destroy(&place);
		return;
	}
	if (held->rw == RL_RW_READ) {
		held_place_destroy(&place);
		zend_throw_error(NULL, "\"%s\" is held for reading (lockRead()): fences are counted by lock() and lockWrite()",
			ZSTR_VAL(name));
		RETURN_THROWS();
	}
	if (held->fence > 0) {
		held_place_destroy(&place);
		RETURN_LONG((zend_long)held->fence);
	}
	/* taken by waiting: the counter holds our fence while the lock is ours */
	key = make_ref(lock, name, ZSTR_VAL(held->token), ZSTR_LEN(held->token), &ref);
	status = php_redislock_client_run(&lock->client, ref.key, ref.key_len, fence_read_run, &f, NULL, 0, &err);
	zend_string_release(key);
	if (status != RL_OK) {
		held_place_destroy(&place);
		php_redislock_client_throw(&lock->client, status, &err);
		RETURN_THROWS();
	}
	if (f.fence == 0) {
		/* not ours any more (its lifetime ended): nothing to fence with */
		place_forget(&place);
		held_place_destroy(&place);
		php_redislock_stats_of(PHP_REDISLOCK_STATS_LOCK)->lost++;
		RETURN_FALSE;
	}
	held->fence = f.fence;
	held_place_destroy(&place);
	RETURN_LONG((zend_long)f.fence);
}

/*
 * owner() and forceUnlock(): their one argument, a name, checked; one server,
 * Sentinel or Cluster; the object set up; ref and its key (released by the
 * caller) made for the name. NULL: an exception is thrown.
 */
static redislock_lock_object *name_call_begin(INTERNAL_FUNCTION_PARAMETERS, zend_string **name, rl_lock_ref *ref,
		zend_string **key)
{
	redislock_lock_object *lock;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(*name)
	ZEND_PARSE_PARAMETERS_END_EX(return NULL);

	if (!php_redislock_check_name(*name, 1) || !(lock = lock_for_call(ZEND_THIS))) {
		return NULL;
	}
	if (php_redislock_client_is_multi(&lock->client)) {
		zend_throw_error(NULL, "%s() is not available with several masters", get_active_function_name());
		return NULL;
	}
	*key = make_ref(lock, *name, NULL, 0, ref);
	return lock;
}

PHP_METHOD(RedisLock, owner)
{
	zend_string *name, *key;
	redislock_lock_object *lock;
	rl_lock_ref ref;
	rl_status status;
	rl_error err;
	held_read r;

	if (!(lock = name_call_begin(INTERNAL_FUNCTION_PARAM_PASSTHRU, &name, &ref, &key))) {
		RETURN_THROWS();
	}
	status = read_holder(lock, &ref, &r, &err);
	zend_string_release(key);
	if (status != RL_OK) {
		php_redislock_client_throw(&lock->client, status, &err);
		RETURN_THROWS();
	}
	if (r.len < 0) {
		RETURN_FALSE;
	}
	RETURN_STRINGL(r.value, rl_lock_value_owner_len(r.value, MIN((size_t)r.len, RL_LOCK_VALUE_MAX)));
}

/* This object's record of the lock held under value, if it has one: forgotten (forceUnlock() released it). */
static void forget_record_of(redislock_lock_object *lock, zend_string *name, const char *value, size_t len)
{
	held_place place;
	held_lock *held;
	size_t owner_len = rl_lock_value_owner_len(value, len);
	zend_string *owner = owner_len < len ? zend_string_init(value, owner_len, 0) : NULL;

	held_place_init(&place, lock, name, owner);
	if ((held = place_find(&place)) && ZSTR_LEN(held->token) == len && memcmp(ZSTR_VAL(held->token), value, len) == 0) {
		place_forget(&place);
	}
	held_place_destroy(&place);
	if (owner) {
		zend_string_release(owner);
	}
}

/* How often forceUnlock() reads again a lock that changed hands between its read and its release. */
#define FORCE_UNLOCK_TRIES 8

PHP_METHOD(RedisLock, forceUnlock)
{
	zend_string *name, *key;
	redislock_lock_object *lock;
	rl_lock_ref ref;
	rl_status status = RL_OK;
	rl_error err;
	held_read r;
	bool released = false;
	int tries;

	if (!(lock = name_call_begin(INTERNAL_FUNCTION_PARAM_PASSTHRU, &name, &ref, &key))) {
		RETURN_THROWS();
	}
	/*
	 * The holder's own release, with the value read: it hands the lock to the
	 * first waiter as unlock() does (no new script: to the queue it is the
	 * holder's release, earlier than its holder would have made it).
	 */
	for (tries = 0; tries < FORCE_UNLOCK_TRIES && !released; tries++) {
		if ((status = read_holder(lock, &ref, &r, &err)) != RL_OK || !read_is_lock(&r, NULL)) {
			break;
		}
		if (rl_lock_value_is_local(r.value, (size_t)r.len)) {
			status = RL_ERR_HELD_LOCALLY;
			snprintf(err.message, sizeof(err.message),
				"the lock is held through its host's local hand-over: only its holder may release it");
			break;
		}
		if (rl_rw_value_is_readers(r.value, (size_t)r.len)) {
			break; /* readers hold it: each is released by its holder or its lifetime, never forced */
		}
		ref.token = r.value;
		ref.token_len = (size_t)r.len;
		ref.rw = rl_rw_value_is_writer(r.value, (size_t)r.len) ? RL_RW_WRITE : 0;
		if ((status = php_redislock_held_run(lock, HELD_RELEASE, &ref, 0, true, &released, NULL, NULL, &err)) != RL_OK) {
			break;
		}
		ref.token = NULL;
		ref.token_len = 0;
	}
	zend_string_release(key);
	if (released) {
		forget_record_of(lock, name, r.value, (size_t)r.len);
	}
	if (status != RL_OK) {
		php_redislock_client_throw(&lock->client, status, &err);
		RETURN_THROWS();
	}
	RETURN_BOOL(released);
}

PHP_METHOD(RedisLock, stats)
{
	ZEND_PARSE_PARAMETERS_NONE();
	php_redislock_stats_to_array(PHP_REDISLOCK_STATS_LOCK, return_value);
}

PHP_METHOD(RedisLock, unlockAll)
{
	redislock_lock_object *lock;
	rl_status status;
	rl_error err;
	bool all_released;

	ZEND_PARSE_PARAMETERS_NONE();

	if (!(lock = lock_for_call(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if ((status = release_held(lock, &all_released, &err)) != RL_OK) {
		php_redislock_client_throw(&lock->client, status, &err);
		RETURN_THROWS();
	}
	RETURN_BOOL(all_released);
}

void php_redislock_lock_init_class(zend_class_entry *ce)
{
	redislock_lock_ce = ce;
	ce->create_object = lock_create;

	memcpy(&redislock_lock_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	redislock_lock_handlers.offset = XtOffsetOf(redislock_lock_object, std);
	redislock_lock_handlers.free_obj = lock_free;
	/* a copy would claim the same locks with the same tokens: two owners of one lock */
	redislock_lock_handlers.clone_obj = NULL;
}
