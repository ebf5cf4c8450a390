/* The RedisSemaphore class: argument checks, bookkeeping of the slots each object holds, waiting. */
#include "php_redislock.h"
#include "php_redislock_client.h"
#include "php_redislock_args.h"
#include "php_redislock_random.h"
#include "php_redislock_wait.h"
#include "php_redislock_registry.h"
#include "php_redislock_release.h"
#include "rl_semaphore.h"
#include "zend_exceptions.h"

#define DEFAULT_PREFIX "Sem:"
/*
 * How long a slot handed to a waiter is kept for it before it lapses: what a
 * waiter that died costs the others. The same as RedisLock::lock()'s default
 * $waitIntervalUs (acquire() has no such argument).
 */
#define GRACE_MS 100

static zend_class_entry *redislock_semaphore_ce;
static zend_object_handlers redislock_semaphore_handlers;

typedef struct {
	php_redislock_client client;
	php_redislock_holder holder;
	/*
	 * name => [id => refused, ...] in acquisition order: the slots this object
	 * holds, as far as it knows, one record each. A refused slot's acquire()
	 * was refused for want of replicas (min_replicas) and undone: not the
	 * user's, but a failover can bring the slot back on the new master (the
	 * undo went to the old one). Kept so that the next acquire() of the name,
	 * releaseAll() and the request end release it wherever it lives by then.
	 */
	HashTable held;
	zend_object std;
} redislock_semaphore_object;

static inline redislock_semaphore_object *semaphore_from_obj(zend_object *obj)
{
	return (redislock_semaphore_object *)((char *)obj - XtOffsetOf(redislock_semaphore_object, std));
}

#define Z_REDISLOCK_SEMAPHORE_P(zv) semaphore_from_obj(Z_OBJ_P(zv))

static inline redislock_semaphore_object *semaphore_from_holder(php_redislock_holder *holder)
{
	return (redislock_semaphore_object *)((char *)holder - XtOffsetOf(redislock_semaphore_object, holder));
}

/*
 * A holder id is "<32 hex>.<lifetime ms>": the random part makes it
 * unguessable, the lifetime lets refresh() without $expire renew a slot to its
 * original lifetime in any process that was handed the id.
 */
static zend_string *make_id(long long ttl_ms)
{
	char token[PHP_REDISLOCK_TOKEN_LEN + 1];
	if (!php_redislock_make_token(token)) {
		return NULL;
	}
	return zend_strpprintf(0, "%s.%lld", token, ttl_ms);
}

/* The lifetime written in an id; false for anything that is not an id of ours (nothing is sent for those). */
static bool id_lifetime(const zend_string *id, long long *ttl_ms)
{
	return rl_semaphore_id_lifetime(ZSTR_VAL(id), ZSTR_LEN(id), PHP_REDISLOCK_TOKEN_LEN,
		(long long)(PHP_REDISLOCK_MAX_SECONDS * 1000), ttl_ms);
}

/* Records slot id of name as held (or refused); a slot recorded already is left as it is. */
static void held_add(redislock_semaphore_object *sem, zend_string *name, zend_string *id, bool refused)
{
	zval *slots = zend_hash_find(&sem->held, name), record;
	if (!slots) {
		zval empty;
		array_init(&empty);
		slots = zend_hash_update(&sem->held, name, &empty);
	}
	ZVAL_BOOL(&record, refused);
	zend_hash_add(Z_ARRVAL_P(slots), id, &record);
}

static void held_remove(redislock_semaphore_object *sem, zend_string *name, zend_string *id)
{
	zval *slots = zend_hash_find(&sem->held, name);
	if (slots) {
		zend_hash_del(Z_ARRVAL_P(slots), id);
		if (zend_hash_num_elements(Z_ARRVAL_P(slots)) == 0) {
			zend_hash_del(&sem->held, name);
		}
	}
}

static inline bool slot_refused(const zval *record)
{
	return Z_TYPE_P(record) == IS_TRUE;
}

/* The slot this object took most recently for name, or NULL. */
static zend_string *held_latest(redislock_semaphore_object *sem, zend_string *name)
{
	zval *slots = zend_hash_find(&sem->held, name), *record;
	zend_string *id;
	if (slots) {
		ZEND_HASH_REVERSE_FOREACH_STR_KEY_VAL(Z_ARRVAL_P(slots), id, record) {
			if (!slot_refused(record)) {
				return id;
			}
		} ZEND_HASH_FOREACH_END();
	}
	return NULL;
}

static bool keys_for(redislock_semaphore_object *sem, const zend_string *name, rl_semaphore_keys *keys)
{
	if (!rl_semaphore_keys_init(keys, ZSTR_VAL(sem->client.prefix), ZSTR_LEN(sem->client.prefix),
			ZSTR_VAL(name), ZSTR_LEN(name))) {
		zend_throw_error(NULL, "Out of memory");
		return false;
	}
	return true;
}

/* ---- one step on a semaphore, where its keys live ---- */

typedef enum { SEM_ACQUIRE, SEM_RELEASE, SEM_REFRESH, SEM_COUNT } sem_call;

typedef struct {
	sem_call call;
	const rl_semaphore_holder *holder;
	const rl_semaphore_keys *keys;
	long limit;
	long long ttl_ms;
	bool yes;
	long long answer; /* SEM_ACQUIRE: the script's; SEM_COUNT: the count */
	long long acked;  /* SEM_ACQUIRE: the min_replicas WAIT's answer (-1: none ran) */
} sem_step;

static rl_status sem_step_run(rl_conn *conn, void *ctx, rl_error *err)
{
	sem_step *h = ctx;
	switch (h->call) {
		case SEM_ACQUIRE:
			return rl_semaphore_acquire(conn, h->holder, h->limit, h->ttl_ms, RL_WAIT_TRY, GRACE_MS, NULL, 0, 0,
				&h->answer, err);
		case SEM_RELEASE: return rl_semaphore_release_many(conn, 1, h->holder, &h->yes, err);
		case SEM_REFRESH: return rl_semaphore_refresh(conn, h->holder, h->ttl_ms, &h->yes, err);
		case SEM_COUNT:   return rl_semaphore_count(conn, h->keys, &h->answer, err);
	}
	return RL_OK;
}

/* Runs h where keys live (any of the semaphore's keys: they share a hash tag). */
static rl_status sem_run(redislock_semaphore_object *sem, const rl_semaphore_keys *keys, sem_step *h, rl_error *err)
{
	h->keys = keys;
	h->acked = -1;
	return php_redislock_client_run(&sem->client, keys->keys[0], keys->key_lens[0], sem_step_run, h,
		h->call == SEM_ACQUIRE ? &h->acked : NULL, 0, err);
}

/* ---- releasing everything held (releaseAll, request end, destruction) ---- */

static rl_status release_holders(rl_conn *conn, size_t n, const void *holders, bool *released, rl_error *err)
{
	return rl_semaphore_release_many(conn, n, holders, released, err);
}

/*
 * Releases every slot in held, in one round trip per node. Records the
 * server answered for are dropped (released or already gone); after a
 * connection failure they stay for a later try. *all_released tells whether
 * each slot was alive.
 */
static rl_status release_held(redislock_semaphore_object *sem, bool *all_released, rl_error *err)
{
	uint32_t names = zend_hash_num_elements(&sem->held), n = 0, k = 0, i, built;
	rl_semaphore_keys *keys;
	rl_semaphore_holder *holders;
	zend_string **holder_names, **holder_ids;
	const char **key_ptrs;
	size_t *key_lens;
	bool *settled, *reported;
	zend_string *name, *id;
	zval *slots, *record;
	rl_status status = RL_OK;

	*all_released = true;
	if (names == 0) {
		return RL_OK;
	}
	ZEND_HASH_FOREACH_VAL(&sem->held, slots) {
		n += zend_hash_num_elements(Z_ARRVAL_P(slots));
	} ZEND_HASH_FOREACH_END();

	keys = ecalloc(names, sizeof(*keys));
	holders = safe_emalloc(n, sizeof(*holders), 0);
	holder_names = safe_emalloc(n, sizeof(*holder_names), 0);
	holder_ids = safe_emalloc(n, sizeof(*holder_ids), 0);
	key_ptrs = safe_emalloc(n, sizeof(*key_ptrs), 0);
	key_lens = safe_emalloc(n, sizeof(*key_lens), 0);
	settled = ecalloc(n, sizeof(*settled));
	reported = safe_emalloc(n, sizeof(*reported), 0);
	i = 0;
	ZEND_HASH_FOREACH_STR_KEY_VAL(&sem->held, name, slots) {
		if (!rl_semaphore_keys_init(&keys[k], ZSTR_VAL(sem->client.prefix), ZSTR_LEN(sem->client.prefix),
				ZSTR_VAL(name), ZSTR_LEN(name))) {
			status = RL_ERR_NOMEM;
			snprintf(err->message, sizeof(err->message), "out of memory");
			break;
		}
		ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL_P(slots), id, record) {
			holders[i].keys = &keys[k];
			holders[i].id = ZSTR_VAL(id);
			holders[i].id_len = ZSTR_LEN(id);
			holder_names[i] = zend_string_copy(name);
			holder_ids[i] = zend_string_copy(id);
			key_ptrs[i] = keys[k].keys[0];
			key_lens[i] = keys[k].key_lens[0];
			/* a refused slot was never the user's: whatever happens to it is not reported */
			reported[i] = !slot_refused(record);
			i++;
		} ZEND_HASH_FOREACH_END();
		k++;
	} ZEND_HASH_FOREACH_END();

	built = i;
	if (status == RL_OK) {
		php_redislock_release_set set;
		set.n = n;
		set.items = holders;
		set.item_size = sizeof(*holders);
		set.release = release_holders;
		set.keys = key_ptrs;
		set.key_lens = key_lens;
		set.reported = reported;
		status = php_redislock_release_set_run(&sem->client, &set, settled, all_released, err);
		for (i = 0; i < n; i++) {
			if (settled[i]) {
				held_remove(sem, holder_names[i], holder_ids[i]);
			}
		}
	}
	for (i = 0; i < built; i++) {
		zend_string_release(holder_names[i]);
		zend_string_release(holder_ids[i]);
	}
	for (i = 0; i < k; i++) {
		rl_semaphore_keys_free(&keys[i]);
	}
	efree(keys);
	efree(holders);
	efree(holder_names);
	efree(holder_ids);
	efree(key_ptrs);
	efree(key_lens);
	efree(settled);
	efree(reported);
	return status;
}

/* The registry's release of everything held (request end, destruction). */
static rl_status holder_release(php_redislock_holder *holder, rl_error *err)
{
	bool all_released;
	return release_held(semaphore_from_holder(holder), &all_released, err);
}

/* ---- object handlers ---- */

static zend_object *semaphore_create(zend_class_entry *ce)
{
	redislock_semaphore_object *sem = zend_object_alloc(sizeof(redislock_semaphore_object), ce);

	php_redislock_holding_create(&sem->std, ce, &redislock_semaphore_handlers, &sem->holder, &sem->held,
		ZVAL_PTR_DTOR, "semaphore slots", holder_release);
	sem->holder.stats_kind = PHP_REDISLOCK_STATS_SEMAPHORE;
	return &sem->std;
}

static void semaphore_free(zend_object *obj)
{
	redislock_semaphore_object *sem = semaphore_from_obj(obj);

	/* slots nobody can reach any more can never be released: release them now */
	php_redislock_holding_free(obj, &sem->holder, &sem->held, &sem->client);
}

static redislock_semaphore_object *semaphore_for_call(zval *this_zv)
{
	redislock_semaphore_object *sem = Z_REDISLOCK_SEMAPHORE_P(this_zv);
	return php_redislock_holding_enter(&sem->holder, &sem->client) ? sem : NULL;
}

static php_redislock_client *client_of_semaphore(zend_object *obj)
{
	return &semaphore_from_obj(obj)->client;
}

/* ---- methods ---- */

PHP_METHOD(RedisSemaphore, __construct)
{
	zend_string *server = NULL;
	HashTable *server_list = NULL, *options = NULL;
	redislock_semaphore_object *sem = Z_REDISLOCK_SEMAPHORE_P(ZEND_THIS);

	ZEND_PARSE_PARAMETERS_START(0, 2)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT_OR_STR_OR_NULL(server_list, server)
		Z_PARAM_ARRAY_HT(options)
	ZEND_PARSE_PARAMETERS_END();

	if (sem->client.initialized) {
		zend_throw_error(NULL, "Cannot call RedisSemaphore::__construct() twice");
		RETURN_THROWS();
	}
	if (!php_redislock_client_init(&sem->client, server, server_list, options, DEFAULT_PREFIX, "RedisSemaphore")) {
		php_redislock_client_destroy(&sem->client);
		RETURN_THROWS();
	}
	sem->client.stats_kind = PHP_REDISLOCK_STATS_SEMAPHORE;
}

PHP_METHOD(RedisSemaphore, instance)
{
	ZEND_PARSE_PARAMETERS_NONE();

	if (!php_redislock_shared_instance(&REDISLOCK_G(semaphore_instance), redislock_semaphore_ce,
			client_of_semaphore, DEFAULT_PREFIX, "RedisSemaphore")) {
		RETURN_THROWS();
	}
	client_of_semaphore(REDISLOCK_G(semaphore_instance))->stats_kind = PHP_REDISLOCK_STATS_SEMAPHORE;
	RETURN_OBJ_COPY(REDISLOCK_G(semaphore_instance));
}

/* ---- waiting ---- */

typedef struct {
	const rl_semaphore_holder *holder;
	const rl_wait_keys *keys; /* the semaphore's wait keys with the holder's id as member: ->wake is its wake list */
	long limit;
	long long ttl_ms;
} semaphore_waiter;

static rl_status semaphore_wait_step(rl_conn *conn, void *ctx, rl_wait_mode mode, long long block_ms,
		long long *answer, rl_error *err)
{
	semaphore_waiter *waiter = ctx;
	return rl_semaphore_acquire(conn, waiter->holder, waiter->limit, waiter->ttl_ms, mode, GRACE_MS,
		waiter->keys->wake, waiter->keys->wake_len, block_ms, answer, err);
}

/* Waits in name's FIFO queue until holder is admitted or deadline_ns passes. */
static rl_status wait_in_queue(redislock_semaphore_object *sem, zend_string *name, const rl_semaphore_holder *holder,
		long limit, long long ttl_ms, uint64_t deadline_ns, bool *admitted, long long *acked, uint64_t *sent_ns,
		rl_error *err)
{
	rl_wait_keys keys;
	semaphore_waiter waiter;
	rl_status status;

	if (!rl_wait_keys_init_semaphore(&keys, ZSTR_VAL(sem->client.prefix), ZSTR_LEN(sem->client.prefix),
			ZSTR_VAL(name), ZSTR_LEN(name), holder->id, holder->id_len)) {
		snprintf(err->message, sizeof(err->message), "out of memory");
		return RL_ERR_NOMEM;
	}
	waiter.holder = holder;
	waiter.keys = &keys;
	waiter.limit = limit;
	waiter.ttl_ms = ttl_ms;
	status = php_redislock_wait_in_queue(&sem->client, holder->keys->keys[0], holder->keys->key_lens[0],
		semaphore_wait_step, &waiter, deadline_ns, admitted, acked, sent_ns, err);
	rl_wait_keys_free(&keys);
	return status;
}

/* Releases the slots of name refused before (min_replicas), so that a ghost of one never takes a slot from us. */
static rl_status release_refused(redislock_semaphore_object *sem, zend_string *name, const rl_semaphore_keys *keys,
		rl_error *err)
{
	zval *slots = zend_hash_find(&sem->held, name), *record;
	zend_string **refused, *id;
	uint32_t n = 0, i;
	rl_status status = RL_OK;

	if (!slots) {
		return RL_OK;
	}
	refused = safe_emalloc(zend_hash_num_elements(Z_ARRVAL_P(slots)), sizeof(*refused), 0);
	ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL_P(slots), id, record) {
		if (slot_refused(record)) {
			refused[n++] = zend_string_copy(id);
		}
	} ZEND_HASH_FOREACH_END();
	for (i = 0; i < n; i++) {
		rl_semaphore_holder holder;
		sem_step step;
		holder.keys = keys;
		holder.id = ZSTR_VAL(refused[i]);
		holder.id_len = ZSTR_LEN(refused[i]);
		step.call = SEM_RELEASE;
		step.holder = &holder;
		if (status == RL_OK && (status = sem_run(sem, keys, &step, err)) == RL_OK) {
			held_remove(sem, name, refused[i]);
		}
		zend_string_release(refused[i]);
	}
	efree(refused);
	return status;
}

PHP_METHOD(RedisSemaphore, acquire)
{
	zend_string *name, *id;
	zend_long limit;
	double expire = 10, timeout = 0;
	long long ttl_ms;
	redislock_semaphore_object *sem;
	rl_semaphore_keys keys;
	rl_semaphore_holder holder;
	rl_status status;
	rl_error err;
	bool admitted = false, waited = false, refused = false;
	sem_step step;
	uint64_t deadline_ns, sent_ns, started_ns;

	ZEND_PARSE_PARAMETERS_START(2, 4)
		Z_PARAM_STR(name)
		Z_PARAM_LONG(limit)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(expire)
		Z_PARAM_DOUBLE(timeout)
	ZEND_PARSE_PARAMETERS_END();

	if (!php_redislock_check_name(name, 1)) {
		RETURN_THROWS();
	}
	if (limit < 1) {
		zend_argument_value_error(2, "must be greater than 0");
		RETURN_THROWS();
	}
	if (!php_redislock_check_expire(expire, 3, &ttl_ms) || !php_redislock_check_timeout(timeout, 4)) {
		RETURN_THROWS();
	}
	if (!(sem = semaphore_for_call(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (!(id = make_id(ttl_ms))) {
		RETURN_THROWS();
	}
	if (!keys_for(sem, name, &keys)) {
		zend_string_release(id);
		RETURN_THROWS();
	}
	if ((status = release_refused(sem, name, &keys, &err)) != RL_OK) {
		rl_semaphore_keys_free(&keys);
		zend_string_release(id);
		php_redislock_client_throw(&sem->client, status, &err);
		RETURN_THROWS();
	}
	holder.keys = &keys;
	holder.id = ZSTR_VAL(id);
	holder.id_len = ZSTR_LEN(id);
	/* A free slot: one round trip. None, and we may wait: queue up and be woken by a release. */
	deadline_ns = php_redislock_wait_deadline_ns(timeout); /* a WAIT behind the try is part of the time */
	step.call = SEM_ACQUIRE;
	step.holder = &holder;
	step.limit = (long)MIN(limit, LONG_MAX);
	step.ttl_ms = ttl_ms;
	step.answer = 0;
	sent_ns = started_ns = php_redislock_now_ns();
	status = sem_run(sem, &keys, &step, &err);
	admitted = status == RL_OK && step.answer == RL_WAIT_OWNED;
	if (status == RL_OK && !admitted && timeout > 0) {
		waited = true;
		status = wait_in_queue(sem, name, &holder, step.limit, ttl_ms, deadline_ns, &admitted, &step.acked, &sent_ns,
			&err);
	}
	/*
	 * We stalled between writing what took the slot and reading the answer
	 * (php_redislock_lifetime_may_have_ended()): it may have expired and gone to
	 * another meanwhile. Believed only once confirmed ours with a fresh lifetime
	 * (a refresh of the id); lost, we queue again while time is left.
	 */
	while (status == RL_OK && admitted && php_redislock_lifetime_may_have_ended(sent_ns, ttl_ms)) {
		long long acked = step.acked;
		step.call = SEM_REFRESH;
		sent_ns = php_redislock_now_ns();
		status = sem_run(sem, &keys, &step, &err);
		admitted = status == RL_OK && step.yes;
		step.call = SEM_ACQUIRE;
		step.acked = acked;
		if (status == RL_OK && !admitted && timeout > 0 && php_redislock_now_ns() < deadline_ns) {
			waited = true;
			status = wait_in_queue(sem, name, &holder, step.limit, ttl_ms, deadline_ns, &admitted, &step.acked,
				&sent_ns, &err);
		}
	}
	if (status == RL_OK && admitted && !php_redislock_client_replicated(&sem->client, step.acked)) {
		/* fewer than min_replicas replicas have the slot: a failover could lose it; undone, and refused */
		step.call = SEM_RELEASE;
		if ((status = sem_run(sem, &keys, &step, &err)) == RL_OK) {
			admitted = false;
			refused = true;
			held_add(sem, name, id, true);
		}
	}
	if (status != RL_OK && (admitted || status == RL_ERR_IO || status == RL_ERR_TIMEOUT || status == RL_ERR_PROTOCOL)) {
		/* ours (a failure came after), or a script may have admitted us before the connection broke: release it later */
		held_add(sem, name, id, false);
	}
	rl_semaphore_keys_free(&keys);
	php_redislock_stats_acquire_end(PHP_REDISLOCK_STATS_SEMAPHORE, name, started_ns, waited, timeout,
		status != RL_OK ? PHP_REDISLOCK_OUTCOME_FAILED : admitted ? PHP_REDISLOCK_OUTCOME_ACQUIRED
		: refused ? PHP_REDISLOCK_OUTCOME_REFUSED_REPLICAS : PHP_REDISLOCK_OUTCOME_NOT_ACQUIRED);
	if (status != RL_OK) {
		zend_string_release(id);
		php_redislock_client_throw(&sem->client, status, &err);
		RETURN_THROWS();
	}
	if (!admitted) {
		zend_string_release(id);
		RETURN_FALSE;
	}
	held_add(sem, name, id, false);
	RETURN_STR(id);
}

/*
 * release() and refresh(): one call on a holder, the given id or else the slot
 * this object took most recently for name. Nothing held, or a string that is
 * not an id we issue, is false with no round trip. ttl_ms < 0 means "the
 * lifetime written in the id". The record goes after any answer to a release,
 * and when a refresh finds the holder expired (it never comes back).
 */
static void call_on_holder(zval *this_zv, zend_string *name, zend_string *given, bool release, long long ttl_ms,
		zval *return_value)
{
	redislock_semaphore_object *sem = semaphore_for_call(this_zv);
	zend_string *id;
	long long id_ttl_ms;
	rl_semaphore_keys keys;
	rl_semaphore_holder holder;
	sem_step step;
	rl_status status;
	rl_error err;
	bool yes = false;

	if (!sem) {
		RETURN_THROWS();
	}
	if (!(id = given ? given : held_latest(sem, name)) || !id_lifetime(id, &id_ttl_ms)) {
		RETURN_FALSE;
	}
	if (!keys_for(sem, name, &keys)) {
		RETURN_THROWS();
	}
	zend_string_addref(id); /* held_remove() may free the record it came from */
	holder.keys = &keys;
	holder.id = ZSTR_VAL(id);
	holder.id_len = ZSTR_LEN(id);
	step.call = release ? SEM_RELEASE : SEM_REFRESH;
	step.holder = &holder;
	step.ttl_ms = ttl_ms < 0 ? id_ttl_ms : ttl_ms;
	step.yes = false;
	status = sem_run(sem, &keys, &step, &err);
	yes = step.yes;
	rl_semaphore_keys_free(&keys);
	if (release ? (status == RL_OK || status == RL_ERR_SERVER) : (status == RL_OK && !yes)) {
		held_remove(sem, name, id);
	}
	zend_string_release(id);
	if (status != RL_OK) {
		php_redislock_client_throw(&sem->client, status, &err);
		RETURN_THROWS();
	}
	if (!yes) {
		php_redislock_stats_of(PHP_REDISLOCK_STATS_SEMAPHORE)->lost++; /* expired, or taken away, before this call */
	}
	RETURN_BOOL(yes);
}

PHP_METHOD(RedisSemaphore, stats)
{
	ZEND_PARSE_PARAMETERS_NONE();
	php_redislock_stats_to_array(PHP_REDISLOCK_STATS_SEMAPHORE, return_value);
}

PHP_METHOD(RedisSemaphore, release)
{
	zend_string *name, *given = NULL;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(given)
	ZEND_PARSE_PARAMETERS_END();

	if (!php_redislock_check_name(name, 1)) {
		RETURN_THROWS();
	}
	call_on_holder(ZEND_THIS, name, given, true, -1, return_value);
}

PHP_METHOD(RedisSemaphore, refresh)
{
	zend_string *name, *given = NULL;
	double expire = 0;
	bool expire_is_null = true;
	long long ttl_ms = -1;

	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(given)
		Z_PARAM_DOUBLE_OR_NULL(expire, expire_is_null)
	ZEND_PARSE_PARAMETERS_END();

	if (!php_redislock_check_name(name, 1)) {
		RETURN_THROWS();
	}
	if (!expire_is_null && !php_redislock_check_expire(expire, 3, &ttl_ms)) {
		RETURN_THROWS();
	}
	call_on_holder(ZEND_THIS, name, given, false, ttl_ms, return_value);
}

PHP_METHOD(RedisSemaphore, releaseAll)
{
	redislock_semaphore_object *sem;
	rl_status status;
	rl_error err;
	bool all_released;

	ZEND_PARSE_PARAMETERS_NONE();

	if (!(sem = semaphore_for_call(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if ((status = release_held(sem, &all_released, &err)) != RL_OK) {
		php_redislock_client_throw(&sem->client, status, &err);
		RETURN_THROWS();
	}
	RETURN_BOOL(all_released);
}

PHP_METHOD(RedisSemaphore, count)
{
	zend_string *name;
	redislock_semaphore_object *sem;
	rl_semaphore_keys keys;
	rl_status status;
	rl_error err;
	sem_step step;
	long long count = 0;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!php_redislock_check_name(name, 1) || !(sem = semaphore_for_call(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (!keys_for(sem, name, &keys)) {
		RETURN_THROWS();
	}
	step.call = SEM_COUNT;
	step.answer = 0;
	status = sem_run(sem, &keys, &step, &err);
	count = step.answer;
	rl_semaphore_keys_free(&keys);
	if (status != RL_OK) {
		php_redislock_client_throw(&sem->client, status, &err);
		RETURN_THROWS();
	}
	RETURN_LONG((zend_long)count);
}

void php_redislock_semaphore_init_class(zend_class_entry *ce)
{
	redislock_semaphore_ce = ce;
	ce->create_object = semaphore_create;

	memcpy(&redislock_semaphore_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	redislock_semaphore_handlers.offset = XtOffsetOf(redislock_semaphore_object, std);
	redislock_semaphore_handlers.free_obj = semaphore_free;
	/* a copy would hold the same slots under the same ids */
	redislock_semaphore_handlers.clone_obj = NULL;
}
