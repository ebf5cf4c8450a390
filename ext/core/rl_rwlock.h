/*
 * The read/write lock on one connection, in plain C: the client's side of
 * model/rwlock.md (the scripts are ext/core/lua/rw_*.lua). A writer holds the
 * lock key itself, as the exclusive lock does (so lock() and a writer exclude
 * each other); readers are members of a reader set with lifetimes on the
 * server's clock, and while any reads the key holds the marker
 * RL_RW_READERS_MARK. Waiting is the lock's: a FIFO queue whose entries have
 * a kind, readers at its head granted as a batch, a writer never passed by
 * readers that came after it.
 *
 * A ref's rw field says which side a call is for: RL_RW_READ or RL_RW_WRITE.
 */
#ifndef RL_RWLOCK_H
#define RL_RWLOCK_H

#include "rl_lock.h"

#define RL_RW_READ 'r'
#define RL_RW_WRITE 'w'
/* What the lock key holds while anyone reads; never a token (no owner may start with its first byte). */
#define RL_RW_READERS_MARK "*r"
#define RL_RW_READERS_MARK_LEN 2

/*
 * The first byte of every read/write lock token (the part after the owner
 * and its space, if any; a reader's too, which the key holds once the reader
 * is promoted): a value read from the key says whether a writer of the
 * read/write lock or lock() holds it, so a release from outside (unlock()
 * given the owner, forceUnlock()) serves the right queue.
 */
#define RL_RW_WRITER_MARK 'W'

/* Whether value (the key's, len bytes) is a writer's of the read/write lock. */
bool rl_rw_value_is_writer(const char *value, size_t len);

/* Whether value is the readers' marker: readers hold the lock. */
bool rl_rw_value_is_readers(const char *value, size_t len);

/* A reader's take without waiting ("rw wait" try): nobody queued and no writer. One round trip. */
rl_status rl_rw_try_read(rl_conn *conn, const rl_lock_ref *lock, long long ttl_ms, bool *acquired, rl_error *err);

/*
 * One wait step on the read/write queue, as rl_lock_wait(): [rw wait][BRPOPLPUSH
 * wake served block_ms] in one round trip, or the leave alone; grants to others
 * the call made are checked and settled before this returns. keys are
 * rl_wait_keys_init_rw()'s with lock->token as member. step->answer is
 * RL_WAIT_OWNED, RL_LOCK_OWNED_EARLIER, 0 or -n (the head).
 */
rl_status rl_rw_wait(rl_conn *conn, const rl_lock_ref *lock, const rl_wait_keys *keys, long long ttl_ms,
		rl_wait_mode mode, bool requeue, long long block_ms, rl_lock_step *step, rl_error *err);

/*
 * Releases what lock->token holds and serves the queue (its grants checked).
 * *released: it was ours. This call, rl_rw_extend() and rl_rw_remaining()
 * act on the side the token holds on the server, whatever lock->rw says: a
 * token holds one side at most, and a client that lost the answer of a
 * promotion or a demotion must still find (and release) its hold.
 */
rl_status rl_rw_release(rl_conn *conn, const rl_lock_ref *lock, bool *released, rl_error *err);

/* A new lifetime of ttl_ms from now for what the token holds (a cut tells the queue's head). */
rl_status rl_rw_extend(rl_conn *conn, const rl_lock_ref *lock, long long ttl_ms, bool *extended, rl_error *err);

/* The remaining lifetime (ms, >= 0) of what the token holds, else -1. Read-only. */
rl_status rl_rw_remaining(rl_conn *conn, const rl_lock_ref *lock, long long *left_ms, rl_error *err);

/* rl_rw_promote()'s outcome. */
typedef enum {
	RL_RW_NOT_HELD = 0,  /* the caller does not read (its lifetime ended): nothing changed */
	RL_RW_PROMOTED = 1,  /* now the writer, in one step, for ttl_ms */
	RL_RW_REFUSED = 2    /* others read (or a writer holds): nothing changed, the caller still reads */
} rl_rw_promotion;

/* A reader becomes the writer, if it is the only reader (lock->token, lock->rw ignored). */
rl_status rl_rw_promote(rl_conn *conn, const rl_lock_ref *lock, long long ttl_ms, rl_rw_promotion *outcome,
		rl_error *err);

/*
 * The writer becomes a reader for ttl_ms, in one step (the key is never free
 * in between), and the readers at the queue's head join it (checked as after
 * a release). *demoted: it was the writer.
 */
rl_status rl_rw_demote(rl_conn *conn, const rl_lock_ref *lock, long long ttl_ms, bool *demoted, rl_error *err);

#endif /* RL_RWLOCK_H */
