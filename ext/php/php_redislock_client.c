/* Shared client glue: see php_redislock_client.h. */
#include "php_redislock_client.h"
#include "php_redislock_args.h"
#include "zend_exceptions.h"
#include "ext/hash/php_hash.h"
#include "ext/hash/php_hash_sha.h"

#include <math.h>

static int le_persistent_conn;
static int le_topology;

static void persistent_conn_dtor(zend_resource *res)
{
	rl_conn_close((rl_conn *)res->ptr);
}

static void topology_dtor(zend_resource *res)
{
	rl_topology_free((rl_topology *)res->ptr);
}

void php_redislock_client_minit(int module_number)
{
	le_persistent_conn = zend_register_list_destructors_ex(NULL, persistent_conn_dtor,
		"redislock persistent connection", module_number);
	le_topology = zend_register_list_destructors_ex(NULL, topology_dtor, "redislock topology", module_number);
}

bool php_redislock_server_is_valid(const char *spec, size_t len, const char **why)
{
	rl_server_address *list;
	size_t n;
	if (rl_server_group_kind(spec, len) != RL_GROUP_NONE) {
		rl_server_group group;
		if (!rl_server_parse_group(spec, len, &group, why)) {
			return false;
		}
		rl_server_group_free(&group);
		return true;
	}
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
	bool has_sentinel_username, has_sentinel_password, has_min_replicas, has_replica_timeout;
	double connect_timeout, read_timeout, replica_timeout;
	long database;
	zend_long min_replicas;
	char *username, *password; /* malloc'd; NULL when given as null */
	char *sentinel_username, *sentinel_password;
} client_options;

static void free_secret(char *secret)
{
	if (secret) {
		/* a copy of a secret is wiped before it goes */
		ZEND_SECURE_ZERO(secret, strlen(secret));
		free(secret);
	}
}

static void client_options_free(client_options *o)
{
	free(o->username);
	free_secret(o->password);
	free(o->sentinel_username);
	free_secret(o->sentinel_password);
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
		} else if (zend_string_equals_literal(key, "sentinel_username")) {
			if (!option_nullable_string("sentinel_username", value, &o->sentinel_username)) {
				return false;
			}
			o->has_sentinel_username = true;
		} else if (zend_string_equals_literal(key, "sentinel_password")) {
			if (!option_nullable_string("sentinel_password", value, &o->sentinel_password)) {
				return false;
			}
			o->has_sentinel_password = true;
		} else if (zend_string_equals_literal(key, "min_replicas")) {
			if (Z_TYPE_P(value) != IS_LONG) {
				return option_type_error("min_replicas", "int", value);
			}
			if (Z_LVAL_P(value) < 0 || Z_LVAL_P(value) > 1000) {
				zend_argument_value_error(2, "option \"min_replicas\" must be between 0 and 1000");
				return false;
			}
			o->min_replicas = Z_LVAL_P(value);
			o->has_min_replicas = true;
		} else if (zend_string_equals_literal(key, "replica_timeout")) {
			if (Z_TYPE_P(value) == IS_LONG) {
				o->replica_timeout = (double)Z_LVAL_P(value);
			} else if (Z_TYPE_P(value) == IS_DOUBLE) {
				o->replica_timeout = Z_DVAL_P(value);
			} else {
				return option_type_error("replica_timeout", "int|float", value);
			}
			if (!(o->replica_timeout >= 0.001 && o->replica_timeout <= 3600)) {
				/* WAIT with 0 would block forever */
				zend_argument_value_error(2, "option \"replica_timeout\" must be between 0.001 and 3600 (seconds)");
				return false;
			}
			o->has_replica_timeout = true;
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
/* Hex SHA-256 of everything but the address that makes connections differ (database, user, password, timeouts). */
static void config_digest(const rl_conn_config *config, char hex[65])
{
	const rl_server_address *a = &config->address;
	char db[24], timeouts[64];
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
}

static zend_string *make_pool_key(const rl_conn_config *config)
{
	char server[300], hex[65];

	config_digest(config, hex);
	rl_server_describe(&config->address, server, sizeof(server));
	return zend_strpprintf(0, "redislock|%s|%s", server, hex);
}

/*
 * The servers of $server as a list, or the deployment it names (*group)
 * (ValueError/TypeError naming the argument, or the INI setting).
 */
static bool parse_servers(zend_string *server, HashTable *server_list, rl_server_address **list, size_t *n,
		rl_server_group *group)
{
	const char *why = NULL;
	/* a string: the argument's, or else (no list either) the INI setting's */
	const char *spec = server ? ZSTR_VAL(server) : server_list ? NULL : REDISLOCK_G(server);
	size_t spec_len = server ? ZSTR_LEN(server) : spec ? strlen(spec) : 0;
	zval *entry;
	size_t i = 0, j;

	memset(group, 0, sizeof(*group));
	*list = NULL;
	*n = 0;
	if (spec && rl_server_group_kind(spec, spec_len) != RL_GROUP_NONE) {
#ifdef PHP_WIN32
		/* the routing layer's re-checks and patience need a monotonic clock and poll(): not written for Windows yet */
		why = "sentinel:// and cluster:// addresses are not supported on Windows";
#else
		if (rl_server_parse_group(spec, spec_len, group, &why)) {
			return true;
		}
#endif
		if (server) {
			zend_argument_value_error(1, "must be a valid server address: %s", why);
		} else {
			zend_value_error("INI setting redislock.server must be a valid server address: %s", why);
		}
		return false;
	}
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

/*
 * The process's topology for this deployment and these options: looked up in
 * the persistent list under a key made of everything that shapes it (the
 * address as given, the credentials and timeouts hashed like a pool key), so
 * each request and object with the same configuration shares one map.
 */
static rl_topology *shared_topology(const rl_server_group *group, const rl_conn_config *sentinel_config,
		const rl_conn_config *node_config)
{
	rl_topology *t = rl_topology_new(group, sentinel_config, node_config);
	char node_digest[65], sentinel_digest[65], group_digest[65];
	unsigned char digest[32];
	PHP_SHA256_CTX ctx;
	zend_string *key;
	zend_resource *res;
	size_t i;

	if (!t) {
		zend_throw_error(NULL, "Out of memory");
		return NULL;
	}
	config_digest(node_config, node_digest);
	config_digest(sentinel_config, sentinel_digest);
	/* the whole group, not t->name: that one is cut short for messages, and two long lists must never share a map */
	PHP_SHA256Init(&ctx);
	key_field(&ctx, group->kind == RL_GROUP_SENTINEL ? "s" : "c", 1);
	for (i = 0; i < group->n; i++) {
		char port[8];
		snprintf(port, sizeof(port), "%d", group->nodes[i].port);
		key_field(&ctx, group->nodes[i].host, strlen(group->nodes[i].host));
		key_field(&ctx, port, strlen(port));
	}
	key_field(&ctx, group->master_name, group->master_name ? strlen(group->master_name) : 0);
	PHP_SHA256Final(digest, &ctx);
	for (i = 0; i < 32; i++) {
		snprintf(group_digest + 2 * i, 3, "%02x", digest[i]);
	}
	key = zend_strpprintf(0, "redislock-topology|%s|%s|%s", group_digest, node_digest, sentinel_digest);
	res = zend_hash_find_ptr(&EG(persistent_list), key);
	if (res && res->type == le_topology) {
		rl_topology_free(t);
		t = res->ptr;
	} else {
		zend_register_persistent_resource(ZSTR_VAL(key), ZSTR_LEN(key), t, le_topology);
	}
	zend_string_release(key);
	return t;
}

/* A Sentinel or Cluster deployment: its topology, from the options (checked against the kind). */
static bool init_topology(php_redislock_client *client, const rl_server_group *group, const client_options *o)
{
	rl_conn_config node, sentinel;
	bool ok = false;

	memset(&node, 0, sizeof(node));
	memset(&sentinel, 0, sizeof(sentinel));
	if (group->kind != RL_GROUP_SENTINEL && (o->has_sentinel_username || o->has_sentinel_password)) {
		zend_argument_value_error(2, "option \"%s\" applies only to a sentinel:// server",
			o->has_sentinel_username ? "sentinel_username" : "sentinel_password");
		return false;
	}
	if (group->kind == RL_GROUP_CLUSTER && o->has_database && o->database != 0) {
		zend_argument_value_error(2, "option \"database\" must be 0 with a cluster:// server (Redis Cluster has one database)");
		return false;
	}
	/* the group's own addresses fill in for these; only credentials, database and timeouts matter */
	node.address.transport = sentinel.address.transport = RL_TRANSPORT_TCP;
	node.connect_timeout = sentinel.connect_timeout = o->has_connect_timeout ? o->connect_timeout : REDISLOCK_G(connect_timeout);
	node.read_timeout = sentinel.read_timeout = o->has_read_timeout ? o->read_timeout : REDISLOCK_G(read_timeout);
	node.address.database = o->has_database ? o->database : 0;
	sentinel.address.database = 0; /* Sentinels have no SELECT */
	if ((o->username && !(node.address.username = strdup(o->username)))
			|| (o->password && !(node.address.password = strdup(o->password)))
			|| (o->sentinel_username && !(sentinel.address.username = strdup(o->sentinel_username)))
			|| (o->sentinel_password && !(sentinel.address.password = strdup(o->sentinel_password)))) {
		zend_throw_error(NULL, "Out of memory");
	} else {
		ok = (client->topology = shared_topology(group, &sentinel, &node)) != NULL;
	}
	rl_server_address_free(&node.address);
	rl_server_address_free(&sentinel.address);
	return ok;
}

bool php_redislock_client_init(php_redislock_client *client, zend_string *server, HashTable *server_list,
		HashTable *options, const char *default_prefix, const char *one_server_class)
{
	rl_server_address *list = NULL;
	rl_server_group group;
	client_options o;
	size_t n = 0, i;
	bool ok = false;

	memset(client, 0, sizeof(*client));
	memset(&o, 0, sizeof(o));
	if (!parse_servers(server, server_list, &list, &n, &group)) {
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
	client->endpoints = n ? ecalloc(n, sizeof(*client->endpoints)) : NULL;
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
	client->replica_timeout_ms = 500;
	client->initialized = true; /* from here on, destroy() cleans up whatever happens */

	if (options && !read_options(client, options, &o)) {
		goto out;
	}
	if (o.has_min_replicas) {
		if (n > 1 && o.min_replicas > 0) {
			/* a quorum of masters is the replication there; a WAIT on each would be another protocol */
			zend_argument_value_error(2, "option \"min_replicas\" does not apply to several masters");
			goto out;
		}
		client->min_replicas = (int)o.min_replicas;
	}
	if (o.has_replica_timeout) {
		client->replica_timeout_ms = (long long)ceil(o.replica_timeout * 1000.0);
	}
	if (group.kind != RL_GROUP_NONE) {
		ok = init_topology(client, &group, &o);
		goto out;
	}
	if (o.has_sentinel_username || o.has_sentinel_password) {
		zend_argument_value_error(2, "option \"%s\" applies only to a sentinel:// server",
			o.has_sentinel_username ? "sentinel_username" : "sentinel_password");
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
	rl_server_group_free(&group);
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
	if (client->endpoints) {
		efree(client->endpoints);
	}
	client->endpoints = NULL;
	client->n = 0;
	for (i = 0; i < client->n_node_conns; i++) {
		rl_conn_close(client->node_conns[i]);
	}
	if (client->node_conns) {
		efree(client->node_conns);
	}
	client->node_conns = NULL;
	client->n_node_conns = 0;
	client->topology = NULL; /* the process's, not ours */
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
	if (client->n == 0) {
		/* a Sentinel or Cluster deployment has no one connection: steps go through php_redislock_client_run() */
		*status = RL_ERR_ROUTE;
		snprintf(err->message, sizeof(err->message), "no single server to talk to");
		return NULL;
	}
	return endpoint_conn(client, &client->endpoints[0], false, status, err);
}

void php_redislock_client_discard_if_broken(php_redislock_client *client)
{
	uint32_t i;
	for (i = 0; i < client->n; i++) {
		endpoint_discard_if_broken(client, &client->endpoints[i]);
	}
	/* a topology's connections went back to the pool after each step (route_put): broken ones are closed there */
}

/* ---- Sentinel and Cluster: connections to a topology's nodes ---- */

typedef struct {
	rl_route_pool base;
	php_redislock_client *client;
} client_route_pool;

static rl_conn *route_get(rl_route_pool *pool, rl_topology *t, size_t node, rl_status *status, rl_error *err)
{
	php_redislock_client *client = ((client_route_pool *)pool)->client;
	rl_route_node *n = &t->nodes[node];
	char name[40];
	zend_resource *res;
	rl_conn *conn;

	snprintf(name, sizeof(name), "redislock-%ld", php_redislock_getpid());
	if (!client->persistent) {
		if (node >= client->n_node_conns) {
			size_t grown = MAX(node + 1, 2 * client->n_node_conns);
			client->node_conns = safe_erealloc(client->node_conns, grown, sizeof(*client->node_conns), 0);
			memset(client->node_conns + client->n_node_conns, 0,
				(grown - client->n_node_conns) * sizeof(*client->node_conns));
			client->n_node_conns = grown;
		}
		if (client->node_conns[node] && !rl_conn_is_reusable(client->node_conns[node])) {
			rl_conn_close(client->node_conns[node]);
			client->node_conns[node] = NULL;
		}
		if (!client->node_conns[node]) {
			client->node_conns[node] = rl_conn_open(&n->config, name, status, err);
		}
		return client->node_conns[node];
	}
	if (!n->pool_key) {
		/* keyed by the node actually used: after a failover, the new master's connection is another one */
		zend_string *key = make_pool_key(&n->config);
		n->pool_key = strdup(ZSTR_VAL(key));
		zend_string_release(key);
		if (!n->pool_key) {
			*status = RL_ERR_NOMEM;
			snprintf(err->message, sizeof(err->message), "out of memory");
			return NULL;
		}
	}
	res = zend_hash_str_find_ptr(&EG(persistent_list), n->pool_key, strlen(n->pool_key));
	if (res && res->type == le_persistent_conn && rl_conn_is_reusable((rl_conn *)res->ptr)) {
		return (rl_conn *)res->ptr;
	}
	if (res) {
		zend_hash_str_del(&EG(persistent_list), n->pool_key, strlen(n->pool_key));
	}
	if ((conn = rl_conn_open(&n->config, name, status, err))) {
		zend_register_persistent_resource(n->pool_key, strlen(n->pool_key), conn, le_persistent_conn);
	}
	return conn;
}

static void route_put(rl_route_pool *pool, rl_topology *t, size_t node, rl_conn *conn)
{
	php_redislock_client *client = ((client_route_pool *)pool)->client;
	const char *key = t->nodes[node].pool_key;

	if (!conn->broken && !conn->reply_pending) {
		return;
	}
	if (!client->persistent) {
		if (node < client->n_node_conns && client->node_conns[node] == conn) {
			client->node_conns[node] = NULL;
		}
		rl_conn_close(conn);
	} else if (key) {
		zend_resource *res = zend_hash_str_find_ptr(&EG(persistent_list), key, strlen(key));
		if (res && res->ptr == conn) {
			zend_hash_str_del(&EG(persistent_list), key, strlen(key)); /* closes it */
		}
	}
}

static void client_route_pool_init(client_route_pool *pool, php_redislock_client *client)
{
	pool->base.get = route_get;
	pool->base.put = route_put;
	pool->client = client;
}

rl_status php_redislock_client_run(php_redislock_client *client, const char *key, size_t key_len, rl_route_step step,
		void *ctx, long long *acked, uint64_t deadline_ns, rl_error *err)
{
	rl_route_ack ack;
	rl_status status;

	ack.replicas = acked ? client->min_replicas : 0;
	ack.timeout_ms = client->replica_timeout_ms;
	ack.acked = -1;
	if (client->topology) {
		client_route_pool pool;
		client_route_pool_init(&pool, client);
		status = rl_route_run(client->topology, &pool.base, key, key_len, step, ctx, &ack, deadline_ns, err);
	} else {
		rl_conn *conn = php_redislock_client_conn_ex(client, &status, err);
		if (!conn) {
			return rl_conn_unsent(status);
		}
		status = rl_route_step_on(conn, false, step, ctx, &ack, NULL, err);
	}
	if (acked) {
		*acked = ack.acked;
	}
	return status;
}

bool php_redislock_client_replicated(const php_redislock_client *client, long long acked)
{
	return client->min_replicas == 0 || acked >= client->min_replicas;
}

typedef struct {
	php_redislock_batch_step step;
	void *ctx;
	size_t count;
	const size_t *which;
} batch_run;

static rl_status batch_run_step(rl_conn *conn, void *ctx, rl_error *err)
{
	batch_run *run = ctx;
	return run->step(conn, run->ctx, run->count, run->which, err);
}

rl_status php_redislock_client_run_batch(php_redislock_client *client, size_t n, const char *const *keys,
		const size_t *key_lens, php_redislock_batch_step step, void *ctx, const bool *done, bool *settled, rl_error *err)
{
	client_route_pool pool;
	size_t *nodes, *which, i, j, k;
	bool *grouped;
	rl_status status, result = RL_OK;
	batch_run run;

	memset(settled, 0, n * sizeof(*settled));
	if (n == 0) {
		return RL_OK;
	}
	if (!client->topology) {
		rl_conn *conn = php_redislock_client_conn_ex(client, &status, err);
		if (!conn) {
			return status;
		}
		which = safe_emalloc(n, sizeof(*which), 0);
		for (i = 0; i < n; i++) {
			which[i] = i;
		}
		status = step(conn, ctx, n, which, err);
		efree(which);
		if (status == RL_OK || status == RL_ERR_SERVER) {
			/* the server answered for each */
			memset(settled, 1, n * sizeof(*settled));
		}
		return status;
	}
	client_route_pool_init(&pool, client);
	nodes = safe_emalloc(n, sizeof(*nodes), 0);
	which = safe_emalloc(n, sizeof(*which), 0);
	grouped = ecalloc(n, sizeof(*grouped));
	for (i = 0; i < n; i++) {
		if ((status = rl_route_node_for_key(client->topology, &pool.base, keys[i], key_lens[i], &nodes[i], err))
				!= RL_OK) {
			result = status;
			goto out;
		}
	}
	run.step = step;
	run.ctx = ctx;
	run.which = which;
	/* one pipeline per node: the items of the first ungrouped one's node */
	for (i = 0; i < n; i++) {
		bool redirected = false;
		rl_error group_err;

		if (grouped[i]) {
			continue;
		}
		for (j = i, k = 0; j < n; j++) {
			if (!grouped[j] && nodes[j] == nodes[i]) {
				grouped[j] = true;
				which[k++] = j;
			}
		}
		run.count = k;
		status = rl_route_run_on(client->topology, &pool.base, nodes[i], batch_run_step, &run, &redirected, &group_err);
		if (!redirected) {
			if (status == RL_OK || status == RL_ERR_SERVER) {
				for (j = 0; j < k; j++) {
					settled[which[j]] = true;
				}
			}
			if (status != RL_OK) {
				result = status;
				*err = group_err;
			}
			continue;
		}
		/* some keys live elsewhere now: those not done run one by one, following redirections */
		for (j = 0; j < k; j++) {
			size_t item = which[j];
			batch_run single;

			if (done[item]) {
				settled[item] = true;
				continue;
			}
			single.step = step;
			single.ctx = ctx;
			single.count = 1;
			single.which = &item;
			status = rl_route_run(client->topology, &pool.base, keys[item], key_lens[item], batch_run_step, &single,
				NULL, 0, &group_err);
			if (status == RL_OK || status == RL_ERR_SERVER) {
				settled[item] = true;
			}
			if (status != RL_OK) {
				result = status;
				*err = group_err;
			}
		}
		/* which[] is reused by the next group: the items of this one are settled or failed */
	}
out:
	efree(nodes);
	efree(which);
	efree(grouped);
	return result;
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

zend_string *php_redislock_client_key(const php_redislock_client *client, const zend_string *name)
{
	return zend_string_concat2(ZSTR_VAL(client->prefix), ZSTR_LEN(client->prefix), ZSTR_VAL(name), ZSTR_LEN(name));
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
