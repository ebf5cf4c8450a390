/* Pure reply decoders: see rl_reply.h. */
#include <string.h>

#include "rl_reply.h"

bool rl_reply_is_error(const redisReply *reply, const char *code)
{
	size_t len = strlen(code);
	return reply->type == REDIS_REPLY_ERROR && reply->len >= len && memcmp(reply->str, code, len) == 0;
}

bool rl_reply_is_noscript(const redisReply *reply)
{
	return rl_reply_is_error(reply, "NOSCRIPT");
}

/* The verdict on a reply of none of the expected shapes. */
static rl_reply_verdict other_shape(const redisReply *reply)
{
	return reply->type == REDIS_REPLY_ERROR ? RL_REPLY_ERROR : RL_REPLY_UNEXPECTED;
}

rl_reply_verdict rl_reply_decode_integer(const redisReply *reply, long long *value)
{
	if (reply->type != REDIS_REPLY_INTEGER) {
		return other_shape(reply);
	}
	*value = reply->integer;
	return RL_REPLY_OK;
}

rl_reply_verdict rl_reply_decode_integer_in(const redisReply *reply, long long min, long long max, long long *value)
{
	long long integer;
	rl_reply_verdict verdict = rl_reply_decode_integer(reply, &integer);

	if (verdict == RL_REPLY_OK) {
		if (integer < min || integer > max) {
			return RL_REPLY_UNEXPECTED;
		}
		*value = integer;
	}
	return verdict;
}

rl_reply_verdict rl_reply_decode_integer_pair(const redisReply *reply, const long long ranges[2][2], long long *first,
		long long *second)
{
	long long got[2];
	size_t i;

	if (reply->type != REDIS_REPLY_ARRAY) {
		return other_shape(reply);
	}
	if (reply->elements != 2) {
		return RL_REPLY_UNEXPECTED;
	}
	for (i = 0; i < 2; i++) {
		const redisReply *e = reply->element[i];
		if (!e || e->type != REDIS_REPLY_INTEGER || e->integer < ranges[i][0] || e->integer > ranges[i][1]) {
			return RL_REPLY_UNEXPECTED;
		}
		got[i] = e->integer;
	}
	*first = got[0];
	*second = got[1];
	return RL_REPLY_OK;
}

rl_reply_verdict rl_reply_decode_set_nx(const redisReply *reply, bool *acquired)
{
	if (reply->type != REDIS_REPLY_STATUS && reply->type != REDIS_REPLY_NIL) {
		return other_shape(reply);
	}
	*acquired = reply->type == REDIS_REPLY_STATUS;
	return RL_REPLY_OK;
}

rl_reply_verdict rl_reply_decode_set_nx_get(const redisReply *reply, bool *acquired)
{
	if (reply->type != REDIS_REPLY_NIL && reply->type != REDIS_REPLY_STRING) {
		return other_shape(reply);
	}
	*acquired = reply->type == REDIS_REPLY_NIL;
	return RL_REPLY_OK;
}

bool rl_reply_rejects_set_nx_get(const redisReply *reply)
{
	return rl_reply_is_error(reply, "ERR syntax error");
}

rl_reply_verdict rl_reply_decode_value(const redisReply *reply, char *out, size_t cap, long long *len)
{
	if (reply->type == REDIS_REPLY_NIL) {
		*len = -1;
		return RL_REPLY_OK;
	}
	if (reply->type != REDIS_REPLY_STRING) {
		return other_shape(reply);
	}
	memcpy(out, reply->str, reply->len < cap ? reply->len : cap);
	*len = (long long)reply->len;
	return RL_REPLY_OK;
}

rl_reply_verdict rl_reply_decode_owner(const redisReply *reply, const char *token, size_t token_len, bool *owned)
{
	if (reply->type != REDIS_REPLY_NIL && reply->type != REDIS_REPLY_STRING) {
		return other_shape(reply);
	}
	*owned = reply->type == REDIS_REPLY_STRING && reply->len == token_len
		&& memcmp(reply->str, token, token_len) == 0;
	return RL_REPLY_OK;
}

/* A blocking pop's reply: what it took (of type taken) or its timeout (nil); Redis < 6 refuses a fractional timeout. */
static rl_reply_verdict decode_block(const redisReply *reply, int taken, bool *whole_seconds_only)
{
	*whole_seconds_only = false;
	if (reply->type == taken || reply->type == REDIS_REPLY_NIL) {
		return RL_REPLY_OK;
	}
	if (rl_reply_is_error(reply, "ERR timeout is not")) {
		*whole_seconds_only = true;
		return RL_REPLY_OK;
	}
	return other_shape(reply);
}

rl_reply_verdict rl_reply_decode_blpop(const redisReply *reply, bool *whole_seconds_only)
{
	return decode_block(reply, REDIS_REPLY_ARRAY, whole_seconds_only);
}

rl_reply_verdict rl_reply_decode_brpoplpush(const redisReply *reply, bool *whole_seconds_only)
{
	return decode_block(reply, REDIS_REPLY_STRING, whole_seconds_only);
}

rl_reply_verdict rl_reply_decode_handshake(const redisReply *reply, bool optional)
{
	if (reply->type == REDIS_REPLY_STATUS) {
		return RL_REPLY_OK;
	}
	if (reply->type != REDIS_REPLY_ERROR) {
		return RL_REPLY_UNEXPECTED;
	}
	return optional && !rl_reply_is_error(reply, "NOAUTH") ? RL_REPLY_OK : RL_REPLY_ERROR;
}

/* "<slot> <host>:<port>" (host may be empty or an IPv6 literal: the port follows the last ':'). */
static bool parse_redirect_target(const char *s, size_t len, rl_redirect *out)
{
	const char *space = memchr(s, ' ', len), *colon = NULL, *p;
	unsigned long slot = 0, port = 0;
	size_t host_len;

	if (!space || space == s || space - s > 5) {
		return false;
	}
	for (p = s; p < space; p++) {
		if (*p < '0' || *p > '9') {
			return false;
		}
		slot = slot * 10 + (unsigned long)(*p - '0');
	}
	for (p = space + 1; p < s + len; p++) {
		if (*p == ':') {
			colon = p;
		}
	}
	if (slot >= 16384 || !colon || colon + 1 == s + len || s + len - colon - 1 > 5) {
		return false;
	}
	for (p = colon + 1; p < s + len; p++) {
		if (*p < '0' || *p > '9') {
			return false;
		}
		port = port * 10 + (unsigned long)(*p - '0');
	}
	host_len = (size_t)(colon - space - 1);
	if (port == 0 || port > 65535 || host_len >= sizeof(out->host) || memchr(space + 1, '\0', host_len)) {
		return false;
	}
	memcpy(out->host, space + 1, host_len);
	out->host[host_len] = '\0';
	/* a bracketed IPv6 host ("[::1]:7000") is stored bare, as rl_server keeps hosts */
	if (host_len >= 2 && out->host[0] == '[' && out->host[host_len - 1] == ']') {
		memmove(out->host, out->host + 1, host_len - 2);
		out->host[host_len - 2] = '\0';
	}
	out->slot = (unsigned int)slot;
	out->port = (int)port;
	return true;
}

static bool error_mentions(const redisReply *reply, const char *text)
{
	size_t len = strlen(text), i;
	for (i = 0; i + len <= reply->len; i++) {
		if (memcmp(reply->str + i, text, len) == 0) {
			return true;
		}
	}
	return false;
}

rl_redirect_kind rl_reply_decode_redirect(const redisReply *reply, rl_redirect *out)
{
	memset(out, 0, sizeof(*out));
	if (reply->type != REDIS_REPLY_ERROR) {
		return RL_REDIRECT_NONE;
	}
	if (rl_reply_is_error(reply, "MOVED ") || rl_reply_is_error(reply, "ASK ")) {
		size_t skip = reply->str[0] == 'M' ? 6 : 4;
		if (!parse_redirect_target(reply->str + skip, reply->len - skip, out)) {
			memset(out, 0, sizeof(*out));
			return RL_REDIRECT_NONE;
		}
		out->kind = skip == 6 ? RL_REDIRECT_MOVED : RL_REDIRECT_ASK;
	} else if (rl_reply_is_error(reply, "TRYAGAIN")) {
		out->kind = RL_REDIRECT_TRYAGAIN;
	} else if (rl_reply_is_error(reply, "CLUSTERDOWN")) {
		out->kind = RL_REDIRECT_CLUSTERDOWN;
	} else if (rl_reply_is_error(reply, "READONLY")
			|| (rl_reply_is_error(reply, "ERR Error running script") && error_mentions(reply, "-READONLY "))) {
		out->kind = RL_REDIRECT_READONLY;
	} else if (rl_reply_is_error(reply, "LOADING")) {
		out->kind = RL_REDIRECT_LOADING;
	} else if (rl_reply_is_error(reply, "MASTERDOWN")) {
		out->kind = RL_REDIRECT_MASTERDOWN;
	}
	return out->kind;
}

/* An integer element, or (RESP2 servers send some as strings) digits. */
static bool element_number(const redisReply *e, long long lo, long long hi, long long *out)
{
	long long v = 0;
	size_t i;

	if (e->type == REDIS_REPLY_INTEGER) {
		v = e->integer;
	} else if (e->type == REDIS_REPLY_STRING && e->len > 0 && e->len <= 10) {
		for (i = 0; i < e->len; i++) {
			if (e->str[i] < '0' || e->str[i] > '9') {
				return false;
			}
			v = v * 10 + (e->str[i] - '0');
		}
	} else {
		return false;
	}
	if (v < lo || v > hi) {
		return false;
	}
	*out = v;
	return true;
}

static bool is_host_string(const redisReply *e)
{
	return e->type == REDIS_REPLY_STRING && e->len < RL_REDIRECT_HOST_MAX && !memchr(e->str, '\0', e->len);
}

rl_reply_verdict rl_reply_decode_cluster_slots(const redisReply *reply,
		bool (*each)(void *ctx, const rl_slot_range *range), void *ctx)
{
	size_t i;

	if (reply->type != REDIS_REPLY_ARRAY) {
		return other_shape(reply);
	}
	for (i = 0; i < reply->elements; i++) {
		const redisReply *entry = reply->element[i], *master;
		long long first, last, port;
		rl_slot_range range;

		if (entry->type != REDIS_REPLY_ARRAY || entry->elements < 3
				|| entry->element[2]->type != REDIS_REPLY_ARRAY || entry->element[2]->elements < 2) {
			return RL_REPLY_UNEXPECTED;
		}
		master = entry->element[2];
		if (entry->element[0]->type != REDIS_REPLY_INTEGER || entry->element[1]->type != REDIS_REPLY_INTEGER
				|| !element_number(entry->element[0], 0, 16383, &first)
				|| !element_number(entry->element[1], first, 16383, &last)
				|| !is_host_string(master->element[0])
				|| !element_number(master->element[1], 1, 65535, &port)) {
			return RL_REPLY_UNEXPECTED;
		}
		range.first = (unsigned int)first;
		range.last = (unsigned int)last;
		range.host = master->element[0]->str;
		range.host_len = master->element[0]->len;
		range.port = (int)port;
		if (!each(ctx, &range)) {
			return RL_REPLY_OK;
		}
	}
	return RL_REPLY_OK;
}

rl_reply_verdict rl_reply_decode_master_addr(const redisReply *reply, bool *known, const char **host, size_t *host_len,
		int *port)
{
	long long number;

	*known = false;
	if (reply->type == REDIS_REPLY_NIL) {
		return RL_REPLY_OK;
	}
	if (reply->type != REDIS_REPLY_ARRAY) {
		return other_shape(reply);
	}
	if (reply->elements != 2 || !is_host_string(reply->element[0]) || reply->element[0]->len == 0
			|| !element_number(reply->element[1], 1, 65535, &number)) {
		return RL_REPLY_UNEXPECTED;
	}
	*known = true;
	*host = reply->element[0]->str;
	*host_len = reply->element[0]->len;
	*port = (int)number;
	return RL_REPLY_OK;
}

rl_reply_verdict rl_reply_decode_role(const redisReply *reply, bool *is_master)
{
	const redisReply *role;

	if (reply->type != REDIS_REPLY_ARRAY) {
		return other_shape(reply);
	}
	if (reply->elements < 1 || (reply->element[0]->type != REDIS_REPLY_STRING
			&& reply->element[0]->type != REDIS_REPLY_STATUS)) {
		return RL_REPLY_UNEXPECTED;
	}
	role = reply->element[0];
	*is_master = role->len == 6 && memcmp(role->str, "master", 6) == 0;
	return RL_REPLY_OK;
}

void rl_reply_free_all(redisReply **replies, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++) {
		if (replies[i]) {
			freeReplyObject(replies[i]);
			replies[i] = NULL;
		}
	}
}
