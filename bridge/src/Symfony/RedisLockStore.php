<?php

namespace RedisLock\Bridge\Symfony;

use Symfony\Component\Lock\BlockingSharedLockStoreInterface;
use Symfony\Component\Lock\BlockingStoreInterface;
use Symfony\Component\Lock\Exception\InvalidTtlException;
use Symfony\Component\Lock\Exception\LockAcquiringException;
use Symfony\Component\Lock\Exception\LockConflictedException;
use Symfony\Component\Lock\Exception\LockExpiredException;
use Symfony\Component\Lock\Exception\LockReleasingException;
use Symfony\Component\Lock\Exception\LockStorageException;
use Symfony\Component\Lock\Key;
use Symfony\Component\Lock\PersistingStoreInterface;
use Symfony\Component\Lock\SharedLockStoreInterface;

/**
 * A Symfony Lock store on the redislock extension: one RedisLock object, each
 * Key one owner. The owner token lives in the Key's state, so a Key serialized
 * to another process still names its holder there (exists(), putOffExpiration()
 * and delete() act on it), and two Keys of one name are two holders even on one
 * store. waitAndSave() waits in the extension's queue, woken by the release,
 * not polling.
 *
 * Every lock is the extension's read/write lock (lockWrite(), lockRead()), so
 * that one name is taken for writing by some keys and for reading by others:
 * readers share it, a writer waits for them and readers that come after a
 * waiting writer wait behind it. acquire() of a key that reads promotes it in
 * one step when it is the only reader (refused, LockConflictedException,
 * while others read); acquireRead() of a key that writes demotes it in one
 * step. A read lock is acted on only through the store that took it (a
 * serialized Key names its write lock in another process, not its read lock).
 *
 * Locks outlive the request and this object (the extension's
 * releaseAtRequestEnd = false): a Key may be released by another process, and
 * Symfony's Lock releases on destruction itself unless autoRelease is false.
 * Their lifetime (the store's $initialTtl, or the $ttl of putOffExpiration())
 * is kept by Redis.
 *
 * The method return types are Symfony 7's; a stricter return type is
 * compatible with the untyped methods of Symfony 5.4 and 6.4 too.
 */
final class RedisLockStore implements PersistingStoreInterface, BlockingStoreInterface, SharedLockStoreInterface, BlockingSharedLockStoreInterface
{
    /** The longest wait the extension takes (seconds): waitAndSave() has no deadline of its own. */
    private const WAIT_FOREVER = 1e9;

    private \RedisLock $redis;
    private float $initialTtl;

    /**
     * The Key this store's last save took a lock for, and the end of that lock's lifetime as the
     * Key was told it (microtime): the putOffExpiration() that Symfony's Lock sends right after
     * every acquisition, to a TTL equal to the store's, is answered from it (see there).
     */
    private ?Key $justSaved = null;
    private float $justSavedUntil = 0.0;

    /** The Key this store's last delete() released: the exists() Symfony's Lock sends right after is answered from it. */
    private ?Key $justReleased = null;

    /**
     * @param string|array|null $server     as new RedisLock(): one server, a deployment
     *                                      (sentinel://, cluster://), a list of masters, or
     *                                      null for the redislock.server INI setting
     * @param array             $options    as new RedisLock() (prefix, timeouts, credentials...)
     * @param float             $initialTtl seconds a lock is held after save() or waitAndSave(),
     *                                      until putOffExpiration() sets another lifetime
     */
    public function __construct(string|array|null $server = null, array $options = [], float $initialTtl = 300.0)
    {
        self::checkTtl($initialTtl, __METHOD__);
        if (is_array($server) && count($server) > 1) {
            // several masters: the extension keeps owners and read/write locks on one server, Sentinel or Cluster only
            throw new \ValueError(sprintf('%s(): Argument #1 ($server) must be one server, a sentinel:// or a '
                . 'cluster:// address, not several masters', __METHOD__));
        }
        $this->redis = new \RedisLock($server, $options);
        $this->initialTtl = $initialTtl;
    }

    public function save(Key $key): void
    {
        $this->store($key, false, false);
    }

    public function waitAndSave(Key $key): void
    {
        $this->store($key, false, true);
    }

    public function saveRead(Key $key): void
    {
        $this->store($key, true, false);
    }

    public function waitAndSaveRead(Key $key): void
    {
        $this->store($key, true, true);
    }

    /**
     * Takes $key's lock for writing (lockWrite(): promoted in one step from this key's read lock when it is
     * the only reader) or for reading (lockRead(): demoted in one step from this key's write lock), at once
     * or waiting in the extension's queue, woken by the release before it.
     */
    private function store(Key $key, bool $read, bool $wait): void
    {
        $this->justSaved = $this->justReleased = null;
        $owner = $this->ownerOf($key);
        $name = (string) $key;
        $timeout = $wait ? self::WAIT_FOREVER : 0.0;
        // Asked before the call, off the hand-over's path (a woken waiter's first steps after the
        // wait delay the next holder, and run on cold caches): a Key with no lifetime yet (Lock::acquire()
        // resets it) cannot have expired once it gets this lock's.
        $unbounded = $key->getRemainingLifetime() === null;
        $until = null;
        $start = microtime(true);
        try {
            $taken = $read ? $this->redis->lockRead($name, $timeout, $this->initialTtl, $owner, false)
                : ($this->redis->lockWrite($name, $timeout, $this->initialTtl, $owner, false)
                    // held for writing by this very Key, taken in another process (a serialized Key):
                    // saved again, as Symfony's stores do, it gets the store's lifetime anew
                    // (a write lock: a read lock of this Key refused promotion is not renewed as one)
                    || (!$wait && $this->redis->owner($name) === $owner
                        && $this->redis->expire($name, $this->initialTtl, $owner)));
            if ($taken) {
                $waited = microtime(true) - $start;
                if ($waited * 100 <= $this->initialTtl) {
                    // the lock was written at some moment of the call: counting from its start
                    // loses at most 1 % of the lifetime, and needs no round trip
                    $key->reduceLifetime($this->initialTtl - $waited);
                    $until = $start + $this->initialTtl;
                } else {
                    $unbounded = false;
                    // a long wait: the lifetime began at the hand-over, which only Redis knows
                    $asked = microtime(true);
                    $left = $this->redis->remaining($name, $owner);
                    $key->reduceLifetime($left === false ? 0.0 : $left - (microtime(true) - $asked));
                }
            }
        } catch (\RedisLockException $e) {
            throw new LockAcquiringException(sprintf('Failed to store the "%s" lock.', $key), 0, $e);
        }
        if (!$taken) {
            if (!$read && $this->reads($name, $owner)) {
                // a promotion beside other readers is refused at once, waiting or not
                throw new LockConflictedException(sprintf('The "%s" lock is read by other owners too: this key '
                    . 'cannot take it for writing while it reads.', $key));
            }
            throw new LockConflictedException($wait
                // the extension ends every wait by the request's time budget (max_execution_time,
                // redislock.max_wait): the lock was not free by then
                ? sprintf('The wait for the "%s" lock ended before it was released.', $key)
                : sprintf('The "%s" lock is held by another owner%s.', $key, $read ? ' for writing' : ''));
        }
        if (!$unbounded) {
            $this->checkNotExpired($key);
        }
        $this->justSaved = $key;
        // the lifetime as the Key was told it (its end counted from the call's start, not later than
        // the Key's own), without asking the clock again
        $this->justSavedUntil = $until ?? microtime(true) + $key->getRemainingLifetime();
    }

    /**
     * Sets the lock's lifetime to $ttl from now. Symfony's Lock calls this right after every
     * acquisition with its own TTL; when that TTL is the store's $initialTtl, which the lock
     * got from the save a moment ago, no round trip is made: the Key gets the save's lifetime
     * as it was told it after the save (the lock ends at most 1 % of $ttl before now + $ttl,
     * never after it, and the Key says so).
     */
    public function putOffExpiration(Key $key, float $ttl): void
    {
        self::checkTtl($ttl, __METHOD__);
        $saved = $this->justSaved === $key;
        $this->justSaved = $this->justReleased = null;
        if ($saved && $ttl === $this->initialTtl && ($left = $this->justSavedUntil - microtime(true)) >= 0.99 * $ttl) {
            $key->reduceLifetime($left);
            return;
        }
        $key->reduceLifetime($ttl);
        if (!$key->hasState(self::class)) {
            throw new LockConflictedException(sprintf('The "%s" lock was never stored by this store.', $key));
        }
        try {
            $renewed = $this->redis->expire((string) $key, $ttl, $key->getState(self::class));
        } catch (\RedisLockException $e) {
            throw new LockStorageException(sprintf('Failed to put off the expiration of the "%s" lock.', $key), 0, $e);
        }
        if (!$renewed) {
            throw new LockConflictedException(sprintf('The "%s" lock is not held by this key any more.', $key));
        }
        $this->checkNotExpired($key);
    }

    public function delete(Key $key): void
    {
        $this->justSaved = $this->justReleased = null;
        if (!$key->hasState(self::class)) {
            return;
        }
        try {
            // false when this key no longer holds it: nothing to release, as for Symfony's own stores
            if ($this->redis->unlock((string) $key, $key->getState(self::class))) {
                $this->justReleased = $key;
            }
        } catch (\RedisLockException $e) {
            throw new LockReleasingException(sprintf('Failed to release the "%s" lock.', $key), 0, $e);
        }
    }

    /**
     * Whether this Key holds its lock now. Right after a delete() of this Key that released it
     * (Symfony's Lock::release() asks so, to check the release), the answer is that release's:
     * no round trip. Only another process that saved a copy of this Key (serialized) in
     * between could hold it again under its owner.
     */
    public function exists(Key $key): bool
    {
        $released = $this->justReleased === $key;
        $this->justSaved = $this->justReleased = null;
        if ($released || !$key->hasState(self::class)) {
            return false;
        }
        try {
            return $this->redis->isLocking((string) $key, $key->getState(self::class));
        } catch (\RedisLockException $e) {
            throw new LockStorageException(sprintf('Failed to check the "%s" lock.', $key), 0, $e);
        }
    }

    /** Whether $owner still reads $name through this store (after a failed take: the reason to give). */
    private function reads(string $name, string $owner): bool
    {
        try {
            return $this->redis->isLocking($name, $owner) && $this->redis->owner($name) === '*r';
        } catch (\RedisLockException $e) {
            return false;
        }
    }

    /** The owner token of $key, drawn (128 random bits, 32 hex digits) the first time the key is stored. */
    private function ownerOf(Key $key): string
    {
        if (!$key->hasState(self::class)) {
            $key->setState(self::class, bin2hex(random_bytes(16)));
        }
        return $key->getState(self::class);
    }

    /** A lock whose lifetime ran out while it was being taken is released and reported, as Symfony's stores do. */
    private function checkNotExpired(Key $key): void
    {
        if (!$key->isExpired()) {
            return;
        }
        try {
            $this->delete($key);
        } catch (\Exception $e) {
            // the expiry is the error to report
        }
        throw new LockExpiredException(sprintf('Failed to store the "%s" lock.', $key));
    }

    private static function checkTtl(float $ttl, string $method): void
    {
        if (!($ttl > 0) || $ttl > 1e9) {
            // NAN and INF named by hand: PHP 8.5 warns when either is made a string
            $got = is_finite($ttl) ? (string) $ttl : (is_nan($ttl) ? 'NAN' : ($ttl > 0 ? 'INF' : '-INF'));
            throw new InvalidTtlException(sprintf('"%s()" expects a TTL greater than 0 and at most 1e9 seconds, got %s.',
                $method, $got));
        }
    }
}
