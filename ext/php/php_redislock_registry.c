/* The per-request registry of holders: see php_redislock_registry.h. */
#include "php_redislock_registry.h"

void php_redislock_holder_register(php_redislock_holder *holder)
{
	holder->pid = php_redislock_getpid();
	holder->prev = NULL;
	holder->next = REDISLOCK_G(holders);
	if (holder->next) {
		holder->next->prev = holder;
	}
	REDISLOCK_G(holders) = holder;
}

void php_redislock_holder_check_fork(php_redislock_holder *holder)
{
	long pid = php_redislock_getpid();
	if (holder->pid != pid) {
		/* the parent's: forgotten, never released (the connection, too, was the parent's: refused by pid) */
		zend_hash_clean(holder->held);
		if (holder->also_held) {
			zend_hash_clean(holder->also_held);
		}
		holder->pid = pid;
	}
}

/* Ends the holdings of one holder: released if they are this process's and auto_release is on. */
static void holder_finish(php_redislock_holder *holder)
{
	rl_error err;

	uint32_t count;

	php_redislock_holder_check_fork(holder);
	if (holder->forget_kept) {
		holder->forget_kept(holder);
	}
	count = zend_hash_num_elements(holder->held) + (holder->also_held ? zend_hash_num_elements(holder->also_held) : 0);
	if (REDISLOCK_G(auto_release) && count > 0) {
		/* counted per name held (a semaphore's several slots of one name count once) */
		php_redislock_stats_of(holder->stats_kind)->released_at_end += count;
		if (holder->release(holder, &err) != RL_OK) {
			php_redislock_log_release_failure(holder->what, err.message);
		}
	}
	zend_hash_clean(holder->held);
	if (holder->also_held) {
		zend_hash_clean(holder->also_held);
	}
}

void php_redislock_holder_unregister(php_redislock_holder *holder)
{
	holder_finish(holder);
	if (holder->prev) {
		holder->prev->next = holder->next;
	} else if (REDISLOCK_G(holders) == holder) {
		REDISLOCK_G(holders) = holder->next;
	}
	if (holder->next) {
		holder->next->prev = holder->prev;
	}
	holder->prev = holder->next = NULL;
}

void php_redislock_registry_request_end(void)
{
	php_redislock_holder *holder;
	for (holder = REDISLOCK_G(holders); holder; holder = holder->next) {
		holder_finish(holder);
	}
}

void php_redislock_log_release_failure(const char *what, const char *message)
{
	char *line;
	spprintf(&line, 0, "redislock: could not release %s at the end of its owner's life (it will expire by its TTL): %s",
		what, message);
	php_log_err(line);
	efree(line);
}

void php_redislock_holding_create(zend_object *std, zend_class_entry *ce, const zend_object_handlers *handlers,
		php_redislock_holder *holder, HashTable *held, dtor_func_t record_dtor, const char *what,
		rl_status (*release)(php_redislock_holder *holder, rl_error *err))
{
	zend_object_std_init(std, ce);
	object_properties_init(std, ce);
	std->handlers = handlers;
	zend_hash_init(held, 0, NULL, record_dtor, 0);
	holder->held = held;
	holder->also_held = NULL;
	holder->forget_kept = NULL;
	holder->what = what;
	holder->stats_kind = PHP_REDISLOCK_STATS_LOCK;
	holder->release = release;
	php_redislock_holder_register(holder);
}

void php_redislock_holding_free(zend_object *std, php_redislock_holder *holder, HashTable *held,
		php_redislock_client *client)
{
	php_redislock_holder_unregister(holder);
	zend_hash_destroy(held);
	php_redislock_client_destroy(client);
	zend_object_std_dtor(std);
}

bool php_redislock_holding_enter(php_redislock_holder *holder, const php_redislock_client *client)
{
	if (!php_redislock_client_check_initialized(client)) {
		return false;
	}
	php_redislock_holder_check_fork(holder);
	return true;
}
