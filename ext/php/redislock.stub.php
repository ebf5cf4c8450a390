<?php

/**
 * @generate-class-entries
 * @undocumentable
 */

/**
 * Raised for Redis and network failures: server unreachable, authentication
 * refused, an error reply (e.g. WRONGTYPE), a read timeout. Programming errors
 * (bad arguments) raise ValueError or TypeError instead.
 */
class RedisLockException extends RuntimeException
{
}

/**
 * A distributed mutual-exclusion lock on Redis, API-compatible with the
 * userland RedisLock class (keys "Lock:<name>").
 * @not-serializable
 */
class RedisLock
{
    /**
     * @param string|array|null $server one server ("tcp://h:p", "unix:///path", "redis://..."),
     *   a deployment ("sentinel://h:p,h:p/name", "cluster://h:p,h:p"), a list of
     *   independent masters (Redlock), or null for the redislock.server INI value
     */
    public function __construct(string|array|null $server = null, array $options = []) {}

    /** One shared instance per request, configured from the INI settings. */
    public static function instance(): RedisLock {}

    public function lock(string $name, float $timeout = 0, float $expire = 15, int $waitIntervalUs = 100000): bool {}

    public function expire(string $name, float $expire): bool {}

    public function isLocking(string $name): bool {}

    public function unlock(string $name): bool {}

    public function unlockAll(): bool {}

    /**
     * Seconds this object's lock $name has left, false if it holds no such lock:
     * with one server the key's remaining lifetime (one round trip); with several
     * masters the validity the client computed (no round trip).
     */
    public function remaining(string $name): float|false {}
}

/**
 * The Redlock class of seed 003 ([host, port, timeout] masters, lock() with a
 * lifetime in ms returning validity, resource and token), on the extension's
 * multi-master core: every master at once, woken between retries.
 * @not-serializable
 */
final class RedLock
{
    public function __construct(array $servers, int $retryDelay = 200, int $retryCount = 3) {}

    public function lock(string $resource, int $ttl): array|false {}

    public function unlock(array $lock): bool {}
}

/**
 * A counting semaphore on Redis: at most $limit holders of a name at once,
 * admitted by one server-side script that orders holders by a server-side
 * ticket and expires them on the server's clock, so no client clock can
 * steal or keep a slot (keys "{Sem:<name>}:...").
 * @not-serializable
 */
class RedisSemaphore
{
    /**
     * @param string|array|null $server one server ("tcp://h:p", "unix:///path", "redis://..."),
     *   a deployment ("sentinel://h:p,h:p/name", "cluster://h:p,h:p"), a list of
     *   independent masters (Redlock), or null for the redislock.server INI value
     */
    public function __construct(string|array|null $server = null, array $options = []) {}

    /** One shared instance per request, configured from the INI settings. */
    public static function instance(): RedisSemaphore {}

    public function acquire(string $name, int $limit, float $expire = 10, float $timeout = 0): string|false {}

    public function release(string $name, ?string $id = null): bool {}

    public function refresh(string $name, ?string $id = null, ?float $expire = null): bool {}

    public function releaseAll(): bool {}

    public function count(string $name): int {}
}
