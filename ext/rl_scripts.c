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

/*
 * The semaphore: KEYS[1] holders by ticket (a server-side counter: arrival
 * order, no clock), KEYS[2] holders by deadline (server time, ms), KEYS[3] the
 * ticket counter. All three share a {hash tag}. Time comes from the server's
 * TIME, never from a client, so clock skew between web servers cannot admit
 * anyone early or keep a dead holder alive. Every write leaves each key with a
 * TTL reaching the last holder's deadline, so an abandoned semaphore vanishes.
 */
#define RL_SEM_PRELUDE \
	"if redis.replicate_commands then pcall(redis.replicate_commands) end\n" \
	"local t = redis.call('TIME')\n" \
	"local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)\n" \
	/* a key of another type fails here, before anything is written */ \
	"redis.call('ZCARD', KEYS[1])\n" \
	/* holders whose lifetime passed (crashed, paused, forgotten) are dropped first */ \
	"local expired = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)\n" \
	"for i = 1, #expired do redis.call('ZREM', KEYS[1], expired[i]) end\n" \
	"if #expired > 0 then redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now) end\n" \
	"local function keep_keys()\n" \
	"  local last = redis.call('ZRANGE', KEYS[2], -1, -1, 'WITHSCORES')\n" \
	"  if #last == 0 then redis.call('DEL', KEYS[1], KEYS[2], KEYS[3]) return end\n" \
	"  local ttl = tonumber(last[2]) - now + 1\n" \
	"  for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], ttl) end\n" \
	"end\n"

/*
 * ARGV[1] id, ARGV[2] limit, ARGV[3] ttl ms. Returns 1 if admitted, else 0.
 * A new ticket is always above every holder's, so its rank among the holders
 * is their number: admitted while fewer than limit live holders remain. The
 * ticket never goes below the highest held one, even if the counter key was
 * lost (DEL, eviction): a counter restarting at 1 would otherwise rank first.
 */
rl_script rl_script_semaphore_acquire = {
	"semaphore acquire",
	RL_SEM_PRELUDE
	"if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[2]) then return 0 end\n"
	"local ticket = redis.call('INCR', KEYS[3])\n"
	"local top = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')\n"
	"if #top > 0 and ticket <= tonumber(top[2]) then\n"
	"  ticket = tonumber(top[2]) + 1\n"
	"  redis.call('SET', KEYS[3], ticket)\n"
	"end\n"
	"redis.call('ZADD', KEYS[1], ticket, ARGV[1])\n"
	"redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[1])\n"
	"keep_keys()\n"
	"return 1\n",
	""
};

/* ARGV[1] id. Returns 1 if that live holder was removed, 0 if it was gone (expired, released, never issued). */
rl_script rl_script_semaphore_release = {
	"semaphore release",
	RL_SEM_PRELUDE
	"local removed = redis.call('ZREM', KEYS[2], ARGV[1])\n"
	"if removed == 0 then return 0 end\n"
	"redis.call('ZREM', KEYS[1], ARGV[1])\n"
	"keep_keys()\n"
	"return 1\n",
	""
};

/* ARGV[1] id, ARGV[2] ttl ms. Returns 1 if the live holder now ends ttl ms from now; 0 if it is gone (never revived). */
rl_script rl_script_semaphore_refresh = {
	"semaphore refresh",
	RL_SEM_PRELUDE
	"if not redis.call('ZSCORE', KEYS[2], ARGV[1]) then return 0 end\n"
	"redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]), ARGV[1])\n"
	"keep_keys()\n"
	"return 1\n",
	""
};

/* Returns the number of live holders. */
rl_script rl_script_semaphore_count = {
	"semaphore count",
	RL_SEM_PRELUDE
	"local n = redis.call('ZCARD', KEYS[2])\n"
	"if #expired > 0 then keep_keys() end\n"
	"return n\n",
	""
};

static rl_script *all_scripts[] = {
	&rl_script_lock_release,
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
		results[i] = 0;
		if (rl_reply_take_integer(conn, replies[i], script->name, &results[i], &this_err) != RL_OK
				&& first_error == RL_OK) {
			first_error = RL_ERR_SERVER;
			*err = this_err;
		}
	}
	if (replies != stack_replies) {
		free(replies);
	}
	return status != RL_OK ? status : first_error;
}
