/* A lock over several independent masters: see rl_redlock.h. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rl_fanout.h"
#include "rl_redlock.h"
#include "rl_scripts.h"
#include "rl_wait.h"

/* After a wake note on one master, how long the others get to deliver theirs. */
#define NOTE_GATHER_MS 5
/* After a block ended on one master, how long the others get (Redis ends a block on its timer tick). */
#define BLOCK_END_GATHER_MS 200
/* How late past its timeout a BLPOP may end: one tick of the slowest server (hz 1). */
#define BLOCK_END_ALLOWANCE_MS 1000

size_t rl_redlock_quorum(size_t n)
{
	return n / 2 + 1;
}

long long rl_redlock_validity_ms(long long ttl_ms, unsigned long long elapsed_ns)
{
	/* drift: the masters' clocks may run a little fast (1 % of the lifetime), plus 2 ms for
	 * Redis's 1 ms expiry precision and the time between this measure and the caller's use */
	long long drift_ms = ttl_ms / 100 + 2;
	long long elapsed_ms = (long long)((elapsed_ns + 999999) / 1000000);
	return ttl_ms - elapsed_ms - drift_ms;
}

double rl_redlock_acquire_budget(long long ttl_ms, double read_timeout)
{
	double fraction = (double)ttl_ms / 10000.0; /* a tenth of the lifetime, in seconds */
	return read_timeout > 0 && read_timeout < fraction ? read_timeout : fraction;
}

/* ---- one step on every master ---- */

typedef struct {
	rl_redlock_masters *masters;
	rl_fanout_slot *slots;
} step;

/*
 * Gets a connection to each master (to those in only[], when given); a
 * master that cannot be reached takes no part, and its slot says why.
 */
static bool step_begin(step *st, rl_redlock_masters *masters, const bool *only, rl_error *err)
{
	size_t n = masters->n, i;
	rl_conn **conns = calloc(n, sizeof(*conns));
	rl_status *statuses = calloc(n, sizeof(*statuses));
	rl_error *errs = calloc(n, sizeof(*errs));
	bool ok = false;

	st->masters = masters;
	if (conns && statuses && errs && (st->slots = calloc(n, sizeof(*st->slots)))) {
		masters->conns(masters, only, conns, statuses, errs);
		for (i = 0; i < n; i++) {
			rl_fanout_slot_init(&st->slots[i], conns[i], statuses[i], &errs[i]);
		}
		ok = true;
	} else {
		snprintf(err->message, sizeof(err->message), "out of memory");
	}
	free(conns);
	free(statuses);
	free(errs);
	return ok;
}

/* Frees the replies and drops every connection the step broke. */
static void step_end(step *st)
{
	size_t i;

	for (i = 0; i < st->masters->n; i++) {
		rl_fanout_slot *slot = &st->slots[i];
		bool broken = slot->conn && slot->conn->broken;
		rl_fanout_slot_clear(slot);
		if (broken) {
			st->masters->discard(st->masters, i);
		}
	}
	free(st->slots);
	st->slots = NULL;
}

/* Whether the master of slot got commands in this step (they may have run, whatever came back). */
static bool slot_sent(const rl_fanout_slot *slot)
{
	return slot->conn != NULL && slot->ncmds > 0;
}

/* The deadline of one master's answer: its read timeout, within budget_s if given. */
static unsigned long long slot_deadline(const rl_conn *conn, double budget_s, unsigned long long now)
{
	double limit = conn->read_timeout;
	if (budget_s > 0 && (limit <= 0 || budget_s < limit)) {
		limit = budget_s;
	}
	return limit > 0 ? now + (unsigned long long)(limit * 1e9) : 0;
}

static void append_script(rl_fanout_slot *slot, const rl_script *script, int nkeys, int nargs, const char **args,
		const size_t *lens)
{
	rl_command cmd;
	/* by EVALSHA once this connection saw the script run: the server has it cached */
	rl_script_command(&cmd, script, (slot->conn->scripts_seen & script->bit) != 0, nkeys, nargs, args, lens);
	rl_fanout_append(slot, &cmd);
}

static bool any_noscript(const rl_fanout_slot *slot)
{
	size_t i;
	for (i = 0; i < slot->nreplies; i++) {
		if (rl_reply_is_noscript(slot->replies[i])) {
			return true;
		}
	}
	return false;
}

/*
 * count invocations of script on every master taking part, argument lists
 * consecutive in args/lens. A master that answers NOSCRIPT (its cache was
 * flushed: nothing ran) gets them again by EVAL, in a second round.
 */
static void run_script(step *st, const rl_script *script, size_t count, int nkeys, int nargs, const char **args,
		const size_t *lens, double budget_s)
{
	size_t n = st->masters->n, i, k;
	int round;

	for (round = 0; round < 2; round++) {
		unsigned long long now = rl_monotonic_ns();
		bool any = false;

		for (i = 0; i < n; i++) {
			rl_fanout_slot *slot = &st->slots[i];
			if (!rl_fanout_slot_takes_part(slot) || (round > 0 && !any_noscript(slot))) {
				slot->done = true;
				continue;
			}
			if (round > 0) {
				slot->conn->scripts_seen = 0;
				rl_fanout_slot_clear(slot);
			}
			slot->deadline_ns = slot_deadline(slot->conn, budget_s, now);
			for (k = 0; k < count; k++) {
				append_script(slot, script, nkeys, nargs, args + (size_t)nargs * k, lens + (size_t)nargs * k);
			}
			any = true;
		}
		if (!any) {
			break;
		}
		rl_fanout_run(st->slots, n, NULL, NULL);
	}
	for (i = 0; i < n; i++) {
		if (rl_fanout_slot_takes_part(&st->slots[i])) {
			st->slots[i].conn->scripts_seen |= script->bit;
		}
	}
}

/* Adds "server: why" of a master that did not answer to err (joined with "; "). */
static void add_failure(rl_error *err, size_t *failures, const rl_error *why)
{
	size_t used = strlen(err->message);
	if (used + 3 < sizeof(err->message)) {
		snprintf(err->message + used, sizeof(err->message) - used, "%s%s", (*failures)++ ? "; " : "", why->message);
	}
}

/* err = "no quorum: F of N masters did not answer: <failures>". */
static rl_status no_quorum(rl_error *err, size_t n, size_t failed, const rl_error *failures)
{
	snprintf(err->message, sizeof(err->message), "no quorum: %zu of %zu masters did not answer: %s", failed, n,
		failures->message);
	return RL_ERR_QUORUM;
}

/*
 * One master's answer to command k of a step: RL_OK with *yes set, or why
 * the reply is no answer (an error reply, or a reply of another shape,
 * which breaks conn). ctx is the step's own (the script, the token...);
 * master is the index of the master, for a step that notes more than yes
 * or no.
 */
typedef rl_status (*reply_decoder)(const void *ctx, size_t master, rl_conn *conn, const redisReply *reply, bool *yes,
		rl_error *why);

/* What the masters answered to a step whose commands each went to all of them. */
typedef struct {
	size_t *yes;           /* per command: the masters that said yes */
	size_t *answered;      /* per command: the masters that answered, yes or no */
	size_t failed_masters; /* masters that answered nothing (unreachable, lost, past their deadline) */
	size_t failures;       /* how many failures why names */
	rl_error why;          /* "server: why" of every failure, joined with "; " */
} tally;

/* An empty tally over the caller's yes[]/answered[], one of each per command, already zero. */
static void tally_begin(tally *t, size_t *yes, size_t *answered)
{
	t->yes = yes;
	t->answered = answered;
	t->failed_masters = 0;
	t->failures = 0;
	t->why.message[0] = '\0';
}

/*
 * Counts the answers of every master to the count commands of the step,
 * each reply through decode. A master that failed as a whole answered
 * nothing; with late_says_no, one that only missed its deadline (it was
 * reached, and its answer may still come) answered "no" to every command.
 */
static void tally_step(tally *t, const step *st, size_t count, bool late_says_no, reply_decoder decode,
		const void *ctx)
{
	size_t i, k;

	for (i = 0; i < st->masters->n; i++) {
		rl_fanout_slot *slot = &st->slots[i];
		if (late_says_no && slot->status == RL_ERR_TIMEOUT) {
			for (k = 0; k < count; k++) {
				t->answered[k]++;
			}
			continue;
		}
		if (slot->status != RL_OK) {
			add_failure(&t->why, &t->failures, &slot->err);
			t->failed_masters++;
			continue;
		}
		for (k = 0; k < count; k++) {
			rl_error reply_err;
			bool yes = false;
			if (decode(ctx, i, slot->conn, slot->replies[k], &yes, &reply_err) != RL_OK) {
				add_failure(&t->why, &t->failures, &reply_err);
				continue;
			}
			t->answered[k]++;
			t->yes[k] += yes;
		}
	}
}

/* A script whose answer 1 is a yes (release, extend); ctx is the script. */
static rl_status decode_script_yes(const void *ctx, size_t master, rl_conn *conn, const redisReply *reply, bool *yes,
		rl_error *why)
{
	long long answer = 0;
	rl_status status = rl_script_answer(conn, ctx, reply, &answer, why);

	(void)master;
	*yes = status == RL_OK && answer == 1;
	return status;
}

/*
 * Ends a step of one command per master: counts the answers through decode,
 * frees the step. *quorum_yes when a quorum said yes; RL_ERR_QUORUM (err
 * naming the failures) when not and fewer than a quorum answered at all.
 */
static rl_status end_quorum_step(step *st, reply_decoder decode, const void *ctx, bool *quorum_yes, rl_error *err)
{
	size_t n = st->masters->n, quorum = rl_redlock_quorum(n), yes = 0, answered = 0;
	tally t;

	tally_begin(&t, &yes, &answered);
	tally_step(&t, st, 1, false, decode, ctx);
	step_end(st);
	*quorum_yes = yes >= quorum;
	if (!*quorum_yes && answered < quorum) {
		return no_quorum(err, n, n - answered, &t.why);
	}
	return RL_OK;
}

/* ---- release, also the roll-back of a missed acquire ---- */

#define RELEASE_NKEYS 3
#define RELEASE_NARGS 6

static void release_args(const char **args, size_t *lens, const rl_lock_ref *lock, const rl_wait_keys *keys,
		const char *kind)
{
	args[0] = lock->key;     lens[0] = lock->key_len;
	args[1] = keys->terms;   lens[1] = keys->key_len;
	args[2] = keys->wake;    lens[2] = keys->wake_len;
	args[3] = lock->token;   lens[3] = lock->token_len;
	args[4] = RL_WAIT_LIVENESS_TEXT; lens[4] = strlen(RL_WAIT_LIVENESS_TEXT);
	args[5] = kind;          lens[5] = strlen(kind);
}

/*
 * Deletes the token on the masters in where[] (best effort: the lifetime
 * cleans up what this misses). On those in late[] (they let the acquire run
 * past its budget: stopped, paused, partitioned) the release is written on a
 * new connection and not waited for: it runs when the master reads it, and
 * the failed lock() returns after one budget, not two.
 */
static void roll_back(rl_redlock_masters *masters, const rl_lock_ref *lock, const bool *where, const bool *late,
		double budget_s)
{
	const char *args[RELEASE_NARGS];
	size_t lens[RELEASE_NARGS], i;
	bool *awaited = calloc(masters->n, sizeof(*awaited)), any_late = false, any_awaited = false;
	rl_wait_keys keys;
	rl_error err;
	step st;

	if (!awaited || !rl_wait_keys_init_redlock(&keys, lock->prefix, lock->prefix_len, lock->key, lock->key_len)) {
		free(awaited);
		return;
	}
	release_args(args, lens, lock, &keys, "rollback");
	for (i = 0; i < masters->n; i++) {
		awaited[i] = where[i] && !late[i];
		any_awaited = any_awaited || awaited[i];
		any_late = any_late || (where[i] && late[i]);
	}
	/* one step: the connections all at once, the late masters' releases written, the others' awaited */
	if ((any_late || any_awaited) && step_begin(&st, masters, where, &err)) {
		unsigned long long now = rl_monotonic_ns();
		for (i = 0; i < masters->n && any_late; i++) {
			rl_fanout_slot *slot = &st.slots[i];
			rl_command cmd;
			if (!late[i] || !rl_fanout_slot_takes_part(slot)) {
				continue;
			}
			/* a new connection: by EVAL, as a NOSCRIPT could never be answered */
			rl_script_command(&cmd, &rl_script_redlock_release, false, RELEASE_NKEYS, RELEASE_NARGS, args, lens);
			if (rl_fanout_append(slot, &cmd) == RL_OK) {
				rl_conn_flush(slot->conn, slot_deadline(slot->conn, budget_s, now), &slot->err);
			}
			/* its replies are never read: the connection goes, and the step leaves the slot alone */
			rl_fanout_slot_leave_out(slot);
		}
		if (any_awaited) {
			run_script(&st, &rl_script_redlock_release, 1, RELEASE_NKEYS, RELEASE_NARGS, args, lens, budget_s);
		}
		step_end(&st);
	}
	rl_wait_keys_free(&keys);
	free(awaited);
}

rl_status rl_redlock_release_many(rl_redlock_masters *masters, size_t n, const rl_lock_ref *locks, bool *released,
		bool *settled, rl_error *err)
{
	size_t nm = masters->n, quorum = rl_redlock_quorum(nm), k, built = 0;
	const char **args = malloc(n * RELEASE_NARGS * sizeof(*args));
	size_t *lens = malloc(n * RELEASE_NARGS * sizeof(*lens));
	size_t *yes = calloc(n, sizeof(*yes)), *answered = calloc(n, sizeof(*answered));
	rl_wait_keys *keys = calloc(n, sizeof(*keys));
	rl_status status = RL_OK;
	tally t;
	step st;

	if (!args || !lens || !yes || !answered || !keys) {
		snprintf(err->message, sizeof(err->message), "out of memory");
		status = RL_ERR_NOMEM;
		goto out;
	}
	for (k = 0; k < n; k++, built++) {
		if (!rl_wait_keys_init_redlock(&keys[k], locks[k].prefix, locks[k].prefix_len, locks[k].key,
				locks[k].key_len)) {
			snprintf(err->message, sizeof(err->message), "out of memory");
			status = RL_ERR_NOMEM;
			goto out;
		}
		release_args(args + RELEASE_NARGS * k, lens + RELEASE_NARGS * k, &locks[k], &keys[k], "unlock");
	}
	if (!step_begin(&st, masters, NULL, err)) {
		status = RL_ERR_NOMEM;
		goto out;
	}
	run_script(&st, &rl_script_redlock_release, n, RELEASE_NKEYS, RELEASE_NARGS, args, lens, 0);
	tally_begin(&t, yes, answered);
	tally_step(&t, &st, n, false, decode_script_yes, &rl_script_redlock_release);
	step_end(&st);
	for (k = 0; k < n; k++) {
		released[k] = yes[k] >= quorum;
		settled[k] = answered[k] >= quorum;
		if (!settled[k] && status == RL_OK) {
			status = no_quorum(err, nm, t.failed_masters ? t.failed_masters : nm - answered[k], &t.why);
		}
	}
out:
	rl_wait_keys_free_array(keys, built);
	free(args);
	free(lens);
	free(yes);
	free(answered);
	return status;
}

/* ---- acquire ---- */

static int compare_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;
	return x < y ? -1 : x > y;
}

/* What acquire notes of each master beyond its yes or no. */
typedef struct {
	bool waiting;      /* the acquire script answered, not SET NX */
	bool fenced;       /* the fencing option: a master that grants answers the fence it counted */
	bool *maybe_ours;  /* the token may be set there: roll it back if the lock is not ours */
	long long *free_in;/* ms until the master could grant (0: it did); LLONG_MAX: unknown */
	long long *fence;  /* fenced: the greatest fence a master that granted counted */
} acquire_notes;

static rl_status decode_acquire(const void *ctx, size_t master, rl_conn *conn, const redisReply *reply, bool *yes,
		rl_error *why)
{
	const acquire_notes *notes = ctx;
	rl_status status;

	if (notes->waiting) {
		long long answer = 0;
		if ((status = rl_script_answer(conn, &rl_script_redlock_acquire, reply, &answer, why)) == RL_OK
				&& answer > 1 && !notes->fenced) {
			/* only a fenced take answers a fence */
			status = rl_conn_unexpected_reply(conn, rl_script_redlock_acquire.name, why);
		}
		if (status == RL_OK) {
			*yes = answer >= 1;
			if (answer < 0) {
				notes->free_in[master] = -answer;
			}
			if (*yes && notes->fenced && answer > *notes->fence) {
				*notes->fence = answer;
			}
		}
	} else if (notes->fenced) {
		long long answer = 0;
		if ((status = rl_script_answer(conn, &rl_script_lock_take_fenced, reply, &answer, why)) == RL_OK) {
			*yes = answer > 0;
			if (answer > *notes->fence) {
				*notes->fence = answer;
			}
		}
	} else {
		status = rl_conn_judge_reply(conn, rl_reply_decode_set_nx(reply, yes), reply, "SET NX", why);
	}
	if (status != RL_OK) {
		/* a reply out of step says nothing of whether the SET landed */
		notes->maybe_ours[master] = conn->broken;
	} else if (*yes) {
		notes->maybe_ours[master] = true;
		notes->free_in[master] = 0;
	}
	return status;
}

/* The fence counter of the lock (the single-server lock's, "...:lf", on every master): ->fence of keys. */
static bool fence_keys_init(rl_wait_keys *keys, const rl_lock_ref *lock)
{
	return rl_wait_keys_init_lock(keys, lock->prefix, lock->prefix_len, lock->key, lock->key_len, "", 0);
}

rl_status rl_redlock_acquire(rl_redlock_masters *masters, const rl_lock_ref *lock, long long ttl_ms,
		double budget_s, bool waiting, bool *acquired, long long *validity_ms, long long *block_ms,
		long long *fence, rl_error *err)
{
	size_t n = masters->n, quorum = rl_redlock_quorum(n), yes = 0, answered = 0, i;
	bool *maybe_ours = calloc(n, sizeof(*maybe_ours)), *late = calloc(n, sizeof(*late));
	long long *free_in = calloc(n, sizeof(*free_in)); /* ms until master i could grant; LLONG_MAX: unknown */
	acquire_notes notes;
	char ttl[24];
	rl_wait_keys keys, fence_keys;
	bool have_keys = false, have_fence_keys = false;
	unsigned long long start;
	rl_status status = RL_OK;
	tally t;
	step st;

	*acquired = false;
	*validity_ms = 0;
	*block_ms = -1;
	*fence = 0;
	snprintf(ttl, sizeof(ttl), "%lld", ttl_ms);
	if (!maybe_ours || !late || !free_in || (waiting && !(have_keys = rl_wait_keys_init_redlock(&keys, lock->prefix,
			lock->prefix_len, lock->key, lock->key_len)))
			|| (lock->fenced && !(have_fence_keys = fence_keys_init(&fence_keys, lock)))
			|| !step_begin(&st, masters, NULL, err)) {
		snprintf(err->message, sizeof(err->message), "out of memory");
		status = RL_ERR_NOMEM;
		goto out;
	}

	start = rl_monotonic_ns();
	if (waiting) {
		/* KEYS the lock, its served list and, with the fencing option, its counter (a take counts there) */
		const char *args[6];
		size_t lens[6];
		int nkeys, nargs = 0;
		args[nargs] = lock->key; lens[nargs++] = lock->key_len;
		args[nargs] = keys.terms; lens[nargs++] = keys.key_len;
		if (lock->fenced) {
			args[nargs] = fence_keys.fence; lens[nargs++] = fence_keys.key_len;
		}
		nkeys = nargs;
		args[nargs] = lock->token; lens[nargs++] = lock->token_len;
		args[nargs] = ttl; lens[nargs++] = strlen(ttl);
		args[nargs] = RL_WAIT_LIVENESS_TEXT; lens[nargs++] = strlen(RL_WAIT_LIVENESS_TEXT);
		run_script(&st, &rl_script_redlock_acquire, 1, nkeys, nargs, args, lens, budget_s);
	} else if (lock->fenced) {
		/* the single server's fenced take, on every master */
		const char *args[4] = { lock->key, fence_keys.fence, lock->token, ttl };
		size_t lens[4] = { lock->key_len, fence_keys.key_len, lock->token_len, strlen(ttl) };
		run_script(&st, &rl_script_lock_take_fenced, 1, 2, 4, args, lens, budget_s);
	} else {
		/* the plain SET NX PX, as on one server: nothing to mark when nobody will wait */
		rl_command cmd;
		rl_lock_set_nx_command(&cmd, lock, ttl, false);
		for (i = 0; i < n; i++) {
			if (rl_fanout_slot_takes_part(&st.slots[i])) {
				st.slots[i].deadline_ns = slot_deadline(st.slots[i].conn, budget_s, start);
				rl_fanout_append(&st.slots[i], &cmd);
			}
		}
		rl_fanout_run(st.slots, n, NULL, NULL);
	}
	*validity_ms = rl_redlock_validity_ms(ttl_ms, rl_monotonic_ns() - start);

	for (i = 0; i < n; i++) {
		rl_fanout_slot *slot = &st.slots[i];
		free_in[i] = LLONG_MAX;
		if (slot->status == RL_ERR_TIMEOUT) {
			/* reached, but past its budget: a "no" (its SET may still land: roll it back) */
			maybe_ours[i] = late[i] = true;
		} else if (slot->status != RL_OK) {
			/* sent but not answered: the SET may have landed */
			maybe_ours[i] = slot_sent(slot);
		}
	}
	notes.waiting = waiting;
	notes.fenced = lock->fenced;
	notes.maybe_ours = maybe_ours;
	notes.free_in = free_in;
	notes.fence = fence;
	tally_begin(&t, &yes, &answered);
	tally_step(&t, &st, 1, true, decode_acquire, &notes);
	step_end(&st);

	*acquired = yes >= quorum && *validity_ms > 0;
	if (!*acquired) {
		bool any = false;
		*fence = 0;
		for (i = 0; i < n; i++) {
			any = any || maybe_ours[i];
		}
		if (any) {
			roll_back(masters, lock, maybe_ours, late, budget_s);
		}
		if (answered < quorum) {
			status = no_quorum(err, n, n - answered, &t.why);
		}
		if (waiting) {
			/* a quorum can be free once the quorum-th soonest of the holders' keys expired */
			qsort(free_in, n, sizeof(*free_in), compare_ll);
			*block_ms = free_in[quorum - 1] == LLONG_MAX ? -1 : free_in[quorum - 1];
		}
	}
out:
	if (have_keys) {
		rl_wait_keys_free(&keys);
	}
	if (have_fence_keys) {
		rl_wait_keys_free(&fence_keys);
	}
	free(maybe_ours);
	free(late);
	free(free_in);
	return status;
}

/* ---- extend, check ---- */

rl_status rl_redlock_extend(rl_redlock_masters *masters, const rl_lock_ref *lock, long long ttl_ms, bool *extended,
		long long *validity_ms, rl_error *err)
{
	char ttl[24];
	const char *args[RELEASE_NARGS];
	size_t lens[RELEASE_NARGS];
	unsigned long long start;
	rl_wait_keys keys;
	rl_status status;
	step st;

	*extended = false;
	/* the waiters' mark and wake list: a shortened lifetime leaves a note (redlock_extend.lua) */
	if (!rl_wait_keys_init_redlock(&keys, lock->prefix, lock->prefix_len, lock->key, lock->key_len)) {
		snprintf(err->message, sizeof(err->message), "out of memory");
		return RL_ERR_NOMEM;
	}
	snprintf(ttl, sizeof(ttl), "%lld", ttl_ms);
	/* the release's keys and arguments, with the lifetime where the release has its kind */
	release_args(args, lens, lock, &keys, ttl);
	if (!step_begin(&st, masters, NULL, err)) {
		rl_wait_keys_free(&keys);
		return RL_ERR_NOMEM;
	}
	start = rl_monotonic_ns();
	/* the same budget as an acquire: an extension is a new lifetime from now */
	run_script(&st, &rl_script_redlock_extend, 1, RELEASE_NKEYS, RELEASE_NARGS, args, lens,
		rl_redlock_acquire_budget(ttl_ms, 0));
	*validity_ms = rl_redlock_validity_ms(ttl_ms, rl_monotonic_ns() - start);
	status = end_quorum_step(&st, decode_script_yes, &rl_script_redlock_extend, extended, err);
	rl_wait_keys_free(&keys);
	/* a quorum that extended it too late gives no lock (and is no failure: a quorum answered) */
	*extended = *extended && *validity_ms > 0;
	return status;
}

/* GET's answer: yes when the key holds exactly the token; ctx is the lock. */
static rl_status decode_owner(const void *ctx, size_t master, rl_conn *conn, const redisReply *reply, bool *yes,
		rl_error *why)
{
	const rl_lock_ref *lock = ctx;

	(void)master;
	return rl_conn_judge_reply(conn, rl_reply_decode_owner(reply, lock->token, lock->token_len, yes), reply, "GET",
		why);
}

rl_status rl_redlock_is_owner(rl_redlock_masters *masters, const rl_lock_ref *lock, bool *owned, rl_error *err)
{
	size_t n = masters->n, i;
	unsigned long long now;
	rl_command cmd;
	step st;

	*owned = false;
	if (!step_begin(&st, masters, NULL, err)) {
		return RL_ERR_NOMEM;
	}
	/* a single GET is atomic; comparing here saves every master a script call */
	rl_lock_get_command(&cmd, lock);
	now = rl_monotonic_ns();
	for (i = 0; i < n; i++) {
		if (rl_fanout_slot_takes_part(&st.slots[i])) {
			st.slots[i].deadline_ns = slot_deadline(st.slots[i].conn, 0, now);
			rl_fanout_append(&st.slots[i], &cmd);
		}
	}
	rl_fanout_run(st.slots, n, NULL, NULL);
	return end_quorum_step(&st, decode_owner, lock, owned, err);
}

rl_status rl_redlock_fence(rl_redlock_masters *masters, const rl_lock_ref *lock, long long fence, bool *confirmed,
		rl_error *err)
{
	char fence_text[24];
	rl_wait_keys keys;
	rl_status status;
	step st;

	*confirmed = false;
	if (!fence_keys_init(&keys, lock)) {
		snprintf(err->message, sizeof(err->message), "out of memory");
		return RL_ERR_NOMEM;
	}
	snprintf(fence_text, sizeof(fence_text), "%lld", fence);
	{
		const char *args[4] = { lock->key, keys.fence, lock->token, fence_text };
		size_t lens[4] = { lock->key_len, keys.key_len, lock->token_len, strlen(fence_text) };
		if (!step_begin(&st, masters, NULL, err)) {
			rl_wait_keys_free(&keys);
			return RL_ERR_NOMEM;
		}
		run_script(&st, &rl_script_redlock_fence, 1, 2, 4, args, lens, 0);
	}
	status = end_quorum_step(&st, decode_script_yes, &rl_script_redlock_fence, confirmed, err);
	rl_wait_keys_free(&keys);
	return status;
}

/* ---- waiting ---- */

typedef struct {
	size_t notes; /* masters whose block a wake note ended */
} block_state;

/* A master's block ended: the others get a moment, a short one if it was a wake note. */
static void block_slot_done(rl_fanout_slot *slots, size_t n, size_t i, void *ctx)
{
	block_state *state = ctx;
	unsigned long long now = rl_monotonic_ns(), until;
	bool note;
	size_t j;

	if (slots[i].status != RL_OK || slots[i].nreplies != 1) {
		/* no answer from that master (unreachable, lost): it says nothing about when the others end */
		return;
	}
	note = slots[i].replies[0]->type == REDIS_REPLY_ARRAY;
	state->notes += note;
	until = now + (unsigned long long)(state->notes ? NOTE_GATHER_MS : BLOCK_END_GATHER_MS) * 1000000ULL;
	for (j = 0; j < n; j++) {
		if (j != i && !slots[j].done && (slots[j].deadline_ns == 0 || slots[j].deadline_ns > until)) {
			slots[j].deadline_ns = until;
		}
	}
}

rl_status rl_redlock_block(rl_redlock_masters *masters, const rl_lock_ref *lock, long long block_ms, size_t *notes,
		rl_error *err)
{
	size_t n = masters->n, i;
	rl_wait_keys keys;
	block_state state = { 0 };
	unsigned long long now;
	rl_status status = RL_OK;
	step st;

	*notes = 0;
	if (!rl_wait_keys_init_redlock(&keys, lock->prefix, lock->prefix_len, lock->key, lock->key_len)) {
		snprintf(err->message, sizeof(err->message), "out of memory");
		return RL_ERR_NOMEM;
	}
	if (!step_begin(&st, masters, NULL, err)) {
		rl_wait_keys_free(&keys);
		return RL_ERR_NOMEM;
	}
	now = rl_monotonic_ns();
	for (i = 0; i < n; i++) {
		rl_fanout_slot *slot = &st.slots[i];
		char timeout[32];
		rl_command cmd;
		if (!rl_fanout_slot_takes_part(slot)) {
			continue;
		}
		long long this_block_ms = block_ms;
		if (slot->conn->whole_second_blocks) {
			/* Redis < 6: whole seconds, rounded up, and the deadline follows */
			this_block_ms = (block_ms + 999) / 1000 * 1000;
			snprintf(timeout, sizeof(timeout), "%lld", this_block_ms / 1000);
		} else {
			snprintf(timeout, sizeof(timeout), "%lld.%03lld", block_ms / 1000, block_ms % 1000);
		}
		rl_command_init(&cmd);
		rl_command_add_str(&cmd, "BLPOP");
		rl_command_add(&cmd, keys.wake, keys.wake_len);
		rl_command_add_str(&cmd, timeout);
		slot->deadline_ns = now + (unsigned long long)(this_block_ms + BLOCK_END_ALLOWANCE_MS) * 1000000ULL;
		rl_fanout_append(slot, &cmd);
	}
	rl_fanout_run(st.slots, n, block_slot_done, &state);
	for (i = 0; i < n; i++) {
		rl_fanout_slot *slot = &st.slots[i];
		bool whole_seconds = false;
		rl_error reply_err;
		if (slot->status != RL_OK) {
			continue; /* it counts as a "no" at the next attempt, which reconnects */
		}
		if (rl_conn_judge_reply(slot->conn, rl_reply_decode_blpop(slot->replies[0], &whole_seconds), slot->replies[0],
				"BLPOP", &reply_err) != RL_OK) {
			if (status == RL_OK && !slot->conn->broken) {
				/* an error reply (e.g. WRONGTYPE on the wake list): waiting there cannot work */
				*err = reply_err;
				status = RL_ERR_SERVER;
			}
			continue;
		}
		if (whole_seconds) {
			/* Redis < 6: nothing was popped and nothing blocked; look again at once */
			slot->conn->whole_second_blocks = true;
			state.notes++;
		}
	}
	step_end(&st);
	rl_wait_keys_free(&keys);
	*notes = state.notes;
	return status;
}
