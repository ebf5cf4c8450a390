/* The read/write lock protocol: see rl_rwlock.h and model/rwlock.md. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rl_rwlock.h"
#include "rl_scripts.h"

/*
 * A read/write script's arguments: KEYS the lock key, the queue, the served
 * list, the reader set and the name's fence counter; ARGV the token, the
 * wake-list prefix, LIVENESS and CHECKIN (ms), then extra ones. Returns how many.
 */
#define RW_NKEYS 5
#define MAX_RW_ARGS (RW_NKEYS + 4 + 4)

/* The answers of the scripts that return {answer, grants}. */
static const long long wait_ranges[2][2] = { { LLONG_MIN, RL_LOCK_OWNED_EARLIER }, { 0, LLONG_MAX } };
static const long long done_ranges[2][2] = { { 0, 1 }, { 0, LLONG_MAX } };

static int rw_args(const char **args, size_t *lens, const rl_lock_ref *lock, const rl_wait_keys *keys, int nextra,
		const char *const *extra)
{
	int i;

	args[0] = lock->key;         lens[0] = lock->key_len;
	args[1] = keys->queue;       lens[1] = keys->key_len;
	args[2] = keys->terms;       lens[2] = keys->key_len;
	args[3] = keys->readers;     lens[3] = keys->key_len;
	args[4] = keys->fence;       lens[4] = keys->key_len;
	args[5] = lock->token;       lens[5] = lock->token_len;
	args[6] = keys->wake_prefix; lens[6] = keys->key_len;
	args[7] = RL_WAIT_LIVENESS_TEXT; lens[7] = strlen(RL_WAIT_LIVENESS_TEXT);
	args[8] = RL_WAIT_CHECKIN_TEXT;  lens[8] = strlen(RL_WAIT_CHECKIN_TEXT);
	for (i = 0; i < nextra; i++) {
		args[RW_NKEYS + 4 + i] = extra[i];
		lens[RW_NKEYS + 4 + i] = strlen(extra[i]);
	}
	return RW_NKEYS + 4 + nextra;
}

static const char *kind_text(const rl_lock_ref *lock)
{
	return lock->rw == RL_RW_READ ? "r" : "w";
}

/* A lifetime as a writer's script argument: followed by "f" when it wants a fence (lock->fenced). */
static void writer_ttl_text(char ttl[RL_LL_TEXT + 1], const rl_lock_ref *lock, long long ttl_ms)
{
	strcpy(ttl + rl_format_ll(ttl, ttl_ms), lock->fenced && lock->rw == RL_RW_WRITE ? "f" : "");
}

static rl_status no_memory(rl_error *err)
{
	snprintf(err->message, sizeof(err->message), "out of memory");
	return RL_ERR_NOMEM;
}

/* The lock's wait keys (no member: a holder's call). */
static bool keys_of(rl_wait_keys *keys, const rl_lock_ref *lock)
{
	return rl_wait_keys_init_rw(keys, lock->prefix, lock->prefix_len, lock->key, lock->key_len, "", 0);
}

static rl_status pair_answer(rl_conn *conn, const rl_script *script, const redisReply *reply,
		const long long ranges[2][2], long long *answer, long long *grants, rl_error *err)
{
	return rl_conn_judge_reply(conn, rl_reply_decode_integer_pair(reply, ranges, answer, grants), reply, script->name,
		err);
}

/* One call of a script that answers {answer, grants}. */
static rl_status run_pair(rl_conn *conn, const rl_script *script, int nargs, const char **args, const size_t *lens,
		const long long ranges[2][2], long long *answer, long long *grants, rl_error *err)
{
	redisReply *reply = NULL;
	rl_status status;

	*answer = *grants = 0;
	if ((status = rl_script_run_many(conn, script, 1, RW_NKEYS, nargs, args, lens, &reply, err)) != RL_OK) {
		return status;
	}
	status = pair_answer(conn, script, reply, ranges, answer, grants, err);
	freeReplyObject(reply);
	return status;
}

bool rl_rw_value_is_writer(const char *value, size_t len)
{
	size_t owner_len = rl_lock_value_owner_len(value, len);
	size_t at = owner_len < len ? owner_len + 1 : 0;
	return at < len && value[at] == RL_RW_WRITER_MARK;
}

bool rl_rw_value_is_readers(const char *value, size_t len)
{
	return len == RL_RW_READERS_MARK_LEN && memcmp(value, RL_RW_READERS_MARK, len) == 0;
}

/* ---- grants, and their check ---- */

/* LREM served 0 note: how many of our grants' notes the grantees' blocks moved into the served list. */
static void check_command(rl_command *cmd, const rl_wait_keys *keys, const char *note, size_t note_len)
{
	rl_command_init(cmd);
	rl_command_add_str(cmd, "LREM");
	rl_command_add(cmd, keys->terms, keys->key_len);
	rl_command_add_str(cmd, "0");
	rl_command_add(cmd, note, note_len);
}

static rl_status check_answer(rl_conn *conn, const redisReply *reply, long long *removed, rl_error *err)
{
	*removed = 0;
	return rl_conn_judge_reply(conn, rl_reply_decode_integer_in(reply, 0, LLONG_MAX, removed), reply, "LREM", err);
}

/*
 * [script][LREM served 0 note] in one round trip: a call that may grant, and
 * the check of its grants right behind it (Redis serves a blocked grantee's
 * BRPOPLPUSH right after the script, before our next command). *removed: the
 * notes the check found (0 when its reply was an error).
 */
static rl_status run_and_check(rl_conn *conn, const rl_script *script, int nargs, const char **args,
		const size_t *lens, const rl_wait_keys *keys, const char *note, size_t note_len, long long *answer,
		long long *grants, long long *removed, rl_error *err)
{
	rl_command check;
	redisReply *replies[2] = { NULL, NULL };
	rl_status status;

	*answer = *grants = *removed = 0;
	check_command(&check, keys, note, note_len);
	if ((status = rl_script_run_then(conn, script, RW_NKEYS, nargs, args, lens, &check, replies, err)) != RL_OK) {
		return status;
	}
	if ((status = pair_answer(conn, script, replies[0], done_ranges, answer, grants, err)) == RL_OK) {
		/* an error reply to the check leaves the grants unchecked: "rw handed" settles them */
		status = check_answer(conn, replies[1], removed, err);
	}
	rl_reply_free_all(replies, 2);
	return status;
}

/*
 * Grants of ours whose check found fewer notes than grants: "rw handed"
 * undoes each one its grantee did not take (it was not blocked) and serves
 * the queue again, checked the same way, for RL_LOCK_SETTLE_ROUNDS rounds at
 * most (as the lock's settle_grant()). *owned: a round served the caller's
 * own queue entry (a waiter whose visit granted others).
 */
static rl_status settle(rl_conn *conn, const rl_lock_ref *lock, const rl_wait_keys *keys, const char *note,
		size_t note_len, bool *owned, rl_error *err)
{
	const char *args[MAX_RW_ARGS];
	size_t lens[MAX_RW_ARGS];
	int nargs = rw_args(args, lens, lock, keys, 0, NULL);
	long long answer = 0, grants = 1, removed = 0;
	rl_status status = RL_OK, first_error = RL_OK;
	rl_error round_err;
	int rounds;

	for (rounds = 0; grants > removed && rounds < RL_LOCK_SETTLE_ROUNDS; rounds++) {
		status = run_and_check(conn, &rl_script_rw_handed, nargs, args, lens, keys, note, note_len, &answer, &grants,
			&removed, &round_err);
		if (answer == 1) {
			*owned = true;
		}
		if (status != RL_OK && (first_error == RL_OK || conn->broken)) {
			first_error = status;
			*err = round_err;
		}
		/* only an error reply to the check leaves the connection in step and the answer known */
		if (status != RL_OK && !(status == RL_ERR_SERVER && !conn->broken && grants > 0)) {
			break;
		}
	}
	return first_error;
}

/* After a call that made grants answered, with check_status the check's: settles what the check did not find. */
static rl_status settle_short(rl_conn *conn, const rl_lock_ref *lock, const rl_wait_keys *keys, const char *note,
		size_t note_len, rl_status check_status, bool *owned, rl_error *err)
{
	rl_error settle_err;
	rl_status settled;

	if (check_status != RL_OK && (check_status != RL_ERR_SERVER || conn->broken)) {
		return check_status;
	}
	settled = settle(conn, lock, keys, note, note_len, owned, &settle_err);
	if (settled != RL_OK && (check_status == RL_OK || conn->broken)) {
		*err = settle_err;
		return settled;
	}
	return check_status;
}

/* The check of `grants` grants made by a call already answered (a visit's, a leave's), then settling them. */
static rl_status check_and_settle(rl_conn *conn, const rl_lock_ref *lock, const rl_wait_keys *keys, long long grants,
		bool *owned, rl_error *err)
{
	rl_command cmd;
	redisReply *reply;
	size_t note_len = 0;
	char *note = rl_lock_grant_note(lock, &note_len);
	long long removed = 0;
	rl_status status;

	if (!note) {
		return no_memory(err);
	}
	check_command(&cmd, keys, note, note_len);
	if ((status = rl_conn_call(conn, &cmd, &reply, err)) == RL_OK) {
		status = check_answer(conn, reply, &removed, err);
		freeReplyObject(reply);
	}
	if (removed < grants) {
		status = settle_short(conn, lock, keys, note, note_len, status, owned, err);
	}
	free(note);
	return status;
}

/* A holder's call that may grant (release, demote): [script][check], then settling. *answer the script's. */
static rl_status run_granting(rl_conn *conn, const rl_script *script, const rl_lock_ref *lock, int nextra,
		const char *const *extra, long long *answer, rl_error *err)
{
	const char *args[MAX_RW_ARGS];
	size_t lens[MAX_RW_ARGS], note_len = 0;
	rl_wait_keys keys;
	long long grants = 0, removed = 0;
	bool owned = false;
	char *note;
	rl_status status;
	int nargs;

	*answer = 0;
	if (!keys_of(&keys, lock)) {
		return no_memory(err);
	}
	if (!(note = rl_lock_grant_note(lock, &note_len))) {
		rl_wait_keys_free(&keys);
		return no_memory(err);
	}
	nargs = rw_args(args, lens, lock, &keys, nextra, extra);
	status = run_and_check(conn, script, nargs, args, lens, &keys, note, note_len, answer, &grants, &removed, err);
	if (grants > removed) {
		/* whatever the check met, the grants are settled while the connection is in step */
		status = settle_short(conn, lock, &keys, note, note_len, status, &owned, err);
	}
	free(note);
	rl_wait_keys_free(&keys);
	return status;
}

/* ---- taking, waiting ---- */

rl_status rl_rw_try_read(rl_conn *conn, const rl_lock_ref *lock, long long ttl_ms, bool *acquired, rl_error *err)
{
	char ttl[RL_LL_TEXT];
	const char *extra[4] = { "r", ttl, "try", "0" };
	const char *args[MAX_RW_ARGS];
	size_t lens[MAX_RW_ARGS];
	rl_wait_keys keys;
	long long answer = 0, grants = 0;
	rl_status status;
	int nargs;

	*acquired = false;
	rl_format_ll(ttl, ttl_ms);
	if (!keys_of(&keys, lock)) {
		return no_memory(err);
	}
	nargs = rw_args(args, lens, lock, &keys, 4, extra);
	status = run_pair(conn, &rl_script_rw_wait, nargs, args, lens, wait_ranges, &answer, &grants, err);
	rl_wait_keys_free(&keys);
	*acquired = status == RL_OK && answer == RL_WAIT_OWNED;
	return status;
}

/* "rw wait" answers {answer, grants}. */
static rl_status decode_rw_wait(rl_conn *conn, const rl_script *script, const redisReply *reply, long long *answer,
		long long *grants, rl_error *err)
{
	return pair_answer(conn, script, reply, wait_ranges, answer, grants, err);
}

rl_status rl_rw_wait(rl_conn *conn, const rl_lock_ref *lock, const rl_wait_keys *keys, long long ttl_ms,
		rl_wait_mode mode, bool requeue, long long block_ms, rl_lock_step *step, rl_error *err)
{
	char ttl[RL_LL_TEXT + 1], block_text[RL_LL_TEXT];
	const char *extra[4], *args[MAX_RW_ARGS];
	size_t lens[MAX_RW_ARGS];
	rl_status status;
	long long grants = 0;
	bool owned = false;
	int nargs;

	step->answer = 0;
	step->note = RL_LOCK_NOTE_NONE;
	step->look_ms = 0;
	step->ran = false;
	writer_ttl_text(ttl, lock, ttl_ms);
	extra[0] = kind_text(lock);
	extra[1] = ttl;
	extra[2] = mode == RL_WAIT_VISIT && requeue ? "requeue" : rl_wait_mode_name(mode);
	extra[3] = block_text;
	if (mode == RL_WAIT_LEAVE) {
		strcpy(block_text, "0");
		nargs = rw_args(args, lens, lock, keys, 4, extra);
		status = run_pair(conn, &rl_script_rw_wait, nargs, args, lens, wait_ranges, &step->answer, &grants, err);
		step->ran = status == RL_OK;
		if (status == RL_OK && grants > 0) {
			status = check_and_settle(conn, lock, keys, grants, &owned, err);
		}
		return status;
	}
	/* what the block really lasts (whole seconds on Redis < 6): the script ends it early only when it must */
	rl_format_ll(block_text, conn->whole_second_blocks ? (block_ms + 999) / 1000 * 1000 : block_ms);
	nargs = rw_args(args, lens, lock, keys, 4, extra);
	status = rl_lock_wait_round(conn, &rl_script_rw_wait, RW_NKEYS, nargs, args, lens, keys, block_ms, decode_rw_wait,
		step, &grants, err);
	if (grants > 0 && (status == RL_OK || (status == RL_ERR_SERVER && !conn->broken))) {
		/* our visit granted others (a batch of readers ahead of us, or the head): check them */
		rl_error settle_err;
		rl_status settled = check_and_settle(conn, lock, keys, grants, &owned, &settle_err);
		if (settled != RL_OK && (status == RL_OK || conn->broken)) {
			status = settled;
			*err = settle_err;
		}
		if (owned && step->answer != RL_LOCK_OWNED_EARLIER) {
			/* settling served our own entry: ours since after this step was written */
			step->answer = RL_WAIT_OWNED;
		}
	}
	return status;
}

/* ---- holders' calls ---- */

rl_status rl_rw_release(rl_conn *conn, const rl_lock_ref *lock, bool *released, rl_error *err)
{
	const char *extra[1] = { kind_text(lock) };
	long long answer = 0;
	rl_status status = run_granting(conn, &rl_script_rw_release, lock, 1, extra, &answer, err);

	*released = answer == 1;
	return status;
}

rl_status rl_rw_demote(rl_conn *conn, const rl_lock_ref *lock, long long ttl_ms, bool *demoted, rl_error *err)
{
	char ttl[RL_LL_TEXT];
	const char *extra[1] = { ttl };
	long long answer = 0;
	rl_status status;

	rl_format_ll(ttl, ttl_ms);
	status = run_granting(conn, &rl_script_rw_demote, lock, 1, extra, &answer, err);
	*demoted = answer == 1;
	return status;
}

/* A holder's call that answers one integer, with the lock's keys. */
static rl_status run_integer(rl_conn *conn, const rl_script *script, const rl_lock_ref *lock, int nextra,
		const char *const *extra, long long *answer, rl_error *err)
{
	const char *args[MAX_RW_ARGS];
	size_t lens[MAX_RW_ARGS];
	rl_wait_keys keys;
	rl_status status;
	int nargs;

	if (!keys_of(&keys, lock)) {
		return no_memory(err);
	}
	nargs = rw_args(args, lens, lock, &keys, nextra, extra);
	status = rl_script_run_integers(conn, script, 1, RW_NKEYS, nargs, args, lens, answer, err);
	rl_wait_keys_free(&keys);
	return status;
}

rl_status rl_rw_extend(rl_conn *conn, const rl_lock_ref *lock, long long ttl_ms, bool *extended, rl_error *err)
{
	char ttl[RL_LL_TEXT];
	const char *extra[2] = { kind_text(lock), ttl };
	long long answer = 0;
	rl_status status;

	rl_format_ll(ttl, ttl_ms);
	status = run_integer(conn, &rl_script_rw_extend, lock, 2, extra, &answer, err);
	*extended = answer == 1;
	return status;
}

rl_status rl_rw_promote(rl_conn *conn, const rl_lock_ref *lock, long long ttl_ms, rl_rw_promotion *outcome,
		rl_error *err)
{
	char ttl[RL_LL_TEXT + 1];
	const char *extra[1] = { ttl };
	long long answer = 0;
	rl_status status;

	/* the reader becomes a writer: one that wants a fence counts it in the same step */
	strcpy(ttl + rl_format_ll(ttl, ttl_ms), lock->fenced ? "f" : "");
	status = run_integer(conn, &rl_script_rw_promote, lock, 1, extra, &answer, err);
	*outcome = answer == 1 ? RL_RW_PROMOTED : answer == 2 ? RL_RW_REFUSED : RL_RW_NOT_HELD;
	return status;
}

rl_status rl_rw_remaining(rl_conn *conn, const rl_lock_ref *lock, long long *left_ms, rl_error *err)
{
	rl_wait_keys keys;
	const char *args[4];
	size_t lens[4];
	rl_status status;

	*left_ms = -1;
	if (!keys_of(&keys, lock)) {
		return no_memory(err);
	}
	args[0] = lock->key;    lens[0] = lock->key_len;
	args[1] = keys.readers; lens[1] = keys.key_len;
	args[2] = lock->token;  lens[2] = lock->token_len;
	args[3] = kind_text(lock); lens[3] = 1;
	status = rl_script_run_integers(conn, &rl_script_rw_remaining, 1, 2, 4, args, lens, left_ms, err);
	rl_wait_keys_free(&keys);
	return status;
}
