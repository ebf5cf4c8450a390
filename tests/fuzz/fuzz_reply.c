/*
 * libFuzzer target: arbitrary bytes as a server's answer, parsed by a hiredis
 * redisReader exactly as a connection parses them, and every reply it yields
 * (and every element inside one) passed to every decoder of ext/net/rl_reply.c,
 * to rl_conn_judge_reply() and to the wait loop's reading of a script's answer.
 * The first input byte picks the size of the chunks the rest arrives in, as
 * a socket splits it. Checked beyond crashes, leaks and UB: each decoder
 * accepts exactly the shapes it documents, an error reply is an error (never
 * "unexpected"), only "unexpected" breaks the connection, messages stay
 * NUL-terminated in their buffer, and a block time stays in [1, CHECKIN_MS];
 * a redirection, a slot range and a Sentinel's address are always in range.
 */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "fuzz_check.h"
#include "fuzz_reader.h"
#include "rl_conn.h"
#include "rl_reply.h"
#include "rl_wait.h"
#include "rl_lock.h"

#define TOKEN "0123456789abcdef0123456789abcdef"

static bool is_type(const redisReply *reply, int a, int b)
{
	return reply->type == a || reply->type == b;
}

/* Whether verdict is what a decoder accepting the types a and b owes reply. */
static bool fair_verdict(rl_reply_verdict verdict, const redisReply *reply, int a, int b)
{
	if (is_type(reply, a, b)) {
		return verdict == RL_REPLY_OK;
	}
	return verdict == (reply->type == REDIS_REPLY_ERROR ? RL_REPLY_ERROR : RL_REPLY_UNEXPECTED);
}

/* The connection's side of a verdict, on a connection that never touches a socket. */
static void check_judge(rl_reply_verdict verdict, const redisReply *reply)
{
	rl_conn conn;
	rl_error err;
	rl_status status;

	memset(&conn, 0, sizeof(conn));
	strcpy(conn.server, "tcp://fuzz:6379");
	memset(err.message, 'x', sizeof(err.message));
	status = rl_conn_judge_reply(&conn, verdict, reply, "fuzz", &err);
	switch (verdict) {
		case RL_REPLY_OK:
			FUZZ_CHECK(status == RL_OK && !conn.broken);
			return;
		case RL_REPLY_ERROR:
			FUZZ_CHECK(status == RL_ERR_SERVER && !conn.broken);
			break;
		default:
			FUZZ_CHECK(status == RL_ERR_PROTOCOL && conn.broken);
			break;
	}
	FUZZ_CHECK(strnlen(err.message, sizeof(err.message)) < sizeof(err.message));
	FUZZ_CHECK(strncmp(err.message, "tcp://fuzz:6379: ", 17) == 0);
}

/* A blocking pop's decoder: what it took (of type taken), its timeout, or Redis < 6 refusing a fractional timeout. */
static void check_block(rl_reply_verdict (*decode)(const redisReply *, bool *), const redisReply *reply, int taken)
{
	bool whole;
	rl_reply_verdict verdict = decode(reply, &whole);

	if (whole) {
		FUZZ_CHECK(verdict == RL_REPLY_OK && rl_reply_is_error(reply, "ERR timeout is not"));
	} else {
		FUZZ_CHECK(fair_verdict(verdict, reply, taken, REDIS_REPLY_NIL));
	}
	check_judge(verdict, reply);
}

/* What the wait loop makes of a script's answer: how long to block next. */
static void check_wait_answer(long long answer)
{
	static const long long lefts[] = { 1, 2, 999, RL_WAIT_CHECKIN_MS, RL_WAIT_CHECKIN_MS + 1, 1000000000000LL };
	size_t i;

	for (i = 0; i < sizeof(lefts) / sizeof(lefts[0]); i++) {
		long long block = rl_wait_block_ms(answer, lefts[i]);
		FUZZ_CHECK(block >= 1 && block <= RL_WAIT_CHECKIN_MS && block <= lefts[i]);
		if (answer < 0 && answer > -lefts[i] && answer > -RL_WAIT_CHECKIN_MS) {
			FUZZ_CHECK(block == -answer); /* the head blocks exactly as long as the script says */
		}
	}
}

/* The answer ranges the scripts declare (rl_scripts.c). */
static const long long ranges[][2] = { { 0, 1 }, { 0, 0 }, { LLONG_MIN, 1 }, { 0, LLONG_MAX } };

/* CLUSTER SLOTS ranges as the slot map gets them: each one checked. */
static bool check_range(void *ctx, const rl_slot_range *range)
{
	size_t *count = ctx;
	FUZZ_CHECK(range->first <= range->last && range->last < 16384);
	FUZZ_CHECK(range->port >= 1 && range->port <= 65535);
	FUZZ_CHECK(range->host_len < RL_REDIRECT_HOST_MAX && !memchr(range->host, '\0', range->host_len));
	return ++*count < 4; /* the callback may stop the walk */
}

/* The routing decoders: redirections, CLUSTER SLOTS, a Sentinel's answer, ROLE. */
static void decode_routing(const redisReply *reply)
{
	rl_redirect redirect;
	rl_redirect_kind kind = rl_reply_decode_redirect(reply, &redirect);
	rl_reply_verdict verdict;
	const char *host = NULL;
	size_t host_len = 0, ranges_seen = 0;
	int port = 0;
	bool yes = false;

	FUZZ_CHECK(kind == redirect.kind);
	FUZZ_CHECK(kind == RL_REDIRECT_NONE || reply->type == REDIS_REPLY_ERROR);
	if (kind == RL_REDIRECT_MOVED || kind == RL_REDIRECT_ASK) {
		FUZZ_CHECK(redirect.slot < 16384 && redirect.port >= 1 && redirect.port <= 65535);
		FUZZ_CHECK(strnlen(redirect.host, sizeof(redirect.host)) < sizeof(redirect.host));
	}

	verdict = rl_reply_decode_cluster_slots(reply, check_range, &ranges_seen);
	FUZZ_CHECK(verdict != RL_REPLY_OK || reply->type == REDIS_REPLY_ARRAY);
	FUZZ_CHECK(verdict != RL_REPLY_ERROR || reply->type == REDIS_REPLY_ERROR);
	check_judge(verdict, reply);

	verdict = rl_reply_decode_master_addr(reply, &yes, &host, &host_len, &port);
	FUZZ_CHECK(verdict != RL_REPLY_OK || reply->type == REDIS_REPLY_ARRAY || reply->type == REDIS_REPLY_NIL);
	if (verdict == RL_REPLY_OK && yes) {
		FUZZ_CHECK(host_len > 0 && host_len < RL_REDIRECT_HOST_MAX && !memchr(host, '\0', host_len));
		FUZZ_CHECK(port >= 1 && port <= 65535);
	}
	FUZZ_CHECK(verdict != RL_REPLY_OK || reply->type != REDIS_REPLY_NIL || !yes);
	check_judge(verdict, reply);

	verdict = rl_reply_decode_role(reply, &yes);
	FUZZ_CHECK(verdict != RL_REPLY_OK || reply->type == REDIS_REPLY_ARRAY);
	check_judge(verdict, reply);
}

static void decode_all(const redisReply *reply, int depth)
{
	rl_reply_verdict verdict;
	long long integer = 0;
	bool yes = false;
	size_t i;

	FUZZ_CHECK(!rl_reply_is_noscript(reply) || reply->type == REDIS_REPLY_ERROR);
	FUZZ_CHECK(!rl_reply_rejects_set_nx_get(reply) || reply->type == REDIS_REPLY_ERROR);
	FUZZ_CHECK(!rl_reply_is_error(reply, "") == (reply->type != REDIS_REPLY_ERROR));
	decode_routing(reply);

	verdict = rl_reply_decode_integer(reply, &integer);
	FUZZ_CHECK(fair_verdict(verdict, reply, REDIS_REPLY_INTEGER, REDIS_REPLY_INTEGER));
	check_judge(verdict, reply);
	if (verdict == RL_REPLY_OK) {
		FUZZ_CHECK(integer == reply->integer);
		check_wait_answer(integer);
	}

	for (i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++) {
		long long answer = 0;
		verdict = rl_reply_decode_integer_in(reply, ranges[i][0], ranges[i][1], &answer);
		if (reply->type == REDIS_REPLY_INTEGER && (reply->integer < ranges[i][0] || reply->integer > ranges[i][1])) {
			FUZZ_CHECK(verdict == RL_REPLY_UNEXPECTED); /* no answer of that script */
		} else {
			FUZZ_CHECK(fair_verdict(verdict, reply, REDIS_REPLY_INTEGER, REDIS_REPLY_INTEGER));
		}
		FUZZ_CHECK(verdict != RL_REPLY_OK || answer == reply->integer);
		check_judge(verdict, reply);
	}

	{
		/* the read/write lock's {answer, grants}: both integers, each in its range, or no answer */
		static const long long pair[2][2] = { { LLONG_MIN, 3 }, { 0, 1000000 } };
		long long first = 7, second = 7;
		bool shaped = reply->type == REDIS_REPLY_ARRAY && reply->elements == 2;
		for (i = 0; shaped && i < 2; i++) {
			shaped = reply->element[i]->type == REDIS_REPLY_INTEGER && reply->element[i]->integer >= pair[i][0]
				&& reply->element[i]->integer <= pair[i][1];
		}
		verdict = rl_reply_decode_integer_pair(reply, pair, &first, &second);
		FUZZ_CHECK(verdict == (shaped ? RL_REPLY_OK : reply->type == REDIS_REPLY_ERROR ? RL_REPLY_ERROR
			: RL_REPLY_UNEXPECTED));
		FUZZ_CHECK(verdict == RL_REPLY_OK ? first == reply->element[0]->integer && second == reply->element[1]->integer
			: first == 7 && second == 7);
		check_judge(verdict, reply);
	}

	verdict = rl_reply_decode_set_nx(reply, &yes);
	FUZZ_CHECK(fair_verdict(verdict, reply, REDIS_REPLY_STATUS, REDIS_REPLY_NIL));
	FUZZ_CHECK(verdict != RL_REPLY_OK || yes == (reply->type == REDIS_REPLY_STATUS));
	check_judge(verdict, reply);

	verdict = rl_reply_decode_set_nx_get(reply, &yes);
	FUZZ_CHECK(fair_verdict(verdict, reply, REDIS_REPLY_NIL, REDIS_REPLY_STRING));
	FUZZ_CHECK(verdict != RL_REPLY_OK || yes == (reply->type == REDIS_REPLY_NIL));

	verdict = rl_reply_decode_owner(reply, TOKEN, strlen(TOKEN), &yes);
	FUZZ_CHECK(fair_verdict(verdict, reply, REDIS_REPLY_NIL, REDIS_REPLY_STRING));
	if (verdict == RL_REPLY_OK && yes) {
		FUZZ_CHECK(reply->type == REDIS_REPLY_STRING && reply->len == strlen(TOKEN)
			&& memcmp(reply->str, TOKEN, reply->len) == 0);
	}
	check_judge(verdict, reply);

	{
		/* a lock's value, read into a buffer of the size its readers use: never past it */
		char value[RL_LOCK_VALUE_MAX + 1];
		long long len = -2;
		value[RL_LOCK_VALUE_MAX] = '#';
		verdict = rl_reply_decode_value(reply, value, RL_LOCK_VALUE_MAX, &len);
		FUZZ_CHECK(fair_verdict(verdict, reply, REDIS_REPLY_NIL, REDIS_REPLY_STRING));
		FUZZ_CHECK(value[RL_LOCK_VALUE_MAX] == '#');
		if (verdict == RL_REPLY_OK) {
			FUZZ_CHECK(reply->type == REDIS_REPLY_NIL ? len == -1 : len == (long long)reply->len);
			if (len >= 0) {
				size_t owner_len = rl_lock_value_owner_len(value, (size_t)len < RL_LOCK_VALUE_MAX ? (size_t)len : RL_LOCK_VALUE_MAX);
				FUZZ_CHECK(owner_len <= (size_t)len && !memchr(value, ' ', owner_len));
			}
		}
		check_judge(verdict, reply);
	}

	check_block(rl_reply_decode_blpop, reply, REDIS_REPLY_ARRAY);
	check_block(rl_reply_decode_brpoplpush, reply, REDIS_REPLY_STRING);

	verdict = rl_reply_decode_handshake(reply, false);
	FUZZ_CHECK(fair_verdict(verdict, reply, REDIS_REPLY_STATUS, REDIS_REPLY_STATUS));
	verdict = rl_reply_decode_handshake(reply, true);
	if (reply->type == REDIS_REPLY_ERROR) {
		FUZZ_CHECK(verdict == (rl_reply_is_error(reply, "NOAUTH") ? RL_REPLY_ERROR : RL_REPLY_OK));
	} else {
		FUZZ_CHECK(fair_verdict(verdict, reply, REDIS_REPLY_STATUS, REDIS_REPLY_STATUS));
	}
	check_judge(verdict, reply);

	FUZZ_CHECK(reply->type != REDIS_REPLY_ARRAY || reply->elements <= RL_CONN_MAX_REPLY_ELEMENTS);
	if (reply->type == REDIS_REPLY_ARRAY && depth < 16) {
		for (i = 0; i < reply->elements; i++) {
			decode_all(reply->element[i], depth + 1);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_reader *reader;
	size_t chunk, at;
	void *reply;

	if (size < 1) {
		return 0;
	}
	chunk = data[0] == 0 ? size : data[0];
	data++;
	size--;
	FUZZ_CHECK((reader = fuzz_reader_create()) != NULL);
	for (at = 0; at < size; at += chunk) {
		size_t n = size - at < chunk ? size - at : chunk;
		if (redisReaderFeed(reader->reader, (const char *)data + at, n) != REDIS_OK) {
			break;
		}
		while (redisReaderGetReply(reader->reader, &reply) == REDIS_OK && reply) {
			decode_all(reply, 0);
			freeReplyObject(reply);
		}
		if (reader->reader->err) {
			break; /* a protocol error: a connection would be dropped here */
		}
	}
	fuzz_reader_free(reader);
	return 0;
}
