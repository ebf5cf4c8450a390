/*
 * The argument checks the classes share, all run before anything is sent:
 * each refuses a bad value with the ValueError that names the argument
 * (arg_num) and returns false.
 */
#ifndef PHP_REDISLOCK_ARGS_H
#define PHP_REDISLOCK_ARGS_H

#include "php_redislock.h"

/* Seconds: the upper bound for lifetimes and timeouts (keeps milliseconds far from overflow). */
#define PHP_REDISLOCK_MAX_SECONDS 1e9

bool php_redislock_check_name(const zend_string *name, uint32_t arg_num);
/* A lock's name under prefix: none that can be a wait key ("rl:{..." with an empty prefix). */
bool php_redislock_check_lock_name(const zend_string *prefix, const zend_string *name, uint32_t arg_num);
/* A lifetime in (0, 1e9] seconds, as whole milliseconds rounded up (never 0). */
bool php_redislock_check_expire(double expire, uint32_t arg_num, long long *ttl_ms);
/*
 * A lock's lifetime: as php_redislock_check_expire(), or 0: no lifetime (held
 * until released), which is the longest one, 1e9 s (about 31 years): the
 * queue's head then checks in every few seconds, as behind any long
 * lifetime, and every rule that counts a lifetime holds unchanged.
 */
bool php_redislock_check_lock_expire(double expire, uint32_t arg_num, long long *ttl_ms);
/* An owner, or NULL: 1..64 bytes of printable ASCII without the space (rl_lock.h). */
bool php_redislock_check_owner(const zend_string *owner, uint32_t arg_num);
/* A timeout in [0, 1e9] seconds. */
bool php_redislock_check_timeout(double timeout, uint32_t arg_num);

/* $waitIntervalUs: the grace a lock handed to the waiter is kept for it; bounded so every number sent is plain. */
#define PHP_REDISLOCK_MAX_WAIT_INTERVAL_US 60000000
bool php_redislock_check_wait_interval(zend_long wait_interval_us, uint32_t arg_num);

#endif /* PHP_REDISLOCK_ARGS_H */
