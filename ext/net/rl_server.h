/*
 * Parsing of server addresses ("tcp://host:port", "host:port", "unix:///path",
 * "redis://[[user]:password@]host[:port][/db]"). Plain C: no zvals, malloc'd strings.
 */
#ifndef RL_SERVER_H
#define RL_SERVER_H

#include <stddef.h>
#include <stdbool.h>

#define RL_DEFAULT_PORT 6379

typedef enum {
	RL_TRANSPORT_TCP,
	RL_TRANSPORT_UNIX
} rl_transport;

typedef struct {
	rl_transport transport;
	char *host;      /* TCP: host name or IP, IPv6 without brackets */
	int port;        /* TCP only */
	char *path;      /* unix socket path */
	char *username;  /* NULL when none was given */
	char *password;  /* NULL when none was given */
	long database;   /* -1 when none was given */
} rl_server_address;

/*
 * Parses spec (not NUL-terminated, may contain any byte). On failure returns
 * false, leaves *out empty and points *why at a static explanation.
 */
bool rl_server_parse(const char *spec, size_t len, rl_server_address *out, const char **why);

/* Deep copy; false only when out of memory. */
bool rl_server_copy(rl_server_address *dst, const rl_server_address *src);

void rl_server_address_free(rl_server_address *addr);

/* "tcp://host:port" or "unix:///path": never credentials, safe for messages. */
void rl_server_describe(const rl_server_address *addr, char *buf, size_t cap);

/* Whether a and b are the same server (host and port, or socket path), whatever the credentials or database. */
bool rl_server_same(const rl_server_address *a, const rl_server_address *b);

/*
 * A comma-separated list of servers (the INI form for several masters):
 * *out (malloc'd) holds *n of them. An empty entry, a malformed one or the
 * same server twice fails the whole list, with *why.
 */
bool rl_server_parse_list(const char *spec, size_t len, rl_server_address **out, size_t *n, const char **why);
void rl_server_list_free(rl_server_address *list, size_t n);

/*
 * A deployment behind one address: "sentinel://h[:p][,h[:p]...]/name" (the
 * Sentinels that watch the master called name) or "cluster://h[:p][,...]"
 * (a Redis Cluster's seed nodes). Hosts may be [IPv6]; credentials come from
 * the options, never from these addresses.
 */
#define RL_SENTINEL_DEFAULT_PORT 26379

typedef enum {
	RL_GROUP_NONE,
	RL_GROUP_SENTINEL,
	RL_GROUP_CLUSTER
} rl_group_kind;

typedef struct {
	rl_group_kind kind;
	size_t n;
	rl_server_address *nodes; /* the Sentinels, or the seed nodes (TCP, database -1) */
	char *master_name;        /* Sentinel: the name the Sentinels know the master by */
} rl_server_group;

/* Which kind spec's scheme names (RL_GROUP_NONE: a plain server address). */
rl_group_kind rl_server_group_kind(const char *spec, size_t len);
/* As rl_server_parse(); an empty entry, a bad one or the same host twice fails it all. */
bool rl_server_parse_group(const char *spec, size_t len, rl_server_group *out, const char **why);
void rl_server_group_free(rl_server_group *group);

#endif /* RL_SERVER_H */
