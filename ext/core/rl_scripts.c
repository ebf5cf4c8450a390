/* Lua scripts and their EVALSHA/EVAL execution: see rl_scripts.h. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rl_scripts.h"
#include "rl_scripts_lua.h"
#include "rl_wait.h"

/*
 * The scripts themselves are the .lua files in ext/core/lua/; the generated header holds them and their SHA1s.
 * Each one's answers: 1 or 0 for "it was ours", a waiter's answer (rl_wait.h: 1 owned, 0, or -n ms to
 * block), 0 for "lock handed", a count of holders.
 */
#define RL_SCRIPT(name, macro, min, max) { name, macro, macro##_SHA1, 0, min, max }
rl_script rl_script_lock_release = RL_SCRIPT("lock release", RL_LUA_LOCK_RELEASE, 0, 2);
rl_script rl_script_lock_release_free = RL_SCRIPT("lock release free", RL_LUA_LOCK_RELEASE_FREE, 0, 2);
rl_script rl_script_lock_wait = RL_SCRIPT("lock wait", RL_LUA_LOCK_WAIT, LLONG_MIN, 3);
rl_script rl_script_lock_handed = RL_SCRIPT("lock handed", RL_LUA_LOCK_HANDED, 1, 2);
rl_script rl_script_lock_extend = RL_SCRIPT("lock extend", RL_LUA_LOCK_EXTEND, 0, 1);
rl_script rl_script_lock_remaining = RL_SCRIPT("lock remaining", RL_LUA_LOCK_REMAINING, -1, LLONG_MAX);
/* the fencing option's (issue 24): a fence, or 0 (held; not the caller's), "lock fence" -1 (no counter) */
rl_script rl_script_lock_take_fenced = RL_SCRIPT("lock take fenced", RL_LUA_LOCK_TAKE_FENCED, 0, LLONG_MAX);
rl_script rl_script_lock_fence = RL_SCRIPT("lock fence", RL_LUA_LOCK_FENCE, -1, LLONG_MAX);
/* "redlock acquire" answers the fence it counted when given the counter (the fencing option) */
rl_script rl_script_redlock_acquire = RL_SCRIPT("redlock acquire", RL_LUA_REDLOCK_ACQUIRE, LLONG_MIN + 1, LLONG_MAX);
rl_script rl_script_redlock_release = RL_SCRIPT("redlock release", RL_LUA_REDLOCK_RELEASE, 0, 1);
rl_script rl_script_redlock_extend = RL_SCRIPT("redlock extend", RL_LUA_REDLOCK_EXTEND, 0, 1);
rl_script rl_script_redlock_fence = RL_SCRIPT("redlock fence", RL_LUA_REDLOCK_FENCE, 0, 1);
/* the read/write lock's: "rw wait", "rw release", "rw handed" and "rw demote" answer {answer, grants} (min/max: answer's) */
rl_script rl_script_rw_wait = RL_SCRIPT("rw wait", RL_LUA_RW_WAIT, LLONG_MIN, 3);
rl_script rl_script_rw_release = RL_SCRIPT("rw release", RL_LUA_RW_RELEASE, 0, 1);
rl_script rl_script_rw_handed = RL_SCRIPT("rw handed", RL_LUA_RW_HANDED, 0, 1);
rl_script rl_script_rw_demote = RL_SCRIPT("rw demote", RL_LUA_RW_DEMOTE, 0, 1);
rl_script rl_script_rw_promote = RL_SCRIPT("rw promote", RL_LUA_RW_PROMOTE, 0, 2);
rl_script rl_script_rw_extend = RL_SCRIPT("rw extend", RL_LUA_RW_EXTEND, 0, 1);
rl_script rl_script_rw_remaining = RL_SCRIPT("rw remaining", RL_LUA_RW_REMAINING, -1, LLONG_MAX);
rl_script rl_script_semaphore_acquire = RL_SCRIPT("semaphore acquire", RL_LUA_SEMAPHORE_ACQUIRE, LLONG_MIN,
	RL_WAIT_OWNED);
rl_script rl_script_semaphore_release = RL_SCRIPT("semaphore release", RL_LUA_SEMAPHORE_RELEASE, 0, 1);
rl_script rl_script_semaphore_refresh = RL_SCRIPT("semaphore refresh", RL_LUA_SEMAPHORE_REFRESH, 0, 1);
rl_script rl_script_semaphore_count = RL_SCRIPT("semaphore count", RL_LUA_SEMAPHORE_COUNT, 0, LLONG_MAX);

static const char *nkeys_text(int nkeys)
{
	static const char *const texts[] = { "0", "1", "2", "3", "4", "5", "6", "7", "8", "9" };
	return nkeys >= 0 && nkeys < 10 ? texts[nkeys] : "9"; /* no script takes more than 5 keys */
}

static rl_script *all_scripts[] = {
	&rl_script_lock_release,
	&rl_script_lock_release_free,
	&rl_script_lock_wait,
	&rl_script_lock_handed,
	&rl_script_lock_extend,
	&rl_script_lock_remaining,
	&rl_script_lock_take_fenced,
	&rl_script_lock_fence,
	&rl_script_redlock_acquire,
	&rl_script_redlock_release,
	&rl_script_redlock_extend,
	&rl_script_redlock_fence,
	&rl_script_rw_wait,
	&rl_script_rw_release,
	&rl_script_rw_handed,
	&rl_script_rw_demote,
	&rl_script_rw_promote,
	&rl_script_rw_extend,
	&rl_script_rw_remaining,
	&rl_script_semaphore_acquire,
	&rl_script_semaphore_release,
	&rl_script_semaphore_refresh,
	&rl_script_semaphore_count,
};

void rl_scripts_init(void)
{
	size_t i;
	for (i = 0; i < sizeof(all_scripts) / sizeof(all_scripts[0]); i++) {
		all_scripts[i]->bit = 1u << i;
	}
}

void rl_script_command(rl_command *cmd, const rl_script *script, bool by_sha, int nkeys, int nargs,
		const char **args, const size_t *lens)
{
	int i;
	rl_command_init(cmd);
	if (by_sha) {
		rl_command_add_str(cmd, "EVALSHA");
		rl_command_add(cmd, script->sha1, 40);
	} else {
		rl_command_add_str(cmd, "EVAL");
		rl_command_add_str(cmd, script->source);
	}
	/* the count lives in a static table: commands hold pointers to their arguments until sent */
	rl_command_add_str(cmd, nkeys_text(nkeys));
	for (i = 0; i < nargs; i++) {
		rl_command_add(cmd, args[i], lens[i]);
	}
}

rl_status rl_script_wait_round(rl_conn *conn, const rl_script *script, bool by_sha, size_t n, const rl_command *cmds,
		redisReply **replies, rl_error *err)
{
	rl_command load;
	redisReply *loaded = NULL;
	rl_status status;
	bool ok;

	if (by_sha) {
		return rl_conn_pipeline(conn, n, cmds, replies, err);
	}
	rl_command_init(&load);
	rl_command_add_str(&load, "SCRIPT");
	rl_command_add_str(&load, "LOAD");
	rl_command_add_str(&load, script->source);
	if ((status = rl_conn_pipeline_behind(conn, &load, &loaded, n, cmds, replies, err)) != RL_OK) {
		return status;
	}
	ok = loaded->type == REDIS_REPLY_ERROR
		|| (loaded->type == REDIS_REPLY_STRING && loaded->len == 40 && memcmp(loaded->str, script->sha1, 40) == 0);
	freeReplyObject(loaded);
	if (!ok) {
		rl_reply_free_all(replies, n);
		return rl_conn_unexpected_reply(conn, "SCRIPT LOAD", err);
	}
	return RL_OK;
}

rl_status rl_script_run_then(rl_conn *conn, const rl_script *script, int nkeys, int nargs, const char **args,
		const size_t *lens, const rl_command *then, redisReply **replies, rl_error *err)
{
	rl_command cmds[2];
	rl_status status;

	cmds[1] = *then;
	for (;;) {
		bool by_sha = (conn->scripts_seen & script->bit) != 0;
		rl_script_command(&cmds[0], script, by_sha, nkeys, nargs, args, lens);
		if ((status = rl_conn_pipeline(conn, 2, cmds, replies, err)) != RL_OK) {
			return status;
		}
		if (by_sha && rl_reply_is_noscript(replies[0])) {
			/* flushed meanwhile: nothing ran; again, by EVAL (once: an EVAL never answers NOSCRIPT) */
			conn->scripts_seen = 0;
			rl_reply_free_all(replies, 2);
			continue;
		}
		conn->scripts_seen |= script->bit;
		return RL_OK;
	}
}

rl_status rl_script_run_many(rl_conn *conn, const rl_script *script, size_t n, int nkeys, int nargs,
		const char **args, const size_t *lens, redisReply **replies, rl_error *err)
{
	rl_command stack_cmds[8];
	rl_command *cmds = n <= 8 ? stack_cmds : malloc(n * sizeof(*cmds));
	rl_status status;
	size_t i;

	if (!cmds) {
		snprintf(err->message, sizeof(err->message), "out of memory");
		return RL_ERR_NOMEM;
	}
	for (i = 0; i < n; i++) {
		rl_script_command(&cmds[i], script, true, nkeys, nargs, args + i * nargs, lens + i * nargs);
	}
	status = rl_conn_pipeline(conn, n, cmds, replies, err);
	if (status == RL_OK) {
		conn->scripts_seen |= script->bit;
	}
	/* Resend as EVAL each call that missed the script cache (the first EVAL reloads it for the rest). */
	for (i = 0; status == RL_OK && i < n; i++) {
		if (rl_reply_is_noscript(replies[i])) {
			freeReplyObject(replies[i]);
			replies[i] = NULL;
			rl_script_command(&cmds[i], script, false, nkeys, nargs, args + i * nargs, lens + i * nargs);
			status = rl_conn_call(conn, &cmds[i], &replies[i], err);
			if (status != RL_OK) {
				size_t j;
				for (j = 0; j < n; j++) {
					if (replies[j]) {
						freeReplyObject(replies[j]);
						replies[j] = NULL;
					}
				}
			}
		}
	}
	if (cmds != stack_cmds) {
		free(cmds);
	}
	return status;
}

rl_status rl_script_answer(rl_conn *conn, const rl_script *script, const redisReply *reply, long long *answer,
		rl_error *err)
{
	return rl_conn_judge_reply(conn,
		rl_reply_decode_integer_in(reply, script->min_answer, script->max_answer, answer), reply, script->name, err);
}

rl_status rl_script_run_integers(rl_conn *conn, const rl_script *script, size_t n, int nkeys, int nargs,
		const char **args, const size_t *lens, long long *results, rl_error *err)
{
	redisReply *stack_replies[8];
	redisReply **replies = n <= 8 ? stack_replies : calloc(n, sizeof(*replies));
	rl_status status, first_error = RL_OK;
	size_t i;

	if (!replies) {
		snprintf(err->message, sizeof(err->message), "out of memory");
		return RL_ERR_NOMEM;
	}
	status = rl_script_run_many(conn, script, n, nkeys, nargs, args, lens, replies, err);
	for (i = 0; status == RL_OK && i < n; i++) {
		rl_error this_err;
		rl_status this_status;
		results[i] = 0;
		this_status = rl_script_answer(conn, script, replies[i], &results[i], &this_err);
		freeReplyObject(replies[i]);
		/*
		 * The first failure is reported, unless a later reply broke the connection
		 * (a shape no script returns): callers must not take that for a server's answer.
		 */
		if (this_status != RL_OK
				&& (first_error == RL_OK || (first_error == RL_ERR_SERVER && this_status != RL_ERR_SERVER))) {
			first_error = this_status;
			*err = this_err;
		}
	}
	if (replies != stack_replies) {
		free(replies);
	}
	return status != RL_OK ? status : first_error;
}
