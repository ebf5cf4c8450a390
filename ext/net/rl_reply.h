/*
 * Pure decoders of the replies the C layer reads: a const redisReply * in, a
 * verdict and values out, no I/O and no connection state. The caller decides
 * what a verdict does to its connection (rl_conn_judge_reply()): the shape the
 * decoders accept is the whole of what this extension trusts from a server,
 * in one file, and tests/fuzz/ feeds them every reply hiredis can build.
 */
#ifndef RL_REPLY_H
#define RL_REPLY_H

#include <stdbool.h>
#include <stddef.h>
#include "rl_hiredis_compat.h"

typedef enum {
	RL_REPLY_OK,        /* the shape the command answers with: the outputs are set */
	RL_REPLY_ERROR,     /* an error reply (WRONGTYPE, NOAUTH...): the command failed, the connection is in step */
	RL_REPLY_UNEXPECTED /* any other shape: the connection is out of step and must never be used again */
} rl_reply_verdict;

/* Whether reply is an error reply whose text starts with code (e.g. "NOSCRIPT"). */
bool rl_reply_is_error(const redisReply *reply, const char *code);

/* EVALSHA's answer when the server's script cache lacks the script: nothing ran. */
bool rl_reply_is_noscript(const redisReply *reply);

/* An integer reply: every script's result (1/0 for release, extend, refresh; a count; a waiter's answer). */
rl_reply_verdict rl_reply_decode_integer(const redisReply *reply, long long *value);

/*
 * An integer reply in [min, max]: a script's answer, whose range each script
 * declares (rl_scripts.c). An integer outside it is no answer of that script
 * (RL_REPLY_UNEXPECTED, as a reply of another type): a server out of step.
 */
rl_reply_verdict rl_reply_decode_integer_in(const redisReply *reply, long long min, long long max, long long *value);

/*
 * An array of exactly two integers, each within its range (ranges[i] = {min,
 * max}): the answer of a script that returns {answer, count} (the read/write
 * lock's, rl_rwlock.h). Anything else is RL_REPLY_UNEXPECTED (an error reply
 * RL_REPLY_ERROR); *first and *second are set only when RL_REPLY_OK.
 */
rl_reply_verdict rl_reply_decode_integer_pair(const redisReply *reply, const long long ranges[2][2], long long *first,
		long long *second);

/* SET key token NX PX ttl: a status (+OK) when the key was free and is now ours, nil when it was taken. */
rl_reply_verdict rl_reply_decode_set_nx(const redisReply *reply, bool *acquired);

/* SET ... NX PX ttl GET (Redis >= 7): nil when the key was free, the holder's token when it was taken. */
rl_reply_verdict rl_reply_decode_set_nx_get(const redisReply *reply, bool *acquired);

/* A server older than 7 refuses SET's NX and GET together: try the plain form. */
bool rl_reply_rejects_set_nx_get(const redisReply *reply);

/* GET key: a string (its first cap bytes copied into out, *len its whole length) or nil (*len -1). */
rl_reply_verdict rl_reply_decode_value(const redisReply *reply, char *out, size_t cap, long long *len);

/* GET key: *owned only when the key holds exactly token (nil: nobody holds it). */
rl_reply_verdict rl_reply_decode_owner(const redisReply *reply, const char *token, size_t token_len, bool *owned);

/*
 * BLPOP key timeout inside a wait step: a popped note (an array) or the
 * timeout (nil) are both fine, the caller ignores which. A Redis older than 6
 * refuses a fractional timeout: RL_REPLY_OK with *whole_seconds_only set,
 * and nothing was popped.
 */
rl_reply_verdict rl_reply_decode_blpop(const redisReply *reply, bool *whole_seconds_only);
/* BRPOPLPUSH: the element moved (a string) or its timeout (nil), as BLPOP's above otherwise. */
rl_reply_verdict rl_reply_decode_brpoplpush(const redisReply *reply, bool *whole_seconds_only);

/*
 * One reply of the connection handshake (AUTH, SELECT, CLIENT SETNAME): a
 * status (+OK) is fine, any other shape is not their answer. An optional
 * command's refusal is ignored unless it is NOAUTH: naming the connection is
 * a courtesy some managed servers forbid, but NOAUTH means every later
 * command would fail too.
 */
rl_reply_verdict rl_reply_decode_handshake(const redisReply *reply, bool optional);

/*
 * Why a server refused a command without running it, and where to go
 * instead: a Redis Cluster's redirections and retry hints, and the answers
 * of a node that is no master (any more) after a failover. Nothing ran, so
 * the command may be sent again where the redirection says.
 */
typedef enum {
	RL_REDIRECT_NONE,
	RL_REDIRECT_MOVED,       /* "MOVED slot host:port": the slot lives there now */
	RL_REDIRECT_ASK,         /* "ASK slot host:port": this one command goes there, behind ASKING */
	RL_REDIRECT_TRYAGAIN,    /* a slot in migration has the command's keys split: retry shortly */
	RL_REDIRECT_CLUSTERDOWN, /* the cluster cannot serve the slot (now) */
	RL_REDIRECT_READONLY,    /* a replica answered: the master moved (failover) */
	RL_REDIRECT_LOADING,     /* the node is loading its data set */
	RL_REDIRECT_MASTERDOWN   /* a replica lost its master */
} rl_redirect_kind;

#define RL_REDIRECT_HOST_MAX 256
typedef struct {
	rl_redirect_kind kind;
	unsigned int slot;               /* MOVED, ASK */
	char host[RL_REDIRECT_HOST_MAX]; /* MOVED, ASK; empty: the node that answered (Redis 7's "unknown endpoint") */
	int port;                        /* MOVED, ASK */
} rl_redirect;

/*
 * What an error reply says about where to go (RL_REDIRECT_NONE for any
 * other reply, or a redirection that does not parse: such an error is
 * reported as it is). A script stopped by READONLY on Redis < 7 says so
 * inside an "ERR Error running script" message: that counts too.
 */
rl_redirect_kind rl_reply_decode_redirect(const redisReply *reply, rl_redirect *out);

/* One range of CLUSTER SLOTS: slots first..last served by the master at host:port (host may be empty). */
typedef struct {
	unsigned int first, last;
	const char *host; /* points into the reply; not NUL-terminated */
	size_t host_len;
	int port;
} rl_slot_range;

/*
 * CLUSTER SLOTS: calls each(ctx, range) for every range, in order; each
 * returns false to stop (out of memory). Ranges are checked (first <= last <
 * 16384, a port in 1..65535, a host without NUL); a reply of any other shape
 * is RL_REPLY_UNEXPECTED, and ranges passed before that must be dropped.
 */
rl_reply_verdict rl_reply_decode_cluster_slots(const redisReply *reply,
		bool (*each)(void *ctx, const rl_slot_range *range), void *ctx);

/*
 * SENTINEL get-master-addr-by-name: [host, port] (*known), or nil when the
 * Sentinel monitors no master of that name. *host points into the reply.
 */
rl_reply_verdict rl_reply_decode_master_addr(const redisReply *reply, bool *known, const char **host, size_t *host_len,
		int *port);

/* ROLE: whether the node says it is a master (a replica or a Sentinel says otherwise). */
rl_reply_verdict rl_reply_decode_role(const redisReply *reply, bool *is_master);

/* Frees each reply that is set and clears it. */
void rl_reply_free_all(redisReply **replies, size_t n);

#endif /* RL_REPLY_H */
