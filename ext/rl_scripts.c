/* Lua scripts and their EVALSHA/EVAL execution: see rl_scripts.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "php.h"
#include "ext/standard/sha1.h"

#include "rl_scripts.h"

rl_script rl_script_lock_release = {
	"lock release",
	"if redis.call('GET', KEYS[1]) == ARGV[1] then\n"
	"  return redis.call('DEL', KEYS[1])\n"
	"end\n"
	"return 0\n",
	""
};

rl_script rl_script_lock_extend = {
	"lock extend",
	"if redis.call('GET', KEYS[1]) == ARGV[1] then\n"
	"  return redis.call('PEXPIRE', KEYS[1], ARGV[2])\n"
	"end\n"
	"return 0\n",
	""
};

static rl_script *all_scripts[] = {
	&rl_script_lock_release,
	&rl_script_lock_extend,
};

void rl_scripts_init(void)
{
	size_t i;
	for (i = 0; i < sizeof(all_scripts) / sizeof(all_scripts[0]); i++) {
		PHP_SHA1_CTX ctx;
		unsigned char digest[20];
		PHP_SHA1Init(&ctx);
		PHP_SHA1Update(&ctx, (const unsigned char *)all_scripts[i]->source, strlen(all_scripts[i]->source));
		PHP_SHA1Final(digest, &ctx);
		make_sha1_digest(all_scripts[i]->sha1, digest);
	}
}

/* EVALSHA sha nkeys args... (or EVAL source nkeys args...) */
static void build_call(rl_command *cmd, const rl_script *script, bool by_sha, const char *nkeys_str,
		int nargs, const char **args, const size_t *lens)
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
	rl_command_add_str(cmd, nkeys_str);
	for (i = 0; i < nargs; i++) {
		rl_command_add(cmd, args[i], lens[i]);
	}
}

rl_status rl_script_run_many(rl_conn *conn, const rl_script *script, size_t n, int nkeys, int nargs,
		const char **args, const size_t *lens, redisReply **replies, rl_error *err)
{
	char nkeys_str[12];
	rl_command stack_cmds[8];
	rl_command *cmds = n <= 8 ? stack_cmds : malloc(n * sizeof(*cmds));
	rl_status status;
	size_t i;

	if (!cmds) {
		snprintf(err->message, sizeof(err->message), "out of memory");
		return RL_ERR_NOMEM;
	}
	snprintf(nkeys_str, sizeof(nkeys_str), "%d", nkeys);
	for (i = 0; i < n; i++) {
		build_call(&cmds[i], script, true, nkeys_str, nargs, args + i * nargs, lens + i * nargs);
	}
	status = rl_conn_pipeline(conn, n, cmds, replies, err);
	/* Resend as EVAL each call that missed the script cache (the first EVAL reloads it for the rest). */
	for (i = 0; status == RL_OK && i < n; i++) {
		if (rl_reply_is_error(replies[i], "NOSCRIPT")) {
			freeReplyObject(replies[i]);
			replies[i] = NULL;
			build_call(&cmds[i], script, false, nkeys_str, nargs, args + i * nargs, lens + i * nargs);
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

rl_status rl_script_run(rl_conn *conn, const rl_script *script, int nkeys, int nargs,
		const char **args, const size_t *lens, redisReply **reply, rl_error *err)
{
	return rl_script_run_many(conn, script, 1, nkeys, nargs, args, lens, reply, err);
}
