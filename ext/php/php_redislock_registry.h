/*
 * The per-request registry of what is held. Every object that can hold locks
 * or semaphore slots links itself in here while it lives; at request end
 * (RSHUTDOWN: after a normal end, exit(), an uncaught exception, a fatal
 * error or max_execution_time alike) everything still held is released.
 *
 * It also owns the fork rule: what an object holds belongs to the process
 * that took it. A pcntl_fork() child sees its inherited holdings forgotten,
 * never released.
 */
#ifndef PHP_REDISLOCK_REGISTRY_H
#define PHP_REDISLOCK_REGISTRY_H

#include "php_redislock.h"
#include "php_redislock_client.h"

struct php_redislock_holder {
	php_redislock_holder *prev, *next;
	long pid;          /* the process the holdings belong to */
	HashTable *held;   /* the records of what is held: name => the class's record */
	HashTable *also_held; /* a second table of records (RedisLock's owners' locks), or NULL */
	/* Forgets (never releases) the records the end must leave alone, before it counts and releases; or NULL. */
	void (*forget_kept)(php_redislock_holder *holder);
	const char *what;  /* what is held, for the log ("locks", "semaphore slots") */
	php_redislock_stats_kind stats_kind; /* whose counters count its releases at the end */
	/* Releases everything in *held on its servers, without throwing; the records are cleared after, whatever came of it. */
	rl_status (*release)(php_redislock_holder *holder, rl_error *err);
};

void php_redislock_holder_register(php_redislock_holder *holder);

/* At object destruction: releases (or, in a forked child, forgets) and unlinks. */
void php_redislock_holder_unregister(php_redislock_holder *holder);

/* Call before using a holder's records: in a forked child, forgets what the parent held. */
void php_redislock_holder_check_fork(php_redislock_holder *holder);

/*
 * The life of an object that holds things (RedisLock, RedisSemaphore, RedLock),
 * whose struct has a client, a holder and a table of records of what it holds
 * before its zend_object. At create_object: the zend_object set up with the
 * class's handlers, the records empty (record_dtor frees one), the holder linked
 * with what it holds and the class's release. At free_obj: what is still held released
 * now (nobody can reach it any more), then the records and the client. At each
 * method: the object constructed (else an Error is thrown: false) and, in a
 * forked child, the parent's records forgotten.
 */
void php_redislock_holding_create(zend_object *std, zend_class_entry *ce, const zend_object_handlers *handlers,
		php_redislock_holder *holder, HashTable *held, dtor_func_t record_dtor, const char *what,
		rl_status (*release)(php_redislock_holder *holder, rl_error *err));
void php_redislock_holding_free(zend_object *std, php_redislock_holder *holder, HashTable *held,
		php_redislock_client *client);
bool php_redislock_holding_enter(php_redislock_holder *holder, const php_redislock_client *client);

/* RSHUTDOWN. */
void php_redislock_registry_request_end(void);

/* Reports a failed automatic release to the error log; never throws (we may be in shutdown). */
void php_redislock_log_release_failure(const char *what, const char *message);

#endif /* PHP_REDISLOCK_REGISTRY_H */
