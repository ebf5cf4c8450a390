/* The lock protocol: see rl_lock.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rl_lock.h"
#include "rl_scripts.h"

rl_status rl_lock_try_acquire(rl_conn *conn, const rl_lock_ref *lock, long long ttl_ms, bool *acquired, rl_error *err)
{
	char ttl[24];
	rl_command cmd;
	redisReply *reply;
	rl_status status;
	bool with_get;

	snprintf(ttl, sizeof(ttl), "%lld", ttl_ms);
	for (;;) {
		/*
		 * With GET (Redis >= 7), a key of another type answers WRONGTYPE instead of
		 * looking like a lock held forever; older servers reject the combination
		 * once per connection and get the plain form from then on.
		 */
		with_get = conn->set_nx_get != 0;
		rl_command_init(&cmd);
		rl_command_add_str(&cmd, "SET");
		rl_command_add(&cmd, lock->key, lock->key_len);
		rl_command_add(&cmd, lock->token, lock->token_len);
		rl_command_add_str(&cmd, "NX");
		rl_command_add_str(&cmd, "PX");
		rl_command_add_str(&cmd, ttl);
		if (with_get) {
			rl_command_add_str(&cmd, "GET");
		}
		if ((status = rl_conn_call(conn, &cmd, &reply, err)) != RL_OK) {
			return status;
		}
		if (with_get && conn->set_nx_get < 0 && rl_reply_is_error(reply, "ERR syntax error")) {
			conn->set_nx_get = 0;
			freeReplyObject(reply);
			continue;
		}
		break;
	}

	if (reply->type == REDIS_REPLY_ERROR) {
		status = rl_conn_error_reply(conn, reply, err);
	} else if (with_get) {
		conn->set_nx_get = 1;
		/* nil: the key was free and is now ours; a string: the current holder's token */
		if (reply->type == REDIS_REPLY_NIL || reply->type == REDIS_REPLY_STRING) {
			*acquired = reply->type == REDIS_REPLY_NIL;
		} else {
			status = rl_conn_unexpected_reply(conn, "SET NX GET", err);
		}
	} else if (reply->type == REDIS_REPLY_STATUS || reply->type == REDIS_REPLY_NIL) {
		*acquired = reply->type == REDIS_REPLY_STATUS;
	} else {
		status = rl_conn_unexpected_reply(conn, "SET NX", err);
	}
	freeReplyObject(reply);
	return status;
}

rl_status rl_lock_extend(rl_conn *conn, const rl_lock_ref *lock, long long ttl_ms, bool *extended, rl_error *err)
{
	char ttl[24];
	const char *args[3];
	size_t lens[3];
	long long result = 0;
	rl_status status;

	snprintf(ttl, sizeof(ttl), "%lld", ttl_ms);
	args[0] = lock->key;   lens[0] = lock->key_len;
	args[1] = lock->token; lens[1] = lock->token_len;
	args[2] = ttl;         lens[2] = strlen(ttl);
	status = rl_script_run_integers(conn, &rl_script_lock_extend, 1, 1, 3, args, lens, &result, err);
	*extended = result == 1;
	return status;
}

rl_status rl_lock_is_owner(rl_conn *conn, const rl_lock_ref *lock, bool *owned, rl_error *err)
{
	rl_command cmd;
	redisReply *reply;
	rl_status status;

	/* A single GET is already atomic; comparing here saves the server a script call. */
	rl_command_init(&cmd);
	rl_command_add_str(&cmd, "GET");
	rl_command_add(&cmd, lock->key, lock->key_len);
	if ((status = rl_conn_call(conn, &cmd, &reply, err)) != RL_OK) {
		return status;
	}
	if (reply->type == REDIS_REPLY_ERROR) {
		status = rl_conn_error_reply(conn, reply, err);
	} else if (reply->type == REDIS_REPLY_NIL || reply->type == REDIS_REPLY_STRING) {
		*owned = reply->type == REDIS_REPLY_STRING && reply->len == lock->token_len
			&& memcmp(reply->str, lock->token, lock->token_len) == 0;
	} else {
		status = rl_conn_unexpected_reply(conn, "GET", err);
	}
	freeReplyObject(reply);
	return status;
}

#define WAIT_ARGS 9

static void wait_args(const char **args, size_t *lens, const rl_lock_ref *lock, const rl_wait_keys *keys,
		const char *ttl, const char *grace, const char *mode, const char *liveness)
{
	args[0] = lock->key;         lens[0] = lock->key_len;
	args[1] = keys->queue;       lens[1] = keys->queue_len;
	args[2] = keys->terms;       lens[2] = keys->terms_len;
	args[3] = lock->token;       lens[3] = lock->token_len;
	args[4] = keys->wake_prefix; lens[4] = keys->wake_prefix_len;
	args[5] = ttl;               lens[5] = strlen(ttl);
	args[6] = grace;             lens[6] = strlen(grace);
	args[7] = mode;              lens[7] = strlen(mode);
	args[8] = liveness;          lens[8] = strlen(liveness);
}

rl_status rl_lock_wait(rl_conn *conn, const rl_lock_ref *lock, const rl_wait_keys *keys, long long ttl_ms,
		long long grace_ms, rl_wait_mode mode, long long block_ms, long long *answer, rl_error *err)
{
	char ttl[24], grace[24];
	const char *liveness = RL_WAIT_LIVENESS_TEXT;
	const char *args[WAIT_ARGS], *join_args[WAIT_ARGS];
	size_t lens[WAIT_ARGS], join_lens[WAIT_ARGS];

	snprintf(ttl, sizeof(ttl), "%lld", ttl_ms);
	snprintf(grace, sizeof(grace), "%lld", grace_ms);
	*answer = 0;
	if (mode == RL_WAIT_LEAVE) {
		wait_args(args, lens, lock, keys, ttl, grace, rl_wait_mode_name(mode), liveness);
		return rl_script_run_integers(conn, &rl_script_lock_wait, 1, 3, WAIT_ARGS, args, lens, answer, err);
	}
	wait_args(args, lens, lock, keys, ttl, grace, rl_wait_mode_name(RL_WAIT_VISIT), liveness);
	wait_args(join_args, join_lens, lock, keys, ttl, grace, rl_wait_mode_name(RL_WAIT_JOIN), liveness);
	return rl_wait_step(conn, &rl_script_lock_wait, 3, WAIT_ARGS, mode == RL_WAIT_JOIN ? join_args : NULL,
		join_lens, args, lens, keys->wake, keys->wake_len, block_ms, answer, err);
}

/* Per lock: the lock key, its wait queue and terms keys; the token, the wake-list prefix, the liveness. */
#define RELEASE_ARGS 6

rl_status rl_lock_release_many(rl_conn *conn, size_t n, const rl_lock_ref *locks, bool *released, rl_error *err)
{
	const char **args;
	size_t *lens, i, built = 0;
	long long *results;
	rl_wait_keys *keys;
	rl_status status = RL_ERR_NOMEM;
	const char *liveness = RL_WAIT_LIVENESS_TEXT;

	if (n == 0) {
		return RL_OK;
	}
	args = malloc(RELEASE_ARGS * n * sizeof(*args));
	lens = malloc(RELEASE_ARGS * n * sizeof(*lens));
	results = calloc(n, sizeof(*results));
	keys = calloc(n, sizeof(*keys));
	if (!args || !lens || !results || !keys) {
		goto out;
	}
	for (i = 0; i < n; i++, built++) {
		const char **a = args + RELEASE_ARGS * i;
		size_t *l = lens + RELEASE_ARGS * i;
		if (!rl_wait_keys_init_lock(&keys[i], locks[i].prefix, locks[i].prefix_len, locks[i].key, locks[i].key_len,
				"", 0)) {
			goto out;
		}
		a[0] = locks[i].key;           l[0] = locks[i].key_len;
		a[1] = keys[i].queue;          l[1] = keys[i].queue_len;
		a[2] = keys[i].terms;          l[2] = keys[i].terms_len;
		a[3] = locks[i].token;         l[3] = locks[i].token_len;
		a[4] = keys[i].wake_prefix;    l[4] = keys[i].wake_prefix_len;
		a[5] = liveness;               l[5] = strlen(liveness);
	}
	status = rl_script_run_integers(conn, &rl_script_lock_release, n, 3, RELEASE_ARGS, args, lens, results, err);
	for (i = 0; i < n; i++) {
		released[i] = results[i] == 1;
	}
out:
	if (status == RL_ERR_NOMEM) {
		snprintf(err->message, sizeof(err->message), "out of memory");
	}
	for (i = 0; i < built; i++) {
		rl_wait_keys_free(&keys[i]);
	}
	free(args);
	free(lens);
	free(results);
	free(keys);
	return status;
}
