/*
 * Every Lua script the extension runs, in one place, and how they are run:
 * EVALSHA first (the script body is not resent on every call), EVAL when the
 * server answers NOSCRIPT (after SCRIPT FLUSH, a restart or a fail-over),
 * which also puts the script back into the server's cache.
 */
#ifndef RL_SCRIPTS_H
#define RL_SCRIPTS_H

#include "rl_conn.h"

typedef struct {
	const char *name;   /* for messages */
	const char *source;
	const char *sha1;   /* computed by scripts/gen-lua.php */
	unsigned int bit;   /* its bit in rl_conn.scripts_seen, filled by rl_scripts_init() */
	/* every answer the script can give is in [min_answer, max_answer]: another one is not its answer */
	long long min_answer, max_answer;
} rl_script;

/* The lock's scripts (ext/core/lua/lock_*.lua): KEYS = lock key, wait queue, waiters' terms, watched grant, its acknowledgement list. */
extern rl_script rl_script_lock_release;
extern rl_script rl_script_lock_release_free;
extern rl_script rl_script_lock_wait;
extern rl_script rl_script_lock_handed;
/* KEYS[1] = lock key, ARGV[1] = token, ARGV[2] = ttl ms: PEXPIRE if the key still holds the token. Returns 1 or 0. */
extern rl_script rl_script_lock_extend;
/* KEYS[1] = lock key, ARGV[1] = token: the lock's remaining lifetime in ms if it holds the token, else -1. */
extern rl_script rl_script_lock_remaining;
extern rl_script rl_script_lock_take_fenced;
extern rl_script rl_script_lock_fence;

/* Several masters (ext/core/lua/redlock_*.lua): KEYS = lock key, waiters' mark[, wake list]. */
extern rl_script rl_script_redlock_acquire;
extern rl_script rl_script_redlock_release;
extern rl_script rl_script_redlock_extend;
/* the fencing option's: KEYS = lock key, fence counter */
extern rl_script rl_script_redlock_fence;

/*
 * The read/write lock's (ext/core/lua/rw_*.lua, model/rwlock.md): KEYS = lock key, queue, served list, reader
 * set. "rw wait", "rw release", "rw handed" and "rw demote" answer {answer, grants}.
 */
extern rl_script rl_script_rw_wait;
extern rl_script rl_script_rw_release;
extern rl_script rl_script_rw_handed;
extern rl_script rl_script_rw_demote;
extern rl_script rl_script_rw_promote;
extern rl_script rl_script_rw_extend;
extern rl_script rl_script_rw_remaining;

/* The semaphore's scripts (ext/core/lua/semaphore_*.lua): KEYS = holders by ticket, by deadline, ticket counter, wait queue, terms. */
extern rl_script rl_script_semaphore_acquire;
extern rl_script rl_script_semaphore_release;
extern rl_script rl_script_semaphore_refresh;
extern rl_script rl_script_semaphore_count;

/* Numbers the scripts for rl_conn.scripts_seen; once, at module start-up. */
void rl_scripts_init(void);

/*
 * n invocations of script pipelined in one round trip; argument lists are
 * consecutive in args/lens (each starting with its keys). An error reply other
 * than NOSCRIPT comes back as is; NOSCRIPT is answered by resending as EVAL.
 */
rl_status rl_script_run_many(rl_conn *conn, const rl_script *script, size_t n, int nkeys, int nargs,
		const char **args, const size_t *lens, redisReply **replies, rl_error *err);

/*
 * The script's answer in reply: RL_ERR_SERVER for an error reply (the
 * connection is in step); any other type, or an integer outside the script's
 * answers, breaks conn (RL_ERR_PROTOCOL).
 */
rl_status rl_script_answer(rl_conn *conn, const rl_script *script, const redisReply *reply, long long *answer,
		rl_error *err);

/*
 * n invocations of a script that returns an integer, in one round trip:
 * results[i] is each one's (0 where it failed). Every reply is read; the
 * first error is reported (RL_ERR_SERVER), unless a reply of another shape
 * or an answer out of the script's range broke the connection (RL_ERR_PROTOCOL).
 */
rl_status rl_script_run_integers(rl_conn *conn, const rl_script *script, size_t n, int nkeys, int nargs,
		const char **args, const size_t *lens, long long *results, rl_error *err);

/*
 * [script][then] in one round trip: a script call and the command that must
 * follow it at once (a grant's check, which finds a blocked grantee's note
 * only right behind the call that granted). By EVAL until the connection saw
 * the script run; a NOSCRIPT answer (then ran after nothing) sends both again
 * by EVAL. replies[0] and [1] are the script's and then's, the caller's to free.
 */
rl_status rl_script_run_then(rl_conn *conn, const rl_script *script, int nkeys, int nargs, const char **args,
		const size_t *lens, const rl_command *then, redisReply **replies, rl_error *err);

/* EVALSHA sha1 nkeys args... (by_sha), else EVAL source nkeys args...; the command points into args. */
void rl_script_command(rl_command *cmd, const rl_script *script, bool by_sha, int nkeys, int nargs,
		const char **args, const size_t *lens);

/*
 * The round trip of a wait step, whose script call (sent by EVALSHA when
 * by_sha, else by EVAL) has a block behind it: the first time a connection
 * sends it (!by_sha), SCRIPT LOAD goes in front. Redis 7.4+ and Valkey evict
 * the scripts only EVAL loaded (LRU, beyond 500 of them: another
 * application's made-up scripts can push ours out), and an EVALSHA answered
 * NOSCRIPT leaves the block behind it waiting for nothing. SCRIPT LOAD makes
 * the script (also one EVAL loaded before) exempt until SCRIPT FLUSH. Its
 * reply is the SHA1, or an error (a server that refuses SCRIPT: the EVAL runs
 * all the same); any other breaks conn (RL_ERR_PROTOCOL). As rl_conn_pipeline() otherwise.
 */
rl_status rl_script_wait_round(rl_conn *conn, const rl_script *script, bool by_sha, size_t n, const rl_command *cmds,
		redisReply **replies, rl_error *err);

#endif /* RL_SCRIPTS_H */
