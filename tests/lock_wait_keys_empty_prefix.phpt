--TEST--
Wait keys with an empty prefix: the lock named "rl:{x}:lq" (its key is exactly that) and a waiter on lock "x" of the same RedisLock (prefix "") do not collide
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--XFAIL--
ext/core/lua/README.md: M is "rl:" unless the prefix starts with 'r'; an empty prefix does not, yet every key starts with it, so lock "rl:{x}:lq" is lock "x"'s wait queue (WRONGTYPE for its waiters)
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$srv = new PrivateRedis();
$raw = $srv->raw();
$l = new RedisLock($srv->server(), ['prefix' => '']);
['queue' => $queue] = rl_lock_wait_keys('x', '');
try {
    var_dump($l->lock($queue, 0, 30), $l->lock('x', 0, 30));
    $w = new RlWorker($srv->server(), ['prefix' => '']);
    $w->calls(['lock', 'lock', 'x', 2, 30]);
    usleep(300000);
    var_dump($l->unlock('x'));
    $r = $w->results(10)[0];
    var_dump($r['r'], $r['e']);
    var_dump($raw->cmd('TYPE', $queue), $l->unlock($queue));
} catch (Throwable $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
if (isset($w)) {
    $w->finish();
}
$srv->stop();
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
NULL
string(6) "string"
bool(true)
