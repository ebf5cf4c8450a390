/*
 * The local hand-over (model/local.md, checked by model/local.pml): the
 * processes of one host that lock the same keys on the same server share a
 * segment of shared memory, and pass a lock the host holds in Redis from one
 * to the next through it, instead of each waiting in Redis.
 *
 * This file is the shared state only: the segment, its robust mutex, the
 * slot of each key, the local waiters and their wake-ups, the repairs after a
 * process died. Every function is one step under the segment's mutex (the
 * "[M]" steps of local.md) or a wait; none talks to Redis: the caller does
 * the "(R)" steps between them. Plain C; Linux only (futexes, robust
 * process-shared mutexes): elsewhere rl_local_attach() says why not.
 */
#ifndef RL_LOCAL_H
#define RL_LOCAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Consecutive local hand-overs before the host releases the key in Redis (local.md's BOUND). */
#define RL_LOCAL_BOUND 16
/* A key or token longer than this is not shared: that lock takes the global protocol alone. */
#define RL_LOCAL_KEY_MAX 255
#define RL_LOCAL_TOKEN_MAX 63

typedef struct rl_local_seg rl_local_seg;

/*
 * Maps the segment named for identity (the server, database and prefix: any
 * bytes), creating it when none exists: "/redislock-v<version>-<euid>-<hash>",
 * mode 0600.
 * One that exists is used only if it is ours (owner, mode, size) and says so
 * (magic, version, identity); otherwise NULL, and *why says why (a constant).
 */
rl_local_seg *rl_local_attach(const char *identity, size_t identity_len, const char **why);
void rl_local_detach(rl_local_seg *seg);
/* Whether seg was attached for identity (a cache of segments compares this, not a hash). */
bool rl_local_is_for(const rl_local_seg *seg, const char *identity, size_t identity_len);
/* The segment's name (for tests and phpinfo()). */
const char *rl_local_name(const rl_local_seg *seg);

/* A process's place in a key's slot: which slot, its ticket there (unique per acquisition), its waiter record. */
typedef struct {
	int slot;
	int waiter;      /* -1: none */
	uint64_t ticket;
	uint64_t next_check_ns; /* a waiter's next look at who it waits behind */
} rl_local_pos;

typedef enum {
	RL_LOCAL_GLOBAL,  /* the slot names us the host's global taker: take the key in Redis (local.md, lock() 2) */
	RL_LOCAL_QUEUED,  /* queued behind the host's holder: wait (lock() 4) */
	RL_LOCAL_NO_ROOM  /* no slot or waiter record free, or the key too long: take the global protocol alone */
} rl_local_enter_result;

/* lock() 1: the host's slot of key, for the process pid. */
rl_local_enter_result rl_local_enter(rl_local_seg *seg, const char *key, size_t key_len, rl_local_pos *pos);

/*
 * lock() 2, taken: the slot names us holder under token; the key's lifetime,
 * ttl_ms from the write sent at from_ns (CLOCK_MONOTONIC: one clock for the
 * host). False when the slot did not name us global any more (it cannot,
 * while we live): the caller then holds the key alone, as another host would.
 */
bool rl_local_taken(rl_local_seg *seg, rl_local_pos *pos, const char *token, size_t token_len, uint64_t from_ns,
		long long ttl_ms);
/* lock() 2, not taken: global = none, and the first waiter, if any, is woken to take it. */
void rl_local_not_taken(rl_local_seg *seg, const rl_local_pos *pos);

typedef enum {
	RL_LOCAL_WAITING,     /* nothing yet (the time given ran out) */
	RL_LOCAL_HANDED,      /* the lock was handed to us under *token: refresh it there (lock() 5) */
	RL_LOCAL_GO_GLOBAL,   /* the slot names us the global taker (lock() 6) */
	RL_LOCAL_CHECK_KEY    /* the holder's lifetime is over by its clock: is the key still *token? */
} rl_local_wait_result;

/*
 * lock() 4: waits until woken or until_ns (0: only looks), repairing what dead processes left
 * on the way. HANDED and GO_GLOBAL free our waiter record; *token gets the
 * token handed (HANDED) or the one to check (CHECK_KEY), *holder_ticket the
 * holder it belongs to (for rl_local_reclaim()).
 */
rl_local_wait_result rl_local_wait(rl_local_seg *seg, rl_local_pos *pos, uint64_t until_ns, char *token,
		size_t *token_len, uint64_t *holder_ticket);
/*
 * lock() 4, out of time: leaves the queue if still in it (true). False: woken
 * meanwhile; rl_local_wait() with until_ns 0 says how.
 */
bool rl_local_leave(rl_local_seg *seg, rl_local_pos *pos);
/*
 * The key was not the holder's token any more (CHECK_KEY): if the slot still
 * names that holder under that token, it is cleared and we become the global
 * taker (true); either way we are out of the queue only when true.
 */
bool rl_local_reclaim(rl_local_seg *seg, rl_local_pos *pos, const char *token, size_t token_len,
		uint64_t holder_ticket);

/* lock() 5, refreshed: we believe; the key's lifetime is ttl_ms from from_ns. False if the slot named us holder no more. */
bool rl_local_handed_ok(rl_local_seg *seg, const rl_local_pos *pos, uint64_t from_ns, long long ttl_ms);
/*
 * lock() 5', the cheaper rule (model/local.md, "Inheriting the lifetime"):
 * handed the lock under token, we may take over the lifetime the key carries
 * instead of refreshing it, when the slot still names us holder under token,
 * that lifetime is ttl_ms long (what we asked for), began no earlier than
 * not_before_ns (our lock() call: the key cannot end before the time we asked
 * for, nor last longer than our $expire from now), and still runs by the
 * clock less the drift allowance (ttl_ms / 100 + 2 ms). *from_ns: when it began.
 */
bool rl_local_inherit(rl_local_seg *seg, const rl_local_pos *pos, const char *token, size_t token_len,
		uint64_t not_before_ns, long long ttl_ms, uint64_t *from_ns);
/* lock() 5, the key was not the token handed: if the slot names us holder, we become the global taker (true). */
bool rl_local_handed_failed(rl_local_seg *seg, const rl_local_pos *pos);

/* Whether the slot names (slot, ticket) holder; *token its token, if asked. */
bool rl_local_is_holder(rl_local_seg *seg, int slot, uint64_t ticket, char *token, size_t *token_len);
/*
 * expire(), a re-lock, a handed waiter's refresh: the holder's key now lasts
 * ttl_ms from from_ns (waiters look at the key after it). ttl_ms 0: unknown
 * until the answer of a write in flight (nobody inherits it), and from_ns is
 * when that answer is due at the latest: the waiters look at the key only
 * after it, so that a holder busy with a write is not overtaken by a waiter
 * that read the key before the write landed.
 */
void rl_local_set_lifetime(rl_local_seg *seg, int slot, uint64_t ticket, uint64_t from_ns, long long ttl_ms);

typedef enum {
	RL_LOCAL_NOT_HOLDER,     /* unlock() 1: not named holder: false, nothing else */
	RL_LOCAL_HANDED_ON,      /* handed to the first local waiter: the key stays held */
	RL_LOCAL_RELEASE_GLOBAL  /* release the key in Redis, then rl_local_released() */
} rl_local_unlock_result;

/*
 * unlock() 1. may_hand: our lifetime is surely not over (else the release must
 * ask Redis). RELEASE_GLOBAL records the lifetime unknown, its answer due
 * within answer_within_ns from now (rl_local_set_lifetime()): the caller's
 * release is in flight.
 */
rl_local_unlock_result rl_local_unlock(rl_local_seg *seg, int slot, uint64_t ticket, bool may_hand,
		uint64_t answer_within_ns);
/*
 * unlock() 2, after the release in Redis: only if the slot still names us
 * under token, it is cleared (and the first waiter woken to take the key in
 * Redis). Also for a holder that forgets the lock without a release (the key
 * was found not ours): the key, if still held, ends with its lifetime.
 */
void rl_local_released(rl_local_seg *seg, int slot, uint64_t ticket, const char *token, size_t token_len);

/* For tests: how many slots and waiter records are in use. */
void rl_local_usage(rl_local_seg *seg, int *slots, int *waiters);
/*
 * For tests (the stress harness): NULL when the slot table keeps its
 * invariants (no key in two slots, every slot within the reach of its home,
 * the reach not past the farthest slot once it is long enough to recount);
 * otherwise which not.
 */
const char *rl_local_check(rl_local_seg *seg);

#endif /* RL_LOCAL_H */
