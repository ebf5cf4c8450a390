/*
 * The lock protocol on one connection, in plain C. A lock is the key
 * prefix.name holding a random token, written with SET NX PX; every later
 * operation checks the token on the server, so no client can touch a lock it
 * does not own.
 */
#ifndef RL_LOCK_H
#define RL_LOCK_H

#include "rl_conn.h"
#include "rl_wait.h"

/* One held lock: its key (prefix . name; the prefix names its wait keys) and token. */
typedef struct {
	const char *prefix;
	size_t prefix_len;
	const char *key;
	size_t key_len;
	const char *token;
	size_t token_len;
	/* 0: the exclusive lock; RL_RW_READ or RL_RW_WRITE: a side of the read/write lock (rl_rwlock.h) */
	char rw;
	/*
	 * The exclusive lock taken with a fence (the fencing option): its take and its
	 * queue entry count one on the fence counter (ext/core/lua/README.md, "Fences")
	 */
	bool fenced;
} rl_lock_ref;

/*
 * The lock's two plain commands, for one server and for a fan-out alike:
 * SET key token NX PX ttl_ms [GET], and GET key (the owner check). The
 * command points into lock and ttl_ms, which must outlive it.
 */
void rl_lock_set_nx_command(rl_command *cmd, const rl_lock_ref *lock, const char *ttl_ms, bool with_get);
void rl_lock_get_command(rl_command *cmd, const rl_lock_ref *lock);

/*
 * Owners. A lock taken under an owner the caller names holds the value
 * "<owner> <nonce>": the nonce (RL_LOCK_NONCE_LEN hex) tells apart two calls
 * of one owner (two processes restoring one owner's lock, one waiting while
 * the other holds: the wait queue knows a waiter by the value it will hold,
 * and two waiters must never share one). A lock taken without an owner holds
 * its token alone (32 hex, no space): its owner is that token. An owner is
 * 1 to RL_LOCK_OWNER_MAX bytes of printable ASCII without the space, so the
 * first space of a value ends its owner, and never starts with
 * RL_LOCK_OWNER_NOT_FIRST, the first byte of the read/write lock's readers'
 * marker (rl_rwlock.h): no owner's call can take the marker for its lock.
 */
#define RL_LOCK_OWNER_MAX 64
#define RL_LOCK_OWNER_NOT_FIRST '*'
#define RL_LOCK_NONCE_LEN 32
#define RL_LOCK_VALUE_MAX (RL_LOCK_OWNER_MAX + 1 + RL_LOCK_NONCE_LEN)
/*
 * The first byte of the token of a lock taken through the local hand-over
 * (php_redislock_lock_local.c): such a lock is handed on inside its host
 * under that token, so only its holder may release or extend it in Redis.
 */
#define RL_LOCK_LOCAL_MARK 'L'

/* Whether owner (len bytes) is a valid owner: 1..RL_LOCK_OWNER_MAX bytes, each 0x21..0x7e, not starting with '*'. */
bool rl_lock_owner_valid(const char *owner, size_t len);

/* The length of the owner part of a lock's value: up to its first space, else all of it. */
size_t rl_lock_value_owner_len(const char *value, size_t len);

/* Whether the lock's value is held by owner: its owner part is owner. */
bool rl_lock_value_has_owner(const char *value, size_t len, const char *owner, size_t owner_len);

/* Whether the value is the token of a lock taken through the local hand-over (RL_LOCK_LOCAL_MARK). */
bool rl_lock_value_is_local(const char *value, size_t len);

/*
 * GET key: the value the lock holds, its first cap bytes copied into value;
 * *len its whole length, -1 when nobody holds the lock.
 */
rl_status rl_lock_read(rl_conn *conn, const rl_lock_ref *lock, char *value, size_t cap, long long *len, rl_error *err);

/* SET key token NX PX ttl_ms. *acquired tells whether the key was free. */
rl_status rl_lock_try_acquire(rl_conn *conn, const rl_lock_ref *lock, long long ttl_ms, bool *acquired, rl_error *err);

/* PEXPIRE key ttl_ms if the key still holds the token; a lifetime cut below the key's PTTL tells the queue's head. */
rl_status rl_lock_extend(rl_conn *conn, const rl_lock_ref *lock, long long ttl_ms, bool *extended, rl_error *err);

/* Whether the key still holds the token. */
rl_status rl_lock_is_owner(rl_conn *conn, const rl_lock_ref *lock, bool *owned, rl_error *err);

/* The lock's remaining lifetime (ms, >= 0) if the key still holds the token, else -1. */
rl_status rl_lock_remaining(rl_conn *conn, const rl_lock_ref *lock, long long *left_ms, rl_error *err);

/*
 * The fencing option's take (lock->fenced): SET NX PX and the fence counter
 * counted in one script call. *fence: the new fence, 0 when the lock was held.
 */
rl_status rl_lock_take_fenced(rl_conn *conn, const rl_lock_ref *lock, long long ttl_ms, long long *fence,
		rl_error *err);

/*
 * The fence of the lock held under lock->token, read from the counter while
 * the lock holds the token (a lock taken by waiting: the call that gave it to
 * us counted it). *fence: 0 when the lock is not ours any more. When it is
 * but the counter is gone: RL_ERR_SERVER (no fence of it can be trusted).
 */
rl_status rl_lock_fence(rl_conn *conn, const rl_lock_ref *lock, long long *fence, rl_error *err);

/* "lock wait", "lock release" and "lock handed" answer this when their call granted the lock to a waiter. */
#define RL_LOCK_GRANTED 2
/*
 * The most grants one hand-over undoes in a row ("lock handed", one round trip
 * each, one waiter that was not blocked dropped each time): past that, the
 * last grant is left to its lifetime, which the new head watches. A server
 * cannot keep a release going for ever.
 */
#define RL_LOCK_SETTLE_ROUNDS 64

/* "lock wait": owned by a grant made before this call (its lifetime began after our previous call). */
#define RL_LOCK_OWNED_EARLIER 3

/* The note a grant of lock's holder puts on its grantee's wake list: "g" and the token (malloc'd; NULL: no memory). */
char *rl_lock_grant_note(const rl_lock_ref *lock, size_t *len);

/* What a waiter's block took from its wake list (ext/core/lua/README.md). */
typedef enum {
	RL_LOCK_NOTE_NONE,  /* nothing: it timed out */
	RL_LOCK_NOTE_GRANT, /* "g": the lock is ours, for our whole lifetime, from this step's write on */
	RL_LOCK_NOTE_LOOK,  /* "h<ms>": look again, and block at most look_ms next */
	RL_LOCK_NOTE_OUT,   /* "x": a grant to us was undone (we were not blocked): queue again at the head */
	RL_LOCK_NOTE_OTHER  /* "o" (the call before owned) or another: nothing to act on */
} rl_lock_note;

typedef struct {
	long long answer;  /* the script's: RL_WAIT_OWNED, RL_LOCK_OWNED_EARLIER, RL_LOCK_GRANTED, 0, or -n (the head) */
	rl_lock_note note; /* what the block behind it took */
	long long look_ms;
	/*
	 * The script ran and answered (not NOSCRIPT, an error reply or a failed
	 * round trip). A grant the block took came after a script that ran (the
	 * script would have taken an earlier one), but only after the latest
	 * script that ran when this one did not.
	 */
	bool ran;
} rl_lock_step;

/* The note a block took (reply: BRPOPLPUSH's, NULL or nil for none), into step->note and step->look_ms. */
void rl_lock_read_note(const redisReply *reply, rl_lock_step *step);

/*
 * How a wait step reads its script's answer: *answer the waiter's (RL_WAIT_OWNED,
 * RL_LOCK_OWNED_EARLIER, 0 or -n), *grants how many grants to others the call
 * made (the caller checks them).
 */
typedef rl_status (*rl_lock_step_decode)(rl_conn *conn, const rl_script *script, const redisReply *reply,
		long long *answer, long long *grants, rl_error *err);

/*
 * The round trip of a wait step, for the lock and the read/write lock alike:
 * [script][BRPOPLPUSH keys->wake keys->terms block_ms] in one write (the
 * script by EVAL until the connection saw it run, again by EVAL after
 * NOSCRIPT unless the block took a note), both replies read before either is
 * judged, the read timeout stretched for the block. step's note, answer and
 * ran are set; the caller checks *grants.
 */
rl_status rl_lock_wait_round(rl_conn *conn, const rl_script *script, int nkeys, int nargs, const char **args,
		const size_t *lens, const rl_wait_keys *keys, long long block_ms, rl_lock_step_decode decode,
		rl_lock_step *step, long long *grants, rl_error *err);

/*
 * One wait step on the lock's queue (ext/core/lua/lock_wait.lua):
 * [lock wait][BRPOPLPUSH wake served block_ms] in one round trip, or the
 * leave alone. requeue: the step before took "x" (a visit puts us back at the
 * head). A call of ours that granted the lock to another waiter is checked and
 * settled before this returns. keys are lock->key's wait keys, with
 * lock->token as member.
 */
rl_status rl_lock_wait(rl_conn *conn, const rl_lock_ref *lock, const rl_wait_keys *keys, long long ttl_ms,
		rl_wait_mode mode, bool requeue, long long block_ms, rl_lock_step *step, rl_error *err);

/*
 * Deletes each key that still holds its token, n locks in one round trip,
 * handing each to its first waiter (each grant then checked); released[i] tells which were ours.
 */
rl_status rl_lock_release_many(rl_conn *conn, size_t n, const rl_lock_ref *locks, bool *released, rl_error *err);

/*
 * Releases one lock the caller took without waiting (ext/core/lua/lock_release_free.lua):
 * a compare-and-delete when nobody is queued, in one round trip with two keys and the
 * token; when someone is, rl_lock_release_handing() follows.
 */
rl_status rl_lock_release(rl_conn *conn, const rl_lock_ref *lock, bool *released, rl_error *err);

/*
 * Releases one lock and hands it to the first waiter (ext/core/lua/lock_release.lua):
 * [lock release][LREM served] in one round trip, the second the grant's check;
 * a grant not taken (its grantee was not blocked) is settled with "lock handed".
 * For the unlock of a lock the caller waited for: others are likely queued.
 */
rl_status rl_lock_release_handing(rl_conn *conn, const rl_lock_ref *lock, bool *released, rl_error *err);

#endif /* RL_LOCK_H */
