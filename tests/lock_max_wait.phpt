--TEST--
redislock.max_wait caps every wait (RedisLock, RedisSemaphore, Redlock over several masters, the RedLock class's retries) whatever $timeout says; a shorter $timeout still wins; bad values are refused
--SKIPIF--
<?php require __DIR__ . '/skipif_masters.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';

/* refused values leave the setting as it was */
var_dump(ini_set('redislock.max_wait', '1.5'));
var_dump(@ini_set('redislock.max_wait', '-1'), @ini_set('redislock.max_wait', 'soon'), ini_get('redislock.max_wait'));

$raw = new RawRedis();
$name = rl_unique('max-wait');
/* held by someone else for 60 s (the test's raw connection) */
$raw->cmd('SET', "Lock:$name", 'someone-else', 'PX', '60000');

/* $what took between $min and $max seconds (upper bounds: far below the 10 s asked for) */
function took(string $what, callable $call, float $min, float $max): void
{
    $t = microtime(true);
    $r = $call();
    $s = microtime(true) - $t;
    printf("%s: %s, %s\n", $what, var_export($r, true),
        $s >= $min && $s <= $max ? "within [$min, $max] s" : sprintf('%.3f s, outside [%s, %s] s', $s, $min, $max));
}

$l = new RedisLock(RL_TEST_SERVER);
took('lock, $timeout 10', fn () => $l->lock($name, 10), 1, 6);
took('lock, $timeout 0.1 (shorter than the cap)', fn () => $l->lock($name, 0.1), 0.05, 1.2);

$holder = new RedisSemaphore(RL_TEST_SERVER);
var_dump(is_string($holder->acquire($name, 1, 60)));
$s = new RedisSemaphore(RL_TEST_SERVER);
took('acquire, $timeout 10', fn () => $s->acquire($name, 1, 60, 10), 1, 6);

$masters = rl_test_masters(3);
$multiHolder = new RedisLock($masters);
$multi = new RedisLock($masters);
var_dump($multiHolder->lock($name, 0, 60));
took('lock on 3 masters, $timeout 10', fn () => $multi->lock($name, 10), 1, 6);

$triples = array_map(fn ($m) => [parse_url($m, PHP_URL_HOST), parse_url($m, PHP_URL_PORT), 0.5], $masters);
$redlock = new RedLock($triples, 400, 50);     // 50 retries of 200-400 ms: about 15 s without the cap
took('RedLock::lock, 50 retries', fn () => $redlock->lock("Lock:$name", 60000), 0, 6);

/* a cap of 0 means none: the lock is free again after the holder's unlock, the wait goes on until then */
ini_set('redislock.max_wait', '0');
var_dump($multiHolder->unlock($name));
$raw->cmd('PEXPIRE', "Lock:$name", '1000');
took('lock, no cap, held for 1 more second', fn () => $l->lock($name, 10), 0.5, 8);
var_dump($l->unlock($name), $holder->releaseAll());
?>
--EXPECT--
string(1) "0"
bool(false)
bool(false)
string(3) "1.5"
lock, $timeout 10: false, within [1, 6] s
lock, $timeout 0.1 (shorter than the cap): false, within [0.05, 1.2] s
bool(true)
acquire, $timeout 10: false, within [1, 6] s
bool(true)
lock on 3 masters, $timeout 10: false, within [1, 6] s
RedLock::lock, 50 retries: false, within [0, 6] s
bool(true)
lock, no cap, held for 1 more second: true, within [0.5, 8] s
bool(true)
bool(true)
