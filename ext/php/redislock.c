/* redislock: the module: INI settings, phpinfo(), request start and end. */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_ini.h"
#include "ext/standard/info.h"
#include "zend_smart_str.h"

#include "php_redislock.h"
#include "php_redislock_client.h"
#include "php_redislock_args.h"
#include "php_redislock_registry.h"
#include "php_redislock_local.h"
#include "rl_hiredis_compat.h"
#include "rl_conn.h"
#include "rl_scripts.h"
#include "ext/spl/spl_exceptions.h"

#include "redislock_arginfo.h"

zend_class_entry *php_redislock_exception_ce;

ZEND_DECLARE_MODULE_GLOBALS(redislock)

/* A bad address is refused when it is set (php.ini, ini_set()), not at the first lock. */
static ZEND_INI_MH(OnUpdateServer)
{
	const char *why;
	if (!php_redislock_server_is_valid(ZSTR_VAL(new_value), ZSTR_LEN(new_value), &why)) {
		php_error_docref(NULL, E_WARNING, "redislock.server must be a valid server address (or a comma-separated list of them): %s", why);
		return FAILURE;
	}
	return OnUpdateString(entry, new_value, mh_arg1, mh_arg2, mh_arg3, stage);
}

static ZEND_INI_MH(OnUpdateSeconds)
{
	const char *end;
	double seconds = zend_strtod(ZSTR_VAL(new_value), &end);
	if (end == ZSTR_VAL(new_value) || *end != '\0' || !(seconds >= 0 && seconds <= PHP_REDISLOCK_MAX_SECONDS)) {
		php_error_docref(NULL, E_WARNING, "%s must be a number of seconds between 0 and 1000000000",
			ZSTR_VAL(entry->name));
		return FAILURE;
	}
	return OnUpdateReal(entry, new_value, mh_arg1, mh_arg2, mh_arg3, stage);
}

static ZEND_INI_MH(OnUpdateSlowWait)
{
	zend_long ms;
	if (is_numeric_string(ZSTR_VAL(new_value), ZSTR_LEN(new_value), &ms, NULL, false) != IS_LONG || ms < 0) {
		php_error_docref(NULL, E_WARNING, "redislock.slow_wait_ms must be a whole number of milliseconds, 0 or more");
		return FAILURE;
	}
	return OnUpdateLong(entry, new_value, mh_arg1, mh_arg2, mh_arg3, stage);
}

/* One server of redislock.server, without its password. */
static void display_one_server(const char *s, size_t len)
{
	const char *end = s + len, *scheme_end = NULL, *at = NULL, *p;

	for (p = s; p + 3 <= end; p++) {
		if (memcmp(p, "://", 3) == 0) {
			scheme_end = p;
			break;
		}
	}
	for (p = end; p > s; p--) {
		if (p[-1] == '@') {
			at = p - 1;
			break;
		}
	}
	if (scheme_end && at && at > scheme_end) {
		const char *colon = memchr(scheme_end + 3, ':', (size_t)(at - scheme_end - 3));
		/* keep scheme and user, hide the password */
		PHPWRITE(s, (colon ? colon : scheme_end + 3) - s);
		PUTS(colon ? ":***" : "***");
		PHPWRITE(at, end - at);
	} else {
		PHPWRITE(s, len);
	}
}

/* phpinfo() shows the server (each of a comma-separated list) without its password. */
static ZEND_INI_DISP(display_server)
{
	zend_string *value = type == ZEND_INI_DISPLAY_ORIG && ini_entry->modified ? ini_entry->orig_value : ini_entry->value;
	const char *s, *end, *comma;

	if (!value || ZSTR_LEN(value) == 0) {
		PUTS("no value");
		return;
	}
	s = ZSTR_VAL(value);
	end = s + ZSTR_LEN(value);
	while ((comma = memchr(s, ',', (size_t)(end - s)))) {
		display_one_server(s, (size_t)(comma - s));
		PUTS(",");
		s = comma + 1;
	}
	display_one_server(s, (size_t)(end - s));
}

/* Every setting is "redislock.<name>", changeable anywhere (PHP_INI_ALL), kept in REDISLOCK_G(<name>). */
#define REDISLOCK_INI(name, default_value, on_update) \
	STD_PHP_INI_ENTRY("redislock." #name, default_value, PHP_INI_ALL, on_update, name, zend_redislock_globals, \
		redislock_globals)
#define REDISLOCK_INI_BOOL(name, default_value) \
	STD_PHP_INI_BOOLEAN("redislock." #name, default_value, PHP_INI_ALL, OnUpdateBool, name, zend_redislock_globals, \
		redislock_globals)

PHP_INI_BEGIN()
	/* the server shows in phpinfo() without its password */
	STD_PHP_INI_ENTRY_EX("redislock.server", "tcp://127.0.0.1:6379", PHP_INI_ALL, OnUpdateServer,
		server, zend_redislock_globals, redislock_globals, display_server)
	REDISLOCK_INI(prefix, "Lock:", OnUpdateString)
	REDISLOCK_INI(connect_timeout, "1", OnUpdateSeconds)
	REDISLOCK_INI(read_timeout, "2", OnUpdateSeconds)
	REDISLOCK_INI_BOOL(persistent, "0")
	REDISLOCK_INI_BOOL(auto_release, "1")
	REDISLOCK_INI(max_wait, "0", OnUpdateSeconds)
	REDISLOCK_INI(slow_wait_ms, "0", OnUpdateSlowWait)
	REDISLOCK_INI_BOOL(local_handover, "0")
	REDISLOCK_INI_BOOL(fencing, "0")
PHP_INI_END()

/*
 * max_execution_time counts CPU time on Linux, which a blocked wait does not
 * use, so a wait must end by the wall-clock budget itself: the limit's clock
 * starts with the request and restarts at every set_time_limit() or ini_set()
 * of max_execution_time (both go through the entry's on_modify handler, which
 * is why that handler is wrapped here: the wrapper only notes the time).
 */
static ZEND_INI_MH((*time_limit_on_modify));

static ZEND_INI_MH(OnUpdateTimeLimit)
{
	int result = time_limit_on_modify(entry, new_value, mh_arg1, mh_arg2, mh_arg3, stage);
	if (result == SUCCESS && stage == ZEND_INI_STAGE_RUNTIME) {
		REDISLOCK_G(time_limit_start_ns) = php_redislock_now_ns();
	}
	return result;
}

/* At MINIT the table is the one every thread's copy is made from (ZTS), so one wrap covers all. */
static zend_ini_entry *time_limit_entry(void)
{
	return zend_hash_str_find_ptr(EG(ini_directives), ZEND_STRL("max_execution_time"));
}

static PHP_GINIT_FUNCTION(redislock)
{
#if defined(COMPILE_DL_REDISLOCK) && defined(ZTS)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	memset(redislock_globals, 0, sizeof(*redislock_globals));
}

static PHP_GSHUTDOWN_FUNCTION(redislock)
{
	php_redislock_local_unmap_all();
}

static PHP_MINIT_FUNCTION(redislock)
{
	zend_ini_entry *time_limit;

	REGISTER_INI_ENTRIES();
	if ((time_limit = time_limit_entry()) && time_limit->on_modify) {
		time_limit_on_modify = time_limit->on_modify;
		time_limit->on_modify = OnUpdateTimeLimit;
	}
	rl_process_init();
	rl_scripts_init();
	php_redislock_client_minit(module_number);
	php_redislock_exception_ce = register_class_RedisLockException(spl_ce_RuntimeException);
	php_redislock_lock_init_class(register_class_RedisLock());
	php_redislock_semaphore_init_class(register_class_RedisSemaphore());
	php_redislock_redlock_init_class(register_class_RedLock());
	return SUCCESS;
}

static PHP_MSHUTDOWN_FUNCTION(redislock)
{
	zend_ini_entry *time_limit = time_limit_entry();

	if (time_limit && time_limit->on_modify == OnUpdateTimeLimit) {
		time_limit->on_modify = time_limit_on_modify;
	}
	UNREGISTER_INI_ENTRIES();
	return SUCCESS;
}

static PHP_RINIT_FUNCTION(redislock)
{
#if defined(COMPILE_DL_REDISLOCK) && defined(ZTS)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	REDISLOCK_G(time_limit_start_ns) = php_redislock_now_ns();
	REDISLOCK_G(holders) = NULL;
	REDISLOCK_G(lock_instance) = NULL;
	REDISLOCK_G(semaphore_instance) = NULL;
	return SUCCESS;
}

/*
 * Runs after shutdown functions and destructors, also after exit(), a fatal
 * error or max_execution_time (the time limit is already off by then), while
 * every object still exists: the one place that sees everything still held.
 */
static PHP_RSHUTDOWN_FUNCTION(redislock)
{
	php_redislock_registry_request_end();
	if (REDISLOCK_G(lock_instance)) {
		OBJ_RELEASE(REDISLOCK_G(lock_instance));
		REDISLOCK_G(lock_instance) = NULL;
	}
	if (REDISLOCK_G(semaphore_instance)) {
		OBJ_RELEASE(REDISLOCK_G(semaphore_instance));
		REDISLOCK_G(semaphore_instance) = NULL;
	}
	return SUCCESS;
}

static PHP_MINFO_FUNCTION(redislock)
{
	php_info_print_table_start();
	php_info_print_table_row(2, "redislock support", "enabled");
	php_info_print_table_row(2, "Version", PHP_REDISLOCK_VERSION);
	php_info_print_table_row(2, "hiredis version (built with)", RL_HIREDIS_VERSION_STRING);
	php_info_print_table_row(2, "local hand-over", php_redislock_local_mode());
	php_info_print_table_end();
	DISPLAY_INI_ENTRIES();
	php_redislock_stats_info();
}

zend_module_entry redislock_module_entry = {
	STANDARD_MODULE_HEADER,
	"redislock",
	NULL,
	PHP_MINIT(redislock),
	PHP_MSHUTDOWN(redislock),
	PHP_RINIT(redislock),
	PHP_RSHUTDOWN(redislock),
	PHP_MINFO(redislock),
	PHP_REDISLOCK_VERSION,
	PHP_MODULE_GLOBALS(redislock),
	PHP_GINIT(redislock),
	PHP_GSHUTDOWN(redislock),
	NULL,
	STANDARD_MODULE_PROPERTIES_EX
};

#ifdef COMPILE_DL_REDISLOCK
# ifdef ZTS
ZEND_TSRMLS_CACHE_DEFINE()
# endif
ZEND_GET_MODULE(redislock)
#endif
