/* redislock: distributed locks and semaphores on Redis. Module header. */
#ifndef PHP_REDISLOCK_H
#define PHP_REDISLOCK_H

#include "php.h"

#define PHP_REDISLOCK_VERSION "0.1.0"

extern zend_module_entry redislock_module_entry;
#define phpext_redislock_ptr &redislock_module_entry

typedef struct php_redislock_holder php_redislock_holder;

#include "php_redislock_stats.h"

/* the most (server, database, prefix) segments one process maps */
#define PHP_REDISLOCK_LOCAL_SEGMENTS 8

ZEND_BEGIN_MODULE_GLOBALS(redislock)
	/* INI */
	char *server;
	char *prefix;
	double connect_timeout;
	double read_timeout;
	bool persistent;
	bool auto_release;
	double max_wait;                 /* redislock.max_wait: no wait lasts longer (0: no cap) */
	zend_long slow_wait_ms;          /* redislock.slow_wait_ms: a longer wait is logged (0: none) */
	bool local_handover;             /* redislock.local_handover: one host's processes hand a lock on in shared memory */
	bool fencing;                    /* redislock.fencing: RedisLock's default for the fencing option */
	/* per process (per thread under ZTS), across requests */
	php_redislock_stats stats[PHP_REDISLOCK_STATS_KINDS];
	/* per request */
	uint64_t time_limit_start_ns;    /* when max_execution_time's clock (re)started: request start, set_time_limit() */
	php_redislock_holder *holders;   /* every live object that can hold something */
	zend_object *lock_instance;      /* RedisLock::instance() */
	zend_object *semaphore_instance; /* RedisSemaphore::instance() */
	/* CSPRNG bytes not yet used for a token: one getrandom() per 32 tokens, not per lock() */
	unsigned char random_pool[512];
	uint32_t random_left;
	long random_pid;                 /* the process that drew them: a forked child must not reuse them */
	/*
	 * Lock keys this process recently found held (a hint, kept across requests):
	 * lock() with a timeout then joins the queue at once, without the SET NX that
	 * would fail (php_redislock_lock.c). Direct-mapped by the key's hash.
	 */
	struct {
		zend_ulong hash;
		uint64_t until_ns;
	} contended[64];
	/* the local hand-over's segments (php_redislock_local.c), mapped for the life of the process */
	struct {
		zend_ulong hash;
		struct rl_local_seg *seg;
	} local_segs[PHP_REDISLOCK_LOCAL_SEGMENTS];
	const char *local_why;           /* why the last segment wanted could not be had (NULL: it could) */
ZEND_END_MODULE_GLOBALS(redislock)

ZEND_EXTERN_MODULE_GLOBALS(redislock)
#define REDISLOCK_G(v) ZEND_MODULE_GLOBALS_ACCESSOR(redislock, v)

#if defined(ZTS) && defined(COMPILE_DL_REDISLOCK)
ZEND_TSRMLS_CACHE_EXTERN()
#endif

extern zend_class_entry *php_redislock_exception_ce;

/* Monotonic nanoseconds. */
#if PHP_VERSION_ID >= 80300
# include "Zend/zend_hrtime.h"
# define php_redislock_now_ns() ((uint64_t)zend_hrtime())
#else
# include "ext/standard/hrtime.h"
# define php_redislock_now_ns() ((uint64_t)php_hrtime_current())
#endif

/* The current process id (cached, refreshed after fork). */
#include "rl_conn.h"
#define php_redislock_getpid() rl_process_id()

/* Handlers of each class (registered from the stub in redislock.c), one per class file. */
void php_redislock_lock_init_class(zend_class_entry *ce);
void php_redislock_semaphore_init_class(zend_class_entry *ce);
void php_redislock_redlock_init_class(zend_class_entry *ce);

#endif /* PHP_REDISLOCK_H */
