--TEST--
Laravel RedisLockServiceProvider: the "redislock" cache driver; Cache::store('redislock') keeps the cached data in the configured store (get/put/add/many/putMany/increment/decrement/forever/forget/flush/tags) and takes the extension's locks (server and options from the config); Cache::lock() with it as the default store; restoreLock(); the data store ("data_store") defaults to the default store, never a redislock one; the provider booted before or after the cache manager is made
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; require __DIR__ . '/bridge_helpers.inc'; rl_bridge_skip_unless('laravel'); ?>
--EXTENSIONS--
mbstring
--FILE--
<?php
require __DIR__ . '/bridge_helpers.inc';
rl_bridge_load('laravel');

use Illuminate\Cache\CacheManager;
use Illuminate\Config\Repository as Config;
use Illuminate\Container\Container;
use Illuminate\Support\Facades\Cache;
use Illuminate\Support\Facades\Facade;
use RedisLock\Bridge\Laravel\RedisLockCacheStore;
use RedisLock\Bridge\Laravel\RedisLockLock;
use RedisLock\Bridge\Laravel\RedisLockServiceProvider;

$raw = new RawRedis();
$name = rl_unique('lv-store');

/** An application as far as the cache needs one: the container, config/cache.php, the cache manager. */
function app_with(array $cache): Container
{
    $app = new Container();
    $app->instance('config', new Config(['cache' => $cache]));
    $app->singleton('cache', fn ($app) => new CacheManager($app));
    return $app;
}

$app = app_with([
    'default' => 'redislock',
    'prefix' => 'rl_test',
    'stores' => [
        'array' => ['driver' => 'array'],
        'redislock' => ['driver' => 'redislock', 'data_store' => 'array', 'server' => RL_TEST_SERVER,
            'options' => ['prefix' => 'LvBridge:']],
        'redislock_no_store' => ['driver' => 'redislock', 'server' => RL_TEST_SERVER],
    ],
]);
(new RedisLockServiceProvider($app))->boot();
Facade::setFacadeApplication($app);

echo "-- Cache::store('redislock'): the data go to the array store\n";
$cache = Cache::store('redislock');
$array = Cache::store('array');
var_dump($cache->getStore() instanceof RedisLockCacheStore, $cache->getStore()->dataStore() === $array->getStore());
var_dump($cache->put('k', 'v', 60), $cache->get('k'), $array->get('k'));
var_dump($cache->add('k', 'other', 60), $cache->add('k2', 'v2', 60), $array->get('k2'));
var_dump($cache->putMany(['a' => 1, 'b' => 2], 60), $cache->many(['a', 'b', 'c']));
var_dump($cache->increment('n'), $cache->increment('n', 5), $cache->decrement('n'), $array->get('n'));
var_dump($cache->forever('f', 'x'), $cache->get('f'), $cache->forget('f'), $cache->has('f'), $array->has('f'));
var_dump($cache->tags(['t'])->put('tk', 'tv', 60), $cache->tags(['t'])->get('tk'), $array->tags(['t'])->get('tk'));
var_dump($cache->getPrefix() === $array->getStore()->getPrefix());
var_dump($cache->flush(), $array->get('k'));

echo "-- its locks are the extension's, under the configured server and prefix\n";
$lock = $cache->lock($name, 10);
var_dump($lock instanceof RedisLockLock, $lock->get(), $raw->cmd('EXISTS', "LvBridge:$name"), $raw->cmd('EXISTS', "Lock:$name"));
var_dump($cache->lock($name, 10)->get(), $array->get($name));
var_dump($cache->restoreLock($name, $lock->owner())->isOwnedByCurrentProcess());
var_dump($cache->restoreLock($name, $lock->owner())->release(), $raw->cmd('EXISTS', "LvBridge:$name"));

echo "-- Cache::lock(): redislock is the default store\n";
$lock = Cache::lock($name, 10);
var_dump($lock instanceof RedisLockLock, $lock->get(), $raw->cmd('EXISTS', "LvBridge:$name"));
var_dump(Cache::lock($name, 10)->get(), Cache::restoreLock($name, $lock->owner())->release());
var_dump(Cache::lock($name, 10)->block(1, fn () => 'the value'), $raw->cmd('EXISTS', "LvBridge:$name"));

echo "-- without \"data_store\": the default store, which must not be a redislock store\n";
try {
    Cache::store('redislock_no_store');
    echo "no exception\n";
} catch (InvalidArgumentException $e) {
    echo get_class($e), "\n";
}
$app['config']->set('cache.default', 'array');
var_dump(Cache::store('redislock_no_store')->getStore()->dataStore() === $array->getStore());
$lock = Cache::store('redislock_no_store')->lock($name, 10);
var_dump($lock->get(), $raw->cmd('EXISTS', "Lock:$name"), $lock->release());

echo "-- the provider booted after the cache manager was made\n";
$late = app_with(['default' => 'array', 'stores' => [
    'array' => ['driver' => 'array'],
    'locks' => ['driver' => 'redislock', 'data_store' => 'array', 'server' => RL_TEST_SERVER],
]]);
$manager = $late['cache'];
var_dump($manager->store('array')->put('k', 'v', 60));
(new RedisLockServiceProvider($late))->boot();
$lock = $manager->store('locks')->lock($name, 10);
var_dump($lock instanceof RedisLockLock, $lock->get(), $manager->store('locks')->get('k'), $lock->release());
// the applications hold themselves in cycles (the container and its closures), and the facades
// hold one: let go and collected here,
// or a release build of PHP leaves their memory to its allocator, which the valgrind pass reports
Facade::clearResolvedInstances();
Facade::setFacadeApplication(null);
Container::setInstance(null);
unset($app, $late, $cache, $array, $manager, $lock, $e); // $e: its trace holds the arguments of the calls (the application)
gc_collect_cycles();
?>
--EXPECT--
-- Cache::store('redislock'): the data go to the array store
bool(true)
bool(true)
bool(true)
string(1) "v"
string(1) "v"
bool(false)
bool(true)
string(2) "v2"
bool(true)
array(3) {
  ["a"]=>
  int(1)
  ["b"]=>
  int(2)
  ["c"]=>
  NULL
}
int(1)
int(6)
int(5)
int(5)
bool(true)
string(1) "x"
bool(true)
bool(false)
bool(false)
bool(true)
string(2) "tv"
string(2) "tv"
bool(true)
bool(true)
NULL
-- its locks are the extension's, under the configured server and prefix
bool(true)
bool(true)
int(1)
int(0)
bool(false)
NULL
bool(true)
bool(true)
int(0)
-- Cache::lock(): redislock is the default store
bool(true)
bool(true)
int(1)
bool(false)
bool(true)
string(9) "the value"
int(0)
-- without "data_store": the default store, which must not be a redislock store
InvalidArgumentException
bool(true)
bool(true)
int(1)
bool(true)
-- the provider booted after the cache manager was made
bool(true)
bool(true)
bool(true)
string(1) "v"
bool(true)
