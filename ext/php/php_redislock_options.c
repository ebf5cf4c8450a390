/*
 * The constructor's input: server strings (one address, a list of masters,
 * or a sentinel:// or cluster:// deployment; the INI setting's too) and the
 * $options array, checked with the TypeError or ValueError that names the
 * option, then applied to each server or to the deployment's topology.
 */
#include "php_redislock_client_internal.h"
#include "php_redislock_args.h"
#include "zend_exceptions.h"

/* ---- server strings ---- */

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

/*
 * The servers of $server as a list, or the deployment it names (*group)
 * (ValueError/TypeError naming the argument, or the INI setting).
 */
bool php_redislock_parse_servers(zend_string *server, HashTable *server_list, rl_server_address **list, size_t *n,
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

/* ---- constructor options ---- */

/* Throws for a wrongly typed option; the message names the option. */
static bool option_type_error(const char *option, const char *expected, zval *value)
{
	zend_argument_type_error(2, "option \"%s\" must be of type %s, %s given", option, expected,
		zend_zval_type_name(value));
	return false;
}

/* The options read from a table: seconds (int|float), an int, or a ?string (with the C layer's copy). */
typedef enum { OPTION_SECONDS, OPTION_INT, OPTION_STRING_OR_NULL } option_kind;

typedef struct {
	const char *name;
	option_kind kind;
	size_t value;         /* offsetof its value in php_redislock_client_options */
	size_t given;         /* offsetof its has_* flag */
	double min, max;      /* OPTION_SECONDS, OPTION_INT: the range allowed */
	const char *range;    /* ... in the ValueError's words */
} option_spec;

#define OPTION(name, kind, min, max, range) \
	{ #name, kind, offsetof(php_redislock_client_options, name), \
	  offsetof(php_redislock_client_options, has_##name), min, max, range }

static const option_spec option_specs[] = {
	OPTION(connect_timeout, OPTION_SECONDS, 0, PHP_REDISLOCK_MAX_SECONDS, "must be between 0 and 1000000000 (seconds)"),
	OPTION(read_timeout, OPTION_SECONDS, 0, PHP_REDISLOCK_MAX_SECONDS, "must be between 0 and 1000000000 (seconds)"),
	/* WAIT with 0 would block forever */
	OPTION(replica_timeout, OPTION_SECONDS, 0.001, 3600, "must be between 0.001 and 3600 (seconds)"),
	OPTION(database, OPTION_INT, 0, INT_MAX, "must be greater than or equal to 0"),
	OPTION(min_replicas, OPTION_INT, 0, 1000, "must be between 0 and 1000"),
	OPTION(username, OPTION_STRING_OR_NULL, 0, 0, NULL),
	OPTION(password, OPTION_STRING_OR_NULL, 0, 0, NULL),
	OPTION(sentinel_username, OPTION_STRING_OR_NULL, 0, 0, NULL),
	OPTION(sentinel_password, OPTION_STRING_OR_NULL, 0, 0, NULL),
};

static bool option_out_of_range(const option_spec *spec)
{
	zend_argument_value_error(2, "option \"%s\" %s", spec->name, spec->range);
	return false;
}

static bool option_seconds(const option_spec *spec, zval *value, double *out)
{
	double seconds;
	if (Z_TYPE_P(value) == IS_LONG) {
		seconds = (double)Z_LVAL_P(value);
	} else if (Z_TYPE_P(value) == IS_DOUBLE) {
		seconds = Z_DVAL_P(value);
	} else {
		return option_type_error(spec->name, "int|float", value);
	}
	if (!(seconds >= spec->min && seconds <= spec->max)) {
		return option_out_of_range(spec);
	}
	*out = seconds;
	return true;
}

static bool option_int(const option_spec *spec, zval *value, zend_long *out)
{
	if (Z_TYPE_P(value) != IS_LONG) {
		return option_type_error(spec->name, "int", value);
	}
	if ((double)Z_LVAL_P(value) < spec->min || (double)Z_LVAL_P(value) > spec->max) {
		return option_out_of_range(spec);
	}
	*out = Z_LVAL_P(value);
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

static void free_secret(char *secret)
{
	if (secret) {
		/* a copy of a secret is wiped before it goes */
		ZEND_SECURE_ZERO(secret, strlen(secret));
		free(secret);
	}
}

void php_redislock_client_options_free(php_redislock_client_options *o)
{
	free(o->username);
	free_secret(o->password);
	free(o->sentinel_username);
	free_secret(o->sentinel_password);
}

static const option_spec *option_spec_named(const zend_string *key)
{
	for (size_t i = 0; i < sizeof(option_specs) / sizeof(option_specs[0]); i++) {
		if (zend_string_equals_cstr(key, option_specs[i].name, strlen(option_specs[i].name))) {
			return &option_specs[i];
		}
	}
	return NULL;
}

bool php_redislock_read_options(php_redislock_client *client, HashTable *options, php_redislock_client_options *o)
{
	const option_spec *spec;
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
		} else if (zend_string_equals_literal(key, "persistent")) {
			if (Z_TYPE_P(value) != IS_TRUE && Z_TYPE_P(value) != IS_FALSE) {
				return option_type_error("persistent", "bool", value);
			}
			client->persistent = Z_TYPE_P(value) == IS_TRUE;
		} else if (zend_string_equals_literal(key, "fencing")) {
			if (Z_TYPE_P(value) != IS_TRUE && Z_TYPE_P(value) != IS_FALSE) {
				return option_type_error("fencing", "bool", value);
			}
			o->has_fencing = true;
			o->fencing = Z_TYPE_P(value) == IS_TRUE;
		} else if ((spec = option_spec_named(key))) {
			char *field = (char *)o + spec->value;
			bool read = spec->kind == OPTION_SECONDS ? option_seconds(spec, value, (double *)field)
				: spec->kind == OPTION_INT ? option_int(spec, value, (zend_long *)field)
				: option_nullable_string(spec->name, value, (char **)field);
			if (!read) {
				return false;
			}
			*(bool *)((char *)o + spec->given) = true;
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
bool php_redislock_apply_options(php_redislock_endpoint *e, const php_redislock_client_options *o)
{
	if (o->has_connect_timeout) {
		e->config.connect_timeout = o->connect_timeout;
	}
	if (o->has_read_timeout) {
		e->config.read_timeout = o->read_timeout;
	}
	if (o->has_database) {
		e->config.address.database = (long)o->database;
	}
	if (e->config.address.database < 0) {
		e->config.address.database = 0;
	}
	return (!o->has_username || replace_string(&e->config.address.username, o->username))
		&& (!o->has_password || replace_string(&e->config.address.password, o->password));
}

/* A Sentinel or Cluster deployment: its topology, from the options (checked against the kind). */
bool php_redislock_init_topology(php_redislock_client *client, const rl_server_group *group,
		const php_redislock_client_options *o)
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
	node.address.database = o->has_database ? (long)o->database : 0;
	sentinel.address.database = 0; /* Sentinels have no SELECT */
	if ((o->username && !(node.address.username = strdup(o->username)))
			|| (o->password && !(node.address.password = strdup(o->password)))
			|| (o->sentinel_username && !(sentinel.address.username = strdup(o->sentinel_username)))
			|| (o->sentinel_password && !(sentinel.address.password = strdup(o->sentinel_password)))) {
		zend_throw_error(NULL, "Out of memory");
	} else {
		ok = (client->topology = php_redislock_shared_topology(group, &sentinel, &node)) != NULL;
	}
	rl_server_address_free(&node.address);
	rl_server_address_free(&sentinel.address);
	return ok;
}
