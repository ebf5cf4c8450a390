--TEST--
lock() and acquire() on a server that evicts the scripts EVAL loaded (Redis 7.4+, Valkey: beyond 500 of them, least recently used first): a connection's first wait sends SCRIPT LOAD in front of its EVAL, which exempts the queue's script; another application's 600 made-up EVAL scripts then evict others, never it, and the next wait on the same connection (by EVALSHA, with a block behind it) gets the lock when the holder's key expires, instead of blocking for nothing until its timeout
--SKIPIF--
<?php
require __DIR__ . '/skipif.inc';
require_once __DIR__ . '/config.inc';
if (!str_contains((string)(new RawRedis())->cmd('INFO', 'stats'), 'evicted_scripts:')) {
    die('skip this server keeps every script it loaded (no script eviction before Redis 7.4)');
}
?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';

function evicted(RawRedis $raw): int
{
    preg_match('/^evicted_scripts:(\d+)/m', (string)$raw->cmd('INFO', 'stats'), $m);
    return (int)$m[1];
}

$redis = new PrivateRedis();
$raw = $redis->raw();
$lock = new RedisLock($redis->server());
$sem = new RedisSemaphore($redis->server());
$name = rl_unique('evict');
$key = "Lock:$name";

// the first wait of each: held by another owner, out of time after 0.2 s (join, block, leave)
$raw->cmd('SET', $key, 'another-owner', 'PX', '60000');
var_dump($lock->lock($name, 0.2, 5));
$slot = $sem->acquire($name, 1, 60);
$other = new RedisSemaphore($redis->server());
var_dump(is_string($slot), $other->acquire($name, 1, 5, 0.2));

// another application's made-up scripts: more than the server keeps of those EVAL loaded
$before = evicted($raw);
for ($i = 0; $i < 600; $i++) {
    $raw->cmd('EVAL', "return $i", '0');
}
echo evicted($raw) - $before >= 100 ? "scripts were evicted\n" : 'evicted: ' . (evicted($raw) - $before) . "\n";

// the same connections wait again, by EVALSHA; the holder's key ends 300 ms from now
$raw->cmd('SET', $key, 'another-owner', 'PX', '300');
$t = microtime(true);
var_dump($lock->lock($name, 3, 5));
$took = microtime(true) - $t;
echo $took < 2.0 * rl_slowdown() ? "lock(): taken at the key's expiry\n" : sprintf("lock(): %.2f s\n", $took);
var_dump($lock->unlock($name));

// the slot is held again, for 300 ms: the waiter, at the head, blocks until its end
var_dump($sem->release($name, $slot), is_string($sem->acquire($name, 1, 0.3)));
$t = microtime(true);
var_dump(is_string($other->acquire($name, 1, 5, 3)));
$took = microtime(true) - $t;
echo $took < 2.0 * rl_slowdown() ? "acquire(): taken at the slot's end\n" : sprintf("acquire(): %.2f s\n", $took);
$other->releaseAll();
?>
--EXPECT--
bool(false)
bool(true)
bool(false)
scripts were evicted
bool(true)
lock(): taken at the key's expiry
bool(true)
bool(true)
bool(true)
bool(true)
acquire(): taken at the slot's end
