/*
 * Waiting without polling, shared by the lock and the semaphore. The protocol
 * itself is in ext/core/lua/ (its README states keys, states and invariants; model/
 * checks them); this is the client's side of it.
 *
 * A waiter that cannot get in joins a FIFO queue kept on the server and
 * blocks on its own wake list; whoever frees the resource hands it to the
 * first waiter with a note on that list. The lock (rl_lock.h) hands it over
 * for the waiter's whole lifetime, and only a blocked waiter's block takes
 * the note: the releaser checks, and undoes a grant nobody took. The
 * semaphore (rl_semaphore.h) hands a slot over for a grace, which the script
 * call pipelined behind the waiter's BLPOP claims for its whole lifetime.
 *
 * Only the head of the queue watches the resource's end (an expiry): it
 * blocks until then. The others block for a check-in period, so waiting
 * costs the server next to nothing per second.
 */
#ifndef RL_WAIT_H
#define RL_WAIT_H

#include "rl_conn.h"
#include "rl_scripts.h"

/* The longest a waiter blocks without visiting the server. */
#define RL_WAIT_CHECKIN_MS 5000
/*
 * How long a queue entry (and a wake list) lives after its waiter's last
 * visit: a check-in period, plus a BLPOP ending on Redis's slowest timer tick
 * (hz 1), plus room for a slow client. The same for every waiter, so no
 * joiner ever shortens anyone's entry.
 */
#define RL_WAIT_LIVENESS_MS 6500 /* RL_WAIT_CHECKIN_MS + 1500 */
#define RL_WAIT_STR_(x) #x
#define RL_WAIT_STR(x) RL_WAIT_STR_(x)
/* As the scripts get it. */
#define RL_WAIT_LIVENESS_TEXT RL_WAIT_STR(RL_WAIT_LIVENESS_MS)
#define RL_WAIT_CHECKIN_TEXT RL_WAIT_STR(RL_WAIT_CHECKIN_MS)

/* What a waiter's script call does (the scripts' "mode" argument). */
typedef enum {
	RL_WAIT_TRY,   /* not queued: take what is free after the queue is served (semaphore only) */
	RL_WAIT_JOIN,  /* join the queue; a BLPOP and a visit follow in the same write */
	RL_WAIT_VISIT, /* right behind a BLPOP: claim a grant, or prove we are alive */
	RL_WAIT_LEAVE  /* out of time: leave the queue, claiming a grant if one waits */
} rl_wait_mode;

const char *rl_wait_mode_name(rl_wait_mode mode);

/* A waiter's script answer: RL_WAIT_OWNED, 0 (block a check-in period) or -n (the head: block n ms). */
#define RL_WAIT_OWNED 1

/* How long a waiter blocks next, given its last script answer and the time it has left. */
long long rl_wait_block_ms(long long answer, long long left_ms);

/*
 * The keys of one wait queue (ext/core/lua/README.md gives their exact names): the
 * queue, the waiters' terms (the semaphore's HASH; the lock's served list, where each
 * waiter's block moves the notes it takes), the wake-list prefix (all key_len long),
 * and member's wake list (a waiter's).
 */
#define RL_WAIT_KEY_KINDS 3
typedef struct {
	char *buf;
	const char *queue, *terms, *wake_prefix, *wake;
	const char *readers; /* the read/write lock's reader set (key_len long); NULL in the other families */
	/* the name's fence counter (key_len long; issue 24), the same in both families; NULL in the others */
	const char *fence;
	size_t key_len, wake_len;
} rl_wait_keys;

/*
 * For the lock key (prefix . name) with member (the waiter's token; empty for
 * a releaser). The keys share the lock key's cluster slot, and none of them
 * can equal any lock or semaphore key of that prefix, whatever the name holds
 * (unless the prefix is empty: then every key is some lock's).
 */
bool rl_wait_keys_init_lock(rl_wait_keys *keys, const char *prefix, size_t prefix_len, const char *key,
		size_t key_len, const char *member, size_t member_len);

/*
 * For the read/write lock on key (rl_rwlock.h, model/rwlock.md): the same
 * encoding in family 'w', with ->readers, the reader set, besides.
 */
bool rl_wait_keys_init_rw(rl_wait_keys *keys, const char *prefix, size_t prefix_len, const char *key, size_t key_len,
		const char *member, size_t member_len);

/*
 * For a lock over several masters (rl_redlock.h): the same encoding in a
 * family of its own; only ->terms (the waiters' mark, "...:rt") and ->wake
 * (the wake list, "...:rw") are used.
 */
bool rl_wait_keys_init_redlock(rl_wait_keys *keys, const char *prefix, size_t prefix_len, const char *key,
		size_t key_len);

/* For the semaphore prefix . name, whose own keys are "{prefix name}:...". */
bool rl_wait_keys_init_semaphore(rl_wait_keys *keys, const char *prefix, size_t prefix_len, const char *name,
		size_t name_len, const char *member, size_t member_len);

void rl_wait_keys_free(rl_wait_keys *keys);

/* Frees the first `built` of an array of n (a batch's, made one by one until a failure) and the array itself. */
void rl_wait_keys_free_array(rl_wait_keys *keys, size_t built);

/*
 * A BLPOP inside a pipeline: its timeout text, and the connection's read
 * timeout stretched for it when the usual one is too short for the block
 * (Redis ends a block on its timer tick, up to 1 s late at hz 1).
 */
typedef struct {
	char timeout[32];
	bool stretched;
} rl_wait_block;

rl_status rl_wait_block_begin(rl_conn *conn, rl_wait_block *block, long long block_ms, rl_error *err);
void rl_wait_blpop_command(rl_command *cmd, const rl_wait_block *block, const char *key, size_t key_len);
/*
 * BRPOPLPUSH key served timeout: the lock's block, which moves the note it
 * takes into the served list, where the granter's check finds a grant.
 */
void rl_wait_brpoplpush_command(rl_command *cmd, const rl_wait_block *block, const char *key, size_t key_len,
		const char *served, size_t served_len);
/* Restores the read timeout (unless the connection broke meanwhile). */
rl_status rl_wait_block_end(rl_conn *conn, const rl_wait_block *block, rl_error *err);
/* The BLPOP's reply: a note (array) or its timeout (nil) is fine; anything else is a failure. */
rl_status rl_wait_check_blpop_reply(rl_conn *conn, const redisReply *reply, rl_error *err);
/* The same for BRPOPLPUSH: the note (a string) or its timeout (nil). */
rl_status rl_wait_check_brpoplpush_reply(rl_conn *conn, const redisReply *reply, rl_error *err);

/*
 * One wait step, one round trip: [join script] BLPOP wake_key block_ms
 * [visit script], the join only when join_args is given. args/lens are the
 * visit's arguments (keys first), join_args the join's (the same count).
 * *answer is the visit's answer (a join that owns makes the BLPOP return at
 * once, and the visit confirms it); *join_answer (when not NULL) the join's,
 * left as it was when no join ran. The connection's read timeout is
 * stretched for the block, so a long wait is not taken for a dead server.
 */
rl_status rl_wait_step(rl_conn *conn, const rl_script *script, int nkeys, int nargs, const char **join_args,
		const size_t *join_lens, const char **args, const size_t *lens, const char *wake_key, size_t wake_key_len,
		long long block_ms, long long *answer, long long *join_answer, rl_error *err);

#endif /* RL_WAIT_H */
