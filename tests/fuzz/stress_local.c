/*
 * Stress harness for ext/core/rl_local.c alone (no Redis, no PHP): not a
 * libFuzzer target (scripts/fuzz.sh builds tests/fuzz/fuzz_*.c), built and run
 * with ASan and UBSan by scripts/stress-local.sh.
 *
 *   stress_local [seconds] [workers] [seed]      (defaults 15, 8, the time)
 *
 * A supervisor attaches a segment under an identity of its own (its name is
 * printed, and unlinked at the end), forks the workers and a "remote host",
 * and for the given time SIGKILLs them at random moments (some while they
 * own the segment's mutex, some while they hold a lock), SIGSTOPs some for a
 * moment or past their lock's lifetime, and forks replacements.
 *
 * Each worker loops: picks one of a few hot keys (now and then a new key, or
 * one too long for a slot) and runs lock() and unlock() as
 * ext/php/php_redislock_lock_local.c does, the "(R)" steps going to a
 * simulated Redis: one 64-bit word per key in a MAP_SHARED mapping (token,
 * expiry in ms on CLOCK_MONOTONIC), set, refreshed and deleted by
 * compare-and-swap, so that it arbitrates for real and expires keys. The
 * remote host takes the hot keys in the simulated Redis alone, as another
 * host's process would.
 *
 * Checked:
 * - mutual exclusion: a process that starts believing (the rule of the
 *   extension: until its lifetime's start + ttl - (ttl/100 + 2 ms)) sets its
 *   bit in the key's believer mask (fetch_or: the old mask must be empty)
 *   after writing its record; a bit already set is a violation when that
 *   process's believed lifetime still runs too. The supervisor clears a
 *   killed process's bit once it is a zombie, before reaping it (until then
 *   rl_local.c deems it alive);
 * - a holder is named by rl_local_is_holder() (under its token) as long as
 *   its believed lifetime runs; rl_local_taken() names a live global taker;
 *   a live waiter's record is never repaired away;
 * - every worker exits 0 when told to stop (no sanitizer report, no hang);
 * - afterwards one process locks and unlocks every key used (the repairs)
 *   and rl_local_usage() must report 0 slots and 0 waiters.
 * Any failure is printed ("stress_local: FAILURE ...") and the exit status is 1.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "rl_local.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAXW 64          /* record indexes: the workers, the remote host, the drain */
#define HOT 3
#define CHURN 1000
#define LONG_KEY (HOT + CHURN)
#define NKEYS (LONG_KEY + 1)
#define MS 1000000ull
/* a write's answer is due within this (the extension: its client's timeouts): waiters leave the key alone until then */
#define ANSWER_DUE_NS (20 * MS)

enum {
	ST_ACQ_GLOBAL, ST_ACQ_REFRESH, ST_ACQ_INHERIT, ST_ACQ_ALONE, ST_ACQ_REMOTE,
	ST_HANDED_ON, ST_RELEASE_GLOBAL, ST_FORGOT, ST_NOT_HOLDER, ST_LOST_STALLED, ST_LATE_BELIEF,
	ST_CHECK_KEY, ST_RECLAIM, ST_GO_GLOBAL, ST_HANDED_FAILED, ST_NOT_TAKEN, ST_TIMEOUT, ST_GIVE_BACK,
	ST_NO_ROOM, ST_EXPIRE, ST_EXPIRE_LOST, ST_EXPIRE_FALSE, ST_STALE_OVERLAP,
	ST_KILL, ST_KILL_MUTEX, ST_KILL_BELIEVER, ST_STOP, ST_STOP_LONG, ST_FORK, ST_REATTACH,
	ST_COUNT
};
static const char *st_names[ST_COUNT] = {
	"acq-global", "acq-refresh", "acq-inherit", "acq-alone", "acq-remote",
	"handed-on", "release-global", "forgot", "unlock-not-holder", "lost-stalled", "late-belief",
	"check-key", "reclaim", "go-global", "handed-failed", "not-taken", "timeout", "give-back",
	"no-room", "expire", "expire-lost", "expire-false", "stale-overlap",
	"kill", "kill-in-mutex", "kill-believer", "stop", "stop-long", "fork", "reattach",
};

/* What a worker is doing (printed for a worker that hangs). */
enum { PH_IDLE, PH_ENTER, PH_TAKE, PH_WAIT, PH_LEAVE, PH_HOLD, PH_UNLOCK, PH_OTHER };
static const char *ph_names[] = { "idle", "enter", "take", "wait", "leave", "hold", "unlock", "other" };

typedef struct {
	_Atomic int key;          /* -1: believes nothing */
	_Atomic uint64_t until;   /* its belief ends (CLOCK_MONOTONIC) */
	_Atomic int pid;
	_Atomic int phase;
	char how[16];             /* diagnostics only */
	char tok[RL_LOCAL_TOKEN_MAX + 1];
} belief_rec;

typedef struct {
	_Atomic int stop;
	_Atomic uint64_t failures;
	_Atomic uint32_t next_token;
	_Atomic uint64_t stats[ST_COUNT];
	_Atomic uint64_t redis[NKEYS];      /* token << 32 | expiry (ms since base); 0: no key */
	_Atomic uint64_t believers[NKEYS];  /* bit i: record i believes it holds the key */
	_Atomic uint8_t used[NKEYS];
	belief_rec rec[MAXW];
	_Atomic uint8_t worker_pid[1 << 22]; /* pids that workers had (diagnostics: a pid reused by a live process) */
} shared_state;

static shared_state *G;
static uint64_t base_ns;
static rl_local_seg *g_seg;
static char g_identity[128];
static char g_name[64];
static uint64_t rng_state;
static bool g_jitter = true;

/* ---- little helpers ---- */

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static uint64_t rnd(void)
{
	uint64_t x = rng_state; /* xorshift64* */
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	rng_state = x;
	return x * 0x2545F4914F6CDD1Dull;
}

static void seed_rng(uint64_t seed)
{
	rng_state = seed * 0x9E3779B97F4A7C15ull + (uint64_t)getpid() * 0xBF58476D1CE4E5B9ull + 1;
	for (int i = 0; i < 8; i++) {
		rnd();
	}
}

static void stat_add(int st)
{
	atomic_fetch_add(&G->stats[st], 1);
}

static void fail(const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	int n = snprintf(buf, sizeof(buf), "stress_local: FAILURE [pid %d, t=%.3fs] ", (int)getpid(),
		(double)(now_ns() - base_ns) / 1e9 - 1.0);
	va_start(ap, fmt);
	vsnprintf(buf + n, sizeof(buf) - (size_t)n - 1, fmt, ap);
	va_end(ap);
	strcat(buf, "\n");
	if (atomic_fetch_add(&G->failures, 1) < 40) {
		(void)!write(2, buf, strlen(buf));
	}
}

/* The "(R)" steps take time: a random pause between the library's steps. */
static void jitter(void)
{
	if (!g_jitter) {
		return;
	}
	uint64_t r = rnd() % 100;
	if (r < 15) {
		sched_yield();
	} else if (r < 25) {
		usleep((useconds_t)(rnd() % 500));
	}
}

static void set_phase(int me, int ph)
{
	atomic_store(&G->rec[me].phase, ph);
}

static uint64_t drift_ns(long long ttl_ms)
{
	return ((uint64_t)ttl_ms / 100 + 2) * MS;
}

/* The extension's rule (php_redislock_lifetime_may_have_ended()). */
static bool may_have_ended(uint64_t from_ns, long long ttl_ms)
{
	uint64_t lasts = (uint64_t)ttl_ms * MS, drift = drift_ns(ttl_ms);
	return lasts > drift && now_ns() >= from_ns + (lasts - drift);
}

static uint64_t believed_until(uint64_t from_ns, long long ttl_ms)
{
	uint64_t lasts = (uint64_t)ttl_ms * MS, drift = drift_ns(ttl_ms);
	return lasts > drift ? from_ns + lasts - drift : from_ns;
}

static size_t key_name(int k, char *buf, size_t size)
{
	if (k < HOT) {
		return (size_t)snprintf(buf, size, "stress:hot:%d", k);
	}
	if (k < LONG_KEY) {
		return (size_t)snprintf(buf, size, "stress:churn:%d", k - HOT);
	}
	/* too long for a slot: rl_local_enter() says NO_ROOM */
	memset(buf, 'L', RL_LOCAL_KEY_MAX + 20);
	buf[RL_LOCAL_KEY_MAX + 20] = '\0';
	return RL_LOCAL_KEY_MAX + 20;
}

/* A fresh token "t<n>-xxx..." (its length varies up to the maximum); n is what the simulated Redis stores. */
static size_t new_token(char *tok)
{
	uint32_t n = atomic_fetch_add(&G->next_token, 1);
	int len = snprintf(tok, RL_LOCAL_TOKEN_MAX + 1, "t%u-", n);
	int pad = (int)(rnd() % (uint64_t)(RL_LOCAL_TOKEN_MAX + 1 - len));
	memset(tok + len, 'x', (size_t)pad);
	tok[len + pad] = '\0';
	return (size_t)(len + pad);
}

static uint32_t token_number(const char *tok, size_t len)
{
	char buf[RL_LOCAL_TOKEN_MAX + 1];
	if (len == 0 || len > RL_LOCAL_TOKEN_MAX) {
		return 0;
	}
	memcpy(buf, tok, len);
	buf[len] = '\0';
	return buf[0] == 't' ? (uint32_t)strtoul(buf + 1, NULL, 10) : 0;
}

/* ---- the simulated Redis: one word per key, changed by compare-and-swap ---- */

static bool word_live(uint64_t w, uint64_t now)
{
	return w != 0 && now - base_ns < (w & 0xffffffffull) * MS;
}

static uint64_t make_word(uint32_t tok, uint64_t now, long long ttl_ms)
{
	uint64_t ms_now = (now - base_ns + MS - 1) / MS; /* expiry from the time read before the write: never later than Redis's */
	return (uint64_t)tok << 32 | (ms_now + (uint64_t)ttl_ms);
}

/* SET NX PX. */
static bool redis_set_nx(int k, uint32_t tok, long long ttl_ms)
{
	for (;;) {
		uint64_t now = now_ns(), w = atomic_load(&G->redis[k]);
		if (word_live(w, now)) {
			return false;
		}
		if (atomic_compare_exchange_strong(&G->redis[k], &w, make_word(tok, now, ttl_ms))) {
			return true;
		}
	}
}

/* PEXPIRE if K == tok. */
static bool redis_refresh(int k, uint32_t tok, long long ttl_ms)
{
	for (;;) {
		uint64_t now = now_ns(), w = atomic_load(&G->redis[k]);
		if (!word_live(w, now) || (uint32_t)(w >> 32) != tok) {
			return false;
		}
		if (atomic_compare_exchange_strong(&G->redis[k], &w, make_word(tok, now, ttl_ms))) {
			return true;
		}
	}
}

/* DEL if K == tok. */
static void redis_release(int k, uint32_t tok)
{
	for (;;) {
		uint64_t w = atomic_load(&G->redis[k]);
		if (!word_live(w, now_ns()) || (uint32_t)(w >> 32) != tok) {
			return;
		}
		if (atomic_compare_exchange_strong(&G->redis[k], &w, 0)) {
			return;
		}
	}
}

static bool redis_is(int k, uint32_t tok)
{
	uint64_t w = atomic_load(&G->redis[k]);
	return word_live(w, now_ns()) && (uint32_t)(w >> 32) == tok;
}

/* The global take: SET NX, waiting (polling here) until the deadline. *sent: the send time of the write that took it. */
static bool redis_take(int k, uint32_t tok, long long ttl_ms, uint64_t deadline, uint64_t *sent)
{
	for (;;) {
		*sent = now_ns();
		if (redis_set_nx(k, tok, ttl_ms)) {
			return true;
		}
		if (now_ns() >= deadline) {
			return false;
		}
		usleep((useconds_t)(100 + rnd() % 900));
	}
}

/* ---- beliefs and the exclusion check ---- */

typedef struct {
	int k;
	int slot;                 /* -1: held alone (no slot) */
	uint64_t ticket;
	char tok[RL_LOCAL_TOKEN_MAX + 1];
	size_t tok_len;
	uint64_t from;
	long long ttl;
	bool life_known;          /* false: an expire()'s answer was lost (unlock() releases in Redis) */
	const char *how;
} held;

/* h is held through the segment: pos's slot and ticket, its lifetime from from_ns, how it came (a statistic). */
static void held_locally(held *h, const rl_local_pos *pos, const char *how, int stat)
{
	h->slot = pos->slot;
	h->ticket = pos->ticket;
	h->how = how;
	stat_add(stat);
}

static void believe_begin(int me, const held *h, uint64_t until)
{
	belief_rec *r = &G->rec[me];
	uint64_t old, now;

	snprintf(r->how, sizeof(r->how), "%s", h->how);
	snprintf(r->tok, sizeof(r->tok), "%s", h->tok);
	atomic_store(&r->until, until);
	atomic_store(&r->key, h->k);
	old = atomic_fetch_or(&G->believers[h->k], 1ull << me);
	now = now_ns();
	if (until <= now) {
		stat_add(ST_LATE_BELIEF); /* stalled between the take and here: not believing at all */
	}
	for (int j = 0; j < MAXW; j++) {
		if (j == me || !(old & (1ull << j))) {
			continue;
		}
		belief_rec *o = &G->rec[j];
		uint64_t ou = atomic_load(&o->until);
		if (atomic_load(&o->key) != h->k) {
			continue;
		}
		if (ou > now && until > now) {
			fail("MUTUAL EXCLUSION: key %d: record %d (pid %d, %s, token %.20s) believes for %.1f ms more, "
				"and record %d (pid %d, %s, token %.20s, slot %d ticket %llu) starts believing for %.1f ms",
				h->k, j, atomic_load(&o->pid), o->how, o->tok, (double)(ou - now) / 1e6, me, (int)getpid(), h->how,
				h->tok, h->slot, (unsigned long long)h->ticket, (double)(until - now) / 1e6);
		} else {
			stat_add(ST_STALE_OVERLAP); /* a holder past its believed lifetime (stopped): not a violation */
		}
	}
}

static void believe_end(int me, int k)
{
	atomic_fetch_and(&G->believers[k], ~(1ull << me));
	atomic_store(&G->rec[me].key, -1);
}

/* ---- lock() and unlock(), as ext/php/php_redislock_lock_local.c runs them ---- */

static void leave_queue(rl_local_seg *seg, int k, rl_local_pos *pos);

static void give_back(rl_local_seg *seg, int k, rl_local_pos *pos, rl_local_wait_result woken, const char *token,
		size_t token_len)
{
	if (woken == RL_LOCAL_HANDED) {
		if (rl_local_unlock(seg, pos->slot, pos->ticket, true, ANSWER_DUE_NS) == RL_LOCAL_RELEASE_GLOBAL) {
			jitter();
			redis_release(k, token_number(token, token_len));
			jitter();
			rl_local_released(seg, pos->slot, pos->ticket, token, token_len);
		}
	} else if (woken == RL_LOCAL_GO_GLOBAL) {
		rl_local_not_taken(seg, pos);
	} else {
		leave_queue(seg, k, pos);
	}
}

static void leave_queue(rl_local_seg *seg, int k, rl_local_pos *pos)
{
	char token[RL_LOCAL_TOKEN_MAX + 1];
	size_t token_len = 0;
	uint64_t holder_ticket = 0;
	rl_local_wait_result woken;
	int rounds = 0;

	while (!rl_local_leave(seg, pos)) {
		woken = rl_local_wait(seg, pos, 0, token, &token_len, &holder_ticket);
		if (woken == RL_LOCAL_HANDED || woken == RL_LOCAL_GO_GLOBAL) {
			give_back(seg, k, pos, woken, token, token_len);
			return;
		}
		if (++rounds == 1000) {
			fail("leave_queue: rl_local_leave() false and rl_local_wait() not woken, 1000 times (waiter %d)",
				pos->waiter);
			return;
		}
	}
}

/* NO_ROOM: the global protocol alone, as another host would. */
static bool take_alone(int k, long long ttl, uint64_t deadline, held *h)
{
	uint64_t sent;
	h->tok_len = new_token(h->tok);
	if (!redis_take(k, token_number(h->tok, h->tok_len), ttl, deadline, &sent)) {
		return false;
	}
	h->slot = -1;
	h->from = sent;
	h->how = "alone";
	stat_add(ST_ACQ_ALONE);
	return true;
}

static bool lock_local(rl_local_seg *seg, int me, int k, long long ttl, uint64_t timeout_ns, held *h)
{
	char key[RL_LOCAL_KEY_MAX + 32], token[RL_LOCAL_TOKEN_MAX + 1];
	size_t key_len = key_name(k, key, sizeof(key)), token_len = 0;
	uint64_t called = now_ns(), deadline = called + timeout_ns, holder_ticket = 0;
	rl_local_pos pos;
	rl_local_enter_result entered;

	memset(h, 0, sizeof(*h));
	h->k = k;
	h->ttl = ttl;
	h->life_known = true;
	atomic_store(&G->used[k], 1);
	set_phase(me, PH_ENTER);
	entered = rl_local_enter(seg, key, key_len, &pos);
	for (;;) {
		jitter();
		if (entered == RL_LOCAL_NO_ROOM) {
			stat_add(ST_NO_ROOM);
			if (k != LONG_KEY) {
				fail("rl_local_enter: NO_ROOM for key %d (%zu bytes) with at most %d processes", k, key_len, MAXW);
			}
			set_phase(me, PH_TAKE);
			return take_alone(k, ttl, deadline, h);
		}
		if (entered == RL_LOCAL_GLOBAL) {
			uint64_t sent;
			set_phase(me, PH_TAKE);
			h->tok_len = new_token(h->tok);
			if (redis_take(k, token_number(h->tok, h->tok_len), ttl, deadline, &sent)) {
				jitter();
				set_phase(me, PH_OTHER);
				h->from = sent;
				if (rl_local_taken(seg, &pos, h->tok, h->tok_len, sent, ttl)) {
					held_locally(h, &pos, "global", ST_ACQ_GLOBAL);
				} else {
					fail("rl_local_taken() false: the slot no longer names a live global taker (key %d, slot %d)", k,
						pos.slot);
					h->slot = -1;
					h->how = "taken-unnamed";
				}
				return true;
			}
			jitter();
			set_phase(me, PH_OTHER);
			rl_local_not_taken(seg, &pos);
			stat_add(ST_NOT_TAKEN);
			return false;
		}

		/* queued behind the host's holder */
		rl_local_wait_result woken;
		for (;;) {
			uint64_t now = now_ns(), slice = (1 + rnd() % 50) * MS;
			uint64_t until = now >= deadline ? 0 : (deadline < now + slice ? deadline : now + slice);
			set_phase(me, PH_WAIT);
			woken = rl_local_wait(seg, &pos, until, token, &token_len, &holder_ticket);
			if (woken != RL_LOCAL_WAITING) {
				break;
			}
			if (pos.waiter < 0) {
				fail("rl_local_wait(): WAITING with our waiter record repaired away while we live (key %d, slot %d)",
					k, pos.slot);
				set_phase(me, PH_ENTER);
				entered = rl_local_enter(seg, key, key_len, &pos);
				break;
			}
			if (now_ns() >= deadline) {
				set_phase(me, PH_LEAVE);
				leave_queue(seg, k, &pos);
				stat_add(ST_TIMEOUT);
				return false;
			}
		}
		if (woken == RL_LOCAL_WAITING) {
			continue;
		}
		set_phase(me, PH_OTHER);
		if (now_ns() >= deadline) {
			give_back(seg, k, &pos, woken, token, token_len);
			stat_add(ST_GIVE_BACK);
			return false;
		}
		if (woken == RL_LOCAL_GO_GLOBAL) {
			stat_add(ST_GO_GLOBAL);
			entered = RL_LOCAL_GLOBAL;
			continue;
		}
		if (token_len == 0 || token_len > RL_LOCAL_TOKEN_MAX || token_number(token, token_len) == 0) {
			fail("rl_local_wait(): %s with a token that no process made (%zu bytes)",
				woken == RL_LOCAL_HANDED ? "HANDED" : "CHECK_KEY", token_len);
			leave_queue(seg, k, &pos);
			return false;
		}
		if (woken == RL_LOCAL_CHECK_KEY) {
			stat_add(ST_CHECK_KEY);
			jitter();
			bool still = redis_is(k, token_number(token, token_len));
			jitter();
			if (!still && rl_local_reclaim(seg, &pos, token, token_len, holder_ticket)) {
				stat_add(ST_RECLAIM);
				entered = RL_LOCAL_GLOBAL;
			}
			continue;
		}
		/* handed: inherit the lifetime the key carries, or refresh it under the token handed */
		uint64_t inherited_from;
		memcpy(h->tok, token, token_len);
		h->tok[token_len] = '\0';
		h->tok_len = token_len;
		uint64_t t0 = now_ns();
		if (rnd() % 4 != 0 && rl_local_inherit(seg, &pos, token, token_len, called, ttl, &inherited_from)) {
			/* the lifetime taken over began after our call, and still ran (by the rule) when the call began */
			if (inherited_from < called || believed_until(inherited_from, ttl) <= t0 || inherited_from + drift_ns(ttl) <= t0) {
				fail("rl_local_inherit(): took over a lifetime that %s (began %.1f ms after our call, believed until "
					"%.1f ms after the inherit began)", inherited_from < called ? "began before our call"
					: believed_until(inherited_from, ttl) <= t0 ? "had ended" : "began more than the allowance ago",
					((double)inherited_from - (double)called) / 1e6,
					((double)believed_until(inherited_from, ttl) - (double)t0) / 1e6);
			}
			h->from = inherited_from;
			held_locally(h, &pos, "inherit", ST_ACQ_INHERIT);
			return true;
		}
		bool refreshed;
		uint64_t sent;
		/* the lifetime the slot records is unknown until the refresh's answer (nobody inherits it meanwhile) */
		rl_local_set_lifetime(seg, pos.slot, pos.ticket, now_ns() + ANSWER_DUE_NS, 0);
		do {
			sent = now_ns();
			jitter();
			refreshed = redis_refresh(k, token_number(token, token_len), ttl);
		} while (refreshed && may_have_ended(sent, ttl));
		jitter();
		if (refreshed && rl_local_handed_ok(seg, &pos, sent, ttl)) {
			h->from = sent;
			held_locally(h, &pos, "refresh", ST_ACQ_REFRESH);
			return true;
		}
		stat_add(ST_HANDED_FAILED);
		if (rl_local_handed_failed(seg, &pos)) {
			entered = RL_LOCAL_GLOBAL;
		} else {
			set_phase(me, PH_ENTER);
			entered = rl_local_enter(seg, key, key_len, &pos);
		}
	}
}

static void hold_and_unlock(rl_local_seg *seg, int me, held *h)
{
	uint64_t until = believed_until(h->from, h->ttl), r;
	uint32_t tokn = token_number(h->tok, h->tok_len);
	char tb[RL_LOCAL_TOKEN_MAX + 1];
	size_t tl = 0;

	set_phase(me, PH_HOLD);
	believe_begin(me, h, until);
	r = rnd() % 100;
	if (g_jitter && r < 40) {
		usleep((useconds_t)(rnd() % 3000));
	} else if (g_jitter && r < 50) {
		usleep((useconds_t)(5000 + rnd() % 15000));
	} else if (g_jitter && r < 60) {
		uint64_t end = now_ns() + rnd() % (3 * MS);
		while (now_ns() < end) {
		}
	}
	if (g_jitter && rnd() % 10 == 0) {
		/* expire(): checked against the slot first, then a token-checked refresh, then the slot told */
		static const long long ttls[] = { 100, 200, 400 };
		long long ttl = ttls[rnd() % 3];
		if (h->slot < 0 || rl_local_is_holder(seg, h->slot, h->ticket, NULL, NULL)) {
			uint64_t sent;
			bool refreshed;
			if (h->slot >= 0) {
				/* unknown until the answer, due within ANSWER_DUE_NS */
				rl_local_set_lifetime(seg, h->slot, h->ticket, now_ns() + ANSWER_DUE_NS, 0);
			}
			sent = now_ns();
			jitter();
			refreshed = redis_refresh(h->k, tokn, ttl);
			if (refreshed && rnd() % 5 == 0) {
				/* the answer lost: the slot's lifetime stays unknown, we believe the old one, unlock() releases in Redis */
				h->life_known = false;
				stat_add(ST_EXPIRE_LOST);
			} else if (refreshed) {
				if (h->slot >= 0) {
					rl_local_set_lifetime(seg, h->slot, h->ticket, sent, ttl);
				}
				h->life_known = true;
				h->from = sent;
				h->ttl = ttl;
				until = believed_until(sent, ttl);
				atomic_store(&G->rec[me].until, until);
				stat_add(ST_EXPIRE);
			} else {
				/* not ours in Redis any more: as expire() false, the lock is forgotten */
				if (now_ns() < until) {
					fail("simulated Redis: key %d not our token %.20s while our believed lifetime runs (%s)", h->k,
						h->tok, h->how);
				}
				stat_add(ST_EXPIRE_FALSE);
				believe_end(me, h->k);
				if (h->slot >= 0) {
					rl_local_released(seg, h->slot, h->ticket, h->tok, h->tok_len);
				}
				return;
			}
		}
	}
	if (h->slot >= 0) {
		bool named = rl_local_is_holder(seg, h->slot, h->ticket, tb, &tl);
		uint64_t t1 = now_ns();
		if (named && (tl != h->tok_len || memcmp(tb, h->tok, tl) != 0)) {
			fail("rl_local_is_holder(): names us (key %d, slot %d) under another token (%.20s, ours %.20s)", h->k,
				h->slot, tb, h->tok);
		}
		if (!named) {
			if (t1 < until) {
				fail("rl_local_is_holder() false %.1f ms before our believed lifetime ends (key %d, slot %d, "
					"ticket %llu, %s)", (double)(until - t1) / 1e6, h->k, h->slot, (unsigned long long)h->ticket,
					h->how);
			} else {
				stat_add(ST_LOST_STALLED);
			}
		}
	}
	believe_end(me, h->k);
	set_phase(me, PH_UNLOCK);
	if (h->slot < 0) {
		redis_release(h->k, tokn);
		return;
	}
	switch (rl_local_unlock(seg, h->slot, h->ticket, h->life_known && !may_have_ended(h->from, h->ttl),
			ANSWER_DUE_NS)) {
		case RL_LOCAL_NOT_HOLDER:
			stat_add(ST_NOT_HOLDER);
			if (now_ns() < until) {
				fail("rl_local_unlock(): NOT_HOLDER while our believed lifetime runs (key %d, slot %d)", h->k,
					h->slot);
			}
			break;
		case RL_LOCAL_HANDED_ON:
			stat_add(ST_HANDED_ON);
			break;
		case RL_LOCAL_RELEASE_GLOBAL:
			stat_add(ST_RELEASE_GLOBAL);
			jitter();
			if (g_jitter && rnd() % 30 == 0) {
				stat_add(ST_FORGOT); /* forgotten without a release: the key ends with its lifetime */
			} else {
				redis_release(h->k, tokn);
			}
			jitter();
			rl_local_released(seg, h->slot, h->ticket, h->tok, h->tok_len);
			break;
	}
}

/* ---- the processes ---- */

static int pick_key(void)
{
	uint64_t r = rnd() % 100;
	if (r < 85) {
		return (int)(rnd() % HOT);
	}
	if (r < 99) {
		return HOT + (int)(rnd() % CHURN);
	}
	return LONG_KEY;
}

static void worker(int me, bool remote, uint64_t seed)
{
	static const long long ttls[] = { 100, 200, 400 };
	rl_local_seg *seg = g_seg, *own = NULL;
	const char *why = NULL;

	seed_rng(seed ^ (uint64_t)me << 40);
	atomic_store(&G->rec[me].pid, (int)getpid());
	if (!remote && rnd() % 2) {
		/* attached anew, as another PHP worker would: the same segment */
		if (!(own = rl_local_attach(g_identity, strlen(g_identity), &why))) {
			fail("rl_local_attach() in a worker: %s", why);
		} else {
			if (!rl_local_is_for(own, g_identity, strlen(g_identity)) || strcmp(rl_local_name(own), g_name) != 0) {
				fail("a worker's rl_local_attach() gave another segment (%s)", rl_local_name(own));
			}
			seg = own;
			stat_add(ST_REATTACH);
		}
	}
	while (!atomic_load(&G->stop)) {
		long long ttl = ttls[rnd() % 3];
		uint64_t timeout = rnd() % 10 == 0 ? rnd() % (20 * MS) : (20 + rnd() % 1000) * MS;
		held h;
		set_phase(me, PH_IDLE);
		if (remote) {
			memset(&h, 0, sizeof(h));
			h.k = (int)(rnd() % HOT);
			h.ttl = ttl;
			h.life_known = true;
			h.tok_len = new_token(h.tok);
			set_phase(me, PH_TAKE);
			if (redis_take(h.k, token_number(h.tok, h.tok_len), ttl, now_ns() + timeout, &h.from)) {
				h.slot = -1;
				h.how = "remote";
				stat_add(ST_ACQ_REMOTE);
				hold_and_unlock(seg, me, &h);
			}
			usleep((useconds_t)(rnd() % 3000));
			continue;
		}
		if (lock_local(seg, me, pick_key(), ttl, timeout, &h)) {
			hold_and_unlock(seg, me, &h);
		}
		/* the table's own invariants, now and then (in a worker: the supervisor never waits for the mutex) */
		const char *broken;
		if (rnd() % 16 == 0 && (broken = rl_local_check(seg))) {
			fail("the slot table: %s", broken);
		}
		if (rnd() % 4 == 0) {
			usleep((useconds_t)(rnd() % 1000));
		}
	}
	set_phase(me, PH_IDLE);
	rl_local_detach(own);
	exit(0);
}

/* The segment's header as rl_local.c lays it out, to read which process owns its mutex (for kills inside it). */
struct seg_head {
	uint64_t magic;
	uint32_t version;
	uint32_t size;
	uint64_t identity_hash;
	pthread_mutex_t mutex;
};
static const struct seg_head *g_head;

static int mutex_owner(void)
{
	if (!g_head) {
		return 0;
	}
	return (int)(__atomic_load_n(&g_head->mutex.__data.__lock, __ATOMIC_RELAXED) & 0x3fffffff);
}

typedef struct {
	pid_t pid;
	bool remote;
	uint64_t resume_at;       /* 0: running */
} child;

static child kids[MAXW];
static int nkids;
static uint64_t g_seed;

static void clear_records(int i)
{
	for (int k = 0; k < NKEYS; k++) {
		atomic_fetch_and(&G->believers[k], ~(1ull << i));
	}
	atomic_store(&G->rec[i].key, -1);
	atomic_store(&G->rec[i].pid, 0);
}

static void spawn(int i)
{
	pid_t pid;
	clear_records(i);
	fflush(NULL);
	if ((pid = fork()) < 0) {
		perror("fork");
		exit(2);
	}
	if (pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL); /* the supervisor gone (killed by a timeout): so are we */
		worker(i, kids[i].remote, g_seed + (uint64_t)atomic_load(&G->stats[ST_FORK]) * 7919);
	}
	kids[i].pid = pid;
	kids[i].resume_at = 0;
	atomic_store(&G->worker_pid[pid & ((1 << 22) - 1)], 1);
	stat_add(ST_FORK);
}

/* How a worker ended: false (a failure, printed) unless killed by us or exited 0 when told to stop. */
static bool judge_exit(int i, int status, bool killed)
{
	if (killed && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) {
		return true;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && atomic_load(&G->stop)) {
		return true;
	}
	if (WIFEXITED(status)) {
		fail("worker %d (pid %d) exited with status %d (a sanitizer report?)", i, (int)kids[i].pid,
			WEXITSTATUS(status));
	} else if (WIFSIGNALED(status)) {
		fail("worker %d (pid %d) died of signal %d", i, (int)kids[i].pid, WTERMSIG(status));
	}
	return false;
}

/* SIGKILLs worker i and reaps it (its slot in kids[] then free). */
static void kill_and_reap(int i)
{
	pid_t pid = kids[i].pid;
	siginfo_t si;
	int status;

	kill(pid, SIGKILL);
	/* a zombie now (not reaped: rl_local.c still deems it alive): its beliefs end here */
	memset(&si, 0, sizeof(si));
	while (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOWAIT) != 0 && errno == EINTR) {
	}
	clear_records(i);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
	}
	judge_exit(i, status, true);
	stat_add(ST_KILL);
}

static void kill_worker(int i)
{
	kill_and_reap(i);
	spawn(i);
}

static int random_kid(void)
{
	return (int)(rnd() % (uint64_t)nkids);
}

static int kid_of_pid(int pid)
{
	for (int i = 0; i < nkids; i++) {
		if (pid > 0 && kids[i].pid == pid) {
			return i;
		}
	}
	return -1;
}

/* A worker that believes it holds a lock (waiting up to 3 ms for one), running; -1: none. */
static int random_believer(void)
{
	uint64_t until = now_ns() + 3 * MS;
	do {
		int start = random_kid();
		for (int n = 0; n < nkids; n++) {
			int i = (start + n) % nkids;
			if (atomic_load(&G->rec[i].key) >= 0 && atomic_load(&G->rec[i].pid) == kids[i].pid && !kids[i].resume_at) {
				return i;
			}
		}
		sched_yield();
	} while (now_ns() < until);
	return -1;
}

static void stop_worker(int i, uint64_t for_ns)
{
	int stopped = 0;
	for (int j = 0; j < nkids; j++) {
		stopped += kids[j].resume_at != 0;
	}
	if (i < 0 || kids[i].resume_at || stopped >= nkids / 2) {
		return;
	}
	kill(kids[i].pid, SIGSTOP);
	kids[i].resume_at = now_ns() + for_ns;
	stat_add(ST_STOP);
	if (for_ns >= 100 * MS) {
		stat_add(ST_STOP_LONG);
	}
}

static void supervise_step(void)
{
	int status, i;
	pid_t pid;
	uint64_t now = now_ns(), r;

	while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
		if ((i = kid_of_pid(pid)) >= 0) {
			judge_exit(i, status, false);
			clear_records(i);
			spawn(i);
		}
	}
	for (i = 0; i < nkids; i++) {
		if (kids[i].resume_at && now >= kids[i].resume_at) {
			kill(kids[i].pid, SIGCONT);
			kids[i].resume_at = 0;
		}
	}
	r = rnd() % 1000;
	if (r < 12) {
		kill_worker(random_kid());
	} else if (r < 24) {
		/* inside the mutex: wait a little for an owner, kill it */
		uint64_t until = now_ns() + 2 * MS;
		while (now_ns() < until) {
			int owner = mutex_owner();
			if ((i = kid_of_pid(owner)) >= 0 && !kids[i].resume_at) {
				kill_worker(i);
				stat_add(ST_KILL_MUTEX);
				break;
			}
		}
	} else if (r < 36) {
		if ((i = random_believer()) >= 0) {
			kill_worker(i);
			stat_add(ST_KILL_BELIEVER);
		}
	} else if (r < 54) {
		stop_worker(random_kid(), (1 + rnd() % 20) * MS);
	} else if (r < 76) {
		/* past a lock's lifetime (100-400 ms), mostly a holder's */
		stop_worker(rnd() % 4 ? random_believer() : random_kid(), (100 + rnd() % 500) * MS);
	} else if (r < 84) {
		/* a queued waiter, past a lifetime: handed the lock while stopped, it finds the lifetime over */
		int start = random_kid();
		for (int n = 0; n < nkids; n++) {
			i = (start + n) % nkids;
			if (atomic_load(&G->rec[i].phase) == PH_WAIT && !kids[i].resume_at) {
				stop_worker(i, (100 + rnd() % 400) * MS);
				break;
			}
		}
	} else if (r < 88) {
		int owner = mutex_owner();
		if ((i = kid_of_pid(owner)) >= 0) {
			stop_worker(i, (1 + rnd() % 10) * MS);
		}
	}
}

/*
 * The slot table crowded, in one process before the workers start (the
 * workers use a handful of keys at a time, so keys rarely share a home):
 * up to 250 of 600 names held at once, taken and let go at random; every
 * held name must be found again (a second process's enter queues behind us:
 * here our own enter of a held name must say QUEUED, never GLOBAL, which
 * would mean a second slot for it), and rl_local_check() must hold after
 * every step. Leaves the table empty.
 */
#define TABLE_NAMES 600
static void crowd_table(rl_local_seg *seg, int steps)
{
	static rl_local_pos held_pos[TABLE_NAMES];
	static bool held_now[TABLE_NAMES];
	int nheld = 0, peak = 0;
	char key[64], tok[16];
	const char *broken;

	for (int step = 0; step < steps; step++) {
		int n = (int)(rnd() % TABLE_NAMES);
		size_t key_len = (size_t)snprintf(key, sizeof(key), "stress:table:%d", n);
		size_t tok_len = (size_t)snprintf(tok, sizeof(tok), "t%d", n);
		rl_local_pos pos;
		if (!held_now[n] && nheld < 250) {
			if (rl_local_enter(seg, key, key_len, &pos) != RL_LOCAL_GLOBAL
					|| !rl_local_taken(seg, &pos, tok, tok_len, now_ns(), 60000)) {
				fail("crowd_table: a free name %d (%d held) was not ours to take", n, nheld);
			}
			held_pos[n] = pos;
			held_now[n] = true;
			peak = ++nheld > peak ? nheld : peak;
		} else if (held_now[n] && rnd() % 2) {
			if (rl_local_enter(seg, key, key_len, &pos) != RL_LOCAL_QUEUED) {
				fail("crowd_table: held name %d not found (%d held): a second slot for it", n, nheld);
			}
			if (!rl_local_leave(seg, &pos)) {
				fail("crowd_table: could not leave the queue of name %d", n);
			}
		} else if (held_now[n]) {
			if (rl_local_unlock(seg, held_pos[n].slot, held_pos[n].ticket, false, 0) != RL_LOCAL_RELEASE_GLOBAL) {
				fail("crowd_table: held name %d: unlock() not a global release", n);
			}
			rl_local_released(seg, held_pos[n].slot, held_pos[n].ticket, tok, tok_len);
			held_now[n] = false;
			nheld--;
		}
		if ((broken = rl_local_check(seg))) {
			fail("crowd_table, step %d (%d held): %s", step, nheld, broken);
		}
	}
	for (int n = 0; n < TABLE_NAMES; n++) {
		if (held_now[n]) {
			size_t tok_len = (size_t)snprintf(tok, sizeof(tok), "t%d", n);
			rl_local_unlock(seg, held_pos[n].slot, held_pos[n].ticket, false, 0);
			rl_local_released(seg, held_pos[n].slot, held_pos[n].ticket, tok, tok_len);
			held_now[n] = false;
		}
	}
	int slots = -1, waiters = -1;
	rl_local_usage(seg, &slots, &waiters);
	if (slots != 0 || waiters != 0) {
		fail("crowd_table: %d slots and %d waiter records left in use", slots, waiters);
	}
	fprintf(stderr, "stress_local: crowded table: %d steps, up to %d names held at once\n", steps, peak);
}

/* The last process: every key used locked and unlocked once (the repairs on the way); then nothing may be left. */
static void drain(int me)
{
	int slots = -1, waiters = -1, not_locked = 0;
	const char *broken;

	seed_rng(g_seed ^ 0xd4a1);
	g_jitter = false;
	atomic_store(&G->rec[me].pid, (int)getpid());
	rl_local_usage(g_seg, &slots, &waiters);
	fprintf(stderr, "stress_local: left by the processes: %d slots, %d waiter records in use\n", slots, waiters);
	for (int k = 0; k < NKEYS; k++) {
		held h;
		if (!atomic_load(&G->used[k])) {
			continue;
		}
		if (lock_local(g_seg, me, k, 100, 5000 * MS, &h)) {
			hold_and_unlock(g_seg, me, &h);
		} else {
			not_locked++;
			fail("drain: key %d not locked within 5 s with no other process alive", k);
		}
	}
	if ((broken = rl_local_check(g_seg))) {
		fail("drain: the slot table: %s", broken);
	}
	rl_local_usage(g_seg, &slots, &waiters);
	if (slots != 0 || waiters != 0) {
		fail("drain: rl_local_usage() reports %d slots and %d waiter records in use once nobody holds or waits"
			" (the drain's pid %d %s a dead worker's; the supervisor's %d %s)", slots, waiters, (int)getpid(),
			atomic_load(&G->worker_pid[getpid() & ((1 << 22) - 1)]) ? "was" : "was not", (int)getppid(),
			atomic_load(&G->worker_pid[getppid() & ((1 << 22) - 1)]) ? "too" : "not");
	}
	fprintf(stderr, "stress_local: after the drain: %d slots, %d waiter records in use (%d keys not locked)\n", slots,
		waiters, not_locked);
	exit(0);
}

int main(int argc, char **argv)
{
	int seconds = argc > 1 ? atoi(argv[1]) : 15, workers = argc > 2 ? atoi(argv[2]) : 8;
	const char *why = NULL;
	uint64_t start, end;
	int status, fd, hung = 0, killed_at_end = 0;
	pid_t pid;

	g_seed = argc > 3 ? strtoull(argv[3], NULL, 10) : (uint64_t)time(NULL);
	if (seconds <= 0 || workers <= 0 || workers > MAXW - 2) {
		fprintf(stderr, "usage: stress_local [seconds] [workers (1..%d)] [seed]\n", MAXW - 2);
		return 2;
	}
	seed_rng(g_seed);
	base_ns = now_ns() - 1000 * MS; /* the simulated Redis's clock: ms since base, never 0 */
	G = mmap(NULL, sizeof(*G), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (G == MAP_FAILED) {
		perror("mmap");
		return 2;
	}
	for (int i = 0; i < MAXW; i++) {
		atomic_store(&G->rec[i].key, -1);
	}
	atomic_store(&G->next_token, 1);
	snprintf(g_identity, sizeof(g_identity), "stress-local/%d/%llu/%llu", (int)getpid(),
		(unsigned long long)now_ns(), (unsigned long long)rnd());
	if (!(g_seg = rl_local_attach(g_identity, strlen(g_identity), &why))) {
		fprintf(stderr, "stress_local: rl_local_attach(): %s\n", why);
		return 2;
	}
	snprintf(g_name, sizeof(g_name), "%s", rl_local_name(g_seg));
	crowd_table(g_seg, 20000);
	fprintf(stderr, "stress_local: segment %s, %d s, %d workers and a remote host, seed %llu\n", g_name, seconds,
		workers, (unsigned long long)g_seed);

	/* a read-only view of the segment's header: the mutex owner's tid (only if the layout is the one expected) */
	if ((fd = shm_open(g_name, O_RDONLY, 0)) >= 0) {
		struct stat st;
		void *p = fstat(fd, &st) == 0 ? mmap(NULL, sizeof(struct seg_head), PROT_READ, MAP_SHARED, fd, 0) : MAP_FAILED;
		close(fd);
		if (p != MAP_FAILED && ((struct seg_head *)p)->magic == 0x31434f4c4c52ull
				&& ((struct seg_head *)p)->size == (uint32_t)st.st_size) {
			g_head = p;
		} else {
			fprintf(stderr, "stress_local: note: the segment's header is not the layout expected: no kills aimed at the mutex owner\n");
		}
	}

	nkids = workers + 1;
	kids[workers].remote = true;
	for (int i = 0; i < nkids; i++) {
		spawn(i);
	}
	start = now_ns();
	end = start + (uint64_t)seconds * 1000 * MS;
	while (now_ns() < end) {
		usleep((useconds_t)(500 + rnd() % 3000));
		supervise_step();
	}

	/* the end: a few die at once, whatever they were doing (the drain repairs what they leave) */
	for (int i = 0; i < nkids; i++) {
		if (rnd() % 3 == 0) {
			kill_and_reap(i);
			kids[i].pid = 0;
			kids[i].resume_at = 0;
			killed_at_end++;
		}
	}
	/* the others: resumed, told to stop, given time to finish their lock() (deadlines are at most ~1 s) */
	atomic_store(&G->stop, 1);
	for (int i = 0; i < nkids; i++) {
		if (kids[i].pid > 0 && kids[i].resume_at) {
			kill(kids[i].pid, SIGCONT);
			kids[i].resume_at = 0;
		}
	}
	{
		uint64_t grace = now_ns() + 15000 * MS;
		int left = nkids - killed_at_end;
		while (left > 0 && now_ns() < grace) {
			while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
				int i = kid_of_pid(pid);
				if (i >= 0) {
					judge_exit(i, status, false);
					kids[i].pid = 0;
					left--;
				}
			}
			usleep(2000);
		}
		for (int i = 0; i < nkids; i++) {
			if (kids[i].pid > 0) {
				hung++;
				fail("worker %d (pid %d) still running 15 s after the stop (phase %s): a hang", i, (int)kids[i].pid,
					ph_names[atomic_load(&G->rec[i].phase)]);
				kill(kids[i].pid, SIGKILL);
				waitpid(kids[i].pid, &status, 0);
				clear_records(i);
				kids[i].pid = 0;
			}
		}
	}

	/* the drain, in a process of its own */
	fflush(NULL);
	if ((pid = fork()) == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		drain(MAXW - 1);
	}
	if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fail("the drain process ended badly (status 0x%x)", status);
	}

	rl_local_detach(g_seg);
	if (shm_unlink(g_name) != 0) {
		fail("shm_unlink(%s): %s", g_name, strerror(errno));
	}

	fprintf(stderr, "stress_local: stats:");
	for (int s = 0; s < ST_COUNT; s++) {
		fprintf(stderr, " %s=%llu", st_names[s], (unsigned long long)atomic_load(&G->stats[s]));
	}
	fprintf(stderr, "\n");
	{
		unsigned long long acq = 0;
		for (int s = ST_ACQ_GLOBAL; s <= ST_ACQ_REMOTE; s++) {
			acq += atomic_load(&G->stats[s]);
		}
		unsigned long long failures = atomic_load(&G->failures);
		printf("stress_local: %s: %d s, %d workers + remote, seed %llu: %llu acquisitions (%llu handed on, %llu "
			"inherited, %llu reclaimed), %llu kills (%llu in the mutex, %llu holders), %llu stops, %llu failures%s\n",
			failures ? "FAIL" : "OK", seconds, workers, (unsigned long long)g_seed, acq,
			(unsigned long long)atomic_load(&G->stats[ST_HANDED_ON]),
			(unsigned long long)atomic_load(&G->stats[ST_ACQ_INHERIT]),
			(unsigned long long)atomic_load(&G->stats[ST_RECLAIM]), (unsigned long long)atomic_load(&G->stats[ST_KILL]),
			(unsigned long long)atomic_load(&G->stats[ST_KILL_MUTEX]),
			(unsigned long long)atomic_load(&G->stats[ST_KILL_BELIEVER]),
			(unsigned long long)atomic_load(&G->stats[ST_STOP]), failures, hung ? " (hang)" : "");
		return failures ? 1 : 0;
	}
}
