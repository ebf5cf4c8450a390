/*
 * libFuzzer target: rl_semaphore_id_lifetime(), the parser of semaphore
 * holder ids (release() and refresh() take them from users, handed over from
 * other processes). An id the parser accepts is sent to Redis and its
 * lifetime becomes a PEXPIRE; one it refuses makes the call return false
 * with no round trip. Checked against an independent reading of the format
 * "<32 lowercase hex>.<ms in 1..max>": the parser accepts exactly those, with
 * that lifetime, for the glue's maximum and for maxima the input picks (up to
 * LLONG_MAX, where a careless digit loop would overflow).
 */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "fuzz_check.h"
#include "rl_semaphore.h"

#define TOKEN_LEN 32
#define GLUE_MAX_MS 1000000000000LL /* PHP_REDISLOCK_MAX_SECONDS * 1000 */

/* The format, read another way: digits as a big number compared by length, then by text. */
static bool expected(const char *id, size_t len, long long max_ms, long long *ms)
{
	char max_text[24];
	const char *digits = id + TOKEN_LEN + 1;
	size_t ndigits, i, max_len;

	if (len < TOKEN_LEN + 2 || id[TOKEN_LEN] != '.') {
		return false;
	}
	for (i = 0; i < TOKEN_LEN; i++) {
		if (!strchr("0123456789abcdef", id[i]) || id[i] == '\0') {
			return false;
		}
	}
	ndigits = len - TOKEN_LEN - 1;
	for (i = 0; i < ndigits; i++) {
		if (digits[i] < '0' || digits[i] > '9') {
			return false;
		}
	}
	while (ndigits > 0 && digits[0] == '0') { /* leading zeros change nothing */
		digits++;
		ndigits--;
	}
	max_len = (size_t)snprintf(max_text, sizeof(max_text), "%lld", max_ms);
	if (ndigits == 0 || ndigits > max_len || (ndigits == max_len && memcmp(digits, max_text, max_len) > 0)) {
		return false; /* zero, or above max_ms */
	}
	*ms = 0;
	for (i = 0; i < ndigits; i++) {
		*ms = *ms * 10 + (digits[i] - '0');
	}
	return true;
}

static void check(const char *id, size_t len, long long max_ms)
{
	long long got = -1, want = -1;
	bool accepted = rl_semaphore_id_lifetime(id, len, TOKEN_LEN, max_ms, &got);

	FUZZ_CHECK(accepted == expected(id, len, max_ms, &want));
	if (accepted) {
		FUZZ_CHECK(got == want && got >= 1 && got <= max_ms);
	} else {
		FUZZ_CHECK(got == -1); /* untouched */
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const long long maxima[] = { GLUE_MAX_MS, 1, 9, 10, 999, LLONG_MAX / 10, LLONG_MAX - 1, LLONG_MAX };
	size_t i;

	for (i = 0; i < sizeof(maxima) / sizeof(maxima[0]); i++) {
		check((const char *)data, size, maxima[i]);
	}
	return 0;
}
