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

rl_reply_verdict rl_reply_decode_owner(const redisReply *reply, const char *token, size_t token_len, bool *owned)
{
	if (reply->type != REDIS_REPLY_NIL && reply->type != REDIS_REPLY_STRING) {
		return other_shape(reply);
	}
	*owned = reply->type == REDIS_REPLY_STRING && reply->len == token_len
		&& memcmp(reply->str, token, token_len) == 0;
	return RL_REPLY_OK;
}

rl_reply_verdict rl_reply_decode_blpop(const redisReply *reply, bool *whole_seconds_only)
{
	*whole_seconds_only = false;
	if (reply->type == REDIS_REPLY_ARRAY || reply->type == REDIS_REPLY_NIL) {
		return RL_REPLY_OK;
	}
	if (rl_reply_is_error(reply, "ERR timeout is not")) {
		*whole_seconds_only = true;
		return RL_REPLY_OK;
	}
	return other_shape(reply);
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
