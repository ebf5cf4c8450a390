/*
 * The RedLock class: seed 003's API ([host, port, timeout] masters, lock()
 * returning validity, resource and token, unlock($lock)) for users who run
 * that class today, on the multi-master core RedisLock uses (rl_redlock.h):
 * every master at once, and between retries a waiter that an unlock wakes.
 * Unlike the userland class, what an object still holds is released when the
 * request ends.
 */
#include "php_redislock.h"
#include "php_redislock_client.h"
#include "php_redislock_args.h"
#include "php_redislock_random.h"
#include "php_redislock_wait.h"
#include "php_redislock_registry.h"
#include "rl_redlock.h"
#include "zend_exceptions.h"

static zend_class_entry *redislock_redlock_ce;
static zend_object_handlers redislock_redlock_handlers;

typedef struct {
	php_redislock_client client; /* prefix "": the key is the resource itself, as in seed 003 */
	php_redislock_holder holder;
	HashTable held;              /* resource => token */
	zend_long retry_delay_ms, retry_count;
	zend_object std;
} redislock_redlock_object;

static inline redislock_redlock_object *redlock_from_obj(zend_object *obj)
{
	return (redislock_redlock_object *)((char *)obj - XtOffsetOf(redislock_redlock_object, std));
}

static inline redislock_redlock_object *redlock_from_holder(php_redislock_holder *holder)
{
	return (redislock_redlock_object *)((char *)holder - XtOffsetOf(redislock_redlock_object, holder));
}

static void ref_of(const zend_string *resource, const char *token, size_t token_len, rl_lock_ref *ref)
{
	ref->prefix = "";
	ref->prefix_len = 0;
	ref->key = ZSTR_VAL(resource);
	ref->key_len = ZSTR_LEN(resource);
	ref->token = token;
	ref->token_len = token_len;
	ref->rw = 0;
	ref->fenced = false; /* the seed's API has no fences */
}

/* Releases everything held on every master in one pass (the registry's, at request end or destruction). */
static rl_status holder_release(php_redislock_holder *holder, rl_error *err)
{
	redislock_redlock_object *redlock = redlock_from_holder(holder);
	uint32_t n = zend_hash_num_elements(&redlock->held), i = 0;
	php_redislock_masters masters;
	rl_lock_ref *refs;
	bool *released, *settled;
	zend_string *resource;
	zval *token;
	rl_status status;

	if (!redlock->client.initialized) {
		return RL_OK;
	}
	refs = safe_emalloc(n, sizeof(*refs), 0);
	released = safe_emalloc(n, sizeof(*released), 0);
	settled = safe_emalloc(n, sizeof(*settled), 0);
	ZEND_HASH_FOREACH_STR_KEY_VAL(&redlock->held, resource, token) {
		ref_of(resource, Z_STRVAL_P(token), Z_STRLEN_P(token), &refs[i++]);
	} ZEND_HASH_FOREACH_END();
	php_redislock_client_masters(&redlock->client, &masters);
	status = rl_redlock_release_many(&masters.base, n, refs, released, settled, err);
	efree(refs);
	efree(released);
	efree(settled);
	return status;
}

static zend_object *redlock_create(zend_class_entry *ce)
{
	redislock_redlock_object *redlock = zend_object_alloc(sizeof(redislock_redlock_object), ce);

	php_redislock_holding_create(&redlock->std, ce, &redislock_redlock_handlers, &redlock->holder, &redlock->held,
		ZVAL_PTR_DTOR, "locks", holder_release);
	return &redlock->std;
}

static void redlock_free(zend_object *obj)
{
	redislock_redlock_object *redlock = redlock_from_obj(obj);

	php_redislock_holding_free(obj, &redlock->holder, &redlock->held, &redlock->client);
}

static redislock_redlock_object *redlock_for_call(zval *this_zv)
{
	redislock_redlock_object *redlock = redlock_from_obj(Z_OBJ_P(this_zv));
	return php_redislock_holding_enter(&redlock->holder, &redlock->client) ? redlock : NULL;
}

/*
 * One [host, port, timeout] triple as a server string and its connect
 * timeout; false (with an exception naming the element) when it is not one.
 */
static bool read_triple(zval *entry, uint32_t position, zval *server, double *connect_timeout)
{
	zval *host, *port, *timeout = NULL;
	HashTable *triple;
	uint32_t count;

	ZVAL_DEREF(entry);
	if (Z_TYPE_P(entry) != IS_ARRAY) {
		zend_argument_type_error(1, "element #%u must be of type array, %s given", position, zend_zval_type_name(entry));
		return false;
	}
	triple = Z_ARRVAL_P(entry);
	count = zend_hash_num_elements(triple);
	host = zend_hash_index_find_deref(triple, 0);
	port = zend_hash_index_find_deref(triple, 1);
	if (count == 3) {
		timeout = zend_hash_index_find_deref(triple, 2);
	}
	if ((count != 2 && count != 3) || !host || Z_TYPE_P(host) != IS_STRING || Z_STRLEN_P(host) == 0
			|| !port || Z_TYPE_P(port) != IS_LONG || Z_LVAL_P(port) < 1 || Z_LVAL_P(port) > 65535
			|| (count == 3 && (!timeout || (Z_TYPE_P(timeout) != IS_LONG && Z_TYPE_P(timeout) != IS_DOUBLE)))) {
		zend_argument_value_error(1, "element #%u must be [host, port, timeout]", position);
		return false;
	}
	*connect_timeout = !timeout ? 0 : Z_TYPE_P(timeout) == IS_LONG ? (double)Z_LVAL_P(timeout) : Z_DVAL_P(timeout);
	if (!(*connect_timeout >= 0 && *connect_timeout <= PHP_REDISLOCK_MAX_SECONDS)) {
		zend_argument_value_error(1, "element #%u must be [host, port, timeout]", position);
		return false;
	}
	/* an IPv6 address in brackets, as the server strings write it (unless it has them already) */
	ZVAL_STR(server, zend_strpprintf(0, memchr(Z_STRVAL_P(host), ':', Z_STRLEN_P(host)) && Z_STRVAL_P(host)[0] != '['
		? "tcp://[%s]:" ZEND_LONG_FMT : "tcp://%s:" ZEND_LONG_FMT, Z_STRVAL_P(host), Z_LVAL_P(port)));
	return true;
}

PHP_METHOD(RedLock, __construct)
{
	HashTable *servers, *strings;
	zend_long retry_delay = 200, retry_count = 3;
	redislock_redlock_object *redlock = redlock_from_obj(Z_OBJ_P(ZEND_THIS));
	double *timeouts;
	uint32_t position = 0, i;
	zval *entry, server;
	bool ok = true;

	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_ARRAY_HT(servers)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(retry_delay)
		Z_PARAM_LONG(retry_count)
	ZEND_PARSE_PARAMETERS_END();

	if (redlock->client.initialized) {
		zend_throw_error(NULL, "Cannot call RedLock::__construct() twice");
		RETURN_THROWS();
	}
	if (zend_hash_num_elements(servers) == 0) {
		zend_argument_value_error(1, "must not be empty");
		RETURN_THROWS();
	}
	if (retry_delay < 0 || retry_delay > 3600000) {
		zend_argument_value_error(2, "must be between 0 and 3600000 (milliseconds)");
		RETURN_THROWS();
	}
	if (retry_count < 1 || retry_count > 1000000) {
		zend_argument_value_error(3, "must be between 1 and 1000000");
		RETURN_THROWS();
	}
	strings = zend_new_array(zend_hash_num_elements(servers));
	timeouts = safe_emalloc(zend_hash_num_elements(servers), sizeof(*timeouts), 0);
	ZEND_HASH_FOREACH_VAL(servers, entry) {
		if (!(ok = read_triple(entry, position + 1, &server, &timeouts[position]))) {
			break;
		}
		zend_hash_next_index_insert(strings, &server);
		position++;
	} ZEND_HASH_FOREACH_END();
	if (ok && (ok = php_redislock_client_init(&redlock->client, NULL, strings, NULL, "", NULL))) {
		for (i = 0; i < redlock->client.n; i++) {
			/* each master's own connect timeout, as phpredis's connect($host, $port, $timeout) */
			php_redislock_client_set_connect_timeout(&redlock->client, i, timeouts[i]);
		}
		redlock->retry_delay_ms = retry_delay;
		redlock->retry_count = retry_count;
	} else if (redlock->client.initialized) {
		php_redislock_client_destroy(&redlock->client);
	}
	zend_array_destroy(strings);
	efree(timeouts);
	if (!ok) {
		RETURN_THROWS();
	}
}

PHP_METHOD(RedLock, lock)
{
	zend_string *resource;
	zend_long ttl;
	redislock_redlock_object *redlock;
	php_redislock_masters masters;
	char token[PHP_REDISLOCK_TOKEN_LEN + 1];
	rl_lock_ref ref;
	rl_status status = RL_OK;
	rl_error err;
	long long validity_ms = 0, free_in_ms, unfenced;
	uint64_t until_ns, now_ns;
	zend_long round;
	bool acquired = false;
	zval token_zv;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(resource)
		Z_PARAM_LONG(ttl)
	ZEND_PARSE_PARAMETERS_END();

	if (ZSTR_LEN(resource) == 0) {
		zend_argument_value_error(1, "must not be empty");
		RETURN_THROWS();
	}
	if (ttl <= 0 || (double)ttl > PHP_REDISLOCK_MAX_SECONDS * 1000.0) {
		zend_argument_value_error(2, "must be greater than 0 and at most 1000000000000 (milliseconds)");
		RETURN_THROWS();
	}
	if (!(redlock = redlock_for_call(ZEND_THIS))) {
		RETURN_THROWS();
	}
	php_redislock_client_masters(&redlock->client, &masters);
	ref_of(resource, token, PHP_REDISLOCK_TOKEN_LEN, &ref);
	/* its retries are a wait too: capped by redislock.max_wait and the request's time budget */
	until_ns = php_redislock_wait_deadline_ns(PHP_REDISLOCK_MAX_SECONDS);
	for (round = 0; round < redlock->retry_count; round++) {
		bool will_retry = round + 1 < redlock->retry_count;
		size_t notes;
		long long delay_ms;

		/* a new token every round: a late roll-back of an earlier round must never delete this one's key */
		if (!php_redislock_make_token(token)) {
			RETURN_THROWS();
		}

		status = rl_redlock_acquire(&masters.base, &ref, ttl,
			rl_redlock_acquire_budget(ttl, redlock->client.endpoints[0].config.read_timeout), will_retry, &acquired,
			&validity_ms, &free_in_ms, &unfenced, &err);
		now_ns = php_redislock_now_ns();
		if (status != RL_OK || acquired || !will_retry || now_ns >= until_ns || php_redislock_time_limit_reached()) {
			break;
		}
		/* seed 003 sleeps retryDelay/2..retryDelay ms; here an unlock meanwhile ends the wait early */
		delay_ms = php_redislock_random_range(redlock->retry_delay_ms / 2, redlock->retry_delay_ms);
		delay_ms = MIN(delay_ms, (long long)((until_ns - now_ns + 999999) / 1000000));
		if (delay_ms > 0 && (status = rl_redlock_block(&masters.base, &ref, delay_ms, &notes, &err)) != RL_OK) {
			break;
		}
	}
	if (status != RL_OK) {
		php_redislock_client_throw(&redlock->client, status, &err);
		RETURN_THROWS();
	}
	if (!acquired) {
		RETURN_FALSE;
	}
	ZVAL_STRINGL(&token_zv, token, PHP_REDISLOCK_TOKEN_LEN);
	zend_hash_update(&redlock->held, resource, &token_zv);
	array_init_size(return_value, 3);
	add_assoc_long(return_value, "validity", (zend_long)validity_ms);
	add_assoc_str(return_value, "resource", zend_string_copy(resource));
	add_assoc_stringl(return_value, "token", token, PHP_REDISLOCK_TOKEN_LEN);
}

PHP_METHOD(RedLock, unlock)
{
	HashTable *lock_info;
	redislock_redlock_object *redlock;
	php_redislock_masters masters;
	zval *resource, *token, *held;
	rl_lock_ref ref;
	rl_status status;
	rl_error err;
	bool released = false, settled = false;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ARRAY_HT(lock_info)
	ZEND_PARSE_PARAMETERS_END();

	resource = zend_hash_str_find_deref(lock_info, "resource", sizeof("resource") - 1);
	token = zend_hash_str_find_deref(lock_info, "token", sizeof("token") - 1);
	if (!resource || Z_TYPE_P(resource) != IS_STRING || Z_STRLEN_P(resource) == 0 || !token
			|| Z_TYPE_P(token) != IS_STRING) {
		zend_argument_value_error(1, "must have string elements \"resource\" and \"token\"");
		RETURN_THROWS();
	}
	if (!(redlock = redlock_for_call(ZEND_THIS))) {
		RETURN_THROWS();
	}
	php_redislock_client_masters(&redlock->client, &masters);
	ref_of(Z_STR_P(resource), Z_STRVAL_P(token), Z_STRLEN_P(token), &ref);
	status = rl_redlock_release_many(&masters.base, 1, &ref, &released, &settled, &err);
	if (settled && (held = zend_hash_find(&redlock->held, Z_STR_P(resource))) && zend_string_equals(Z_STR_P(held),
			Z_STR_P(token))) {
		zend_hash_del(&redlock->held, Z_STR_P(resource));
	}
	if (status != RL_OK) {
		php_redislock_client_throw(&redlock->client, status, &err);
		RETURN_THROWS();
	}
	RETURN_BOOL(released);
}

void php_redislock_redlock_init_class(zend_class_entry *ce)
{
	redislock_redlock_ce = ce;
	ce->create_object = redlock_create;

	memcpy(&redislock_redlock_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	redislock_redlock_handlers.offset = XtOffsetOf(redislock_redlock_object, std);
	redislock_redlock_handlers.free_obj = redlock_free;
	/* a copy would claim the same locks with the same tokens: two owners of one lock */
	redislock_redlock_handlers.clone_obj = NULL;
}
