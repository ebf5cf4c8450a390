/*
 * Counters for operators: RedisLock::stats(), RedisSemaphore::stats(),
 * phpinfo(), and the slow-wait log line (redislock.slow_wait_ms).
 *
 * Per process (per thread under ZTS), counted since the process started, so
 * an FPM worker's counters span its requests; a host's total is the sum over
 * its workers (what a metrics endpoint scrapes). Plain increments of the
 * module globals: nothing shared, nothing locked, nothing allocated.
 */
#ifndef PHP_REDISLOCK_STATS_H
#define PHP_REDISLOCK_STATS_H

#include "php.h"
#include "rl_conn.h"

/* Whose counters: locks (RedisLock and RedLock) or semaphores. */
typedef enum {
	PHP_REDISLOCK_STATS_LOCK = 0,
	PHP_REDISLOCK_STATS_SEMAPHORE,
	PHP_REDISLOCK_STATS_KINDS
} php_redislock_stats_kind;

/* The wait histogram's upper bounds (seconds, Prometheus' "le"), and one bucket above the last. */
#define PHP_REDISLOCK_WAIT_BUCKETS 12
extern const double php_redislock_wait_bucket_le[PHP_REDISLOCK_WAIT_BUCKETS];

/* RedisLockException's codes run 1..10 (php_redislock_error_code()). */
#define PHP_REDISLOCK_ERROR_CODES 12

typedef struct {
	uint64_t acquired;            /* lock()/acquire() true (re-locking a held lock not counted) */
	uint64_t acquired_after_wait; /* ... of them, after waiting in the queue (a hand-over, or free at a visit) */
	uint64_t busy;                /* false at once: taken, and no time to wait ($timeout 0) */
	uint64_t timeouts;            /* false after waiting: still taken when $timeout ran out */
	uint64_t refused_replicas;    /* taken, then undone: fewer than min_replicas acknowledged it */
	uint64_t lost;                /* unlock()/expire()/release()/refresh() false for a lock or slot believed held */
	uint64_t released_at_end;     /* locks or slots released by the request end (auto_release) */
	uint64_t waits;               /* calls that waited, whatever came of it: the histogram's count */
	uint64_t wait_ns_sum;
	uint64_t wait_buckets[PHP_REDISLOCK_WAIT_BUCKETS + 1];
	uint64_t slow_waits;          /* waits longer than redislock.slow_wait_ms (each logged) */
	uint64_t errors[PHP_REDISLOCK_ERROR_CODES]; /* RedisLockExceptions thrown, by code */
	uint64_t connects;            /* connections opened */
	uint64_t discarded;           /* connections closed after an I/O error, timeout or protocol error */
} php_redislock_stats;

/* How a lock()/acquire() call ended, for the counters and the slow-wait log. */
typedef enum {
	PHP_REDISLOCK_OUTCOME_ACQUIRED,
	PHP_REDISLOCK_OUTCOME_NOT_ACQUIRED,    /* busy ($timeout 0) or timed out */
	PHP_REDISLOCK_OUTCOME_REFUSED_REPLICAS,
	PHP_REDISLOCK_OUTCOME_FAILED           /* an exception (counted by its code when thrown) */
} php_redislock_outcome;

php_redislock_stats *php_redislock_stats_of(php_redislock_stats_kind kind);

zend_long php_redislock_error_code(rl_status status);

/* An exception of status is being thrown. */
void php_redislock_stats_error(php_redislock_stats_kind kind, rl_status status);

/*
 * A lock()/acquire() call on name ended. started_ns: when it was called;
 * waited: whether it waited (queued, or out of time trying to); timeout its
 * $timeout. Counts it; a wait longer than redislock.slow_wait_ms writes one
 * line to the error log.
 */
void php_redislock_stats_acquire_end(php_redislock_stats_kind kind, const zend_string *name, uint64_t started_ns,
		bool waited, double timeout, php_redislock_outcome outcome);

/* The counters of kind as the array stats() returns. */
void php_redislock_stats_to_array(php_redislock_stats_kind kind, zval *array);

/* phpinfo()'s table of both kinds' counters. */
void php_redislock_stats_info(void);

#endif
