/*
 * One step on several connections at once: every connection's commands are
 * written first, then replies are read as they come, with one poll() over
 * all the sockets, until each connection has all its replies or its own
 * deadline passed. A step over N servers so costs about one round trip, not
 * N. Plain C, no zvals.
 *
 * A connection that failed or missed its deadline is broken (rl_conn's rule:
 * never reused with a reply pending); its owner discards it. The others are
 * in step and idle again when the step ends.
 */
#ifndef RL_FANOUT_H
#define RL_FANOUT_H

#include "rl_conn.h"

typedef struct {
	rl_conn *conn;          /* NULL: takes no part (e.g. could not connect; status says why) */
	size_t ncmds;           /* commands queued with rl_fanout_append() */
	size_t nreplies;        /* replies read */
	redisReply **replies;   /* ncmds of them once status is RL_OK; freed by rl_fanout_slot_clear() */
	unsigned long long deadline_ns; /* 0: none */
	rl_status status;       /* RL_OK once every reply is in, else why not */
	rl_error err;
	bool done;
	bool left_out;          /* taken out of the step by its owner (rl_fanout_slot_leave_out()) */
} rl_fanout_slot;

/* An empty slot for conn (NULL with status/err: a server that could not be reached). */
void rl_fanout_slot_init(rl_fanout_slot *slot, rl_conn *conn, rl_status status, const rl_error *err);

/*
 * Whether slot can still get commands in this step: it has a connection,
 * nothing failed on it, and its owner did not leave it out.
 */
bool rl_fanout_slot_takes_part(const rl_fanout_slot *slot);

/*
 * Takes slot out of the step: rl_fanout_run() leaves it alone and reads
 * nothing from it. What was written to it may still be answered, so its
 * connection is broken (never reused with a reply pending: its owner
 * discards it). For a command sent and not waited for.
 */
void rl_fanout_slot_leave_out(rl_fanout_slot *slot);

/* Queues one command on slot's connection (nothing is sent yet). */
rl_status rl_fanout_append(rl_fanout_slot *slot, const rl_command *cmd);

/*
 * Called when slot i is done (all replies, or failed): it may shorten the
 * deadlines of the others (e.g. a waiter woken on one server stops waiting
 * for the rest soon after).
 */
typedef void (*rl_fanout_on_done)(rl_fanout_slot *slots, size_t n, size_t i, void *ctx);

/*
 * Writes every slot's commands, then reads until every slot is done. Slots
 * without a connection or commands are done at once; slots left out are
 * done without being touched (and without on_done: they say nothing). Never fails as a whole:
 * each slot says how it went.
 */
void rl_fanout_run(rl_fanout_slot *slots, size_t n, rl_fanout_on_done on_done, void *ctx);

/* Frees the slot's replies; the slot can be reused for another step (one left out stays out). */
void rl_fanout_slot_clear(rl_fanout_slot *slot);

#endif /* RL_FANOUT_H */
