<?php

/**
 * @generate-class-entries
 * @undocumentable
 */

/**
 * Raised for Redis and network failures: server unreachable, authentication
 * refused, an error reply (e.g. WRONGTYPE), a read timeout. Programming errors
 * (bad arguments) raise ValueError or TypeError instead. getCode() tells the
 * kind apart: one of the constants below (never 0).
 */
class RedisLockException extends RuntimeException
{
    /**
     * @var int
     * Could not connect: refused, timed out, the host not resolved, or the handshake
     * (other than AUTH) failed: no reply, lost, malformed. Nothing of the call ran.
     */
    public const CONNECT_FAILED = 1;
    /**
     * @var int
     * The server refused the handshake: AUTH (wrong password or user), SELECT.
     */
    public const AUTH_FAILED = 2;
    /**
     * @var int
     * No reply within read_timeout. The command may have run.
     */
    public const READ_TIMEOUT = 3;
    /**
     * @var int
     * The connection broke while talking (closed, reset). The command may have run.
     */
    public const CONNECTION_LOST = 4;
    /**
     * @var int
     * The server answered an error reply (e.g. WRONGTYPE, OOM, NOSCRIPT): its text follows the server's name in the message.
     */
    public const SERVER_ERROR = 5;
    /**
     * @var int
     * A reply that breaks RESP, or of a shape the command never answers. The command may have run.
     */
    public const PROTOCOL_ERROR = 6;
    /**
     * @var int
     * Several masters: fewer than a quorum of them answered.
     */
    public const NO_QUORUM = 7;
    /**
     * @var int
     * Sentinel or Cluster named no node to run on: no Sentinel answered, no such master, no slot map, a slot unserved.
     */
    public const NO_ROUTE = 8;
    /**
     * @var int
     * Cluster kept redirecting: MOVED/ASK too many times, or TRYAGAIN/LOADING beyond the wait allowed.
     */
    public const TOO_MANY_REDIRECTS = 9;
    /**
     * @var int
     * Memory ran out in the client (hiredis).
     */
    public const OUT_OF_MEMORY = 10;
    /**
     * @var int
     * The lock is held through a host's local hand-over (redislock.local_handover): only its holder may release or extend it.
     */
    public const HELD_LOCALLY = 11;
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

    /**
     * @param float $expire the lifetime in seconds; 0: none (held until released)
     * @param string|null $owner who holds it: 1 to 64 bytes of printable ASCII
     *   without spaces, not starting with "*". null: this object. Two owners are two holders, whichever
     *   objects or processes they use; the lock's other methods given the owner
     *   act on its lock from any object or process (Laravel's restoreLock(),
     *   a Symfony key passed to another process).
     * @param bool $releaseAtRequestEnd false: neither the request's end nor this
     *   object's destruction releases it (unlockAll() does); it lives until
     *   released or its lifetime ends.
     */
    public function lock(string $name, float $timeout = 0, float $expire = 15, int $waitIntervalUs = 100000,
        ?string $owner = null, bool $releaseAtRequestEnd = true): bool {}

    /**
     * The shared side of the read/write lock $name: held by any number of
     * readers at once, never beside a writer (lockWrite(), or lock()). Free
     * (no writer, nobody queued): one round trip. Otherwise it waits up to
     * $timeout in the lock's FIFO queue, woken by the release before it (the
     * readers at the queue's head are let in together), never passing a
     * writer that queued before it. A writer's lock this object (owner) holds
     * is demoted in one step: the key is never free in between, and the
     * readers queued at its head come in. Held, it renews the lifetime.
     * The other methods (unlock(), expire(), isLocking(), remaining(),
     * unlockAll(), the request's end) act on whichever side is held; given
     * $owner, a read lock only through the object that took it.
     * Not available with several masters (Error).
     * @param float $expire the lifetime in seconds, on the server's clock; 0: none
     * @param string|null $owner as lock()'s
     * @param bool $releaseAtRequestEnd as lock()'s
     */
    public function lockRead(string $name, float $timeout = 0, float $expire = 15, ?string $owner = null,
        bool $releaseAtRequestEnd = true): bool {}

    /**
     * The exclusive side of the read/write lock $name: no reader and no other
     * writer beside it; it excludes lock() of the same name too. Free: one
     * round trip (SET NX). Otherwise it waits up to $timeout in the read/write
     * queue, FIFO, woken. A read lock this object (owner) holds is promoted
     * in one step when it is the only reader; with other readers the call is
     * refused at once (false, still reading: a promoter that waited while
     * reading would deadlock with a second one).
     * @param float $expire the lifetime in seconds; 0: none
     * @param string|null $owner as lock()'s
     * @param bool $releaseAtRequestEnd as lock()'s
     */
    public function lockWrite(string $name, float $timeout = 0, float $expire = 15, ?string $owner = null,
        bool $releaseAtRequestEnd = true): bool {}

    /** @param float $expire the new lifetime in seconds; 0: none */
    public function expire(string $name, float $expire, ?string $owner = null): bool {}

    public function isLocking(string $name, ?string $owner = null): bool {}

    public function unlock(string $name, ?string $owner = null): bool {}

    public function unlockAll(): bool {}

    /**
     * Seconds this object's lock $name has left, false if it holds no such lock:
     * with one server the key's remaining lifetime (one round trip); with several
     * masters the validity the client computed (no round trip).
     */
    public function remaining(string $name, ?string $owner = null): float|false {}

    /**
     * Who holds $name now, as Redis says (one round trip): the owner a
     * lock() was given, or for a lock taken without one its token (which
     * the other methods take as $owner); "*r" while readers hold it
     * (lockRead()); false when nobody holds it.
     */
    public function owner(string $name): string|false {}

    /**
     * Releases $name whoever holds it, handing it to the first waiter queued
     * (woken, as by unlock()); true if it was held. Its holder is not told:
     * its isLocking() turns false. A lock taken through the local hand-over is
     * refused (RedisLockException::HELD_LOCALLY): its host hands it on without
     * asking Redis. Readers (lockRead()) are never forced: false.
     */
    public function forceUnlock(string $name): bool {}

    /**
     * The fencing number of the lock this object holds on $name (under
     * $owner), false when it holds none. Needs the fencing option
     * (['fencing' => true], or redislock.fencing=1). Every acquisition of a name, by any process, gets a number
     * greater than every earlier one got, as long as the server keeps its
     * data; a store that accepts a write only with a number greater than the
     * last one it accepted refuses a holder that stalled past its lifetime
     * (README "Fences"). It is this acquisition's number, not a check that
     * the lock is still held: taken without waiting, it is known at once and
     * given as long as the object keeps the record (a stale number is the
     * smaller one, which the store refuses). Taken by waiting (or by a
     * promotion): read on the first call (one round trip), false if the lock
     * was lost before that. Over several masters the first call confirms
     * the number on a quorum (one round trip to every master at once):
     * false when fewer than a quorum still hold the lock or it is past its
     * validity. A name held through lockWrite()
     * has one on the same counter; one held for reading (lockRead()) is an
     * Error.
     */
    public function fence(string $name, ?string $owner = null): int|false {}

    /**
     * This process's counters of every lock (RedisLock and RedisLock over several
     * masters) since it started: acquisitions, waits (a histogram), timeouts, locks
     * lost, errors by RedisLockException code, connections. README lists the keys.
     * @return array<string, int|float|array<string, int>>
     */
    public static function stats(): array {}
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

    /**
     * This process's counters of every semaphore since it started, with the same
     * keys as RedisLock::stats().
     * @return array<string, int|float|array<string, int>>
     */
    public static function stats(): array {}
}
