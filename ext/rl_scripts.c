/* Lua scripts and their EVALSHA/EVAL execution: see rl_scripts.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rl_scripts.h"
#include "rl_scripts_lua.h"

/* The scripts themselves are the .lua files in ext/lua/; the generated header holds them and their SHA1s. */
rl_script rl_script_lock_release = { "lock release", RL_LUA_LOCK_RELEASE, RL_LUA_LOCK_RELEASE_SHA1, 0 };
rl_script rl_script_lock_wait = { "lock wait", RL_LUA_LOCK_WAIT, RL_LUA_LOCK_WAIT_SHA1, 0 };
rl_script rl_script_lock_handed = { "lock handed", RL_LUA_LOCK_HANDED, RL_LUA_LOCK_HANDED_SHA1, 0 };
rl_script rl_script_lock_extend = { "lock extend", RL_LUA_LOCK_EXTEND, RL_LUA_LOCK_EXTEND_SHA1, 0 };
rl_script rl_script_semaphore_acquire = {
	"semaphore acquire", RL_LUA_SEMAPHORE_ACQUIRE, RL_LUA_SEMAPHORE_ACQUIRE_SHA1, 0
};
rl_script rl_script_semaphore_release = {
	"semaphore release", RL_LUA_SEMAPHORE_RELEASE, RL_LUA_SEMAPHORE_RELEASE_SHA1, 0
};
rl_script rl_script_semaphore_refresh = {
	"semaphore refresh", RL_LUA_SEMAPHORE_REFRESH, RL_LUA_SEMAPHORE_REFRESH_SHA1, 0
};
rl_script rl_script_semaphore_count = { "semaphore count", RL_LUA_SEMAPHORE_COUNT, RL_LUA_SEMAPHORE_COUNT_SHA1, 0 };

static const char *nkeys_text(int nkeys)
{
	static const char *const texts[] = { "0", "1", "2", "3", "4", "5", "6", "7", "8", "9" };
	return nkeys >= 0 && nkeys < 10 ? texts[nkeys] : "9"; /* no script takes more than 5 keys */
}

static rl_script *all_scripts[] = {
	&rl_script_lock_release,
	&rl_script_lock_wait,
	&rl_script_lock_handed,
	&rl_script_lock_extend,
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
		this_status = rl_conn_take_integer_reply(conn, replies[i], script->name, &results[i], &this_err);
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
