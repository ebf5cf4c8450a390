/*
 * The client's life cycle: the constructor's ($server, $options) turned into
 * endpoints or a shared topology (php_redislock_client_init()), a server's own
 * connect timeout, the object behind instance(), the key prefix, the throw
 * that discards a broken connection first, and destroy. Options and server
 * strings are read in php_redislock_options.c, connections come from
 * php_redislock_pool.c, steps run through php_redislock_route.c.
 */
#include "php_redislock_client_internal.h"
#include "zend_exceptions.h"

#include <math.h>

bool php_redislock_client_init(php_redislock_client *client, zend_string *server, HashTable *server_list,
		HashTable *options, const char *default_prefix, const char *one_server_class)
{
	rl_server_address *list = NULL;
	rl_server_group group;
	php_redislock_client_options o;
	size_t n = 0, i;
	bool ok = false;

	memset(client, 0, sizeof(*client));
	memset(&o, 0, sizeof(o));
	if (!php_redislock_parse_servers(server, server_list, &list, &n, &group)) {
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

	if (options && !php_redislock_read_options(client, options, &o)) {
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
	if (o.has_fencing && o.fencing && one_server_class) {
		/* a fence numbers the holders of a lock; a semaphore has several at once */
		zend_argument_value_error(2, "option \"fencing\" applies only to RedisLock");
		goto out;
	}
	/* the INI setting: RedisLock's default (README "Fences") */
	client->fencing = o.has_fencing ? o.fencing : !one_server_class && REDISLOCK_G(fencing);
#if SIZEOF_ZEND_LONG < 8
	if (client->fencing) {
		/* a fence is the server's clock in microseconds: it does not fit a 32-bit int */
		zend_argument_value_error(2, "option \"fencing\" needs a 64-bit PHP");
		goto out;
	}
#endif
	if (o.has_replica_timeout) {
		client->replica_timeout_ms = (long long)ceil(o.replica_timeout * 1000.0);
	}
	if (group.kind != RL_GROUP_NONE) {
		ok = php_redislock_init_topology(client, &group, &o);
		goto out;
	}
	if (o.has_sentinel_username || o.has_sentinel_password) {
		zend_argument_value_error(2, "option \"%s\" applies only to a sentinel:// server",
			o.has_sentinel_username ? "sentinel_username" : "sentinel_password");
		goto out;
	}
	for (i = 0; i < n; i++) {
		if (!php_redislock_apply_options(&client->endpoints[i], &o)) {
			goto out;
		}
		if (client->persistent) {
			client->endpoints[i].pool_key = php_redislock_make_pool_key(&client->endpoints[i].config);
		}
	}
	ok = true;
out:
	rl_server_group_free(&group);
	php_redislock_client_options_free(&o);
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
		e->pool_key = php_redislock_make_pool_key(&e->config);
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

void php_redislock_client_throw(php_redislock_client *client, rl_status status, const rl_error *err)
{
	php_redislock_client_discard_if_broken(client);
	php_redislock_stats_error(client->stats_kind, status);
	zend_throw_exception(php_redislock_exception_ce, err->message, php_redislock_error_code(status));
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
