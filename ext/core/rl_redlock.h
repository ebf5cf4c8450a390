/*
 * A lock over several independent Redis masters (Redlock), in plain C. It
 * counts only when a quorum (N/2 + 1) of masters granted it within its
 * validity: lifetime - time spent acquiring (monotonic clock) - drift
 * (lifetime / 100 + 2 ms). Every step goes to all masters at once
 * (rl_fanout.h), so it costs about one round trip whatever N is. The keys on
 * each master are those of the single-server lock (prefix . name = token,
 * PX lifetime); waiting uses a wake list per lock on each master
 * (ext/core/lua/redlock_*.lua, ext/core/lua/README.md).
 */
#ifndef RL_REDLOCK_H
#define RL_REDLOCK_H

#include "rl_conn.h"
#include "rl_lock.h"

/*
 * The masters of one call, as the caller (the PHP glue) provides them:
 * usable connections to the masters in only[] (all when NULL), reused or
 * opened all at once (rl_conn_open_pipelined_many(): the connects run in
 * parallel and the handshakes go out with the first commands), conns[i] NULL
 * with statuses[i]/errs[i] for one that cannot be reached; and the
 * discarding of a connection that broke during a step.
 */
typedef struct rl_redlock_masters rl_redlock_masters;
struct rl_redlock_masters {
	size_t n;
	void (*conns)(rl_redlock_masters *masters, const bool *only, rl_conn **conns, rl_status *statuses,
		rl_error *errs);
	void (*discard)(rl_redlock_masters *masters, size_t i);
};

/* N/2 + 1. */
size_t rl_redlock_quorum(size_t n);

/* The validity left (ms) of a lock of ttl_ms whose acquisition took elapsed_ns: ttl - elapsed - drift. */
long long rl_redlock_validity_ms(long long ttl_ms, unsigned long long elapsed_ns);

/*
 * How long one master may take to answer an acquire: its read timeout, but
 * never more than a tenth of the lifetime, so a slow master cannot eat the
 * validity of a lock the others granted. In seconds (0: none).
 */
double rl_redlock_acquire_budget(long long ttl_ms, double read_timeout);

/*
 * One attempt: SET NX PX on every master at once (with waiting, the acquire
 * script, which also marks the lock as waited for where it is held; with
 * the fencing option, the take counts a fence: rl_redlock_fence()).
 * *acquired when a quorum said yes and the validity (*validity_ms) is still
 * positive. Otherwise the token is deleted wherever it may have landed (also
 * on masters that did not answer in time). A master past its budget counts
 * as a "no". *block_ms (waiting only): how long until a quorum of masters
 * could be free by the holders' lifetimes (-1: unknown). RL_ERR_QUORUM when
 * fewer than a quorum of masters could be reached at all (refused, lost, an
 * error reply): err names each failure.
 */
rl_status rl_redlock_acquire(rl_redlock_masters *masters, const rl_lock_ref *lock, long long ttl_ms,
		double budget_s, bool waiting, bool *acquired, long long *validity_ms, long long *block_ms,
		long long *fence, rl_error *err);

/*
 * PEXPIRE on every master that still holds the token. *extended when a
 * quorum did and the new validity (*validity_ms, from this call's start) is
 * positive.
 */
rl_status rl_redlock_extend(rl_redlock_masters *masters, const rl_lock_ref *lock, long long ttl_ms, bool *extended,
		long long *validity_ms, rl_error *err);

/*
 * The fencing option (lock->fenced; README "Fences"): every master that
 * grants an acquire counts a fence on the lock's counter there, and
 * rl_redlock_acquire() answers the greatest of them in *fence (0 when not
 * acquired). That number is the lock's fence only once this call confirmed
 * it: on every master that still holds the token, the counter is raised to
 * at least fence. *confirmed when a quorum did. Any later acquisition's
 * quorum then includes one of those masters, whose counter gives it a
 * greater fence (model/redlock.pml, FENCE). Not confirmed: the lock is lost.
 */
rl_status rl_redlock_fence(rl_redlock_masters *masters, const rl_lock_ref *lock, long long fence, bool *confirmed,
		rl_error *err);

/* Whether a quorum of masters still hold the token. */
rl_status rl_redlock_is_owner(rl_redlock_masters *masters, const rl_lock_ref *lock, bool *owned, rl_error *err);

/*
 * Deletes n locks on every master (each only where it holds its token), all
 * in one parallel pass. released[i]: a quorum still held lock i. settled[i]:
 * a quorum answered for it (otherwise RL_ERR_QUORUM is returned and the
 * caller should try again later).
 */
rl_status rl_redlock_release_many(rl_redlock_masters *masters, size_t n, const rl_lock_ref *locks, bool *released,
		bool *settled, rl_error *err);

/*
 * Blocks on the lock's wake list on every master at once for up to block_ms:
 * returns when a release left a note on one of them (the others get a moment
 * to deliver theirs, then a connection still blocked is dropped) or when the
 * block ended. *notes: how many masters woke the caller (0: the block ended).
 */
rl_status rl_redlock_block(rl_redlock_masters *masters, const rl_lock_ref *lock, long long block_ms, size_t *notes,
		rl_error *err);

/* The most a waiter blocks before it looks again (the holders' lifetimes aside). */
#define RL_REDLOCK_BLOCK_MAX_MS 5000

#endif /* RL_REDLOCK_H */
