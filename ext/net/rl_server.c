/* Server address parsing: see rl_server.h. */
#include "rl_server.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef _WIN32
# include <strings.h> /* strcasecmp */
#else
# define strcasecmp _stricmp
#endif

static char *dup_range(const char *start, size_t len)
{
	char *s = malloc(len + 1);
	if (s) {
		memcpy(s, start, len);
		s[len] = '\0';
	}
	return s;
}

static int hex_value(char c)
{
	if (c >= '0' && c <= '9') return c - '0';
	if (c >= 'a' && c <= 'f') return c - 'a' + 10;
	if (c >= 'A' && c <= 'F') return c - 'A' + 10;
	return -1;
}

/* URL user info may carry '@', ':' or '/' percent-encoded (e.g. in passwords). */
static char *percent_decode(const char *start, size_t len, const char **why)
{
	char *out = malloc(len + 1), *o = out;
	size_t i;
	if (!out) {
		*why = "out of memory";
		return NULL;
	}
	for (i = 0; i < len; i++) {
		if (start[i] == '%') {
			int hi, lo;
			if (i + 2 >= len || (hi = hex_value(start[i + 1])) < 0 || (lo = hex_value(start[i + 2])) < 0) {
				free(out);
				*why = "bad percent-encoding in user or password";
				return NULL;
			}
			if (hi == 0 && lo == 0) {
				free(out);
				*why = "user or password contains a NUL byte (%00)";
				return NULL;
			}
			*o++ = (char)(hi * 16 + lo);
			i += 2;
		} else {
			*o++ = start[i];
		}
	}
	*o = '\0';
	return out;
}

static bool has_prefix(const char *s, size_t len, const char *prefix)
{
	size_t plen = strlen(prefix);
	return len >= plen && memcmp(s, prefix, plen) == 0;
}

/* Parses "digits" within [lo, hi]; false on anything else. */
static bool parse_bounded_number(const char *s, size_t len, long lo, long hi, long *out)
{
	long v = 0;
	size_t i;
	if (len == 0 || len > 10) {
		return false;
	}
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9') {
			return false;
		}
		v = v * 10 + (s[i] - '0');
	}
	if (v < lo || v > hi) {
		return false;
	}
	*out = v;
	return true;
}

/* host, host:port, [v6], [v6]:port */
static bool parse_host_port(const char *s, size_t len, long default_port, rl_server_address *out, const char **why)
{
	const char *host = s, *port = NULL;
	size_t host_len = len, port_len = 0;
	long port_number = default_port;

	if (len > 0 && s[0] == '[') {
		const char *close = memchr(s, ']', len);
		if (!close) {
			*why = "unterminated IPv6 address";
			return false;
		}
		host = s + 1;
		host_len = (size_t)(close - host);
		if (close + 1 < s + len) {
			if (close[1] != ':') {
				*why = "unexpected characters after the IPv6 address";
				return false;
			}
			port = close + 2;
			port_len = (size_t)(s + len - port);
		}
	} else {
		const char *colon = memchr(s, ':', len);
		if (colon) {
			if (memchr(colon + 1, ':', (size_t)(s + len - colon - 1))) {
				*why = "IPv6 addresses must be written in brackets, e.g. [::1]:6379";
				return false;
			}
			host_len = (size_t)(colon - s);
			port = colon + 1;
			port_len = (size_t)(s + len - port);
		}
	}
	if (host_len == 0) {
		*why = "the host is missing";
		return false;
	}
	/* no host name or IP literal holds a bracket: "[[::1]" would be described as a different server */
	if (memchr(host, '\0', host_len) || memchr(host, '/', host_len) || memchr(host, '@', host_len)
			|| memchr(host, '[', host_len) || memchr(host, ']', host_len)) {
		*why = "the host contains an invalid character";
		return false;
	}
	if (port && !parse_bounded_number(port, port_len, 1, 65535, &port_number)) {
		*why = "the port must be a number between 1 and 65535";
		return false;
	}
	out->transport = RL_TRANSPORT_TCP;
	out->host = dup_range(host, host_len);
	out->port = (int)port_number;
	if (!out->host) {
		*why = "out of memory";
		return false;
	}
	return true;
}

static bool parse_unix(const char *path, size_t len, rl_server_address *out, const char **why)
{
	if (len == 0) {
		*why = "the socket path is missing";
		return false;
	}
	if (memchr(path, '\0', len)) {
		*why = "the socket path contains a NUL byte";
		return false;
	}
	out->transport = RL_TRANSPORT_UNIX;
	out->path = dup_range(path, len);
	if (!out->path) {
		*why = "out of memory";
		return false;
	}
	return true;
}

/* redis://[[user]:password@]host[:port][/db] */
static bool parse_redis_url(const char *s, size_t len, rl_server_address *out, const char **why)
{
	const char *end = s + len;
	const char *slash = memchr(s, '/', len);
	const char *authority_end = slash ? slash : end;
	const char *at = NULL, *p;

	/* The last '@' before the path ends the user info (passwords may hold '@' unencoded). */
	for (p = s; p < authority_end; p++) {
		if (*p == '@') {
			at = p;
		}
	}
	if (at) {
		const char *colon = memchr(s, ':', (size_t)(at - s));
		if (colon) {
			if (colon > s && !(out->username = percent_decode(s, (size_t)(colon - s), why))) {
				return false;
			}
			if (!(out->password = percent_decode(colon + 1, (size_t)(at - colon - 1), why))) {
				return false;
			}
		} else if (at > s) {
			/* redis://password@host, as redis-cli and phpredis read it */
			if (!(out->password = percent_decode(s, (size_t)(at - s), why))) {
				return false;
			}
		}
		s = at + 1;
	}
	if (!parse_host_port(s, (size_t)(authority_end - s), RL_DEFAULT_PORT, out, why)) {
		return false;
	}
	if (slash && slash + 1 < end) {
		if (!parse_bounded_number(slash + 1, (size_t)(end - slash - 1), 0, 1000000, &out->database)) {
			*why = "the database after '/' must be a number";
			return false;
		}
	}
	return true;
}

bool rl_server_parse(const char *spec, size_t len, rl_server_address *out, const char **why)
{
	bool ok;

	memset(out, 0, sizeof(*out));
	out->database = -1;

	if (len == 0) {
		*why = "the address is empty";
		return false;
	}
	if (rl_server_group_kind(spec, len) != RL_GROUP_NONE) {
		*why = "sentinel:// and cluster:// name a deployment, not one server";
		ok = false;
	} else if (has_prefix(spec, len, "unix://")) {
		ok = parse_unix(spec + 7, len - 7, out, why);
	} else if (has_prefix(spec, len, "tcp://")) {
		ok = parse_host_port(spec + 6, len - 6, RL_DEFAULT_PORT, out, why);
	} else if (has_prefix(spec, len, "redis://")) {
		ok = parse_redis_url(spec + 8, len - 8, out, why);
	} else if (memchr(spec, '/', len) && spec[0] == '/') {
		ok = parse_unix(spec, len, out, why);
	} else if (memchr(spec, '/', len) || memchr(spec, '@', len)) {
		*why = "use tcp://host:port, unix:///path or redis://[[user]:password@]host[:port][/db]";
		ok = false;
	} else {
		ok = parse_host_port(spec, len, RL_DEFAULT_PORT, out, why);
	}
	if (!ok) {
		rl_server_address_free(out);
	}
	return ok;
}

static bool copy_string(char **dst, const char *src)
{
	if (!src) {
		*dst = NULL;
		return true;
	}
	*dst = dup_range(src, strlen(src));
	return *dst != NULL;
}

bool rl_server_copy(rl_server_address *dst, const rl_server_address *src)
{
	*dst = *src;
	dst->host = dst->path = dst->username = dst->password = NULL;
	if (copy_string(&dst->host, src->host) && copy_string(&dst->path, src->path)
			&& copy_string(&dst->username, src->username) && copy_string(&dst->password, src->password)) {
		return true;
	}
	rl_server_address_free(dst);
	return false;
}

void rl_server_address_free(rl_server_address *addr)
{
	free(addr->host);
	free(addr->path);
	free(addr->username);
	if (addr->password) {
		/* do not leave the secret in freed memory */
		memset(addr->password, 0, strlen(addr->password));
		free(addr->password);
	}
	addr->host = addr->path = addr->username = addr->password = NULL;
}

void rl_server_describe(const rl_server_address *addr, char *buf, size_t cap)
{
	if (addr->transport == RL_TRANSPORT_UNIX) {
		snprintf(buf, cap, "unix://%s", addr->path);
	} else if (strchr(addr->host, ':')) {
		snprintf(buf, cap, "tcp://[%s]:%d", addr->host, addr->port);
	} else {
		snprintf(buf, cap, "tcp://%s:%d", addr->host, addr->port);
	}
}

bool rl_server_same(const rl_server_address *a, const rl_server_address *b)
{
	if (a->transport != b->transport) {
		return false;
	}
	if (a->transport == RL_TRANSPORT_UNIX) {
		return strcmp(a->path, b->path) == 0;
	}
	return a->port == b->port && strcasecmp(a->host, b->host) == 0;
}

void rl_server_list_free(rl_server_address *list, size_t n)
{
	size_t i;
	for (i = 0; i < n && list; i++) {
		rl_server_address_free(&list[i]);
	}
	free(list);
}

rl_group_kind rl_server_group_kind(const char *spec, size_t len)
{
	if (has_prefix(spec, len, "sentinel://")) {
		return RL_GROUP_SENTINEL;
	}
	if (has_prefix(spec, len, "cluster://")) {
		return RL_GROUP_CLUSTER;
	}
	return RL_GROUP_NONE;
}

void rl_server_group_free(rl_server_group *group)
{
	rl_server_list_free(group->nodes, group->n);
	free(group->master_name);
	memset(group, 0, sizeof(*group));
}

bool rl_server_parse_group(const char *spec, size_t len, rl_server_group *out, const char **why)
{
	const char *hosts, *end = spec + len, *hosts_end, *p;
	size_t count = 1;
	long default_port;

	memset(out, 0, sizeof(*out));
	out->kind = rl_server_group_kind(spec, len);
	if (out->kind == RL_GROUP_SENTINEL) {
		hosts = spec + strlen("sentinel://");
		default_port = RL_SENTINEL_DEFAULT_PORT;
		/* the master name follows the first '/': host lists never hold one */
		if (!(hosts_end = memchr(hosts, '/', (size_t)(end - hosts)))) {
			*why = "the master name is missing: sentinel://host[:port][,host[:port]...]/name";
			return false;
		}
		if (hosts_end + 1 == end) {
			*why = "the master name after '/' is empty";
			return false;
		}
		if (memchr(hosts_end + 1, '\0', (size_t)(end - hosts_end - 1))) {
			*why = "the master name contains a NUL byte";
			return false;
		}
		if (!(out->master_name = dup_range(hosts_end + 1, (size_t)(end - hosts_end - 1)))) {
			*why = "out of memory";
			return false;
		}
	} else if (out->kind == RL_GROUP_CLUSTER) {
		hosts = spec + strlen("cluster://");
		hosts_end = end;
		default_port = RL_DEFAULT_PORT;
		if (memchr(hosts, '/', (size_t)(end - hosts))) {
			*why = "a cluster:// address lists seed nodes only (no path, no database): cluster://host[:port][,host[:port]...]";
			return false;
		}
	} else {
		*why = "not a sentinel:// or cluster:// address";
		return false;
	}
	for (p = hosts; p < hosts_end; p++) {
		count += *p == ',';
	}
	if (!(out->nodes = calloc(count, sizeof(*out->nodes)))) {
		rl_server_group_free(out);
		*why = "out of memory";
		return false;
	}
	for (p = hosts;; ) {
		const char *comma = memchr(p, ',', (size_t)(hosts_end - p));
		const char *item_end = comma ? comma : hosts_end;
		size_t j;

		if (item_end == p) {
			*why = out->kind == RL_GROUP_SENTINEL ? "a Sentinel's address is empty" : "a seed node's address is empty";
			rl_server_group_free(out);
			return false;
		}
		if (memchr(p, '@', (size_t)(item_end - p))) {
			*why = "credentials go in the options (password, sentinel_password), not in the address";
			rl_server_group_free(out);
			return false;
		}
		if (!parse_host_port(p, (size_t)(item_end - p), default_port, &out->nodes[out->n], why)) {
			rl_server_group_free(out);
			return false;
		}
		out->nodes[out->n].database = -1;
		for (j = 0; j < out->n; j++) {
			if (rl_server_same(&out->nodes[j], &out->nodes[out->n])) {
				out->n++;
				rl_server_group_free(out);
				*why = "it lists a server twice";
				return false;
			}
		}
		out->n++;
		if (!comma) {
			break;
		}
		p = comma + 1;
	}
	return true;
}

bool rl_server_parse_list(const char *spec, size_t len, rl_server_address **out, size_t *n, const char **why)
{
	size_t count = 1, i, start = 0;
	rl_server_address *list;

	*out = NULL;
	*n = 0;
	for (i = 0; i < len; i++) {
		count += spec[i] == ',';
	}
	if (!(list = calloc(count, sizeof(*list)))) {
		*why = "out of memory";
		return false;
	}
	for (i = 0; i <= len; i++) {
		size_t j;
		if (i < len && spec[i] != ',') {
			continue;
		}
		if (!rl_server_parse(spec + start, i - start, &list[*n], why)) {
			rl_server_list_free(list, *n);
			*n = 0;
			return false;
		}
		for (j = 0; j < *n; j++) {
			if (rl_server_same(&list[j], &list[*n])) {
				rl_server_list_free(list, *n + 1);
				*n = 0;
				*why = "it lists a server twice";
				return false;
			}
		}
		(*n)++;
		start = i + 1;
	}
	*out = list;
	return true;
}
