/* The lock protocol: see rl_lock.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rl_lock.h"
#include "rl_scripts.h"

/*
 * A lock script's arguments: KEYS the lock key, its queue, its served list
 * (the wait keys' "terms" slot) and its fence counter; ARGV the token, the
 * wake-list prefix, then extra ones. Returns how many.
 */
#define LOCK_NKEYS 4
#define MAX_LOCK_ARGS (LOCK_NKEYS + 2 + 5)

static int lock_args(const char **args, size_t *lens, const rl_lock_ref *lock, const rl_wait_keys *keys, int nextra,
		const char *const *extra)
{
	int i;

	args[0] = lock->key;         lens[0] = lock->key_len;
	args[1] = keys->queue;       lens[1] = keys->key_len;
	args[2] = keys->terms;       lens[2] = keys->key_len;
	args[3] = keys->fence;       lens[3] = keys->key_len;
	args[4] = lock->token;       lens[4] = lock->token_len;
	args[5] = keys->wake_prefix; lens[5] = keys->key_len;
	for (i = 0; i < nextra; i++) {
		args[LOCK_NKEYS + 2 + i] = extra[i];
		lens[LOCK_NKEYS + 2 + i] = strlen(extra[i]);
	}
	return LOCK_NKEYS + 2 + nextra;
}

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

bool rl_lock_owner_valid(const char *owner, size_t len)
{
	size_t i;

	if (len == 0 || len > RL_LOCK_OWNER_MAX || owner[0] == RL_LOCK_OWNER_NOT_FIRST) {
		return false;
	}
	for (i = 0; i < len; i++) {
		if ((unsigned char)owner[i] < 0x21 || (unsigned char)owner[i] > 0x7e) {
			return false;
		}
	}
	return true;
}

size_t rl_lock_value_owner_len(const char *value, size_t len)
{
	const char *space = memchr(value, ' ', len);
	return space ? (size_t)(space - value) : len;
}

bool rl_lock_value_has_owner(const char *value, size_t len, const char *owner, size_t owner_len)
{
	return rl_lock_value_owner_len(value, len) == owner_len && memcmp(value, owner, owner_len) == 0;
}

bool rl_lock_value_is_local(const char *value, size_t len)
{
	return len > 0 && value[0] == RL_LOCK_LOCAL_MARK && !memchr(value, ' ', len);
}

rl_status rl_lock_read(rl_conn *conn, const rl_lock_ref *lock, char *value, size_t cap, long long *len, rl_error *err)
{
	rl_command cmd;
	redisReply *reply;
	rl_status status;

	rl_lock_get_command(&cmd, lock);
	if ((status = rl_conn_call(conn, &cmd, &reply, err)) != RL_OK) {
		return status;
	}
	status = rl_conn_judge_reply(conn, rl_reply_decode_value(reply, value, cap, len), reply, "GET", err);
	freeReplyObject(reply);
	return status;
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
	const char *extra[3] = { ttl, RL_WAIT_LIVENESS_TEXT, RL_WAIT_CHECKIN_TEXT };
	const char *args[MAX_LOCK_ARGS];
	size_t lens[MAX_LOCK_ARGS];
	rl_wait_keys keys;
	long long result = 0;
	rl_status status;
	int nargs;

	rl_format_ll(ttl, ttl_ms);
	/*
	 * the queue, so that a shortened lifetime tells its head (and a token found not holding
	 * leaves no queued copy behind), and the served list, where that notice's move lands
	 */
	if (!rl_wait_keys_init_lock(&keys, lock->prefix, lock->prefix_len, lock->key, lock->key_len, "", 0)) {
		snprintf(err->message, sizeof(err->message), "out of memory");
		return RL_ERR_NOMEM;
	}
	nargs = lock_args(args, lens, lock, &keys, 3, extra);
	status = rl_script_run_integers(conn, &rl_script_lock_extend, 1, LOCK_NKEYS, nargs, args, lens, &result, err);
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

/* ---- fences (the fencing option): KEYS the lock and its fence counter, ARGV the token [, the lifetime] ---- */

static rl_status fence_script(rl_conn *conn, const rl_script *script, const rl_lock_ref *lock, const char *ttl,
		long long *answer, rl_error *err)
{
	rl_wait_keys keys;
	const char *args[4];
	size_t lens[4];
	rl_status status;

	if (!rl_wait_keys_init_lock(&keys, lock->prefix, lock->prefix_len, lock->key, lock->key_len, "", 0)) {
		snprintf(err->message, sizeof(err->message), "out of memory");
		return RL_ERR_NOMEM;
	}
	args[0] = lock->key;   lens[0] = lock->key_len;
	args[1] = keys.fence;  lens[1] = keys.key_len;
	args[2] = lock->token; lens[2] = lock->token_len;
	args[3] = ttl;         lens[3] = ttl ? strlen(ttl) : 0;
	status = rl_script_run_integers(conn, script, 1, 2, ttl ? 4 : 3, args, lens, answer, err);
	rl_wait_keys_free(&keys);
	return status;
}

rl_status rl_lock_take_fenced(rl_conn *conn, const rl_lock_ref *lock, long long ttl_ms, long long *fence,
		rl_error *err)
{
	char ttl[RL_LL_TEXT];

	rl_format_ll(ttl, ttl_ms);
	*fence = 0;
	return fence_script(conn, &rl_script_lock_take_fenced, lock, ttl, fence, err);
}

rl_status rl_lock_fence(rl_conn *conn, const rl_lock_ref *lock, long long *fence, rl_error *err)
{
	rl_status status;

	*fence = 0;
	status = fence_script(conn, &rl_script_lock_fence, lock, NULL, fence, err);
	if (status == RL_OK && *fence < 0) {
		/* ours, but the counter is gone: the connection is fine, the answer is not one to give */
		snprintf(err->message, sizeof(err->message), "%s: the fence counter of this lock is gone (deleted, or lost "
			"with the server's data): its fence cannot be read", conn->server);
		*fence = 0;
		return RL_ERR_SERVER;
	}
	return status;
}

rl_status rl_lock_is_owner(rl_conn *conn, const rl_lock_ref *lock, bool *owned, rl_error *err)
{
	char value[RL_LOCK_VALUE_MAX];
	long long len = -1;
	rl_status status;

	/* A single GET is already atomic; comparing here saves the server a script call. */
	status = rl_lock_read(conn, lock, value, sizeof(value), &len, err);
	*owned = status == RL_OK && len == (long long)lock->token_len && lock->token_len <= sizeof(value)
		&& memcmp(value, lock->token, lock->token_len) == 0;
	return status;
}

/* ---- hand-overs: a grant, and its check ---- */

char *rl_lock_grant_note(const rl_lock_ref *lock, size_t *len)
{
	char *note = malloc(lock->token_len + 1);

	if (note) {
		note[0] = 'g';
		memcpy(note + 1, lock->token, lock->token_len);
		*len = lock->token_len + 1;
	}
	return note;
}

/* LREM served 1 note: whether the grantee's BRPOPLPUSH took our grant's note. */
static void grant_check_command(rl_command *cmd, const rl_wait_keys *keys, const char *note, size_t note_len)
{
	rl_command_init(cmd);
	rl_command_add_str(cmd, "LREM");
	rl_command_add(cmd, keys->terms, keys->key_len);
	rl_command_add_str(cmd, "1");
	rl_command_add(cmd, note, note_len);
}

static rl_status grant_check_answer(rl_conn *conn, const redisReply *reply, bool *taken, rl_error *err)
{
	long long removed = 0;
	rl_status status = rl_conn_judge_reply(conn, rl_reply_decode_integer_in(reply, 0, 1, &removed), reply, "LREM", err);

	*taken = removed == 1;
	return status;
}

/*
 * [script][LREM served 1 note] in one round trip: a call that may grant the
 * lock, and that grant's check right behind it. Redis serves a blocked
 * grantee's BRPOPLPUSH right after the script, before our next command, so
 * the check finds the note whenever the grantee was blocked. *answer is the
 * script's, *taken the check's.
 */
static rl_status run_and_check(rl_conn *conn, const rl_script *script, int nargs, const char **args,
		const size_t *lens, const rl_wait_keys *keys, const char *note, size_t note_len, long long *answer,
		bool *taken, rl_error *err)
{
	rl_command check;
	redisReply *replies[2] = { NULL, NULL };
	rl_status status;

	*answer = 0;
	*taken = false;
	grant_check_command(&check, keys, note, note_len);
	if ((status = rl_script_run_then(conn, script, LOCK_NKEYS, nargs, args, lens, &check, replies, err)) != RL_OK) {
		return status;
	}
	if ((status = rl_script_answer(conn, script, replies[0], answer, err)) == RL_OK) {
		/*
		 * An error reply to the check (the connection still in step) leaves the grant
		 * unchecked: *taken stays false, and "lock handed", which checks on its own,
		 * settles it; the error is the caller's to report.
		 */
		status = grant_check_answer(conn, replies[1], taken, err);
	}
	rl_reply_free_all(replies, 2);
	return status;
}

/*
 * A grant of ours whose check found the note not taken: "lock handed" undoes
 * it if the grantee was not blocked and grants to the next waiter, checked
 * the same way, until a grant is taken or nobody is left, or for
 * RL_LOCK_SETTLE_ROUNDS rounds (each drops one waiter that was not blocked;
 * a live one, between two calls, queues again at the head at its next visit,
 * so waiters met between calls again and again could keep it going).
 */
static rl_status settle_grant(rl_conn *conn, const rl_lock_ref *lock, const rl_wait_keys *keys, const char *note,
		size_t note_len, rl_error *err)
{
	static const char *const extra[2] = { RL_WAIT_LIVENESS_TEXT, RL_WAIT_CHECKIN_TEXT };
	const char *args[MAX_LOCK_ARGS];
	size_t lens[MAX_LOCK_ARGS];
	int nargs = lock_args(args, lens, lock, keys, 2, extra);
	long long answer = RL_LOCK_GRANTED;
	bool taken = false;
	rl_status status = RL_OK, first_error = RL_OK;
	rl_error round_err;
	int rounds;

	for (rounds = 0; answer == RL_LOCK_GRANTED && !taken && rounds < RL_LOCK_SETTLE_ROUNDS; rounds++) {
		status = run_and_check(conn, &rl_script_lock_handed, nargs, args, lens, keys, note, note_len, &answer, &taken,
			&round_err);
		if (status != RL_OK && (first_error == RL_OK || conn->broken)) {
			/* the first failure is reported, unless a later one broke the connection (callers must see that) */
			first_error = status;
			*err = round_err;
		}
		/* only an error reply to the check leaves the connection in step and the answer known */
		if (status != RL_OK && !(status == RL_ERR_SERVER && !conn->broken && answer != 0)) {
			break;
		}
	}
	return first_error;
}

/*
 * After a call of ours granted the lock and its check failed or found the
 * note not taken: settles it. The check's error is reported first, unless
 * settling broke the connection.
 */
static rl_status settle_after_check(rl_conn *conn, const rl_lock_ref *lock, const rl_wait_keys *keys,
		const char *note, size_t note_len, rl_status check_status, rl_error *err)
{
	rl_error settle_err;
	rl_status settled;

	if (check_status != RL_OK && (check_status != RL_ERR_SERVER || conn->broken)) {
		return check_status;
	}
	settled = settle_grant(conn, lock, keys, note, note_len, &settle_err);
	if (settled != RL_OK && (check_status == RL_OK || conn->broken)) {
		*err = settle_err;
		return settled;
	}
	return check_status;
}

/* The check of a grant made by a call already answered (a visit's, a leave's, a batch release's), then settling it. */
static rl_status check_and_settle(rl_conn *conn, const rl_lock_ref *lock, const rl_wait_keys *keys, rl_error *err)
{
	rl_command cmd;
	redisReply *reply;
	size_t note_len = 0;
	char *note = rl_lock_grant_note(lock, &note_len);
	bool taken = false;
	rl_status status;

	if (!note) {
		snprintf(err->message, sizeof(err->message), "out of memory");
		return RL_ERR_NOMEM;
	}
	grant_check_command(&cmd, keys, note, note_len);
	if ((status = rl_conn_call(conn, &cmd, &reply, err)) == RL_OK) {
		status = grant_check_answer(conn, reply, &taken, err);
		freeReplyObject(reply);
	}
	if (!taken) {
		status = settle_after_check(conn, lock, keys, note, note_len, status, err);
	}
	free(note);
	return status;
}

/* ---- waiting ---- */

void rl_lock_read_note(const redisReply *reply, rl_lock_step *step)
{
	long long ms = 0;
	size_t i;

	step->note = RL_LOCK_NOTE_NONE;
	if (!reply || reply->type != REDIS_REPLY_STRING || reply->len == 0) {
		return;
	}
	switch (reply->str[0]) {
		case 'g': step->note = RL_LOCK_NOTE_GRANT; return;
		case 'x': step->note = RL_LOCK_NOTE_OUT; return;
		case 'h':
			for (i = 1; i < reply->len && i < 12 && reply->str[i] >= '0' && reply->str[i] <= '9'; i++) {
				ms = ms * 10 + (reply->str[i] - '0');
			}
			step->note = RL_LOCK_NOTE_LOOK;
			step->look_ms = ms < 1 ? 1 : ms;
			return;
		default: step->note = RL_LOCK_NOTE_OTHER; return;
	}
}

rl_status rl_lock_wait_round(rl_conn *conn, const rl_script *script, int nkeys, int nargs, const char **args,
		const size_t *lens, const rl_wait_keys *keys, long long block_ms, rl_lock_step_decode decode,
		rl_lock_step *step, long long *grants, rl_error *err)
{
	rl_command cmds[2];
	redisReply *replies[2] = { NULL, NULL };
	rl_wait_block block;
	rl_status status, restored;
	bool noscript = false;

	*grants = 0;
	if ((status = rl_wait_block_begin(conn, &block, block_ms, err)) != RL_OK) {
		return status;
	}
	for (;;) {
		/*
		 * By EVAL until this connection has seen the server run the script: a call
		 * answered NOSCRIPT would leave the block behind it waiting for nothing.
		 */
		bool by_sha = (conn->scripts_seen & script->bit) != 0;
		rl_script_command(&cmds[0], script, by_sha, nkeys, nargs, args, lens);
		rl_wait_brpoplpush_command(&cmds[1], &block, keys->wake, keys->wake_len, keys->terms, keys->key_len);
		if ((status = rl_script_wait_round(conn, script, by_sha, 2, cmds, replies, err)) != RL_OK) {
			goto out;
		}
		rl_lock_read_note(replies[1], step);
		noscript = by_sha && rl_reply_is_noscript(replies[0]);
		if (noscript && step->note == RL_LOCK_NOTE_NONE) {
			/*
			 * Flushed meanwhile: the call did not run; again, by EVAL. A note the block took
			 * is acted on instead (a grant is ours all the same; "x" asks for the visit that
			 * queues us again, which the next step sends by EVAL).
			 */
			conn->scripts_seen = 0;
			rl_reply_free_all(replies, 2);
			continue;
		}
		break;
	}
	/*
	 * Both answers are read before either is judged: a call that made us the
	 * owner, or a block that took a grant, is ours even when the other reply is
	 * an error, and the caller must then keep the lock it holds.
	 */
	{
		rl_error block_err;
		rl_status block_status = rl_wait_check_brpoplpush_reply(conn, replies[1], &block_err);

		if (noscript) {
			step->answer = 0; /* the call did not run: the note the block took stands on its own */
		} else {
			status = decode(conn, script, replies[0], &step->answer, grants, err);
			if (status == RL_OK) {
				conn->scripts_seen |= script->bit;
				step->ran = true;
			}
		}
		if (block_status != RL_OK) {
			step->note = RL_LOCK_NOTE_NONE;
			/* the call's error first, unless the block's reply broke the connection */
			if (status == RL_OK || (status == RL_ERR_SERVER && conn->broken)) {
				status = block_status;
				*err = block_err;
			}
		}
	}
out:
	rl_reply_free_all(replies, 2);
	restored = rl_wait_block_end(conn, &block, err);
	return status == RL_OK ? restored : status;
}

/* "lock wait" answers one integer; RL_LOCK_GRANTED: it granted the lock to the first waiter. */
static rl_status decode_lock_wait(rl_conn *conn, const rl_script *script, const redisReply *reply, long long *answer,
		long long *grants, rl_error *err)
{
	rl_status status = rl_script_answer(conn, script, reply, answer, err);

	*grants = status == RL_OK && *answer == RL_LOCK_GRANTED;
	return status;
}

rl_status rl_lock_wait(rl_conn *conn, const rl_lock_ref *lock, const rl_wait_keys *keys, long long ttl_ms,
		rl_wait_mode mode, bool requeue, long long block_ms, rl_lock_step *step, rl_error *err)
{
	char ttl[RL_LL_TEXT + 1], block_text[RL_LL_TEXT];
	const char *extra[5], *args[MAX_LOCK_ARGS];
	size_t lens[MAX_LOCK_ARGS];
	long long grants = 0;
	rl_status status;
	int nargs;

	step->answer = 0;
	step->note = RL_LOCK_NOTE_NONE;
	step->look_ms = 0;
	step->ran = false;
	/* a waiter that wants a fence says so in its queue entry: whoever gives it the lock counts one */
	strcpy(ttl + rl_format_ll(ttl, ttl_ms), lock->fenced ? "f" : "");
	extra[0] = ttl;
	extra[1] = mode == RL_WAIT_VISIT && requeue ? "requeue" : rl_wait_mode_name(mode);
	extra[2] = RL_WAIT_LIVENESS_TEXT;
	extra[3] = RL_WAIT_CHECKIN_TEXT;
	extra[4] = block_text;
	if (mode == RL_WAIT_LEAVE) {
		strcpy(block_text, "0");
		nargs = lock_args(args, lens, lock, keys, 5, extra);
		status = rl_script_run_integers(conn, &rl_script_lock_wait, 1, LOCK_NKEYS, nargs, args, lens, &step->answer,
			err);
		step->ran = status == RL_OK;
		if (status == RL_OK && step->answer == RL_LOCK_GRANTED) {
			status = check_and_settle(conn, lock, keys, err);
		}
		return status;
	}
	/* what the block really lasts (whole seconds on Redis < 6): the script ends it early only when it must */
	rl_format_ll(block_text, conn->whole_second_blocks ? (block_ms + 999) / 1000 * 1000 : block_ms);
	nargs = lock_args(args, lens, lock, keys, 5, extra);
	status = rl_lock_wait_round(conn, &rl_script_lock_wait, LOCK_NKEYS, nargs, args, lens, keys, block_ms,
		decode_lock_wait, step, &grants, err);
	if (grants > 0 && (status == RL_OK || (status == RL_ERR_SERVER && !conn->broken))) {
		/* our call granted the free lock to the first waiter (and ended our block): check it */
		rl_error settle_err;
		rl_status settled = check_and_settle(conn, lock, keys, &settle_err);
		if (settled != RL_OK && (status == RL_OK || conn->broken)) {
			status = settled;
			*err = settle_err;
		}
	}
	return status;
}

/* ---- releasing ---- */

rl_status rl_lock_release_handing(rl_conn *conn, const rl_lock_ref *lock, bool *released, rl_error *err)
{
	static const char *const extra[2] = { RL_WAIT_LIVENESS_TEXT, RL_WAIT_CHECKIN_TEXT };
	const char *args[MAX_LOCK_ARGS];
	size_t lens[MAX_LOCK_ARGS], note_len = 0;
	rl_wait_keys keys;
	long long answer = 0;
	bool taken = false;
	char *note;
	rl_status status;
	int nargs;

	*released = false;
	if (!rl_wait_keys_init_lock(&keys, lock->prefix, lock->prefix_len, lock->key, lock->key_len, "", 0)) {
		snprintf(err->message, sizeof(err->message), "out of memory");
		return RL_ERR_NOMEM;
	}
	if (!(note = rl_lock_grant_note(lock, &note_len))) {
		rl_wait_keys_free(&keys);
		snprintf(err->message, sizeof(err->message), "out of memory");
		return RL_ERR_NOMEM;
	}
	nargs = lock_args(args, lens, lock, &keys, 2, extra);
	status = run_and_check(conn, &rl_script_lock_release, nargs, args, lens, &keys, note, note_len, &answer, &taken,
		err);
	*released = answer >= 1;
	if (answer == RL_LOCK_GRANTED && !taken) {
		/* released and granted: whatever the check met, the grant is settled while the connection is in step */
		status = settle_after_check(conn, lock, &keys, note, note_len, status, err);
	}
	free(note);
	rl_wait_keys_free(&keys);
	return status;
}

/* What rl_lock_release_many() builds for each lock: its keys, script arguments and grant note. */
typedef struct {
	rl_wait_keys keys;
	const char *args[MAX_LOCK_ARGS];
	size_t lens[MAX_LOCK_ARGS];
	char *note;
	size_t note_len;
	bool resend; /* its release met NOSCRIPT: it did not run */
} release_item;

#define RELEASE_NARGS (LOCK_NKEYS + 2 + 2)

/*
 * [release][LREM served 1 note] for each item marked resend, in one
 * pipeline; the first by EVAL when by_eval_first (it loads the script for
 * the ones behind it). Unmarks the items whose release ran; replies[2 * i]
 * and [2 * i + 1] are item i's.
 */
static rl_status release_round(rl_conn *conn, size_t n, release_item *items, bool by_eval_first, rl_command *cmds,
		redisReply **replies, rl_error *err)
{
	size_t i, m = 0, sending = 0;
	size_t *which;
	redisReply **got;
	rl_status status;

	for (i = 0; i < n; i++) {
		sending += items[i].resend;
	}
	if (sending == 0) {
		return RL_OK;
	}
	which = malloc(sending * sizeof(*which));
	got = calloc(2 * sending, sizeof(*got));
	if (!which || !got) {
		free(which);
		free(got);
		snprintf(err->message, sizeof(err->message), "out of memory");
		return RL_ERR_NOMEM;
	}
	for (i = 0; i < n; i++) {
		if (items[i].resend) {
			rl_script_command(&cmds[2 * m], &rl_script_lock_release, !(by_eval_first && m == 0), LOCK_NKEYS,
				RELEASE_NARGS, items[i].args, items[i].lens);
			grant_check_command(&cmds[2 * m + 1], &items[i].keys, items[i].note, items[i].note_len);
			which[m++] = i;
		}
	}
	if ((status = rl_conn_pipeline(conn, 2 * m, cmds, got, err)) == RL_OK) {
		for (i = 0; i < m; i++) {
			size_t at = which[i];
			rl_reply_free_all(&replies[2 * at], 2);
			replies[2 * at] = got[2 * i];
			replies[2 * at + 1] = got[2 * i + 1];
			items[at].resend = rl_reply_is_noscript(replies[2 * at]);
		}
	}
	free(which);
	free(got);
	return status;
}

/*
 * Every lock's release and its grant's check in one pipeline:
 * [release 1][LREM 1][release 2][LREM 2]... Redis serves each grantee's
 * block right after the release that woke it, before the check behind it, as
 * for one release (run_and_check). Only a grant whose check did not find its
 * note costs more round trips (settling it), and a server that lacked the
 * script one more for all (by EVALSHA first, even on a connection that never
 * ran it: sending the source for each lock costs more than that rare round).
 */
rl_status rl_lock_release_many(rl_conn *conn, size_t n, const rl_lock_ref *locks, bool *released, rl_error *err)
{
	static const char *const extra[2] = { RL_WAIT_LIVENESS_TEXT, RL_WAIT_CHECKIN_TEXT };
	release_item *items;
	rl_command *cmds = NULL;
	redisReply **replies = NULL;
	size_t i, built = 0;
	rl_status status = RL_ERR_NOMEM, first_error = RL_OK;
	int round;

	for (i = 0; i < n; i++) {
		released[i] = false;
	}
	if (n == 0) {
		return RL_OK;
	}
	if (!(items = calloc(n, sizeof(*items))) || !(cmds = malloc(2 * n * sizeof(*cmds)))
			|| !(replies = calloc(2 * n, sizeof(*replies)))) {
		goto out;
	}
	for (i = 0; i < n; i++) {
		release_item *it = &items[i];
		if (!rl_wait_keys_init_lock(&it->keys, locks[i].prefix, locks[i].prefix_len, locks[i].key, locks[i].key_len,
				"", 0)) {
			goto out;
		}
		built++;
		if (!(it->note = rl_lock_grant_note(&locks[i], &it->note_len))) {
			goto out;
		}
		lock_args(it->args, it->lens, &locks[i], &it->keys, 2, extra);
		it->resend = true;
	}
	/* the first round by EVALSHA; those that met NOSCRIPT again, the first of them by EVAL */
	for (round = 0; round < 2; round++) {
		if ((status = release_round(conn, n, items, round > 0, cmds, replies, err)) != RL_OK) {
			goto out;
		}
		conn->scripts_seen |= rl_script_lock_release.bit;
	}
	for (i = 0; i < n; i++) {
		release_item *it = &items[i];
		long long answer = 0;
		bool taken = false;
		rl_error this_err;
		rl_status this_status;

		if ((this_status = rl_script_answer(conn, &rl_script_lock_release, replies[2 * i], &answer, &this_err))
				== RL_OK) {
			this_status = grant_check_answer(conn, replies[2 * i + 1], &taken, &this_err);
		}
		released[i] = answer >= 1;
		if (answer == RL_LOCK_GRANTED && !taken) {
			this_status = settle_after_check(conn, &locks[i], &it->keys, it->note, it->note_len, this_status,
				&this_err);
		}
		/* the first failure is reported, unless a later one broke the connection (callers must see that) */
		if (this_status != RL_OK && (first_error == RL_OK || conn->broken)) {
			first_error = this_status;
			*err = this_err;
		}
		if (conn->broken) {
			break;
		}
	}
	status = first_error;
out:
	if (status == RL_ERR_NOMEM) {
		snprintf(err->message, sizeof(err->message), "out of memory");
	}
	if (replies) {
		rl_reply_free_all(replies, 2 * n);
	}
	for (i = 0; items && i < built; i++) {
		rl_wait_keys_free(&items[i].keys);
		free(items[i].note);
	}
	free(items);
	free(cmds);
	free(replies);
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
		return rl_lock_release_handing(conn, lock, released, err);
	}
	*released = status == RL_OK && answer == 1;
	return status;
}
