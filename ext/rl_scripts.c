/* Lua scripts and their EVALSHA/EVAL execution: see rl_scripts.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "php.h"
#include "ext/standard/sha1.h"

#include "rl_scripts.h"

/*
 * The lock's wait queue (see rl_wait.h): KEYS[1] the lock, KEYS[2] the queue
 * (tokens in arrival order), KEYS[3] token => "liveness deadline:ttl:grace";
 * ARGV[1] the caller's token, ARGV[2] the wake-list prefix. Server time only.
 */
#define RL_LOCK_QUEUE_LUA \
	"if redis.replicate_commands then pcall(redis.replicate_commands) end\n" \
	"local now\n" \
	"local function clock()\n" \
	"  if not now then\n" \
	"    local t = redis.call('TIME')\n" \
	"    now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)\n" \
	"  end\n" \
	"  return now\n" \
	"end\n" \
	/* the first waiter still alive, taken off the queue, with its terms; nil if none */ \
	"local function next_waiter()\n" \
	"  while true do\n" \
	"    local w = redis.call('LPOP', KEYS[2])\n" \
	"    if not w then return nil end\n" \
	"    local terms = redis.call('HGET', KEYS[3], w)\n" \
	"    if terms then\n" \
	"      redis.call('HDEL', KEYS[3], w)\n" \
	"      local deadline, ttl, grace = string.match(terms, '^(%d+):(%d+):(%d+)$')\n" \
	"      if tonumber(deadline) > clock() then return w, ttl, grace end\n" \
	"    end\n" \
	"  end\n" \
	"end\n" \
	/* w owns the lock from now, for its whole lifetime; the grant ends its BLPOP */ \
	"local function hand_over(w, ttl, grace)\n" \
	"  redis.call('SET', KEYS[1], w, 'PX', ttl)\n" \
	"  local wake = ARGV[2] .. w\n" \
	"  redis.call('RPUSH', wake, clock() + tonumber(grace))\n" \
	"  redis.call('PEXPIRE', wake, ttl)\n" \
	"end\n"

/* Returns 1 if the caller's lock was released (and handed to the first live waiter, if any), else 0. */
rl_script rl_script_lock_release = {
	"lock release",
	RL_LOCK_QUEUE_LUA
	"if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end\n"
	"local w, ttl, grace = next_waiter()\n"
	"if w then hand_over(w, ttl, grace) else redis.call('DEL', KEYS[1]) end\n"
	"return 1\n",
	""
};

/*
 * A waiter's visit: ARGV[3] ttl ms, ARGV[4] liveness ms, ARGV[5] grace ms,
 * ARGV[6] "join" (join the queue or prove we are alive; the caller's BLPOP
 * follows) or "leave" (give up). Returns 1 if the caller now owns the lock
 * (handed over, or found free with nobody alive ahead), else 0; on "join" a
 * grant then waits on the caller's wake list for its BLPOP. A lock handed to
 * a waiter that never took its grant is revoked here once its time is up.
 */
rl_script rl_script_lock_wait = {
	"lock wait",
	RL_LOCK_QUEUE_LUA
	"local me, joining = ARGV[1], ARGV[6] == 'join'\n"
	"local function served()\n"
	"  local wake = ARGV[2] .. me\n"
	"  if not joining then\n"
	"    redis.call('DEL', wake)\n"
	"  elseif redis.call('LLEN', wake) == 0 then\n"
	"    redis.call('RPUSH', wake, clock() + tonumber(ARGV[5]))\n"
	"    redis.call('PEXPIRE', wake, ARGV[3])\n"
	"  end\n"
	"  return 1\n"
	"end\n"
	"local holder = redis.call('GET', KEYS[1])\n"
	"if holder == me then return served() end\n"
	"if holder then\n"
	"  local grant = redis.call('LINDEX', ARGV[2] .. holder, 0)\n"
	"  if grant and tonumber(grant) <= clock() then\n"
	"    redis.call('DEL', KEYS[1], ARGV[2] .. holder)\n"
	"    holder = nil\n"
	"  end\n"
	"end\n"
	"if joining then\n"
	"  local liveness = tonumber(ARGV[4])\n"
	"  if redis.call('HSET', KEYS[3], me, (clock() + liveness) .. ':' .. ARGV[3] .. ':' .. ARGV[5]) == 1 then\n"
	"    redis.call('RPUSH', KEYS[2], me)\n"
	"  end\n"
	"  redis.call('PEXPIRE', KEYS[2], liveness)\n"
	"  redis.call('PEXPIRE', KEYS[3], liveness)\n"
	"else\n"
	"  redis.call('HDEL', KEYS[3], me)\n"
	"  redis.call('LREM', KEYS[2], 1, me)\n"
	"end\n"
	"if holder then return 0 end\n"
	/* free: first come, first served */
	"local w, ttl, grace = next_waiter()\n"
	"if w and w ~= me then\n"
	"  hand_over(w, ttl, grace)\n"
	"  return 0\n"
	"end\n"
	"redis.call('SET', KEYS[1], me, 'PX', ARGV[3])\n"
	"redis.call('HDEL', KEYS[3], me)\n"
	"return served()\n",
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
 * ticket counter; its wait queue (see rl_wait.h): KEYS[4] waiting ids in
 * arrival order, KEYS[5] id => "liveness deadline:ttl:grace:limit", KEYS[6]
 * ids handed a slot whose grant may still be unclaimed, by revocation time.
 * ARGV[1] is the wake-list prefix. All keys share a {hash tag}. Time comes
 * from the server's TIME, never from a client, so clock skew between web
 * servers cannot admit anyone early or keep a dead holder alive. Every change
 * to the holders leaves keys 1-3 with a TTL reaching the last deadline, so an
 * abandoned semaphore vanishes.
 */
#define RL_SEM_PRELUDE \
	"if redis.replicate_commands then pcall(redis.replicate_commands) end\n" \
	"local t = redis.call('TIME')\n" \
	"local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)\n" \
	/* a key of another type fails here, before anything is written */ \
	"redis.call('ZCARD', KEYS[1])\n" \
	"local dirty = false\n" \
	"local function drop(id)\n" \
	"  redis.call('ZREM', KEYS[1], id)\n" \
	"  redis.call('ZREM', KEYS[2], id)\n" \
	"  dirty = true\n" \
	"end\n" \
	/* holders whose lifetime passed (crashed, paused, forgotten) are dropped first */ \
	"local expired = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)\n" \
	"for i = 1, #expired do drop(expired[i]) end\n" \
	/* so are slots handed to a waiter that never took its grant (it died or stalled) */ \
	"local late = redis.call('ZRANGEBYSCORE', KEYS[6], '-inf', now)\n" \
	"for i = 1, #late do\n" \
	"  if redis.call('DEL', ARGV[1] .. late[i]) == 1 then drop(late[i]) end\n" \
	"  redis.call('ZREM', KEYS[6], late[i])\n" \
	"end\n" \
	"local function keep_keys()\n" \
	"  local last = redis.call('ZRANGE', KEYS[2], -1, -1, 'WITHSCORES')\n" \
	/* no holder: no grant can be pending either */ \
	"  if #last == 0 then redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[6]) return end\n" \
	"  local ttl = tonumber(last[2]) - now + 1\n" \
	"  for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], ttl) end\n" \
	"end\n" \
	/* \
	 * A new ticket is always above every holder's. It never goes below the \
	 * highest held one, even if the counter key was lost (DEL, eviction): a \
	 * counter restarting at 1 would otherwise rank first. \
	 */ \
	"local function admit(id, ttl)\n" \
	"  local ticket = redis.call('INCR', KEYS[3])\n" \
	"  local top = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')\n" \
	"  if #top > 0 and ticket <= tonumber(top[2]) then\n" \
	"    ticket = tonumber(top[2]) + 1\n" \
	"    redis.call('SET', KEYS[3], ticket)\n" \
	"  end\n" \
	"  redis.call('ZADD', KEYS[1], ticket, id)\n" \
	"  redis.call('ZADD', KEYS[2], now + tonumber(ttl), id)\n" \
	"  dirty = true\n" \
	"end\n" \
	/* \
	 * Admits queued waiters in arrival order while the first one fits (each \
	 * under its own limit); dead ones are skipped. Each gets its slot for its \
	 * whole lifetime and a grant on its wake list, except me (the caller, who \
	 * is told by the return value). \
	 */ \
	"local function serve_waiters(me)\n" \
	"  local served_me = false\n" \
	"  while true do\n" \
	"    local w = redis.call('LINDEX', KEYS[4], 0)\n" \
	"    if not w then break end\n" \
	"    local terms = redis.call('HGET', KEYS[5], w)\n" \
	"    local deadline, ttl, grace, limit\n" \
	"    if terms then deadline, ttl, grace, limit = string.match(terms, '^(%d+):(%d+):(%d+):(%d+)$') end\n" \
	"    if deadline and tonumber(deadline) > now then\n" \
	"      if redis.call('ZCARD', KEYS[2]) >= tonumber(limit) then break end\n" \
	"      admit(w, ttl)\n" \
	"      if w == me then\n" \
	"        served_me = true\n" \
	"      else\n" \
	"        local wake = ARGV[1] .. w\n" \
	"        local revoke_at = now + tonumber(grace)\n" \
	"        redis.call('RPUSH', wake, revoke_at)\n" \
	"        redis.call('PEXPIRE', wake, ttl)\n" \
	"        redis.call('ZADD', KEYS[6], revoke_at, w)\n" \
	"        if redis.call('PTTL', KEYS[6]) < tonumber(ttl) then redis.call('PEXPIRE', KEYS[6], ttl) end\n" \
	"      end\n" \
	"    end\n" \
	"    redis.call('LPOP', KEYS[4])\n" \
	"    redis.call('HDEL', KEYS[5], w)\n" \
	"  end\n" \
	"  return served_me\n" \
	"end\n"

/*
 * ARGV[2] id, ARGV[3] limit, ARGV[4] ttl ms, ARGV[5] mode, ARGV[6] liveness
 * ms, ARGV[7] grace ms. Modes: "try" (a slot now, or nothing), "join" (join
 * the queue or prove we are still waiting), "leave" (give up waiting, taking
 * a slot only if one is free). Queued waiters are served before a caller that
 * is not queued, in arrival order. Returns 1 if the id holds a slot, else 0.
 */
rl_script rl_script_semaphore_acquire = {
	"semaphore acquire",
	RL_SEM_PRELUDE
	"local me, limit, mode = ARGV[2], tonumber(ARGV[3]), ARGV[5]\n"
	"local admitted = redis.call('ZSCORE', KEYS[2], me) ~= false\n"
	"if not admitted then\n"
	"  if mode == 'join' then\n"
	"    local liveness = tonumber(ARGV[6])\n"
	"    local terms = (now + liveness) .. ':' .. ARGV[4] .. ':' .. ARGV[7] .. ':' .. ARGV[3]\n"
	"    if redis.call('HSET', KEYS[5], me, terms) == 1 then redis.call('RPUSH', KEYS[4], me) end\n"
	"    redis.call('PEXPIRE', KEYS[4], liveness)\n"
	"    redis.call('PEXPIRE', KEYS[5], liveness)\n"
	"  elseif mode == 'leave' then\n"
	"    redis.call('HDEL', KEYS[5], me)\n"
	"    redis.call('LREM', KEYS[4], 1, me)\n"
	"  end\n"
	"  admitted = serve_waiters(me)\n"
	/* not queued (or our entry was lost): a slot left free after the queue is ours */
	"  if not admitted and (mode ~= 'join' or redis.call('EXISTS', KEYS[4]) == 0)\n"
	"      and redis.call('ZCARD', KEYS[2]) < limit then\n"
	"    admit(me, ARGV[4])\n"
	"    admitted = true\n"
	"  end\n"
	"  if admitted then redis.call('HDEL', KEYS[5], me) end\n"
	"end\n"
	"if dirty then keep_keys() end\n"
	"if not admitted then return 0 end\n"
	/* served: on "join" a grant must wait for the BLPOP that follows; otherwise none may linger */
	"local wake = ARGV[1] .. me\n"
	"if mode ~= 'join' then\n"
	"  if mode == 'leave' then redis.call('DEL', wake) end\n"
	"elseif redis.call('LLEN', wake) == 0 then\n"
	"  redis.call('RPUSH', wake, now + tonumber(ARGV[7]))\n"
	"  redis.call('PEXPIRE', wake, ARGV[4])\n"
	"end\n"
	"return 1\n",
	""
};

/* ARGV[2] id. Returns 1 if that live holder was removed (its slot goes to the first waiter that fits), 0 if it was gone. */
rl_script rl_script_semaphore_release = {
	"semaphore release",
	RL_SEM_PRELUDE
	"local released = 0\n"
	"if redis.call('ZSCORE', KEYS[2], ARGV[2]) then\n"
	"  drop(ARGV[2])\n"
	"  released = 1\n"
	"end\n"
	"if dirty then serve_waiters(nil) keep_keys() end\n"
	"return released\n",
	""
};

/* ARGV[2] id, ARGV[3] ttl ms. Returns 1 if the live holder now ends ttl ms from now; 0 if it is gone (never revived). */
rl_script rl_script_semaphore_refresh = {
	"semaphore refresh",
	RL_SEM_PRELUDE
	"local refreshed = 0\n"
	"if redis.call('ZSCORE', KEYS[2], ARGV[2]) then\n"
	"  redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[2])\n"
	"  dirty = true\n"
	"  refreshed = 1\n"
	"end\n"
	"if #expired > 0 or #late > 0 then serve_waiters(nil) end\n"
	"if dirty then keep_keys() end\n"
	"return refreshed\n",
	""
};

/* Returns the number of live holders. */
rl_script rl_script_semaphore_count = {
	"semaphore count",
	RL_SEM_PRELUDE
	"if dirty then serve_waiters(nil) keep_keys() end\n"
	"return redis.call('ZCARD', KEYS[2])\n",
	""
};

static rl_script *all_scripts[] = {
	&rl_script_lock_release,
	&rl_script_lock_wait,
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
		all_scripts[i]->bit = 1u << i;
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
	if (status == RL_OK) {
		conn->scripts_seen |= script->bit;
	}
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

rl_status rl_script_run_then(rl_conn *conn, const rl_script *script, int nkeys, int nargs, const char **args,
		const size_t *lens, const rl_command *then, long long *result, redisReply **then_reply, rl_error *err)
{
	char nkeys_str[12];
	rl_command cmds[2];
	redisReply *replies[2];
	rl_status status;
	bool by_sha = (conn->scripts_seen & script->bit) != 0;

	*then_reply = NULL;
	snprintf(nkeys_str, sizeof(nkeys_str), "%d", nkeys);
	for (;;) {
		build_call(&cmds[0], script, by_sha, nkeys_str, nargs, args, lens);
		cmds[1] = *then;
		if ((status = rl_conn_pipeline(conn, 2, cmds, replies, err)) != RL_OK) {
			return status;
		}
		if (by_sha && rl_reply_is_error(replies[0], "NOSCRIPT")) {
			/* flushed meanwhile: both again, by EVAL, as then may depend on the script having run first */
			conn->scripts_seen = 0;
			freeReplyObject(replies[0]);
			freeReplyObject(replies[1]);
			by_sha = false;
			continue;
		}
		break;
	}
	conn->scripts_seen |= script->bit;
	*then_reply = replies[1];
	return rl_reply_take_integer(conn, replies[0], script->name, result, err);
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
