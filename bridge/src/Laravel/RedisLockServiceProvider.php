<?php

namespace RedisLock\Bridge\Laravel;

use Illuminate\Cache\CacheManager;
use Illuminate\Support\ServiceProvider;

/**
 * Registers the "redislock" cache driver: a store whose locks are the
 * extension's and whose cached data stay in another store. In config/cache.php:
 *
 *     'default' => 'redislock',          // Cache::lock() takes the extension's locks
 *     'stores' => [
 *         'redislock' => [
 *             'driver' => 'redislock',
 *             'data_store' => 'redis',   // the store that holds the cached data
 *             'server' => 'tcp://10.0.0.5:6379',   // as new RedisLock(); null: redislock.server
 *             'options' => [],           // as new RedisLock() (prefix, timeouts...)
 *         ],
 *         'redis' => [...],
 *     ],
 *
 * Without "data_store", the data go to the default store, which must then not be a
 * redislock store itself. (Not "store": Laravel 11 and later set that key of every
 * store's config to the store's own name.) Composer's package discovery registers
 * this provider.
 */
class RedisLockServiceProvider extends ServiceProvider
{
    public function boot(): void
    {
        // whenever the cache manager is made, before or after this provider boots
        $this->callAfterResolving('cache', function (CacheManager $cache, $app): void {
            // extend() binds the closure to the manager (so it is not static, and self:: would
            // name the manager there)
            $cache->extend('redislock', function ($app, array $config) use ($cache) {
                return $cache->repository(RedisLockServiceProvider::createStore($cache, $app, $config), $config);
            });
        });
    }

    /**
     * The store of a "redislock" entry of cache.stores ($config).
     *
     * @throws \InvalidArgumentException when the data would go to a redislock store
     */
    public static function createStore(CacheManager $cache, $app, array $config): RedisLockCacheStore
    {
        $data = $config['data_store'] ?? $app['config']['cache.default'];
        if (!is_string($data) || $data === '' || ($app['config']["cache.stores.$data.driver"] ?? null) === 'redislock') {
            throw new \InvalidArgumentException('A redislock cache store needs "data_store": the name of the cache store '
                . 'that holds the cached data (not a redislock store), got ' . var_export($data, true));
        }
        $locks = new RedisLockProvider($config['server'] ?? null, $config['options'] ?? []);
        return new RedisLockCacheStore($cache->store($data)->getStore(), $locks);
    }
}
