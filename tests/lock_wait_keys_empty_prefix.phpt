--TEST--
Wait keys with an empty prefix: lock() refuses a name starting "rl:{" (ValueError naming $name, nothing written), the namespace of the wait keys, so no lock can be another lock's wait queue; other names, "RL:{..." included, and "rl:{..." under a non-empty prefix, lock as usual; a waiter on lock "x" is handed it as usual
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$srv = new PrivateRedis();
$raw = $srv->raw();
$l = new RedisLock($srv->server(), ['prefix' => '']);
['queue' => $queue] = rl_lock_wait_keys('x', '');
echo "x's queue: $queue\n";
foreach ([$queue, 'rl:{', 'rl:{x}', "rl:{\0}=lq1:x"] as $name) {
    try {
        var_dump($l->lock($name, 0, 30));
    } catch (ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
var_dump($raw->cmd('DBSIZE'));
foreach (['rl:', 'rl:x', 'RL:{x}:lq', 'r{x}'] as $name) {
    echo json_encode($name), ': ', json_encode([$l->lock($name, 0, 30), $raw->cmd('EXISTS', $name), $l->unlock($name)]), "\n";
}
$p = new RedisLock($srv->server(), ['prefix' => 'p:']);
echo 'prefix "p:": ', json_encode([$p->lock($queue, 0, 30), $raw->cmd('EXISTS', "p:$queue"), $p->unlock($queue)]), "\n";

// the lock "x" and its waiter: handed over, no key of another type met
var_dump($l->lock('x', 0, 30));
$w = new RlWorker($srv->server(), ['prefix' => '']);
$w->calls(['lock', 'lock', 'x', 5, 30], ['lock', 'unlock', 'x']);
var_dump(count(rl_wait_queue_len($raw, $queue, 1, 5)));
var_dump($l->unlock('x'));
foreach ($w->results(10) as $r) {
    var_dump($r['r'], $r['e']);
}
var_dump($raw->cmd('DBSIZE'));
$w->finish();
$srv->stop();
?>
--EXPECT--
x's queue: rl:{x}:lq
ValueError: RedisLock::lock(): Argument #1 ($name) must not start with "rl:{" when the prefix is empty (the wait keys' namespace)
ValueError: RedisLock::lock(): Argument #1 ($name) must not start with "rl:{" when the prefix is empty (the wait keys' namespace)
ValueError: RedisLock::lock(): Argument #1 ($name) must not start with "rl:{" when the prefix is empty (the wait keys' namespace)
ValueError: RedisLock::lock(): Argument #1 ($name) must not start with "rl:{" when the prefix is empty (the wait keys' namespace)
int(0)
"rl:": [true,1,true]
"rl:x": [true,1,true]
"RL:{x}:lq": [true,1,true]
"r{x}": [true,1,true]
prefix "p:": [true,1,true]
bool(true)
int(1)
bool(true)
bool(true)
NULL
bool(true)
NULL
int(0)
