/*
 * libFuzzer target: ext/net/rl_server.c on arbitrary bytes (a server string is
 * user input: the constructor's $server, the redislock.server INI setting).
 * Beyond "no crash, no leak, no undefined behaviour" it checks what the
 * callers rely on:
 * - a failed parse leaves nothing allocated and says why;
 * - a TCP address has a non-empty host and a port in 1..65535, a unix one a
 *   non-empty path; credentials and a database come only from redis://;
 * - rl_server_copy() is a deep, equal copy;
 * - rl_server_describe() never depends on the credentials (it is what error
 *   messages show), never overruns its buffer, truncates to a prefix, and
 *   names the same server: its text parses back to the same address;
 * - rl_server_parse_list() (the INI form for several masters) accepts exactly
 *   the comma-separated lists whose every entry rl_server_parse() accepts and
 *   that name no server twice, in that order; a failure leaves nothing.
 */
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "fuzz_check.h"
#include "rl_server.h"

static bool same_string(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* The fields that name the server (what describe() shows). */
static bool same_server(const rl_server_address *a, const rl_server_address *b)
{
	return a->transport == b->transport && same_string(a->host, b->host) && same_string(a->path, b->path)
		&& (a->transport != RL_TRANSPORT_TCP || a->port == b->port);
}

static void check_parsed(const rl_server_address *addr, const char *spec, size_t len)
{
	if (addr->transport == RL_TRANSPORT_TCP) {
		FUZZ_CHECK(addr->host && addr->host[0] != '\0' && !addr->path);
		FUZZ_CHECK(addr->port >= 1 && addr->port <= 65535);
		FUZZ_CHECK(!strchr(addr->host, '/') && !strchr(addr->host, '@'));
	} else {
		FUZZ_CHECK(addr->transport == RL_TRANSPORT_UNIX);
		FUZZ_CHECK(addr->path && addr->path[0] != '\0' && !addr->host);
	}
	FUZZ_CHECK(addr->database == -1 || (addr->database >= 0 && addr->database <= 1000000));
	if (len < 8 || memcmp(spec, "redis://", 8) != 0) {
		FUZZ_CHECK(!addr->username && !addr->password && addr->database == -1);
	}
}

static void check_describe(const rl_server_address *addr, size_t spec_len)
{
	/* every form fits in the spec's length plus the scheme, brackets and port */
	size_t full_cap = spec_len + 32, caps[5], i;
	char *full = malloc(full_cap), *anonymous_text = malloc(full_cap);
	rl_server_address anonymous = *addr, reparsed;
	const char *why = NULL;

	FUZZ_CHECK(full && anonymous_text);
	rl_server_describe(addr, full, full_cap);
	FUZZ_CHECK(strlen(full) < full_cap - 1);

	anonymous.username = NULL;
	anonymous.password = NULL;
	anonymous.database = 7;
	rl_server_describe(&anonymous, anonymous_text, full_cap);
	FUZZ_CHECK(strcmp(full, anonymous_text) == 0);

	FUZZ_CHECK(rl_server_parse(full, strlen(full), &reparsed, &why));
	FUZZ_CHECK(same_server(addr, &reparsed));
	FUZZ_CHECK(!reparsed.username && !reparsed.password && reparsed.database == -1);
	rl_server_address_free(&reparsed);

	/* too small buffers (heap blocks of exactly cap bytes, so an overrun is caught) */
	caps[0] = 1;
	caps[1] = 2;
	caps[2] = 9;
	caps[3] = strlen(full) / 2 + 1;
	caps[4] = strlen(full);
	for (i = 0; i < sizeof(caps) / sizeof(caps[0]); i++) {
		char *small = malloc(caps[i]);
		FUZZ_CHECK(small);
		rl_server_describe(addr, small, caps[i]);
		FUZZ_CHECK(strnlen(small, caps[i]) < caps[i]);
		FUZZ_CHECK(strncmp(small, full, strlen(small)) == 0);
		free(small);
	}
	free(full);
	free(anonymous_text);
}

/* The list parser against an independent reading: split on ',', parse each, no server twice. */
static void check_list(const char *spec, size_t len)
{
	rl_server_address *list = NULL;
	size_t n = 0, expected = 0, start = 0, i, j;
	const char *why = NULL;
	bool expect_ok = true;
	rl_server_address *mine = calloc(len + 1, sizeof(*mine));

	FUZZ_CHECK(mine);
	for (i = 0; i <= len && expect_ok; i++) {
		if (i < len && spec[i] != ',') {
			continue;
		}
		if (!rl_server_parse(spec + start, i - start, &mine[expected], &why)) {
			expect_ok = false;
			break;
		}
		for (j = 0; j < expected; j++) {
			expect_ok = expect_ok && !(same_server(&mine[j], &mine[expected])
				|| (mine[j].transport == RL_TRANSPORT_TCP && mine[expected].transport == RL_TRANSPORT_TCP
					&& mine[j].port == mine[expected].port && strcasecmp(mine[j].host, mine[expected].host) == 0));
		}
		expected++;
		start = i + 1;
	}
	if (rl_server_parse_list(spec, len, &list, &n, &why)) {
		FUZZ_CHECK(expect_ok && n == expected && n >= 1);
		for (i = 0; i < n; i++) {
			FUZZ_CHECK(same_server(&list[i], &mine[i]));
		}
		rl_server_list_free(list, n);
	} else {
		FUZZ_CHECK(!expect_ok && !list && n == 0 && why && why[0] != '\0');
	}
	for (i = 0; i < expected; i++) {
		rl_server_address_free(&mine[i]);
	}
	free(mine);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *spec = (const char *)data, *why = NULL;
	rl_server_address addr, copy;

	check_list(spec, size);

	if (!rl_server_parse(spec, size, &addr, &why)) {
		FUZZ_CHECK(why && why[0] != '\0');
		FUZZ_CHECK(!addr.host && !addr.path && !addr.username && !addr.password);
		return 0;
	}
	check_parsed(&addr, spec, size);

	FUZZ_CHECK(rl_server_copy(&copy, &addr));
	FUZZ_CHECK(same_server(&addr, &copy) && same_string(addr.username, copy.username)
		&& same_string(addr.password, copy.password) && addr.database == copy.database);
	FUZZ_CHECK(copy.host != addr.host || !addr.host);
	FUZZ_CHECK(copy.password != addr.password || !addr.password);
	rl_server_address_free(&copy);
	FUZZ_CHECK(!copy.host && !copy.path && !copy.username && !copy.password);

	check_describe(&addr, size);
	rl_server_address_free(&addr);
	return 0;
}
