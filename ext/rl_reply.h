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

/* SET key token NX PX ttl: a status (+OK) when the key was free and is now ours, nil when it was taken. */
rl_reply_verdict rl_reply_decode_set_nx(const redisReply *reply, bool *acquired);

/* SET ... NX PX ttl GET (Redis >= 7): nil when the key was free, the holder's token when it was taken. */
rl_reply_verdict rl_reply_decode_set_nx_get(const redisReply *reply, bool *acquired);

/* A server older than 7 refuses SET's NX and GET together: try the plain form. */
bool rl_reply_rejects_set_nx_get(const redisReply *reply);

/* GET key: *owned only when the key holds exactly token (nil: nobody holds it). */
rl_reply_verdict rl_reply_decode_owner(const redisReply *reply, const char *token, size_t token_len, bool *owned);

/*
 * BLPOP key timeout inside a wait step: a popped note (an array) or the
 * timeout (nil) are both fine, the caller ignores which. A Redis older than 6
 * refuses a fractional timeout: RL_REPLY_OK with *whole_seconds_only set,
 * and nothing was popped.
 */
rl_reply_verdict rl_reply_decode_blpop(const redisReply *reply, bool *whole_seconds_only);

/*
 * One reply of the connection handshake (AUTH, SELECT, CLIENT SETNAME): a
 * status (+OK) is fine, any other shape is not their answer. An optional
 * command's refusal is ignored unless it is NOAUTH: naming the connection is
 * a courtesy some managed servers forbid, but NOAUTH means every later
 * command would fail too.
 */
rl_reply_verdict rl_reply_decode_handshake(const redisReply *reply, bool optional);

/* Frees each reply that is set and clears it. */
void rl_reply_free_all(redisReply **replies, size_t n);

#endif /* RL_REPLY_H */
