/*
 * The argument checks the classes share: names, lifetimes, timeouts and
 * the waiter's grace, each refused with the ValueError that names the
 * argument, before anything is sent.
 */
#include "php_redislock_args.h"
#include "rl_lock.h"

#include <math.h>

bool php_redislock_check_name(const zend_string *name, uint32_t arg_num)
{
	if (ZSTR_LEN(name) == 0) {
		zend_argument_value_error(arg_num, "must not be empty");
		return false;
	}
	return true;
}

bool php_redislock_check_lock_name(const zend_string *prefix, const zend_string *name, uint32_t arg_num)
{
	/*
	 * With an empty prefix every key is some lock's name, and the wait keys
	 * start with "rl:{" (ext/core/lua/README.md): a lock of that name could be
	 * another lock's wait queue, served list or wake list.
	 */
	if (ZSTR_LEN(prefix) == 0 && ZSTR_LEN(name) >= 4 && memcmp(ZSTR_VAL(name), "rl:{", 4) == 0) {
		zend_argument_value_error(arg_num, "must not start with \"rl:{\" when the prefix is empty (the wait keys' namespace)");
		return false;
	}
	return true;
}

bool php_redislock_check_expire(double expire, uint32_t arg_num, long long *ttl_ms)
{
	if (!(expire > 0 && expire <= PHP_REDISLOCK_MAX_SECONDS)) { /* also rejects NAN */
		zend_argument_value_error(arg_num, "must be greater than 0 and at most 1000000000 (seconds)");
		return false;
	}
	*ttl_ms = (long long)ceil(expire * 1000.0);
	return true;
}

bool php_redislock_check_lock_expire(double expire, uint32_t arg_num, long long *ttl_ms)
{
	if (expire == 0) {
		*ttl_ms = (long long)(PHP_REDISLOCK_MAX_SECONDS * 1000.0);
		return true;
	}
	if (!(expire > 0 && expire <= PHP_REDISLOCK_MAX_SECONDS)) { /* also rejects NAN */
		zend_argument_value_error(arg_num, "must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)");
		return false;
	}
	*ttl_ms = (long long)ceil(expire * 1000.0);
	return true;
}

bool php_redislock_check_owner(const zend_string *owner, uint32_t arg_num)
{
	if (owner && !rl_lock_owner_valid(ZSTR_VAL(owner), ZSTR_LEN(owner))) {
		zend_argument_value_error(arg_num, "must be 1 to %d bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with \"*\"",
			RL_LOCK_OWNER_MAX);
		return false;
	}
	return true;
}

bool php_redislock_check_timeout(double timeout, uint32_t arg_num)
{
	if (!(timeout >= 0 && timeout <= PHP_REDISLOCK_MAX_SECONDS)) {
		zend_argument_value_error(arg_num, "must be between 0 and 1000000000 (seconds)");
		return false;
	}
	return true;
}

bool php_redislock_check_wait_interval(zend_long wait_interval_us, uint32_t arg_num)
{
	if (wait_interval_us < 0 || wait_interval_us > PHP_REDISLOCK_MAX_WAIT_INTERVAL_US) {
		zend_argument_value_error(arg_num, "must be between 0 and %d (microseconds)", PHP_REDISLOCK_MAX_WAIT_INTERVAL_US);
		return false;
	}
	return true;
}
