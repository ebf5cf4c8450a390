<?php

namespace RedisLock\Bridge\Laravel;

use Illuminate\Contracts\Cache\LockTimeoutException;

// Laravel's abstract Illuminate\Cache\Lock when illuminate/cache is installed (so the lock is
// one of Laravel's, with whatever helpers the installed version adds), else a stand-in with
// the same state and helpers on illuminate/contracts alone.
if (!class_exists(__NAMESPACE__ . '\LockBase', false)) {
    class_alias(class_exists(\Illuminate\Cache\Lock::class) ? \Illuminate\Cache\Lock::class : StandaloneLock::class,
        __NAMESPACE__ . '\LockBase');
}

/**
 * A Laravel cache lock on the redislock extension (RedisLockProvider makes them).
 *
 * - acquire()/get() take the lock under this lock's owner, for $seconds (0: until
 *   released), and it outlives the request: a queued job, a later request or
 *   another process releases it with restoreLock($name, $owner)->release().
 * - block() waits in the extension's queue and is woken by the release: no
 *   polling, so betweenBlockedAttemptsSleepFor() changes nothing.
 * - release() releases it only for its owner; forceRelease() whoever holds it,
 *   handing it to the next waiter.
 *
 * Owners are any strings, as in Laravel. The extension takes owners of 1 to 64
 * printable ASCII bytes without spaces, not starting with "*"; any other owner is stored as "~" and
 * the base64url SHA-256 of it (45 bytes), and getCurrentOwner() gives this
 * lock's own owner back as it was given.
 *
 * One difference from Laravel's RedisLock: acquiring again a lock this owner
 * already holds through the same RedisLockProvider succeeds and renews its
 * lifetime (Laravel's SET NX fails); from another provider or process it fails
 * while the lock is held.
 */
class RedisLockLock extends LockBase
{
    /** The extension's argument, which its queue no longer uses (see README). */
    private const WAIT_INTERVAL_US = 100000;

    private \RedisLock $redisLock;

    /** The owner as the extension stores it (see the class comment). */
    private string $ownerToken;

    /** $seconds as the extension's $expire (0: no lifetime), worked out at the first acquisition. */
    private ?float $lifetime = null;

    /**
     * @param string      $name
     * @param int|float   $seconds lifetime in seconds; 0 (or less): held until released
     * @param string|null $owner   null: a new random owner (128 bits, 32 hex digits)
     */
    public function __construct(\RedisLock $redisLock, $name, $seconds, $owner = null)
    {
        if ($owner === null) {
            parent::__construct((string) $name, $seconds, self::newOwner());
            $this->ownerToken = $this->owner; // valid as it is: no check
        } else {
            parent::__construct((string) $name, $seconds, (string) $owner);
            $this->ownerToken = self::tokenOf($this->owner);
        }
        $this->redisLock = $redisLock;
    }

    public function acquire(): bool
    {
        return $this->redisLock->lock($this->name, 0, $this->lifetime ??= self::lifetimeOf($this->seconds), self::WAIT_INTERVAL_US, $this->ownerToken, false);
    }

    /**
     * Waits up to $seconds for the lock, woken when it is released (or expires), then
     * runs $callback and releases it, as Laravel's block() does.
     *
     * @throws LockTimeoutException when the lock was not free by then (the extension ends a
     *                              wait by the request's time budget too: max_execution_time,
     *                              redislock.max_wait)
     */
    public function block($seconds, $callback = null): mixed
    {
        $timeout = min(max(0.0, (float) $seconds), 1e9);
        if (!$this->redisLock->lock($this->name, $timeout, $this->lifetime ??= self::lifetimeOf($this->seconds), self::WAIT_INTERVAL_US, $this->ownerToken, false)) {
            throw new LockTimeoutException();
        }
        if (!is_callable($callback)) {
            return true;
        }
        try {
            return $callback();
        } finally {
            $this->release();
        }
    }

    public function release(): bool
    {
        return $this->redisLock->unlock($this->name, $this->ownerToken);
    }

    public function forceRelease(): void
    {
        $this->redisLock->forceUnlock($this->name);
    }

    /**
     * Sets the lock's remaining lifetime to $seconds (default: the lock's own), if this owner
     * still holds it; 0 (or less) takes its lifetime away, as Laravel 13's RedisLock does.
     */
    public function refresh($seconds = null): bool
    {
        return $this->redisLock->expire($this->name, self::lifetimeOf($seconds ?? $this->seconds), $this->ownerToken);
    }

    /** Whether anyone holds the lock now. */
    public function isLocked(): bool
    {
        return $this->redisLock->owner($this->name) !== false;
    }

    public function isOwnedByCurrentProcess(): bool
    {
        return $this->isOwnedBy($this->owner);
    }

    /** Whether $owner holds the lock now. */
    public function isOwnedBy($owner): bool
    {
        $current = $this->redisLock->owner($this->name);
        return $current !== false && $owner !== null && $current === self::tokenOf((string) $owner);
    }

    public function isOwner(): bool
    {
        return $this->isOwnedByCurrentProcess();
    }

    /**
     * Who holds the lock now: this lock's owner as it was given when it is this one, the
     * stored owner otherwise, null when nobody holds it.
     */
    protected function getCurrentOwner(): ?string
    {
        $current = $this->redisLock->owner($this->name);
        if ($current === false) {
            return null;
        }
        return $current === $this->ownerToken ? $this->owner : $current;
    }

    /** Laravel's seconds as the extension's lifetime: 0 (none) for 0 or less, at most 1e9. */
    private static function lifetimeOf($seconds): float
    {
        return min(max(0.0, (float) $seconds), 1e9);
    }

    /** The process's random part of the owners it draws, and how many it drew. */
    private static string $ownerPrefix = '';
    private static int $ownersDrawn = 0;
    /** The process that drew $ownerPrefix: a forked child draws its own. */
    private static int $ownerPid = 0;

    /**
     * A new owner, unique among every process's: 64 random bits drawn once per process, then a
     * counter (one getrandom() per lock, as Laravel's Str::random() makes, costs more than the
     * lock's own work in the extension). An owner tells holders apart; it is no secret: any
     * code may forceRelease() a lock.
     */
    private static function newOwner(): string
    {
        if (self::$ownerPrefix === '' || self::$ownerPid !== getmypid()) {
            self::$ownerPrefix = bin2hex(random_bytes(8));
            self::$ownerPid = getmypid();
        }
        return self::$ownerPrefix . dechex(++self::$ownersDrawn);
    }

    /** The owner as the extension stores it: itself when the extension takes it, else "~" and its SHA-256. */
    private static function tokenOf(string $owner): string
    {
        if (preg_match('/^[\x21-\x29\x2b-\x7e][\x21-\x7e]{0,63}$/D', $owner)) {
            return $owner;
        }
        return '~' . rtrim(strtr(base64_encode(hash('sha256', $owner, true)), '+/', '-_'), '=');
    }
}
