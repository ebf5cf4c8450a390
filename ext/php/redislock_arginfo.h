/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 9fd25a9d433e660350601b92ed46d6baecc279b7 */

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_RedisLock___construct, 0, 0, 0)
	ZEND_ARG_TYPE_MASK(0, server, MAY_BE_STRING|MAY_BE_ARRAY|MAY_BE_NULL, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, options, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_RedisLock_instance, 0, 0, RedisLock, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_lock, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, expire, IS_DOUBLE, 0, "15")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, waitIntervalUs, IS_LONG, 0, "100000")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, owner, IS_STRING, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, releaseAtRequestEnd, _IS_BOOL, 0, "true")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_lockRead, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, expire, IS_DOUBLE, 0, "15")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, owner, IS_STRING, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, releaseAtRequestEnd, _IS_BOOL, 0, "true")
ZEND_END_ARG_INFO()

#define arginfo_class_RedisLock_lockWrite arginfo_class_RedisLock_lockRead

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_expire, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, expire, IS_DOUBLE, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, owner, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_isLocking, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, owner, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

#define arginfo_class_RedisLock_unlock arginfo_class_RedisLock_isLocking

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_unlockAll, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_RedisLock_remaining, 0, 1, MAY_BE_DOUBLE|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, owner, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_RedisLock_owner, 0, 1, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_forceUnlock, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_RedisLock_fence, 0, 1, MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, owner, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_stats, 0, 0, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_RedLock___construct, 0, 0, 1)
	ZEND_ARG_TYPE_INFO(0, servers, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, retryDelay, IS_LONG, 0, "200")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, retryCount, IS_LONG, 0, "3")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_RedLock_lock, 0, 2, MAY_BE_ARRAY|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, resource, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, ttl, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedLock_unlock, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, lock, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_RedisSemaphore___construct arginfo_class_RedisLock___construct

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_RedisSemaphore_instance, 0, 0, RedisSemaphore, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_RedisSemaphore_acquire, 0, 2, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, limit, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, expire, IS_DOUBLE, 0, "10")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisSemaphore_release, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, id, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisSemaphore_refresh, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, id, IS_STRING, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, expire, IS_DOUBLE, 1, "null")
ZEND_END_ARG_INFO()

#define arginfo_class_RedisSemaphore_releaseAll arginfo_class_RedisLock_unlockAll

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisSemaphore_count, 0, 1, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_RedisSemaphore_stats arginfo_class_RedisLock_stats


ZEND_METHOD(RedisLock, __construct);
ZEND_METHOD(RedisLock, instance);
ZEND_METHOD(RedisLock, lock);
ZEND_METHOD(RedisLock, lockRead);
ZEND_METHOD(RedisLock, lockWrite);
ZEND_METHOD(RedisLock, expire);
ZEND_METHOD(RedisLock, isLocking);
ZEND_METHOD(RedisLock, unlock);
ZEND_METHOD(RedisLock, unlockAll);
ZEND_METHOD(RedisLock, remaining);
ZEND_METHOD(RedisLock, owner);
ZEND_METHOD(RedisLock, forceUnlock);
ZEND_METHOD(RedisLock, fence);
ZEND_METHOD(RedisLock, stats);
ZEND_METHOD(RedLock, __construct);
ZEND_METHOD(RedLock, lock);
ZEND_METHOD(RedLock, unlock);
ZEND_METHOD(RedisSemaphore, __construct);
ZEND_METHOD(RedisSemaphore, instance);
ZEND_METHOD(RedisSemaphore, acquire);
ZEND_METHOD(RedisSemaphore, release);
ZEND_METHOD(RedisSemaphore, refresh);
ZEND_METHOD(RedisSemaphore, releaseAll);
ZEND_METHOD(RedisSemaphore, count);
ZEND_METHOD(RedisSemaphore, stats);


static const zend_function_entry class_RedisLockException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_RedisLock_methods[] = {
	ZEND_ME(RedisLock, __construct, arginfo_class_RedisLock___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, instance, arginfo_class_RedisLock_instance, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(RedisLock, lock, arginfo_class_RedisLock_lock, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, lockRead, arginfo_class_RedisLock_lockRead, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, lockWrite, arginfo_class_RedisLock_lockWrite, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, expire, arginfo_class_RedisLock_expire, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, isLocking, arginfo_class_RedisLock_isLocking, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, unlock, arginfo_class_RedisLock_unlock, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, unlockAll, arginfo_class_RedisLock_unlockAll, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, remaining, arginfo_class_RedisLock_remaining, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, owner, arginfo_class_RedisLock_owner, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, forceUnlock, arginfo_class_RedisLock_forceUnlock, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, fence, arginfo_class_RedisLock_fence, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, stats, arginfo_class_RedisLock_stats, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_FE_END
};


static const zend_function_entry class_RedLock_methods[] = {
	ZEND_ME(RedLock, __construct, arginfo_class_RedLock___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(RedLock, lock, arginfo_class_RedLock_lock, ZEND_ACC_PUBLIC)
	ZEND_ME(RedLock, unlock, arginfo_class_RedLock_unlock, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_RedisSemaphore_methods[] = {
	ZEND_ME(RedisSemaphore, __construct, arginfo_class_RedisSemaphore___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisSemaphore, instance, arginfo_class_RedisSemaphore_instance, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(RedisSemaphore, acquire, arginfo_class_RedisSemaphore_acquire, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisSemaphore, release, arginfo_class_RedisSemaphore_release, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisSemaphore, refresh, arginfo_class_RedisSemaphore_refresh, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisSemaphore, releaseAll, arginfo_class_RedisSemaphore_releaseAll, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisSemaphore, count, arginfo_class_RedisSemaphore_count, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisSemaphore, stats, arginfo_class_RedisSemaphore_stats, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_FE_END
};

static zend_class_entry *register_class_RedisLockException(zend_class_entry *class_entry_RuntimeException)
{
	zend_class_entry ce, *class_entry;

	INIT_CLASS_ENTRY(ce, "RedisLockException", class_RedisLockException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_RuntimeException);

	zval const_CONNECT_FAILED_value;
	ZVAL_LONG(&const_CONNECT_FAILED_value, 1);
	zend_string *const_CONNECT_FAILED_name = zend_string_init_interned("CONNECT_FAILED", sizeof("CONNECT_FAILED") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_CONNECT_FAILED_name, &const_CONNECT_FAILED_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_CONNECT_FAILED_name);

	zval const_AUTH_FAILED_value;
	ZVAL_LONG(&const_AUTH_FAILED_value, 2);
	zend_string *const_AUTH_FAILED_name = zend_string_init_interned("AUTH_FAILED", sizeof("AUTH_FAILED") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_AUTH_FAILED_name, &const_AUTH_FAILED_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_AUTH_FAILED_name);

	zval const_READ_TIMEOUT_value;
	ZVAL_LONG(&const_READ_TIMEOUT_value, 3);
	zend_string *const_READ_TIMEOUT_name = zend_string_init_interned("READ_TIMEOUT", sizeof("READ_TIMEOUT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_READ_TIMEOUT_name, &const_READ_TIMEOUT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_READ_TIMEOUT_name);

	zval const_CONNECTION_LOST_value;
	ZVAL_LONG(&const_CONNECTION_LOST_value, 4);
	zend_string *const_CONNECTION_LOST_name = zend_string_init_interned("CONNECTION_LOST", sizeof("CONNECTION_LOST") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_CONNECTION_LOST_name, &const_CONNECTION_LOST_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_CONNECTION_LOST_name);

	zval const_SERVER_ERROR_value;
	ZVAL_LONG(&const_SERVER_ERROR_value, 5);
	zend_string *const_SERVER_ERROR_name = zend_string_init_interned("SERVER_ERROR", sizeof("SERVER_ERROR") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_SERVER_ERROR_name, &const_SERVER_ERROR_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_SERVER_ERROR_name);

	zval const_PROTOCOL_ERROR_value;
	ZVAL_LONG(&const_PROTOCOL_ERROR_value, 6);
	zend_string *const_PROTOCOL_ERROR_name = zend_string_init_interned("PROTOCOL_ERROR", sizeof("PROTOCOL_ERROR") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_PROTOCOL_ERROR_name, &const_PROTOCOL_ERROR_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_PROTOCOL_ERROR_name);

	zval const_NO_QUORUM_value;
	ZVAL_LONG(&const_NO_QUORUM_value, 7);
	zend_string *const_NO_QUORUM_name = zend_string_init_interned("NO_QUORUM", sizeof("NO_QUORUM") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_NO_QUORUM_name, &const_NO_QUORUM_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_NO_QUORUM_name);

	zval const_NO_ROUTE_value;
	ZVAL_LONG(&const_NO_ROUTE_value, 8);
	zend_string *const_NO_ROUTE_name = zend_string_init_interned("NO_ROUTE", sizeof("NO_ROUTE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_NO_ROUTE_name, &const_NO_ROUTE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_NO_ROUTE_name);

	zval const_TOO_MANY_REDIRECTS_value;
	ZVAL_LONG(&const_TOO_MANY_REDIRECTS_value, 9);
	zend_string *const_TOO_MANY_REDIRECTS_name = zend_string_init_interned("TOO_MANY_REDIRECTS", sizeof("TOO_MANY_REDIRECTS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_TOO_MANY_REDIRECTS_name, &const_TOO_MANY_REDIRECTS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_TOO_MANY_REDIRECTS_name);

	zval const_OUT_OF_MEMORY_value;
	ZVAL_LONG(&const_OUT_OF_MEMORY_value, 10);
	zend_string *const_OUT_OF_MEMORY_name = zend_string_init_interned("OUT_OF_MEMORY", sizeof("OUT_OF_MEMORY") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OUT_OF_MEMORY_name, &const_OUT_OF_MEMORY_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OUT_OF_MEMORY_name);

	zval const_HELD_LOCALLY_value;
	ZVAL_LONG(&const_HELD_LOCALLY_value, 11);
	zend_string *const_HELD_LOCALLY_name = zend_string_init_interned("HELD_LOCALLY", sizeof("HELD_LOCALLY") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_HELD_LOCALLY_name, &const_HELD_LOCALLY_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_HELD_LOCALLY_name);

	return class_entry;
}

static zend_class_entry *register_class_RedisLock(void)
{
	zend_class_entry ce, *class_entry;

	INIT_CLASS_ENTRY(ce, "RedisLock", class_RedisLock_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	return class_entry;
}

static zend_class_entry *register_class_RedLock(void)
{
	zend_class_entry ce, *class_entry;

	INIT_CLASS_ENTRY(ce, "RedLock", class_RedLock_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NOT_SERIALIZABLE;

	return class_entry;
}

static zend_class_entry *register_class_RedisSemaphore(void)
{
	zend_class_entry ce, *class_entry;

	INIT_CLASS_ENTRY(ce, "RedisSemaphore", class_RedisSemaphore_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	return class_entry;
}
