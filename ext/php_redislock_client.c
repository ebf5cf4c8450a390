/* Shared client glue: see php_redislock_client.h. */
#include "php_redislock_client.h"
#include "zend_exceptions.h"
#include "ext/hash/php_hash.h"
#include "ext/hash/php_hash_sha.h"

#include <math.h>

#if PHP_VERSION_ID >= 80200
# include "ext/random/php_random.h"
#else
# include "ext/standard/php_random.h"
#endif

static int le_persistent_conn;

static void persistent_conn_dtor(zend_resource *res)
{
	rl_conn_close((rl_conn *)res->ptr);
}

void php_redislock_client_minit(int module_number)
{
	le_persistent_conn = zend_register_list_destructors_ex(NULL, persistent_conn_dtor,
		"redislock persistent connection", module_number);
}

bool php_redislock_server_is_valid(const char *spec, size_t len, const char **why)
{
	rl_server_address *list;
	size_t n;
	if (!rl_server_parse_list(spec, len, &list, &n, why)) {
		return false;
	}
	rl_server_list_free(list, n);
	return true;
}

/* ---- constructor options ---- */

/* Throws for a wrongly typed option; the message names the option. */
static bool option_type_error(const char *option, const char *expected, zval *value)
{
	zend_argument_type_error(2, "option \"%s\" must be of type %s, %s given", option, expected,
		zend_zval_type_name(value));
	return false;
}

static bool option_seconds(const char *option, zval *value, double *out)
{
	double seconds;
	if (Z_TYPE_P(value) == IS_LONG) {
		seconds = (double)Z_LVAL_P(value);
	} else if (Z_TYPE_P(value) == IS_DOUBLE) {
		seconds = Z_DVAL_P(value);
	} else {
		return option_type_error(option, "int|float", value);
	}
	if (!(seconds >= 0 && seconds <= PHP_REDISLOCK_MAX_SECONDS)) {
		zend_argument_value_error(2, "option \"%s\" must be between 0 and 1000000000 (seconds)", option);
		return false;
	}
	*out = seconds;
	return true;
}

/* ?string option: NULL stays NULL; a string is copied with malloc (the C layer owns it). */
static bool option_nullable_string(const char *option, zval *value, char **out)
{
	if (Z_TYPE_P(value) == IS_NULL) {
		free(*out);
		*out = NULL;
		return true;
	}
	if (Z_TYPE_P(value) != IS_STRING) {
		return option_type_error(option, "?string", value);
	}
	if (memchr(Z_STRVAL_P(value), '\0', Z_STRLEN_P(value))) {
		zend_argument_value_error(2, "option \"%s\" must not contain any null bytes", option);
		return false;
	}
	free(*out);
	if (!(*out = strdup(Z_STRVAL_P(value)))) {
		zend_throw_error(NULL, "Out of memory");
		return false;
	}
	return true;
}

/* The constructor's options that apply to every server (each field only when given). */
typedef struct {
	bool has_connect_timeout, has_read_timeout, has_database, has_username, has_password;
	double connect_timeout, read_timeout;
	long database;
	char *username, *password; /* malloc'd; NULL when given as null */
} client_options;

static void client_options_free(client_options *o)
{
	free(o->username);
	if (o->password) {
		/* a copy of a secret is wiped before it goes */
		ZEND_SECURE_ZERO(o->password, strlen(o->password));
		free(o->password);
	}
}

static bool read_options(php_redislock_client *client, HashTable *options, client_options *o)
{
	zend_string *key;
	zend_ulong index;
	zval *value;

	ZEND_HASH_FOREACH_KEY_VAL(options, index, key, value) {
		ZVAL_DEREF(value);
		if (!key) {
			zend_argument_value_error(2, "contains unknown option \"" ZEND_ULONG_FMT "\"", index);
			return false;
		}
		if (zend_string_equals_literal(key, "prefix")) {
			if (Z_TYPE_P(value) != IS_STRING) {
				return option_type_error("prefix", "string", value);
			}
			zend_string_release(client->prefix);
			client->prefix = zend_string_copy(Z_STR_P(value));
		} else if (zend_string_equals_literal(key, "connect_timeout")) {
			if (!option_seconds("connect_timeout", value, &o->connect_timeout)) {
				return false;
			}
			o->has_connect_timeout = true;
		} else if (zend_string_equals_literal(key, "read_timeout")) {
			if (!option_seconds("read_timeout", value, &o->read_timeout)) {
				return false;
			}
			o->has_read_timeout = true;
		} else if (zend_string_equals_literal(key, "persistent")) {
			if (Z_TYPE_P(value) != IS_TRUE && Z_TYPE_P(value) != IS_FALSE) {
				return option_type_error("persistent", "bool", value);
			}
			client->persistent = Z_TYPE_P(value) == IS_TRUE;
		} else if (zend_string_equals_literal(key, "database")) {
			if (Z_TYPE_P(value) != IS_LONG) {
				return option_type_error("database", "int", value);
			}
			if (Z_LVAL_P(value) < 0 || Z_LVAL_P(value) > INT_MAX) {
				zend_argument_value_error(2, "option \"database\" must be greater than or equal to 0");
				return false;
			}
			o->database = (long)Z_LVAL_P(value);
			o->has_database = true;
		} else if (zend_string_equals_literal(key, "username")) {
			if (!option_nullable_string("username", value, &o->username)) {
				return false;
			}
			o->has_username = true;
		} else if (zend_string_equals_literal(key, "password")) {
			if (!option_nullable_string("password", value, &o->password)) {
				return false;
			}
			o->has_password = true;
		} else {
			zend_argument_value_error(2, "contains unknown option \"%.*s\"", (int)ZSTR_LEN(key), ZSTR_VAL(key));
			return false;
		}
	} ZEND_HASH_FOREACH_END();
	return true;
}

/* A copy of an option's string for one server (the C layer owns it). */
static bool replace_string(char **field, const char *value)
{
	if (*field) {
		ZEND_SECURE_ZERO(*field, strlen(*field));
	}
	free(*field);
	*field = NULL;
	if (value && !(*field = strdup(value))) {
		zend_throw_error(NULL, "Out of memory");
		return false;
	}
	return true;
}

/* Options win over what each server's URL says. */
static bool apply_options(php_redislock_endpoint *e, const client_options *o)
{
	if (o->has_connect_timeout) {
		e->config.connect_timeout = o->connect_timeout;
	}
	if (o->has_read_timeout) {
		e->config.read_timeout = o->read_timeout;
	}
	if (o->has_database) {
		e->config.address.database = o->database;
	}
	if (e->config.address.database < 0) {
		e->config.address.database = 0;
	}
	return (!o->has_username || replace_string(&e->config.address.username, o->username))
		&& (!o->has_password || replace_string(&e->config.address.password, o->password));
}

/* A field of the pool key: presence, length and bytes, so no two configurations serialise alike. */
static void key_field(PHP_SHA256_CTX *ctx, const char *value, size_t len)
{
	unsigned char header[1 + sizeof(uint64_t)];
	uint64_t n = len;
	header[0] = value != NULL;
	memcpy(header + 1, &n, sizeof(n));
	PHP_SHA256Update(ctx, header, sizeof(header));
	if (value) {
		PHP_SHA256Update(ctx, (const unsigned char *)value, len);
	}
}

/*
 * The persistent pool key: the address, then a SHA-256 over everything else
 * that makes connections differ (database, user, password, timeouts), so a
 * database or a set of credentials never leaks between configurations and no
 * password sits in the key in clear.
 */
static zend_string *make_pool_key(const rl_conn_config *config)
{
	const rl_server_address *a = &config->address;
	char server[300], db[24], timeouts[64], hex[65];
	unsigned char digest[32];
	PHP_SHA256_CTX ctx;
	int i;

	snprintf(db, sizeof(db), "%ld", a->database);
	snprintf(timeouts, sizeof(timeouts), "%.17g/%.17g", config->connect_timeout, config->read_timeout);
	PHP_SHA256Init(&ctx);
	key_field(&ctx, db, strlen(db));
	key_field(&ctx, a->username, a->username ? strlen(a->username) : 0);
	key_field(&ctx, a->password, a->password ? strlen(a->password) : 0);
	key_field(&ctx, timeouts, strlen(timeouts));
	PHP_SHA256Final(digest, &ctx);
	for (i = 0; i < 32; i++) {
		snprintf(hex + 2 * i, 3, "%02x", digest[i]);
	}
	rl_server_describe(a, server, sizeof(server));
	return zend_strpprintf(0, "redislock|%s|%s", server, hex);
}

/* The servers of $server as a list (ValueError/TypeError naming the argument, or the INI setting). */
static bool parse_servers(zend_string *server, HashTable *server_list, rl_server_address **list, size_t *n)
{
	const char *why = NULL;
	zval *entry;
	size_t i = 0, j;

	if (server) {
		/* one server: the string is its address, commas and all */
		if (!(*list = calloc(1, sizeof(**list)))) {
			zend_throw_error(NULL, "Out of memory");
			return false;
		}
		if (!rl_server_parse(ZSTR_VAL(server), ZSTR_LEN(server), *list, &why)) {
			free(*list);
			*list = NULL;
			zend_argument_value_error(1, "must be a valid server address: %s", why);
			return false;
		}
		*n = 1;
		return true;
	}
	if (!server_list) {
		/* the INI setting: one server, or several comma-separated */
		if (!rl_server_parse_list(REDISLOCK_G(server), strlen(REDISLOCK_G(server)), list, n, &why)) {
			zend_value_error("INI setting redislock.server must be a valid server address: %s", why);
			return false;
		}
#ifdef PHP_WIN32
		if (*n > 1) {
			rl_server_list_free(*list, *n);
			*list = NULL;
			zend_value_error("INI setting redislock.server must be one server: several masters are not supported on Windows");
			return false;
		}
#endif
		return true;
	}
	if (zend_hash_num_elements(server_list) == 0) {
		zend_argument_value_error(1, "must not be empty");
		return false;
	}
#ifdef PHP_WIN32
	if (zend_hash_num_elements(server_list) > 1) {
		/* the validity needs a monotonic clock and the fan-out poll(): neither is written for Windows yet */
		zend_argument_value_error(1, "must be one server: several masters are not supported on Windows");
		return false;
	}
#endif
	if (!(*list = calloc(zend_hash_num_elements(server_list), sizeof(**list)))) {
		zend_throw_error(NULL, "Out of memory");
		return false;
	}
	ZEND_HASH_FOREACH_VAL(server_list, entry) {
		ZVAL_DEREF(entry);
		if (Z_TYPE_P(entry) != IS_STRING) {
			zend_argument_type_error(1, "must contain only strings, %s given", zend_zval_type_name(entry));
			goto failed;
		}
		if (!rl_server_parse(Z_STRVAL_P(entry), Z_STRLEN_P(entry), &(*list)[i], &why)) {
			zend_argument_value_error(1, "element #%zu must be a valid server address: %s", i + 1, why);
			goto failed;
		}
		for (j = 0; j < i; j++) {
			if (rl_server_same(&(*list)[j], &(*list)[i])) {
				char name[300];
				rl_server_describe(&(*list)[i], name, sizeof(name));
				i++;
				zend_argument_value_error(1, "must not list a server twice: %s", name);
				goto failed;
			}
		}
		i++;
	} ZEND_HASH_FOREACH_END();
	*n = i;
	return true;
failed:
	rl_server_list_free(*list, i);
	*list = NULL;
	return false;
}

bool php_redislock_client_init(php_redislock_client *client, zend_string *server, HashTable *server_list,
		HashTable *options, const char *default_prefix, const char *one_server_class)
{
	rl_server_address *list = NULL;
	client_options o;
	size_t n = 0, i;
	bool ok = false;

	memset(client, 0, sizeof(*client));
	memset(&o, 0, sizeof(o));
	if (!parse_servers(server, server_list, &list, &n)) {
		return false;
	}
	if (n > 1 && one_server_class) {
		if (server_list) {
			zend_argument_value_error(1, "must be one server: %s has no multi-master mode", one_server_class);
		} else {
			zend_value_error("INI setting redislock.server must be one server for %s: it lists several",
				one_server_class);
		}
		rl_server_list_free(list, n);
		return false;
	}
	client->endpoints = ecalloc(n, sizeof(*client->endpoints));
	client->n = (uint32_t)n;
	for (i = 0; i < n; i++) {
		/* the addresses move into the endpoints, which own them from here on */
		client->endpoints[i].config.address = list[i];
		client->endpoints[i].config.connect_timeout = REDISLOCK_G(connect_timeout);
		client->endpoints[i].config.read_timeout = REDISLOCK_G(read_timeout);
	}
	free(list);
	client->persistent = REDISLOCK_G(persistent);
	client->prefix = zend_string_init(default_prefix, strlen(default_prefix), 0);
	client->initialized = true; /* from here on, destroy() cleans up whatever happens */

	if (options && !read_options(client, options, &o)) {
		goto out;
	}
	for (i = 0; i < n; i++) {
		if (!apply_options(&client->endpoints[i], &o)) {
			goto out;
		}
		if (client->persistent) {
			client->endpoints[i].pool_key = make_pool_key(&client->endpoints[i].config);
		}
	}
	ok = true;
out:
	client_options_free(&o);
	return ok;
}

void php_redislock_client_set_connect_timeout(php_redislock_client *client, uint32_t i, double seconds)
{
	php_redislock_endpoint *e = &client->endpoints[i];
	if (seconds <= 0) {
		return;
	}
	e->config.connect_timeout = seconds;
	if (e->pool_key) {
		zend_string_release(e->pool_key);
		e->pool_key = make_pool_key(&e->config);
	}
}

void php_redislock_client_destroy(php_redislock_client *client)
{
	uint32_t i;

	if (!client->initialized) {
		return;
	}
	for (i = 0; i < client->n; i++) {
		php_redislock_endpoint *e = &client->endpoints[i];
		rl_conn_close(e->conn);
		e->conn = NULL;
		rl_server_address_free(&e->config.address);
		if (e->pool_key) {
			zend_string_release(e->pool_key);
		}
	}
	efree(client->endpoints);
	client->endpoints = NULL;
	client->n = 0;
	if (client->prefix) {
		zend_string_release(client->prefix);
	}
	client->initialized = false;
}

bool php_redislock_client_check_initialized(const php_redislock_client *client)
{
	if (!client->initialized) {
		zend_throw_error(NULL, "The object is not initialized: its constructor was not called");
		return false;
	}
	return true;
}

static rl_conn *open_conn(const php_redislock_endpoint *e, bool pipelined, rl_status *status, rl_error *err)
{
	char name[40];
	snprintf(name, sizeof(name), "redislock-%ld", php_redislock_getpid());
	return pipelined ? rl_conn_open_pipelined(&e->config, name, status, err) : rl_conn_open(&e->config, name, status, err);
}

/* The server's connection if it can carry another command (a broken one is closed); NULL otherwise. */
static rl_conn *endpoint_reusable(php_redislock_client *client, php_redislock_endpoint *e)
{
	zend_resource *res;

	if (!client->persistent) {
		if (e->conn && !rl_conn_is_reusable(e->conn)) {
			rl_conn_close(e->conn);
			e->conn = NULL;
		}
		return e->conn;
	}
	res = zend_hash_find_ptr(&EG(persistent_list), e->pool_key);
	if (res && res->type == le_persistent_conn && rl_conn_is_reusable((rl_conn *)res->ptr)) {
		return (rl_conn *)res->ptr;
	}
	if (res) {
		zend_hash_del(&EG(persistent_list), e->pool_key); /* closes it */
	}
	return NULL;
}

/* A new connection becomes the server's: this object's own, or the pool's. */
static rl_conn *endpoint_adopt(php_redislock_client *client, php_redislock_endpoint *e, rl_conn *conn)
{
	if (!client->persistent) {
		e->conn = conn;
	} else if (conn) {
		/* the non-_ex form copies the key into persistent memory; ours dies with the request */
		zend_register_persistent_resource(ZSTR_VAL(e->pool_key), ZSTR_LEN(e->pool_key), conn, le_persistent_conn);
	}
	return conn;
}

/* A usable connection to one server: reused, or opened (with its handshake pipelined, for a fan-out). */
static rl_conn *endpoint_conn(php_redislock_client *client, php_redislock_endpoint *e, bool pipelined,
		rl_status *status, rl_error *err)
{
	rl_conn *conn = endpoint_reusable(client, e);
	return conn ? conn : endpoint_adopt(client, e, open_conn(e, pipelined, status, err));
}

/* Closes the server's connection if it cannot carry another command. */
static void endpoint_discard_if_broken(php_redislock_client *client, php_redislock_endpoint *e)
{
	zend_resource *res;

	if (!client->persistent) {
		if (e->conn && !rl_conn_is_reusable(e->conn)) {
			rl_conn_close(e->conn);
			e->conn = NULL;
		}
		return;
	}
	res = zend_hash_find_ptr(&EG(persistent_list), e->pool_key);
	if (res && res->type == le_persistent_conn && !rl_conn_is_reusable((rl_conn *)res->ptr)) {
		zend_hash_del(&EG(persistent_list), e->pool_key);
	}
}

rl_conn *php_redislock_client_conn_ex(php_redislock_client *client, rl_status *status, rl_error *err)
{
	return endpoint_conn(client, &client->endpoints[0], false, status, err);
}

void php_redislock_client_discard_if_broken(php_redislock_client *client)
{
	uint32_t i;
	for (i = 0; i < client->n; i++) {
		endpoint_discard_if_broken(client, &client->endpoints[i]);
	}
}

static void masters_conns(rl_redlock_masters *masters, const bool *only, rl_conn **conns, rl_status *statuses,
		rl_error *errs)
{
	php_redislock_client *client = ((php_redislock_masters *)masters)->client;
	const rl_conn_config **to_open = safe_emalloc(client->n, sizeof(*to_open), 0);
	uint32_t *which = safe_emalloc(client->n, sizeof(*which), 0), i, k = 0;
	rl_conn **opened = safe_emalloc(client->n, sizeof(*opened), 0);
	rl_status *opened_statuses = safe_emalloc(client->n, sizeof(*opened_statuses), 0);
	rl_error *opened_errs = safe_emalloc(client->n, sizeof(*opened_errs), 0);
	char name[40];

	for (i = 0; i < client->n; i++) {
		conns[i] = NULL;
		statuses[i] = RL_OK;
		if ((!only || only[i]) && !(conns[i] = endpoint_reusable(client, &client->endpoints[i]))) {
			to_open[k] = &client->endpoints[i].config;
			which[k++] = i;
		}
	}
	if (k > 0) {
		snprintf(name, sizeof(name), "redislock-%ld", php_redislock_getpid());
#ifndef _WIN32
		/* the missing connections all at once: unreachable masters cost one connect timeout, not one each */
		rl_conn_open_pipelined_many(to_open, k, name, opened, opened_statuses, opened_errs);
#else
		for (i = 0; i < k; i++) {
			opened[i] = rl_conn_open_pipelined(to_open[i], name, &opened_statuses[i], &opened_errs[i]);
		}
#endif
		for (i = 0; i < k; i++) {
			conns[which[i]] = endpoint_adopt(client, &client->endpoints[which[i]], opened[i]);
			statuses[which[i]] = opened_statuses[i];
			errs[which[i]] = opened_errs[i];
		}
	}
	efree(to_open);
	efree(which);
	efree(opened);
	efree(opened_statuses);
	efree(opened_errs);
}

static void masters_discard(rl_redlock_masters *masters, size_t i)
{
	php_redislock_client *client = ((php_redislock_masters *)masters)->client;
	endpoint_discard_if_broken(client, &client->endpoints[i]);
}

void php_redislock_client_masters(php_redislock_client *client, php_redislock_masters *masters)
{
	masters->base.n = client->n;
	masters->base.conns = masters_conns;
	masters->base.discard = masters_discard;
	masters->client = client;
}

void php_redislock_client_throw(php_redislock_client *client, rl_status status, const rl_error *err)
{
	(void)status;
	php_redislock_client_discard_if_broken(client);
	zend_throw_exception(php_redislock_exception_ce, err->message, 0);
}

rl_conn *php_redislock_client_conn(php_redislock_client *client)
{
	rl_status status;
	rl_error err;
	rl_conn *conn = php_redislock_client_conn_ex(client, &status, &err);
	if (!conn) {
		zend_throw_exception(php_redislock_exception_ce, err.message, 0);
	}
	return conn;
}

zend_string *php_redislock_client_key(const php_redislock_client *client, const zend_string *name)
{
	return zend_string_concat2(ZSTR_VAL(client->prefix), ZSTR_LEN(client->prefix), ZSTR_VAL(name), ZSTR_LEN(name));
}

bool php_redislock_check_name(const zend_string *name, uint32_t arg_num)
{
	if (ZSTR_LEN(name) == 0) {
		zend_argument_value_error(arg_num, "must not be empty");
		return false;
	}
	return true;
}

bool php_redislock_check_expire(double expire, uint32_t arg_num, long long *ttl_ms)
{
	if (!(expire > 0 && expire <= PHP_REDISLOCK_MAX_SECONDS)) { /* also rejects NAN */
		zend_argument_value_error(arg_num, "must be greater than 0 and at most 1000000000 (seconds)");
		return false;
	}
	*ttl_ms = (long long)ceil(expire * 1000.0);
	return true;
}

bool php_redislock_check_timeout(double timeout, uint32_t arg_num)
{
	if (!(timeout >= 0 && timeout <= PHP_REDISLOCK_MAX_SECONDS)) {
		zend_argument_value_error(arg_num, "must be between 0 and 1000000000 (seconds)");
		return false;
	}
	return true;
}

/*
 * n bytes (n <= 32) from a pool filled by the OS CSPRNG: one getrandom() per
 * many tokens, not per lock(). The bytes used are wiped from the pool.
 */
static bool random_bytes(unsigned char *out, size_t n)
{
	const size_t pool_size = sizeof(REDISLOCK_G(random_pool));
	unsigned char *raw;

	/* Parent and child would draw the same bytes from a pool copied by fork(). */
	if (REDISLOCK_G(random_left) < n || REDISLOCK_G(random_pid) != rl_process_id()) {
		if (php_random_bytes_throw(REDISLOCK_G(random_pool), pool_size) == FAILURE) {
			return false;
		}
		REDISLOCK_G(random_left) = (uint32_t)pool_size;
		REDISLOCK_G(random_pid) = rl_process_id();
	}
	raw = REDISLOCK_G(random_pool) + pool_size - REDISLOCK_G(random_left);
	REDISLOCK_G(random_left) -= (uint32_t)n;
	memcpy(out, raw, n);
	/* used bytes are not left behind in memory for anyone to read back */
	ZEND_SECURE_ZERO(raw, n);
	return true;
}

bool php_redislock_make_token(char out[PHP_REDISLOCK_TOKEN_LEN + 1])
{
	static const char hex[] = "0123456789abcdef";
	unsigned char raw[PHP_REDISLOCK_TOKEN_LEN / 2];
	size_t i;

	if (!random_bytes(raw, sizeof(raw))) {
		return false;
	}
	for (i = 0; i < sizeof(raw); i++) {
		out[2 * i] = hex[raw[i] >> 4];
		out[2 * i + 1] = hex[raw[i] & 15];
	}
	out[PHP_REDISLOCK_TOKEN_LEN] = '\0';
	ZEND_SECURE_ZERO(raw, sizeof(raw));
	return true;
}

bool php_redislock_shared_instance(zend_object **slot, zend_class_entry *ce,
		php_redislock_client *(*client_of)(zend_object *obj), const char *default_prefix, const char *one_server_class)
{
	zend_object *obj;
	php_redislock_client *client;

	if (*slot) {
		return true;
	}
	obj = ce->create_object(ce);
	client = client_of(obj);
	if (!php_redislock_client_init(client, NULL, NULL, NULL, default_prefix, one_server_class)) {
		php_redislock_client_destroy(client);
		OBJ_RELEASE(obj);
		return false;
	}
	*slot = obj;
	return true;
}

bool php_redislock_time_limit_reached(void)
{
#if PHP_VERSION_ID >= 80200
	return zend_atomic_bool_load_ex(&EG(timed_out));
#else
	return EG(timed_out);
#endif
}

rl_status php_redislock_wait_in_queue(rl_conn *conn, php_redislock_wait_fn step, void *ctx, uint64_t deadline_ns,
		bool *acquired, rl_error *err)
{
	rl_wait_mode mode = RL_WAIT_JOIN;
	long long answer = 0;
	rl_status status;

	*acquired = false;
	for (;;) {
		uint64_t now_ns = php_redislock_now_ns();

		if (now_ns >= deadline_ns || php_redislock_time_limit_reached()) {
			/* out of time (ours, or PHP's: the engine ends the request next) */
			if (mode == RL_WAIT_JOIN) {
				return RL_OK; /* never queued */
			}
			status = step(conn, ctx, RL_WAIT_LEAVE, 0, &answer, err);
			*acquired = status == RL_OK && answer == RL_WAIT_OWNED;
			return status;
		}
		status = step(conn, ctx, mode, rl_wait_block_ms(answer, (long long)((deadline_ns - now_ns + 999999) / 1000000)),
			&answer, err);
		if (status != RL_OK || answer == RL_WAIT_OWNED) {
			*acquired = status == RL_OK;
			return status;
		}
		mode = RL_WAIT_VISIT;
	}
}

bool php_redislock_check_wait_interval(zend_long wait_interval_us, uint32_t arg_num)
{
	if (wait_interval_us < 0 || wait_interval_us > PHP_REDISLOCK_MAX_WAIT_INTERVAL_US) {
		zend_argument_value_error(arg_num, "must be between 0 and %d (microseconds)", PHP_REDISLOCK_MAX_WAIT_INTERVAL_US);
		return false;
	}
	return true;
}

zend_long php_redislock_random_range(zend_long min, zend_long max)
{
	uint32_t r = 0;
	/* from the extension's own pool: mt_rand() would move the user's mt_srand() sequence */
	if (min >= max || !random_bytes((unsigned char *)&r, sizeof(r))) {
		return min;
	}
	return min + (zend_long)(r % (uint32_t)(max - min + 1));
}

void php_redislock_random_pause(zend_long max_us)
{
	if (max_us > 0) {
		usleep((unsigned int)php_redislock_random_range(0, max_us));
	}
}
