/*
 * Randomness: owner tokens from the OS CSPRNG, drawn from a per-process
 * pool of bytes (one getrandom() per many tokens, never shared with a forked
 * child), and the random numbers and pauses that keep retrying waiters out
 * of step, drawn from the same pool rather than the user's mt_rand().
 */
#include "php_redislock_random.h"

#if PHP_VERSION_ID >= 80200
# include "ext/random/php_random.h"
#else
# include "ext/standard/php_random.h"
#endif

/*
 * n bytes (n <= 32) from a pool filled by the OS CSPRNG: one getrandom() per
 * many tokens, not per lock(). The bytes used are wiped from the pool.
 */
static bool random_bytes(unsigned char *out, size_t n)
{
	const size_t pool_size = sizeof(REDISLOCK_G(random_pool));
	unsigned char *raw;

	/* Parent and child would draw the same bytes from a pool copied by fork(). */
	if (REDISLOCK_G(random_left) < n || REDISLOCK_G(random_pid) != rl_process_id()) {
		if (php_random_bytes_throw(REDISLOCK_G(random_pool), pool_size) == FAILURE) {
			return false;
		}
		REDISLOCK_G(random_left) = (uint32_t)pool_size;
		REDISLOCK_G(random_pid) = rl_process_id();
	}
	raw = REDISLOCK_G(random_pool) + pool_size - REDISLOCK_G(random_left);
	REDISLOCK_G(random_left) -= (uint32_t)n;
	memcpy(out, raw, n);
	/* used bytes are not left behind in memory for anyone to read back */
	ZEND_SECURE_ZERO(raw, n);
	return true;
}

bool php_redislock_make_token(char out[PHP_REDISLOCK_TOKEN_LEN + 1])
{
	static const char hex[] = "0123456789abcdef";
	unsigned char raw[PHP_REDISLOCK_TOKEN_LEN / 2];
	size_t i;

	if (!random_bytes(raw, sizeof(raw))) {
		return false;
	}
	for (i = 0; i < sizeof(raw); i++) {
		out[2 * i] = hex[raw[i] >> 4];
		out[2 * i + 1] = hex[raw[i] & 15];
	}
	out[PHP_REDISLOCK_TOKEN_LEN] = '\0';
	ZEND_SECURE_ZERO(raw, sizeof(raw));
	return true;
}

zend_long php_redislock_random_range(zend_long min, zend_long max)
{
	uint32_t r = 0;
	/* from the extension's own pool: mt_rand() would move the user's mt_srand() sequence */
	if (min >= max || !random_bytes((unsigned char *)&r, sizeof(r))) {
		return min;
	}
	return min + (zend_long)(r % (uint32_t)(max - min + 1));
}

void php_redislock_random_pause(zend_long max_us)
{
	if (max_us > 0) {
		usleep((unsigned int)php_redislock_random_range(0, max_us));
	}
}
