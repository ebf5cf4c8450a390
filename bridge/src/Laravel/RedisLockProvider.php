<?php

namespace RedisLock\Bridge\Laravel;

use Illuminate\Contracts\Cache\LockProvider;

/**
 * Laravel's LockProvider on the redislock extension: one RedisLock object (one
 * connection, made on first use) for every lock it gives out; each lock is its
 * owner's (see RedisLockLock).
 *
 *     $locks = new RedisLockProvider('tcp://10.0.0.5:6379');
 *     $locks->lock('reports', 120)->block(10, fn () => build_reports());
 */
final class RedisLockProvider implements LockProvider
{
    private \RedisLock $redisLock;

    /**
     * @param string|array|null $server  as new RedisLock(): one server, a deployment (sentinel://,
     *                                   cluster://), a list of masters, or null for the
     *                                   redislock.server INI setting
     * @param array             $options as new RedisLock() (prefix, timeouts, credentials...)
     */
    public function __construct(string|array|null $server = null, array $options = [])
    {
        if (is_array($server) && count($server) > 1) {
            // several masters: the extension keeps owners on one server, Sentinel or Cluster only
            throw new \ValueError(sprintf('%s(): Argument #1 ($server) must be one server, a sentinel:// or a '
                . 'cluster:// address, not several masters', __METHOD__));
        }
        $this->redisLock = new \RedisLock($server, $options);
    }

    /**
     * @param string      $name
     * @param int         $seconds lifetime; 0: held until released
     * @param string|null $owner   null: a new random owner
     */
    public function lock($name, $seconds = 0, $owner = null): RedisLockLock
    {
        return new RedisLockLock($this->redisLock, $name, $seconds, $owner);
    }

    /** The lock $name of $owner, e.g. to release in a queued job what the dispatcher acquired. */
    public function restoreLock($name, $owner): RedisLockLock
    {
        return $this->lock($name, 0, $owner);
    }

    /** The extension's object behind the locks (for what the Lock contract has no method for: remaining(), stats()). */
    public function redisLock(): \RedisLock
    {
        return $this->redisLock;
    }
}
