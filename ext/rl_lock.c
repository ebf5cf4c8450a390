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

rl_status rl_lock_release_many(rl_conn *conn, size_t n, const rl_lock_ref *locks, bool *released, rl_error *err)
{
	const char **args;
	size_t *lens, i;
	long long *results;
	rl_status status;

	if (n == 0) {
		return RL_OK;
	}
	args = malloc(2 * n * sizeof(*args));
	lens = malloc(2 * n * sizeof(*lens));
	results = calloc(n, sizeof(*results));
	if (!args || !lens || !results) {
		free(args); free(lens); free(results);
		snprintf(err->message, sizeof(err->message), "out of memory");
		return RL_ERR_NOMEM;
	}
	for (i = 0; i < n; i++) {
		args[2 * i] = locks[i].key;       lens[2 * i] = locks[i].key_len;
		args[2 * i + 1] = locks[i].token; lens[2 * i + 1] = locks[i].token_len;
	}
	status = rl_script_run_integers(conn, &rl_script_lock_release, n, 1, 2, args, lens, results, err);
	for (i = 0; i < n; i++) {
		released[i] = results[i] == 1;
	}
	free(args);
	free(lens);
	free(results);
	return status;
}
