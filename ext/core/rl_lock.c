/* The lock protocol: see rl_lock.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rl_lock.h"
#include "rl_scripts.h"

void rl_lock_set_nx_command(rl_command *cmd, const rl_lock_ref *lock, const char *ttl_ms, bool with_get)
{
	rl_command_init(cmd);
	rl_command_add_str(cmd, "SET");
	rl_command_add(cmd, lock->key, lock->key_len);
	rl_command_add(cmd, lock->token, lock->token_len);
	rl_command_add_str(cmd, "NX");
	rl_command_add_str(cmd, "PX");
	rl_command_add_str(cmd, ttl_ms);
	if (with_get) {
		rl_command_add_str(cmd, "GET");
	}
}

void rl_lock_get_command(rl_command *cmd, const rl_lock_ref *lock)
{
	rl_command_init(cmd);
	rl_command_add_str(cmd, "GET");
	rl_command_add(cmd, lock->key, lock->key_len);
}

rl_status rl_lock_try_acquire(rl_conn *conn, const rl_lock_ref *lock, long long ttl_ms, bool *acquired, rl_error *err)
{
	char ttl[RL_LL_TEXT];
	rl_command cmd;
	redisReply *reply;
	rl_status status;
	bool with_get;

	rl_format_ll(ttl, ttl_ms);
	for (;;) {
		/*
		 * With GET (Redis >= 7), a key of another type answers WRONGTYPE instead of
		 * looking like a lock held forever; older servers reject the combination
		 * once per connection and get the plain form from then on.
		 */
		with_get = conn->set_nx_get != 0;
		rl_lock_set_nx_command(&cmd, lock, ttl, with_get);
		if ((status = rl_conn_call(conn, &cmd, &reply, err)) != RL_OK) {
			return status;
		}
		if (with_get && conn->set_nx_get < 0 && rl_reply_rejects_set_nx_get(reply)) {
			conn->set_nx_get = 0;
			freeReplyObject(reply);
			continue;
		}
		break;
	}

	if (with_get) {
		rl_reply_verdict verdict = rl_reply_decode_set_nx_get(reply, acquired);
		if (verdict != RL_REPLY_ERROR) {
			/* the server took NX with GET (only an error reply leaves that unknown) */
			conn->set_nx_get = 1;
		}
		status = rl_conn_judge_reply(conn, verdict, reply, "SET NX GET", err);
	} else {
		status = rl_conn_judge_reply(conn, rl_reply_decode_set_nx(reply, acquired), reply, "SET NX", err);
	}
	freeReplyObject(reply);
	return status;
}

rl_status rl_lock_extend(rl_conn *conn, const rl_lock_ref *lock, long long ttl_ms, bool *extended, rl_error *err)
{
	char ttl[RL_LL_TEXT];
	size_t ttl_len = rl_format_ll(ttl, ttl_ms);
	rl_wait_keys keys;
	long long result = 0;
	rl_status status;

	/*
	 * the queue, so that a shortened lifetime tells its head, and the waiters' entries, so that a
	 * token found not holding leaves no entry behind (lock_extend.lua)
	 */
	if (!rl_wait_keys_init_lock(&keys, lock->prefix, lock->prefix_len, lock->key, lock->key_len, "", 0)) {
		snprintf(err->message, sizeof(err->message), "out of memory");
		return RL_ERR_NOMEM;
	}
	{
		const char *args[7] = { lock->key, keys.queue, keys.terms, lock->token, ttl, keys.wake_prefix,
			RL_WAIT_LIVENESS_TEXT };
		size_t lens[7] = { lock->key_len, keys.key_len, keys.key_len, lock->token_len, ttl_len, keys.key_len,
			strlen(RL_WAIT_LIVENESS_TEXT) };
		status = rl_script_run_integers(conn, &rl_script_lock_extend, 1, 3, 7, args, lens, &result, err);
	}
	rl_wait_keys_free(&keys);
	*extended = result == 1;
	return status;
}

rl_status rl_lock_remaining(rl_conn *conn, const rl_lock_ref *lock, long long *left_ms, rl_error *err)
{
	const char *args[2] = { lock->key, lock->token };
	size_t lens[2] = { lock->key_len, lock->token_len };
	*left_ms = -1;
	return rl_script_run_integers(conn, &rl_script_lock_remaining, 1, 1, 2, args, lens, left_ms, err);
}

rl_status rl_lock_is_owner(rl_conn *conn, const rl_lock_ref *lock, bool *owned, rl_error *err)
{
	rl_command cmd;
	redisReply *reply;
	rl_status status;

	/* A single GET is already atomic; comparing here saves the server a script call. */
	rl_lock_get_command(&cmd, lock);
	if ((status = rl_conn_call(conn, &cmd, &reply, err)) != RL_OK) {
		return status;
	}
	status = rl_conn_judge_reply(conn, rl_reply_decode_owner(reply, lock->token, lock->token_len, owned), reply, "GET",
		err);
	freeReplyObject(reply);
	return status;
}

/*
 * A lock script's arguments: KEYS the lock key, its queue and terms; ARGV the
 * token, the wake-list prefix, then extra ones. Returns how many.
 */
#define LOCK_NKEYS 3
#define MAX_LOCK_ARGS (LOCK_NKEYS + 2 + 4)

static int lock_args(const char **args, size_t *lens, const rl_lock_ref *lock, const rl_wait_keys *keys, int nextra,
		const char *const *extra)
{
	int i;

	args[0] = lock->key;         lens[0] = lock->key_len;
	args[1] = keys->queue;       lens[1] = keys->key_len;
	args[2] = keys->terms;       lens[2] = keys->key_len;
	args[3] = lock->token;       lens[3] = lock->token_len;
	args[4] = keys->wake_prefix; lens[4] = keys->key_len;
	for (i = 0; i < nextra; i++) {
		args[LOCK_NKEYS + 2 + i] = extra[i];
		lens[LOCK_NKEYS + 2 + i] = strlen(extra[i]);
	}
	return LOCK_NKEYS + 2 + nextra;
}

rl_status rl_lock_wait(rl_conn *conn, const rl_lock_ref *lock, const rl_wait_keys *keys, long long ttl_ms,
		long long grace_ms, rl_wait_mode mode, long long block_ms, long long *answer, long long *join_answer,
		rl_error *err)
{
	char ttl[RL_LL_TEXT], grace[RL_LL_TEXT];
	const char *extra[4], *args[MAX_LOCK_ARGS], *join_args[MAX_LOCK_ARGS];
	size_t lens[MAX_LOCK_ARGS], join_lens[MAX_LOCK_ARGS];
	int nargs;

	rl_format_ll(ttl, ttl_ms);
	rl_format_ll(grace, grace_ms);
	extra[0] = ttl;
	extra[1] = grace;
	extra[3] = RL_WAIT_LIVENESS_TEXT;
	*answer = 0;
	if (mode == RL_WAIT_LEAVE) {
		extra[2] = rl_wait_mode_name(mode);
		nargs = lock_args(args, lens, lock, keys, 4, extra);
		return rl_script_run_integers(conn, &rl_script_lock_wait, 1, LOCK_NKEYS, nargs, args, lens, answer, err);
	}
	extra[2] = rl_wait_mode_name(RL_WAIT_JOIN);
	lock_args(join_args, join_lens, lock, keys, 4, extra);
	extra[2] = rl_wait_mode_name(RL_WAIT_VISIT);
	nargs = lock_args(args, lens, lock, keys, 4, extra);
	return rl_wait_step(conn, &rl_script_lock_wait, LOCK_NKEYS, nargs, mode == RL_WAIT_JOIN ? join_args : NULL,
		join_lens, args, lens, keys->wake, keys->wake_len, block_ms, answer, join_answer, err);
}

rl_status rl_lock_release_many(rl_conn *conn, size_t n, const rl_lock_ref *locks, bool *released, rl_error *err)
{
	static const char *const extra[2] = { RL_WAIT_LIVENESS_TEXT, "" };
	const char **args;
	size_t *lens, i, built = 0;
	long long *results;
	rl_wait_keys *keys;
	rl_status status = RL_ERR_NOMEM;
	const int nargs = LOCK_NKEYS + 2 + 2;

	if (n == 0) {
		return RL_OK;
	}
	args = malloc(nargs * n * sizeof(*args));
	lens = malloc(nargs * n * sizeof(*lens));
	results = calloc(n, sizeof(*results));
	keys = calloc(n, sizeof(*keys));
	if (!args || !lens || !results || !keys) {
		goto out;
	}
	for (i = 0; i < n; i++, built++) {
		if (!rl_wait_keys_init_lock(&keys[i], locks[i].prefix, locks[i].prefix_len, locks[i].key, locks[i].key_len,
				"", 0)) {
			goto out;
		}
		lock_args(args + nargs * i, lens + nargs * i, &locks[i], &keys[i], 2, extra);
	}
	status = rl_script_run_integers(conn, &rl_script_lock_release, n, LOCK_NKEYS, nargs, args, lens, results, err);
	for (i = 0; i < n; i++) {
		released[i] = results[i] == 1;
	}
out:
	if (status == RL_ERR_NOMEM) {
		snprintf(err->message, sizeof(err->message), "out of memory");
	}
	rl_wait_keys_free_array(keys, built);
	free(args);
	free(lens);
	free(results);
	return status;
}

rl_status rl_lock_release(rl_conn *conn, const rl_lock_ref *lock, bool *released, rl_error *err)
{
	rl_wait_keys keys;
	const char *args[3];
	size_t lens[3];
	long long answer = 0;
	rl_status status;

	if (!rl_wait_keys_init_lock(&keys, lock->prefix, lock->prefix_len, lock->key, lock->key_len, "", 0)) {
		snprintf(err->message, sizeof(err->message), "out of memory");
		return RL_ERR_NOMEM;
	}
	args[0] = lock->key;   lens[0] = lock->key_len;
	args[1] = keys.queue;  lens[1] = keys.key_len;
	args[2] = lock->token; lens[2] = lock->token_len;
	status = rl_script_run_integers(conn, &rl_script_lock_release_free, 1, 2, 3, args, lens, &answer, err);
	rl_wait_keys_free(&keys);
	if (status == RL_OK && answer == 2) {
		/* ours, and someone queued meanwhile: the release that hands it on (nothing was done yet) */
		return rl_lock_release_many(conn, 1, lock, released, err);
	}
	*released = status == RL_OK && answer == 1;
	return status;
}

/* How long a watching releaser blocks for the grantee's claim: in effect, until Redis's next timer tick. */
#define WATCH_BLOCK_MS 1

/*
 * Whether the watch's BLPOP popped the claim of the grant this release made, for a lifetime of at
 * least a check-in period: "c<ttl>", which only that claim pushes (it comes on our own wake list,
 * and our token is this lock()'s alone). Then the new head needs no notice: whatever it blocks in
 * now began before the claim and lasts at most a check-in period, so it visits by the new
 * holder's expiry (a block written just after the claim, from an answer read before it, ends up
 * to that round trip later, as with any notice), and "lock handed" is not sent. A timeout, "n"
 * (nothing handed over), a shorter claim, or a grantee that sends a bare "c" leave it to "lock
 * handed", as before. (A lifetime of exactly a check-in period, 5 s, is a common $expire: the
 * web demo's. Until issue 20's second step it was sent "lock handed" too, which told the head,
 * whose visit then cost a script and a round trip per hand-over.)
 */
static bool claimed_for_long(const redisReply *reply)
{
	const redisReply *what;
	long long ttl_ms = 0;
	size_t i;

	if (!reply || reply->type != REDIS_REPLY_ARRAY || reply->elements != 2) {
		return false;
	}
	what = reply->element[1];
	if (!what || what->type != REDIS_REPLY_STRING || what->len < 2 || what->len > 12 || what->str[0] != 'c') {
		return false;
	}
	for (i = 1; i < what->len; i++) {
		if (what->str[i] < '0' || what->str[i] > '9') {
			return false;
		}
		ttl_ms = ttl_ms * 10 + (what->str[i] - '0');
	}
	return ttl_ms >= RL_WAIT_CHECKIN_MS;
}

rl_status rl_lock_release_watched(rl_conn *conn, const rl_lock_ref *lock, bool *released, rl_error *err)
{
	static const char *const release_extra[2] = { RL_WAIT_LIVENESS_TEXT, "watch" };
	static const char *const handed_extra[2] = { RL_WAIT_LIVENESS_TEXT, RL_WAIT_STR(RL_WAIT_CHECKIN_MS) };
	const char *args[MAX_LOCK_ARGS], *handed_args[MAX_LOCK_ARGS];
	size_t lens[MAX_LOCK_ARGS], handed_lens[MAX_LOCK_ARGS];
	int nargs, handed_nargs;
	rl_wait_keys keys;
	rl_command cmds[2];
	redisReply *replies[2] = { NULL, NULL };
	rl_wait_block block;
	long long result = 0, ignored;
	rl_status status;
	bool handed_needed = true;

	*released = false;
	if (conn->whole_second_blocks) {
		/* Redis < 6 would hold the unlock a whole second: no watch there */
		return rl_lock_release_many(conn, 1, lock, released, err);
	}
	/* the claim acknowledges on our own wake list: a new token per lock(), so it serves this release only */
	if (!rl_wait_keys_init_lock(&keys, lock->prefix, lock->prefix_len, lock->key, lock->key_len, lock->token,
			lock->token_len)) {
		snprintf(err->message, sizeof(err->message), "out of memory");
		return RL_ERR_NOMEM;
	}
	nargs = lock_args(args, lens, lock, &keys, 2, release_extra);
	handed_nargs = lock_args(handed_args, handed_lens, lock, &keys, 2, handed_extra);
	if ((status = rl_wait_block_begin(conn, &block, WATCH_BLOCK_MS, err)) != RL_OK) {
		goto out;
	}
	for (;;) {
		/* by EVAL until this connection saw the script run: a NOSCRIPT would leave the BLPOP waiting */
		bool by_sha = (conn->scripts_seen & rl_script_lock_release.bit) != 0;
		rl_script_command(&cmds[0], &rl_script_lock_release, by_sha, LOCK_NKEYS, nargs, args, lens);
		rl_wait_blpop_command(&cmds[1], &block, keys.wake, keys.wake_len);
		if ((status = rl_conn_pipeline(conn, 2, cmds, replies, err)) != RL_OK) {
			goto out_block;
		}
		if (by_sha && rl_reply_is_noscript(replies[0])) {
			/* flushed meanwhile: nothing ran; all again, by EVAL */
			conn->scripts_seen = 0;
			rl_reply_free_all(replies, 2);
			continue;
		}
		break;
	}
	conn->scripts_seen |= rl_script_lock_release.bit;
	if ((status = rl_script_answer(conn, &rl_script_lock_release, replies[0], &result, err)) == RL_OK
			&& (status = rl_wait_check_blpop_reply(conn, replies[1], err)) == RL_OK) {
		handed_needed = !claimed_for_long(replies[1]);
	}
	*released = result == 1;
	rl_reply_free_all(replies, 2);
	if (status == RL_OK && handed_needed) {
		/* one more round trip, only when the grant was not seen claimed (or claimed for less than a check-in) */
		status = rl_script_run_integers(conn, &rl_script_lock_handed, 1, LOCK_NKEYS, handed_nargs, handed_args,
			handed_lens, &ignored, err);
	}
out_block:
	{
		rl_status restored = rl_wait_block_end(conn, &block, err);
		if (status == RL_OK) {
			status = restored;
		}
	}
out:
	rl_wait_keys_free(&keys);
	return status;
}
