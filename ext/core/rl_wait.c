/* Waiting without polling: see rl_wait.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rl_scripts.h"
#include "rl_slot.h"
#include "rl_wait.h"

/* How late past its timeout a BLPOP may end: one tick of the slowest server (hz 1). */
#define BLOCK_END_ALLOWANCE_S 1.0

const char *rl_wait_mode_name(rl_wait_mode mode)
{
	switch (mode) {
		case RL_WAIT_TRY:   return "try";
		case RL_WAIT_JOIN:  return "join";
		case RL_WAIT_VISIT: return "visit";
		default:            return "leave";
	}
}

long long rl_wait_block_ms(long long answer, long long left_ms)
{
	/* compared before negating: the answer is the server's, and -LLONG_MIN does not exist */
	long long block = answer < 0 && answer > -RL_WAIT_CHECKIN_MS ? -answer : RL_WAIT_CHECKIN_MS;
	if (block > left_ms) {
		block = left_ms;
	}
	return block < 1 ? 1 : block;
}

/*
 * The wait keys: marker "{" tag "}" then ":" family kind (the tag is the
 * resource itself) or "=" family kind len ":" resource (it is not). The marker
 * never starts the prefix, so no wait key is a lock key; it never starts with
 * '{', so none is a semaphore key; and the name decodes uniquely.
 */
static bool build_keys(rl_wait_keys *keys, const char *prefix, size_t prefix_len, const char *tag, size_t tag_len,
		char family, const char *resource, size_t resource_len, const char *member, size_t member_len)
{
	/*
	 * More keys in two families: the read/write lock's reader set ("r"), and the
	 * name's fence counter ("f"), one for the lock and the read/write lock's
	 * writers, so always in family 'l' (README "Fences").
	 */
	const char kinds[RL_WAIT_KEY_KINDS + 2] = { 'q', 't', 'w', 'f', 'r' };
	const char **starts[RL_WAIT_KEY_KINDS + 2] = { &keys->queue, &keys->terms, &keys->wake_prefix, &keys->fence,
		&keys->readers };
	size_t nkinds = family == 'w' ? RL_WAIT_KEY_KINDS + 2 : family == 'l' ? RL_WAIT_KEY_KINDS + 1 : RL_WAIT_KEY_KINDS;
	const char *marker = prefix_len > 0 && prefix[0] == 'r' ? "RL:" : "rl:";
	char len_text[24] = "";
	size_t one, i;
	char *p;

	if (resource) {
		snprintf(len_text, sizeof(len_text), "%zu:", resource_len);
	} else {
		resource_len = 0;
	}
	/* every kind has the same length: marker "{" tag "}" form family kind [len ":" resource] */
	one = 3 + 1 + tag_len + 1 + 1 + 1 + 1 + strlen(len_text) + resource_len;
	if (!(keys->buf = p = malloc(nkinds * one + one + member_len))) {
		return false;
	}
	keys->key_len = one;
	keys->readers = NULL;
	keys->fence = NULL;
	for (i = 0; i < nkinds; i++) {
		*starts[i] = p;
		memcpy(p, marker, 3);
		p += 3;
		*p++ = '{';
		memcpy(p, tag, tag_len);
		p += tag_len;
		*p++ = '}';
		*p++ = resource ? '=' : ':';
		*p++ = kinds[i] == 'f' ? 'l' : family;
		*p++ = kinds[i];
		memcpy(p, len_text, strlen(len_text));
		p += strlen(len_text);
		if (resource_len) {
			memcpy(p, resource, resource_len);
			p += resource_len;
		}
	}
	memcpy(p, keys->wake_prefix, one);
	memcpy(p + one, member, member_len);
	keys->wake = p;
	keys->wake_len = one + member_len;
	return true;
}

/*
 * The wait keys of the resource key (prefix . name) in family ('l' lock, 'r'
 * lock over several masters, 'w' read/write lock).
 */
static bool keys_of_key(rl_wait_keys *keys, char family, const char *prefix, size_t prefix_len, const char *key,
		size_t key_len, const char *member, size_t member_len)
{
	const char *tag;
	size_t tag_len;
	char made[RL_SLOT_MADE_TAG_LEN];

	if (!memchr(key, '}', key_len)) {
		/* "{key}" hashes exactly as the untagged key does */
		return build_keys(keys, prefix, prefix_len, key, key_len, family, NULL, 0, member, member_len);
	}
	if (!rl_slot_hash_tag(key, key_len, &tag, &tag_len)) {
		rl_slot_make_tag(rl_slot_of(key, key_len), made);
		tag = made;
		tag_len = sizeof(made);
	}
	return build_keys(keys, prefix, prefix_len, tag, tag_len, family, key, key_len, member, member_len);
}

bool rl_wait_keys_init_lock(rl_wait_keys *keys, const char *prefix, size_t prefix_len, const char *key,
		size_t key_len, const char *member, size_t member_len)
{
	return keys_of_key(keys, 'l', prefix, prefix_len, key, key_len, member, member_len);
}

bool rl_wait_keys_init_rw(rl_wait_keys *keys, const char *prefix, size_t prefix_len, const char *key, size_t key_len,
		const char *member, size_t member_len)
{
	return keys_of_key(keys, 'w', prefix, prefix_len, key, key_len, member, member_len);
}

bool rl_wait_keys_init_redlock(rl_wait_keys *keys, const char *prefix, size_t prefix_len, const char *key,
		size_t key_len)
{
	return keys_of_key(keys, 'r', prefix, prefix_len, key, key_len, "", 0);
}

bool rl_wait_keys_init_semaphore(rl_wait_keys *keys, const char *prefix, size_t prefix_len, const char *name,
		size_t name_len, const char *member, size_t member_len)
{
	size_t full_len = prefix_len + name_len, tag_len;
	char *full = malloc(full_len + 1 + 10), made[RL_SLOT_MADE_TAG_LEN];
	const char *close;
	bool ok;

	if (!full) {
		return false;
	}
	memcpy(full, prefix, prefix_len);
	memcpy(full + prefix_len, name, name_len);
	if (!(close = memchr(full, '}', full_len))) {
		ok = build_keys(keys, prefix, prefix_len, full, full_len, 's', NULL, 0, member, member_len);
	} else {
		/* the semaphore's own keys "{full}:..." hash by full up to its first '}' */
		tag_len = (size_t)(close - full);
		if (tag_len == 0) {
			/* "{}...": they hash whole; keep the queue with the holders */
			char *holders = malloc(full_len + 10);
			if (!holders) {
				free(full);
				return false;
			}
			holders[0] = '{';
			memcpy(holders + 1, full, full_len);
			memcpy(holders + 1 + full_len, "}:holders", 9);
			rl_slot_make_tag(rl_slot_of(holders, full_len + 10), made);
			free(holders);
			ok = build_keys(keys, prefix, prefix_len, made, sizeof(made), 's', full, full_len, member, member_len);
		} else {
			ok = build_keys(keys, prefix, prefix_len, full, tag_len, 's', full, full_len, member, member_len);
		}
	}
	free(full);
	return ok;
}

void rl_wait_keys_free(rl_wait_keys *keys)
{
	free(keys->buf);
	keys->buf = NULL;
}

void rl_wait_keys_free_array(rl_wait_keys *keys, size_t built)
{
	for (size_t i = 0; keys && i < built; i++) {
		rl_wait_keys_free(&keys[i]);
	}
	free(keys);
}

/* A blocking pop's verdict on conn: Redis < 6 takes whole seconds only, from now on, on this connection. */
static rl_status check_block_reply(rl_conn *conn, rl_reply_verdict verdict, bool whole_seconds_only,
		const redisReply *reply, const char *what, rl_error *err)
{
	if (verdict == RL_REPLY_OK && whole_seconds_only) {
		conn->whole_second_blocks = true;
	}
	return rl_conn_judge_reply(conn, verdict, reply, what, err);
}

rl_status rl_wait_check_blpop_reply(rl_conn *conn, const redisReply *reply, rl_error *err)
{
	bool whole;
	rl_reply_verdict verdict = rl_reply_decode_blpop(reply, &whole);
	return check_block_reply(conn, verdict, whole, reply, "BLPOP", err);
}

rl_status rl_wait_check_brpoplpush_reply(rl_conn *conn, const redisReply *reply, rl_error *err)
{
	bool whole;
	rl_reply_verdict verdict = rl_reply_decode_brpoplpush(reply, &whole);
	return check_block_reply(conn, verdict, whole, reply, "BRPOPLPUSH", err);
}

rl_status rl_wait_block_begin(rl_conn *conn, rl_wait_block *block, long long block_ms, rl_error *err)
{
	/* Only a read timeout shorter than the block can take is stretched: usually no setsockopt() at all. */
	block->stretched = conn->read_timeout > 0
		&& conn->read_timeout < (double)block_ms / 1000.0 + BLOCK_END_ALLOWANCE_S;
	if (conn->whole_second_blocks) {
		snprintf(block->timeout, sizeof(block->timeout), "%lld", (block_ms + 999) / 1000);
	} else {
		snprintf(block->timeout, sizeof(block->timeout), "%lld.%03lld", block_ms / 1000, block_ms % 1000);
	}
	if (block->stretched) {
		return rl_conn_set_read_timeout(conn, conn->read_timeout + (double)block_ms / 1000.0 + BLOCK_END_ALLOWANCE_S,
			err);
	}
	return RL_OK;
}

void rl_wait_blpop_command(rl_command *cmd, const rl_wait_block *block, const char *key, size_t key_len)
{
	rl_command_init(cmd);
	rl_command_add_str(cmd, "BLPOP");
	rl_command_add(cmd, key, key_len);
	rl_command_add_str(cmd, block->timeout);
}

void rl_wait_brpoplpush_command(rl_command *cmd, const rl_wait_block *block, const char *key, size_t key_len,
		const char *served, size_t served_len)
{
	rl_command_init(cmd);
	rl_command_add_str(cmd, "BRPOPLPUSH");
	rl_command_add(cmd, key, key_len);
	rl_command_add(cmd, served, served_len);
	rl_command_add_str(cmd, block->timeout);
}

rl_status rl_wait_block_end(rl_conn *conn, const rl_wait_block *block, rl_error *err)
{
	if (block->stretched && !conn->broken) {
		return rl_conn_set_read_timeout(conn, conn->read_timeout, err);
	}
	return RL_OK;
}

rl_status rl_wait_step(rl_conn *conn, const rl_script *script, int nkeys, int nargs, const char **join_args,
		const size_t *join_lens, const char **args, const size_t *lens, const char *wake_key, size_t wake_key_len,
		long long block_ms, long long *answer, long long *join_answer, rl_error *err)
{
	rl_command cmds[3];
	redisReply *replies[3] = { NULL, NULL, NULL };
	size_t n = 0, blpop_at, visit_at;
	rl_wait_block block;
	rl_status status, restored;
	bool by_sha;
	long long joined = 0;

	*answer = 0;
	if ((status = rl_wait_block_begin(conn, &block, block_ms, err)) != RL_OK) {
		return status;
	}
	for (;;) {
		/*
		 * By EVAL until this connection has seen the server run the script: a join
		 * answered NOSCRIPT would leave the BLPOP behind it blocking for nothing.
		 */
		by_sha = (conn->scripts_seen & script->bit) != 0;
		n = 0;
		if (join_args) {
			rl_script_command(&cmds[n++], script, by_sha, nkeys, nargs, join_args, join_lens);
		}
		blpop_at = n;
		rl_wait_blpop_command(&cmds[n++], &block, wake_key, wake_key_len);
		visit_at = n;
		rl_script_command(&cmds[n++], script, by_sha, nkeys, nargs, args, lens);
		if ((status = rl_script_wait_round(conn, script, by_sha, n, cmds, replies, err)) != RL_OK) {
			goto out;
		}
		if (by_sha && join_args && rl_reply_is_noscript(replies[0])) {
			/* flushed meanwhile: all again, by EVAL (once: an EVAL never answers NOSCRIPT) */
			conn->scripts_seen = 0;
			rl_reply_free_all(replies, n);
			continue;
		}
		break;
	}
	if (join_args) {
		if ((status = rl_script_answer(conn, script, replies[0], &joined, err)) != RL_OK) {
			goto out;
		}
		if (join_answer) {
			*join_answer = joined;
		}
	}
	if ((status = rl_wait_check_blpop_reply(conn, replies[blpop_at], err)) != RL_OK) {
		goto out;
	}
	if (by_sha && rl_reply_is_noscript(replies[visit_at])) {
		/* flushed while we were blocked: the visit did not run; run it alone (EVAL follows NOSCRIPT) */
		conn->scripts_seen = 0;
		status = rl_script_run_integers(conn, script, 1, nkeys, nargs, args, lens, answer, err);
		goto out;
	}
	conn->scripts_seen |= script->bit;
	/*
	 * The visit ran last: its answer is the one that holds. A join that took the
	 * lock is confirmed by it (its claim renews the lifetime); one whose lock
	 * already ended (a lifetime shorter than the round) is not.
	 */
	status = rl_script_answer(conn, script, replies[visit_at], answer, err);
out:
	rl_reply_free_all(replies, n);
	restored = rl_wait_block_end(conn, &block, err);
	return status == RL_OK ? restored : status;
}
