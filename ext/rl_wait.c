/* Waiting without polling: see rl_wait.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rl_scripts.h"
#include "rl_wait.h"

/* A live waiter checks in at least every block_ms, plus one round trip, plus
 * the server's timer tick (BLPOP timeouts fire on Redis's event loop, at hz 10
 * up to 100 ms late); its entry outlives that with room for scheduling delays. */
#define LIVENESS_SLACK_MS 250

/* How late past its timeout a BLPOP may end: one tick of the slowest server (hz 1). */
#define BLOCK_END_ALLOWANCE_S 1.0

void rl_wait_terms_init(rl_wait_terms *terms, long long wait_interval_us)
{
	long long half_ms = wait_interval_us / 2000;

	terms->block_ms = half_ms < 1 ? 1 : half_ms;
	terms->grace_ms = terms->block_ms;
	terms->liveness_ms = terms->block_ms + LIVENESS_SLACK_MS;
}

const char *rl_wait_mode_name(rl_wait_mode mode)
{
	switch (mode) {
		case RL_WAIT_TRY:  return "try";
		case RL_WAIT_JOIN: return "join";
		default:           return "leave";
	}
}

static const char *const suffixes[] = { ":wait:queue", ":wait:live", ":wait:granted", ":wait:wake:" };

bool rl_wait_keys_init(rl_wait_keys *keys, const char *base, size_t base_len, const char *member, size_t member_len)
{
	size_t total = 0, i, lens[4];
	char *p;
	const char **starts[4] = { &keys->queue, &keys->live, &keys->granted, &keys->wake_prefix };
	size_t *out_lens[4] = { &keys->queue_len, &keys->live_len, &keys->granted_len, &keys->wake_prefix_len };

	for (i = 0; i < 4; i++) {
		lens[i] = base_len + strlen(suffixes[i]);
		total += lens[i];
	}
	total += lens[3] + member_len; /* the wake key: wake prefix + member */
	if (!(keys->buf = p = malloc(total))) {
		return false;
	}
	for (i = 0; i < 4; i++) {
		memcpy(p, base, base_len);
		memcpy(p + base_len, suffixes[i], lens[i] - base_len);
		*starts[i] = p;
		*out_lens[i] = lens[i];
		p += lens[i];
	}
	memcpy(p, keys->wake_prefix, keys->wake_prefix_len);
	memcpy(p + keys->wake_prefix_len, member, member_len);
	keys->wake = p;
	keys->wake_len = keys->wake_prefix_len + member_len;
	return true;
}

void rl_wait_keys_free(rl_wait_keys *keys)
{
	free(keys->buf);
	keys->buf = NULL;
}

bool rl_wait_keys_init_for_key(rl_wait_keys *keys, const char *key, size_t key_len, const char *member,
		size_t member_len)
{
	/* Redis Cluster hashes the text between the first '{' and the first '}' after it, if not empty. */
	const char *open = memchr(key, '{', key_len), *close = NULL;
	char *wrapped;
	bool ok;

	if (open) {
		close = memchr(open + 1, '}', key_len - (size_t)(open + 1 - key));
	}
	/*
	 * Tagged, or holding a '}' that would end a "{key}" tag early: the key is its
	 * own base. In the second (rare) case the queue may sit in another cluster
	 * slot than the lock; on one server that makes no difference.
	 */
	if ((close && close > open + 1) || memchr(key, '}', key_len)) {
		return rl_wait_keys_init(keys, key, key_len, member, member_len);
	}
	if (!(wrapped = malloc(key_len + 2))) {
		return false;
	}
	wrapped[0] = '{';
	memcpy(wrapped + 1, key, key_len);
	wrapped[key_len + 1] = '}';
	ok = rl_wait_keys_init(keys, wrapped, key_len + 2, member, member_len);
	free(wrapped);
	return ok;
}

rl_status rl_wait_visit(rl_conn *conn, const rl_script *script, int nkeys, int nargs, const char **args,
		const size_t *lens, const char *wake_key, size_t wake_key_len, long long block_ms, long long *result,
		bool *granted, rl_error *err)
{
	char timeout[32];
	rl_command blpop;
	redisReply *reply = NULL;
	rl_status status, block_status = RL_OK;
	bool stretch;

	*result = 0;
	*granted = false;
	if (block_ms <= 0) {
		return rl_script_run_integers(conn, script, 1, nkeys, nargs, args, lens, result, err);
	}
	/*
	 * The BLPOP's reply is due after the block, and Redis ends a block on its
	 * event-loop tick (up to 1000/hz ms late; hz is 1 at the least). Only a read
	 * timeout shorter than that is stretched for this call: the usual case
	 * (2 s against a 50 ms block) costs no setsockopt() at all.
	 */
	stretch = conn->read_timeout > 0 && conn->read_timeout < (double)block_ms / 1000.0 + BLOCK_END_ALLOWANCE_S;
	if (stretch) {
		double stretched = conn->read_timeout + (double)block_ms / 1000.0 + BLOCK_END_ALLOWANCE_S;
		if ((status = rl_conn_set_read_timeout(conn, stretched, err)) != RL_OK) {
			return status;
		}
	}
	if (conn->whole_second_blocks) {
		snprintf(timeout, sizeof(timeout), "%lld", (block_ms + 999) / 1000);
	} else {
		snprintf(timeout, sizeof(timeout), "%lld.%03lld", block_ms / 1000, block_ms % 1000);
	}
	rl_command_init(&blpop);
	rl_command_add_str(&blpop, "BLPOP");
	rl_command_add(&blpop, wake_key, wake_key_len);
	rl_command_add_str(&blpop, timeout);

	status = rl_script_run_then(conn, script, nkeys, nargs, args, lens, &blpop, result, &reply, err);
	if (reply) {
		if (reply->type == REDIS_REPLY_ARRAY && reply->elements == 2) {
			*granted = true;
		} else if (rl_reply_is_error(reply, "ERR timeout is not")) {
			/* Redis < 6 takes whole seconds only: from now on, on this connection */
			conn->whole_second_blocks = true;
		} else if (reply->type == REDIS_REPLY_ERROR) {
			block_status = rl_conn_error_reply(conn, reply, err);
		} else if (reply->type != REDIS_REPLY_NIL) {
			block_status = rl_conn_unexpected_reply(conn, "BLPOP", err);
		}
		freeReplyObject(reply);
	}
	if (status == RL_OK) {
		status = block_status;
	}
	if (stretch && !conn->broken) {
		rl_status restored = rl_conn_set_read_timeout(conn, conn->read_timeout, err);
		if (status == RL_OK) {
			status = restored;
		}
	}
	return status;
}
