/*
 * What the client's files share among themselves and the classes never see:
 * the options read by php_redislock_options.c, which php_redislock_client.c
 * applies in the constructor, and the pieces of php_redislock_pool.c that the
 * constructor (pool keys, shared topologies) and php_redislock_route.c (the
 * connections to a topology's nodes) call. The classes include
 * php_redislock_client.h.
 */
#ifndef PHP_REDISLOCK_CLIENT_INTERNAL_H
#define PHP_REDISLOCK_CLIENT_INTERNAL_H

#include "php_redislock_client.h"

/* ---- php_redislock_options.c ---- */

/* The constructor's options that apply to every server (each field only when given). */
typedef struct {
	bool has_connect_timeout, has_read_timeout, has_database, has_username, has_password;
	bool has_sentinel_username, has_sentinel_password, has_min_replicas, has_replica_timeout;
	double connect_timeout, read_timeout, replica_timeout;
	zend_long database, min_replicas;
	char *username, *password; /* malloc'd; NULL when given as null */
	char *sentinel_username, *sentinel_password;
	bool has_fencing, fencing;
} php_redislock_client_options;

/*
 * The servers of $server as a list, or the deployment it names (*group)
 * (ValueError/TypeError naming the argument, or the INI setting).
 */
bool php_redislock_parse_servers(zend_string *server, HashTable *server_list, rl_server_address **list, size_t *n,
		rl_server_group *group);

/* Reads $options into o (and the prefix and persistence into client); throws and returns false on bad input. */
bool php_redislock_read_options(php_redislock_client *client, HashTable *options, php_redislock_client_options *o);

/* Options win over what each server's URL says. */
bool php_redislock_apply_options(php_redislock_endpoint *e, const php_redislock_client_options *o);

/* A Sentinel or Cluster deployment: its topology, from the options (checked against the kind). */
bool php_redislock_init_topology(php_redislock_client *client, const rl_server_group *group,
		const php_redislock_client_options *o);

/* Frees what o holds (a copy of a secret is wiped first). */
void php_redislock_client_options_free(php_redislock_client_options *o);

/* ---- php_redislock_pool.c ---- */

/* The persistent pool's key for connections of this configuration (address, then a hash of the rest). */
zend_string *php_redislock_make_pool_key(const rl_conn_config *config);

/* The process's topology for this deployment and these options, shared by every object configured alike. */
rl_topology *php_redislock_shared_topology(const rl_server_group *group, const rl_conn_config *sentinel_config,
		const rl_conn_config *node_config);

/* Sentinel and Cluster: the connections to a topology's nodes, this client's or the pool's. */
typedef struct {
	rl_route_pool base;
	php_redislock_client *client;
} php_redislock_client_route_pool;

void php_redislock_client_route_pool_init(php_redislock_client_route_pool *pool, php_redislock_client *client);

#endif /* PHP_REDISLOCK_CLIENT_INTERNAL_H */
