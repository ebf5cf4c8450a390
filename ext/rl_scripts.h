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
	char sha1[41];      /* filled by rl_scripts_init() */
	unsigned int bit;   /* its bit in rl_conn.scripts_seen, filled by rl_scripts_init() */
} rl_script;

/* The lock's scripts: KEYS = lock key, wait queue, waiters' terms (see rl_scripts.c). */
extern rl_script rl_script_lock_release;
extern rl_script rl_script_lock_wait;
/* KEYS[1] = lock key, ARGV[1] = token, ARGV[2] = ttl ms: PEXPIRE if the key still holds the token. Returns 1 or 0. */
extern rl_script rl_script_lock_extend;

/* The semaphore's scripts: KEYS = holders by ticket, holders by deadline, ticket counter, and the wait queue's three (see rl_scripts.c). */
extern rl_script rl_script_semaphore_acquire;
extern rl_script rl_script_semaphore_release;
extern rl_script rl_script_semaphore_refresh;
extern rl_script rl_script_semaphore_count;

/* Computes the SHA1 of every script; once, at module start-up. */
void rl_scripts_init(void);

/*
 * Runs script with the given keys and arguments (args[0..nkeys-1] are the keys)
 * and returns its reply (an error reply other than NOSCRIPT is returned as is).
 */
rl_status rl_script_run(rl_conn *conn, const rl_script *script, int nkeys, int nargs,
		const char **args, const size_t *lens, redisReply **reply, rl_error *err);

/* The same for n invocations pipelined in one round trip; argument lists are consecutive in args/lens. */
rl_status rl_script_run_many(rl_conn *conn, const rl_script *script, size_t n, int nkeys, int nargs,
		const char **args, const size_t *lens, redisReply **replies, rl_error *err);

/*
 * n invocations of a script that returns an integer, in one round trip:
 * results[i] is each one's (0 where it failed). Every reply is read; the
 * first error is reported.
 */
rl_status rl_script_run_integers(rl_conn *conn, const rl_script *script, size_t n, int nkeys, int nargs,
		const char **args, const size_t *lens, long long *results, rl_error *err);

/*
 * A script that returns an integer, and another command pipelined right after
 * it (one round trip); the server runs the two back to back. The script goes
 * by EVAL until this connection has seen the server run it: a NOSCRIPT would
 * otherwise come back only after then had run without it (a BLPOP that
 * blocked for nothing). After an unexpected NOSCRIPT both are sent again, the
 * script by EVAL. *then_reply is then's reply (NULL on failure; the caller
 * frees it), whatever the script answered.
 */
rl_status rl_script_run_then(rl_conn *conn, const rl_script *script, int nkeys, int nargs, const char **args,
		const size_t *lens, const rl_command *then, long long *result, redisReply **then_reply, rl_error *err);

#endif /* RL_SCRIPTS_H */
