<?php

namespace RedisLock\Bridge\Laravel;

use Illuminate\Contracts\Cache\Lock as LockContract;

/**
 * The base of RedisLockLock where illuminate/cache is not installed (only
 * illuminate/contracts): the state and the helpers Laravel's abstract
 * Illuminate\Cache\Lock gives its locks. With illuminate/cache installed,
 * RedisLockLock extends Laravel's class instead (see RedisLockLock.php).
 *
 * @internal
 */
abstract class StandaloneLock implements LockContract
{
    /** @var string */
    protected $name;

    /** @var int seconds the lock is held; 0: until released */
    protected $seconds;

    /** @var string */
    protected $owner;

    /** @var int Laravel's pause between two tries of block(); RedisLockLock does not poll */
    protected $sleepMilliseconds = 250;

    public function __construct($name, $seconds, $owner = null)
    {
        $this->name = $name;
        $this->seconds = $seconds;
        $this->owner = $owner ?? bin2hex(random_bytes(16));
    }

    abstract public function acquire();

    abstract public function release();

    abstract protected function getCurrentOwner();

    public function get($callback = null)
    {
        $acquired = $this->acquire();
        if (!$acquired || !is_callable($callback)) {
            return $acquired;
        }
        try {
            return $callback();
        } finally {
            $this->release();
        }
    }

    public function owner()
    {
        return $this->owner;
    }

    public function betweenBlockedAttemptsSleepFor($milliseconds)
    {
        $this->sleepMilliseconds = $milliseconds;
        return $this;
    }
}
