/*
 * Where a client's connections come from and go back to: the persistent
 * pool (EG(persistent_list), its resource types registered at MINIT) and its
 * keys, which hash everything that makes connections differ; the topology
 * of a Sentinel or Cluster deployment, shared by the whole process; each
 * server's connection, private or pooled, discarded once broken; the
 * connections to a topology's nodes (the rl_route_pool); and the masters'
 * connections of a lock over several, the missing ones opened side by side.
 */
#include "php_redislock_client_internal.h"
#include "zend_exceptions.h"
#include "ext/hash/php_hash.h"
#include "ext/hash/php_hash_sha.h"

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

/* ---- pool keys, and the topologies the process shares ---- */

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

zend_string *php_redislock_make_pool_key(const rl_conn_config *config)
{
	char server[300], hex[65];

	config_digest(config, hex);
	rl_server_describe(&config->address, server, sizeof(server));
	return zend_strpprintf(0, "redislock|%s|%s", server, hex);
}

/*
 * The process's topology for this deployment and these options: looked up in
 * the persistent list under a key made of everything that shapes it (the
 * address as given, the credentials and timeouts hashed like a pool key), so
 * each request and object with the same configuration shares one map.
 */
rl_topology *php_redislock_shared_topology(const rl_server_group *group, const rl_conn_config *sentinel_config,
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

/* ---- each server's connection ---- */

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
			php_redislock_stats_of(client->stats_kind)->discarded++;
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
		php_redislock_stats_of(client->stats_kind)->discarded++;
		zend_hash_del(&EG(persistent_list), e->pool_key); /* closes it */
	}
	return NULL;
}

/* A new connection becomes the server's: this object's own, or the pool's. */
static rl_conn *endpoint_adopt(php_redislock_client *client, php_redislock_endpoint *e, rl_conn *conn)
{
	if (conn) {
		php_redislock_stats_of(client->stats_kind)->connects++;
	}
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
			php_redislock_stats_of(client->stats_kind)->discarded++;
			rl_conn_close(e->conn);
			e->conn = NULL;
		}
		return;
	}
	res = zend_hash_find_ptr(&EG(persistent_list), e->pool_key);
	if (res && res->type == le_persistent_conn && !rl_conn_is_reusable((rl_conn *)res->ptr)) {
		php_redislock_stats_of(client->stats_kind)->discarded++;
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

static rl_conn *route_get(rl_route_pool *pool, rl_topology *t, size_t node, rl_status *status, rl_error *err)
{
	php_redislock_client *client = ((php_redislock_client_route_pool *)pool)->client;
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
			php_redislock_stats_of(client->stats_kind)->discarded++;
			rl_conn_close(client->node_conns[node]);
			client->node_conns[node] = NULL;
		}
		if (!client->node_conns[node] && (client->node_conns[node] = rl_conn_open(&n->config, name, status, err))) {
			php_redislock_stats_of(client->stats_kind)->connects++;
		}
		return client->node_conns[node];
	}
	if (!n->pool_key) {
		/* keyed by the node actually used: after a failover, the new master's connection is another one */
		zend_string *key = php_redislock_make_pool_key(&n->config);
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
		php_redislock_stats_of(client->stats_kind)->discarded++;
		zend_hash_str_del(&EG(persistent_list), n->pool_key, strlen(n->pool_key));
	}
	if ((conn = rl_conn_open(&n->config, name, status, err))) {
		php_redislock_stats_of(client->stats_kind)->connects++;
		zend_register_persistent_resource(n->pool_key, strlen(n->pool_key), conn, le_persistent_conn);
	}
	return conn;
}

static void route_put(rl_route_pool *pool, rl_topology *t, size_t node, rl_conn *conn)
{
	php_redislock_client *client = ((php_redislock_client_route_pool *)pool)->client;
	const char *key = t->nodes[node].pool_key;

	if (!conn->broken && !conn->reply_pending) {
		return;
	}
	php_redislock_stats_of(client->stats_kind)->discarded++;
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

void php_redislock_client_route_pool_init(php_redislock_client_route_pool *pool, php_redislock_client *client)
{
	pool->base.get = route_get;
	pool->base.put = route_put;
	pool->client = client;
}

/* ---- several masters: their connections, the missing ones opened side by side ---- */

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
