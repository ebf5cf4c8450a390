<?php

namespace RedisLock\Bridge\Laravel;

use Illuminate\Contracts\Cache\Lock;
use Illuminate\Contracts\Cache\LockProvider;
use Illuminate\Contracts\Cache\Store;

/**
 * The store of the "redislock" cache driver (RedisLockServiceProvider): the
 * cached data stay in another store (file, redis, database...), which every
 * cache method is passed to, and the locks come from a RedisLockProvider. So
 * Cache::store('redislock')->lock(...), and Cache::lock(...) with "redislock" as
 * the default store, take the extension's locks while the cache stays where it
 * was.
 *
 * Tags are the data store's (its own locks too); flush() empties the data store
 * and leaves the locks.
 */
final class RedisLockCacheStore implements Store, LockProvider
{
    public function __construct(private Store $store, private LockProvider $locks)
    {
    }

    /** The store that holds the cached data. */
    public function dataStore(): Store
    {
        return $this->store;
    }

    public function lockProvider(): LockProvider
    {
        return $this->locks;
    }

    public function lock($name, $seconds = 0, $owner = null): Lock
    {
        return $this->locks->lock($name, $seconds, $owner);
    }

    public function restoreLock($name, $owner): Lock
    {
        return $this->locks->restoreLock($name, $owner);
    }

    public function get($key): mixed
    {
        return $this->store->get($key);
    }

    public function many(array $keys): array
    {
        return $this->store->many($keys);
    }

    public function put($key, $value, $seconds): bool
    {
        return (bool) $this->store->put($key, $value, $seconds);
    }

    public function putMany(array $values, $seconds): bool
    {
        return (bool) $this->store->putMany($values, $seconds);
    }

    /** Laravel's Repository::add() calls this when the store has it: the data store's atomic add, or get-then-put as the Repository does without one. */
    public function add($key, $value, $seconds): bool
    {
        if (method_exists($this->store, 'add')) {
            return (bool) $this->store->add($key, $value, $seconds);
        }
        return $this->store->get($key) === null && $this->store->put($key, $value, $seconds);
    }

    public function increment($key, $value = 1)
    {
        return $this->store->increment($key, $value);
    }

    public function decrement($key, $value = 1)
    {
        return $this->store->decrement($key, $value);
    }

    public function forever($key, $value): bool
    {
        return (bool) $this->store->forever($key, $value);
    }

    /** Laravel 13's Store::touch(): a new lifetime for a cached item. */
    public function touch($key, $seconds): bool
    {
        if (method_exists($this->store, 'touch')) {
            return (bool) $this->store->touch($key, $seconds);
        }
        $value = $this->store->get($key);
        return $value !== null && $this->store->put($key, $value, $seconds);
    }

    public function forget($key): bool
    {
        return (bool) $this->store->forget($key);
    }

    public function flush(): bool
    {
        return (bool) $this->store->flush();
    }

    public function getPrefix(): string
    {
        return (string) $this->store->getPrefix();
    }

    /** The data store's tags, when it has them (Repository::tags() checks for this method). */
    public function tags($names)
    {
        if (!method_exists($this->store, 'tags')) {
            throw new \BadMethodCallException('This cache store does not support tagging.');
        }
        return $this->store->tags(...func_get_args());
    }

    /** Whatever else the data store offers (setPrefix(), connection()...). */
    public function __call(string $method, array $parameters): mixed
    {
        return $this->store->$method(...$parameters);
    }
}
