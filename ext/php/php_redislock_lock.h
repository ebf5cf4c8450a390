/*
 * RedisLock's object and its record of each name it holds, shared by the
 * class (php_redislock_lock.c) and its paths over several masters
 * (php_redislock_lock_multi.c). Private to those two files.
 */
#ifndef PHP_REDISLOCK_LOCK_H
#define PHP_REDISLOCK_LOCK_H

#include "php_redislock.h"
#include "php_redislock_client.h"
#include "php_redislock_registry.h"
#include "rl_lock.h"
#include "rl_rwlock.h"
#include "rl_local.h"
#include "php_redislock_wait.h"

/*
 * What this object knows of one name it holds (or may hold): everything a
 * later call, unlockAll() and the request end need, so that forgetting a
 * name is one delete.
 */
typedef struct {
	zend_string *token;
	bool waited; /* taken after waiting in its queue: unlock() watches the hand-over (others are likely queued) */
	/*
	 * lock() was refused for want of replicas (min_replicas) and undone: not
	 * held, as far as the user is told, but a failover can bring the key back
	 * on the new master (the undo went to the old one). Kept so that the next
	 * lock() of the name, unlockAll() and the request end delete it wherever
	 * it lives by then.
	 */
	bool refused;
	uint64_t valid_until_ns; /* several masters: when its validity ends (php_redislock_now_ns()); 0: unknown */
	/* several masters: remaining() found the validity over; the record stays (no round trip), counted lost once */
	bool lost_counted;
	/*
	 * The local hand-over (php_redislock_lock_local.c): the host holds the key
	 * under token, and this process believes only while the segment's slot
	 * names local_ticket holder. NULL: the global protocol alone.
	 */
	rl_local_seg *local_seg;
	int local_slot;
	uint64_t local_ticket;
	uint64_t life_from_ns;   /* local: the earliest our lifetime may have begun (the client's clock) */
	long long life_ms;       /* local: that lifetime */
	/* lock($releaseAtRequestEnd = false): forgotten, never released, at the request's end and the object's destruction */
	bool keep;
	/* a lock taken under an owner the caller named: its name (owned's keys join owner and name); NULL otherwise */
	zend_string *name;
	/* 0: lock()'s; RL_RW_READ / RL_RW_WRITE: lockRead()'s / lockWrite()'s (rl_rwlock.h) */
	char rw;
	/* the fencing option: this acquisition's fence; 0: not known yet (taken by waiting: fence() reads it) */
	long long fence;
	/* several masters with the fencing option: the greatest fence the take counted, which fence() confirms */
	long long fence_counted;
} held_lock;

typedef struct {
	php_redislock_client client;
	php_redislock_holder holder;
	HashTable held; /* name => held_lock: what this object holds, as far as it knows */
	/*
	 * owner "\0" name => held_lock: what it holds under owners the caller named
	 * (an owner has no NUL byte: the first one ends it). Apart from held, so
	 * that a name of any bytes and an owner's lock never share a key.
	 */
	HashTable owned;
	zend_object std;
} redislock_lock_object;

static inline held_lock *held_find(redislock_lock_object *lock, zend_string *name)
{
	return zend_hash_find_ptr(&lock->held, name);
}

/* A record of a lock held under token, nothing else known yet. */
static inline held_lock *held_new(const char *token, size_t token_len)
{
	held_lock *held = emalloc(sizeof(*held));
	held->token = zend_string_init(token, token_len, 0);
	held->waited = false;
	held->refused = false;
	held->valid_until_ns = 0;
	held->lost_counted = false;
	held->local_seg = NULL;
	held->local_slot = -1;
	held->local_ticket = 0;
	held->life_from_ns = 0;
	held->life_ms = 0;
	held->keep = false;
	held->name = NULL;
	held->rw = 0;
	held->fence = 0;
	held->fence_counted = 0;
	return held;
}

/* Records name as held under token, nothing else known yet; replaces any record of it. */
static inline held_lock *held_put(redislock_lock_object *lock, zend_string *name, const char *token, size_t token_len)
{
	return zend_hash_update_ptr(&lock->held, name, held_new(token, token_len));
}

/*
 * Where a lock's record lives: held under its name, or owned under owner
 * "\0" name. The same calls serve both.
 */
typedef struct {
	HashTable *table;
	zend_string *key;
	zend_string *name;
	zend_string *owner; /* NULL: the object's own lock */
} held_place;

static inline void held_place_init(held_place *place, redislock_lock_object *lock, zend_string *name, zend_string *owner)
{
	place->name = name;
	place->owner = owner;
	if (owner) {
		place->table = &lock->owned;
		place->key = zend_string_concat3(ZSTR_VAL(owner), ZSTR_LEN(owner), "", 1, ZSTR_VAL(name), ZSTR_LEN(name));
	} else {
		place->table = &lock->held;
		place->key = zend_string_copy(name);
	}
}

static inline void held_place_destroy(held_place *place)
{
	zend_string_release(place->key);
}

static inline held_lock *place_find(const held_place *place)
{
	return zend_hash_find_ptr(place->table, place->key);
}

static inline held_lock *place_put(const held_place *place, const char *token, size_t token_len)
{
	held_lock *held = held_new(token, token_len);
	if (place->owner) {
		held->name = zend_string_copy(place->name);
	}
	return zend_hash_update_ptr(place->table, place->key, held);
}

static inline void place_forget(const held_place *place)
{
	zend_hash_del(place->table, place->key);
}

static inline void held_forget(redislock_lock_object *lock, zend_string *name)
{
	zend_hash_del(&lock->held, name);
}

/* Several masters: the lock's validity ends validity_ms from now (the client's clock: monotonic). */
static inline void validity_set(held_lock *held, long long validity_ms)
{
	held->valid_until_ns = php_redislock_now_ns() + (uint64_t)validity_ms * 1000000u;
}

/* Several masters: the validity left, in ns (0 when it ran out or is unknown). */
static inline uint64_t validity_left_ns(const held_lock *held)
{
	uint64_t now = php_redislock_now_ns();
	return held->valid_until_ns > now ? held->valid_until_ns - now : 0;
}

/* The C layer's view of a lock of this object's: prefix, key (prefix . name, which the caller releases), token. */
static inline zend_string *make_ref(redislock_lock_object *lock, zend_string *name, const char *token, size_t token_len,
		rl_lock_ref *ref)
{
	zend_string *key = php_redislock_client_key(&lock->client, name);
	ref->prefix = ZSTR_VAL(lock->client.prefix);
	ref->prefix_len = ZSTR_LEN(lock->client.prefix);
	ref->key = ZSTR_VAL(key);
	ref->key_len = ZSTR_LEN(key);
	ref->token = token;
	ref->token_len = token_len;
	ref->rw = 0;
	ref->fenced = false;
	return key;
}

/*
 * Local hand-over: when the answer of a write sent now is due at the latest
 * (a reconnect and a read, each bounded by the client's timeouts; 2 s stands
 * for one that is not bounded). Until then the slot's waiters leave the key
 * alone: its holder is busy with it (rl_local_set_lifetime()). At most
 * LOCAL_ANSWER_DUE_MAX_S: a holder stopped in the middle of a write with
 * long timeouts must not keep its waiters from looking for longer than that
 * (looking early only costs the order of the queue, never its safety).
 */
#define LOCAL_ANSWER_DUE_MAX_S 5.0
static inline uint64_t local_answer_within_ns(const redislock_lock_object *lock)
{
	const rl_conn_config *config = &lock->client.endpoints[0].config;
	double connect = config->connect_timeout > 0 ? config->connect_timeout : 2.0;
	double read = config->read_timeout > 0 ? config->read_timeout : 2.0;
	return (uint64_t)(MIN(connect + read, LOCAL_ANSWER_DUE_MAX_S) * 1e9);
}

static inline uint64_t local_answer_due_ns(const redislock_lock_object *lock)
{
	return php_redislock_now_ns() + local_answer_within_ns(lock);
}

/*
 * Local hand-over: whether a holder may hand its lock on in the segment: its
 * lifetime is known and surely still runs by its clock. Otherwise (0: a
 * write's answer never came; or maybe over) it is released in Redis, which
 * answers whether it was still ours.
 */
static inline bool php_redislock_local_may_hand(const held_lock *held)
{
	return held->life_ms > 0 && !php_redislock_lifetime_may_have_ended(held->life_from_ns, held->life_ms);
}

/*
 * A lock held through the local hand-over is about to get a new lifetime
 * (expire(), a re-lock): until the answer, nobody knows its lifetime. The
 * slot records it unknown (nobody inherits it; the waiters look at the key
 * once the answer is overdue), and so does the record if no answer comes: a
 * later unlock(), unlockAll() or the request end then releases in Redis,
 * which answers, rather than handing on a lock that may be gone already.
 * (A release in Redis gets the same from rl_local_unlock() in its own step.)
 */
static inline void local_lifetime_changing(const redislock_lock_object *lock, held_lock *held)
{
	if (held->local_seg) {
		held->life_ms = 0;
		rl_local_set_lifetime(held->local_seg, held->local_slot, held->local_ticket, local_answer_due_ns(lock), 0);
	}
}

/* One token-checked call on a held (or wanted) lock. */
typedef enum { HELD_ACQUIRE, HELD_EXTEND, HELD_CHECK, HELD_RELEASE, HELD_REMAINING } held_call;

/* ---- one server (php_redislock_lock.c), for the local hand-over ---- */

/* Runs call on ref where its key lives; *yes its answer; for HELD_ACQUIRE, *acked the min_replicas WAIT's. */
rl_status php_redislock_held_run(redislock_lock_object *lock, held_call call, const rl_lock_ref *ref, long long ttl_ms,
		bool watched, bool *yes, long long *left_ms, long long *acked, rl_error *err);

/*
 * What a global take came to: taken (at sent_ns, the earliest its lifetime may
 * have begun), after waiting in the queue, refused (min_replicas).
 */
typedef struct {
	bool acquired;
	bool waited;        /* taken after waiting queued behind another: unlock() watches the hand-over */
	bool wait_entered;  /* for the counters: the call waited */
	bool refused;
	uint64_t sent_ns;
	long long fence;    /* the fencing option: the fence the take counted; 0: unknown (taken by waiting) */
} lock_take;

/*
 * Takes key (ref, under ref->token) in Redis: one try, then waiting in its
 * queue until deadline_ns when timeout > 0; a lock whose lifetime may have
 * ended before the answer came is confirmed first; with min_replicas, one
 * too few replicas acknowledged is undone and refused.
 */
rl_status php_redislock_lock_take(redislock_lock_object *lock, zend_string *key, const rl_lock_ref *ref,
		double timeout, long long ttl_ms, uint64_t deadline_ns, lock_take *take, rl_error *err);

/* ---- the local hand-over (php_redislock_lock_local.c) ---- */

/*
 * lock() through seg's slot of key (local.md): queued behind the host's
 * holder, or taking the key in Redis for the host. called_ns: when lock()
 * was called (a lifetime inherited must not have begun before). *handled false: no room in
 * the segment, nothing done (take the global protocol). Otherwise *take and,
 * when taken, a record of name (held_put) say what came of it.
 */
rl_status php_redislock_local_lock(redislock_lock_object *lock, rl_local_seg *seg, zend_string *name, zend_string *key,
		rl_lock_ref *ref, double timeout, long long ttl_ms, uint64_t called_ns, uint64_t deadline_ns, bool *handled,
		lock_take *take, rl_error *err);

/*
 * unlock() of a name held through the local hand-over: handed on to the host's
 * next waiter, or released in Redis. *released: we were still the holder.
 * The record is forgotten unless a connection failure left it uncertain.
 */
rl_status php_redislock_local_unlock(redislock_lock_object *lock, zend_string *name, held_lock *held, bool *released,
		rl_error *err);

/* ---- several masters (php_redislock_lock_multi.c) ---- */

/* lock() over several masters: renews a lock held already, else acquires it, waiting up to timeout. */
void php_redislock_multi_lock(redislock_lock_object *lock, zend_string *name, double timeout, long long ttl_ms,
		zend_long wait_interval_us, zval *return_value);

/* call_on_held() over several masters, on held (name's record): each answer needs a quorum. */
void php_redislock_multi_call_on_held(redislock_lock_object *lock, zend_string *name, held_lock *held, held_call call,
		long long ttl_ms, zval *return_value);

/* fence() over several masters, on held (name's record): the take's fence, confirmed on a quorum at the first call. */
void php_redislock_multi_fence(redislock_lock_object *lock, zend_string *name, held_lock *held, zval *return_value);

/*
 * release_held() over several masters: the n locks refs (names[i]'s), every
 * name on every master in one parallel pass. A name a quorum answered for is
 * forgotten, one no quorum answered for is kept.
 */
rl_status php_redislock_multi_release_held(redislock_lock_object *lock, uint32_t n, const rl_lock_ref *refs,
		zend_string *const *names, bool *all_released, rl_error *err);

#endif /* PHP_REDISLOCK_LOCK_H */
