--TEST--
lock() waiting: the queue lapses while a waiter is late (a stall, a slow server: no join or visit renewed it for its TTL) and later joiners make a new one; the waiter's next visit finds its entry gone and queues again, at the end, so it gets the lock between the newcomers' holds instead of waiting outside the queue until it empties (or until its timeout)
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$k = rl_slowdown();
$raw = new RawRedis();
$name = rl_unique('queue-lapsed');
$key = "Lock:$name";
$keys = rl_lock_wait_keys($key);
$holder = new RedisLock(RL_TEST_SERVER);
[$w, $c1, $c2] = RlWorker::warmedUp(3, 'lock');

var_dump($holder->lock($name, 0, 60));
$w->calls(['lock', 'lock', $name, 30 * $k, 30], ['lock', 'unlock', $name]);
[$tokW] = rl_wait_queue_len($raw, $keys['queue'], 1);
$raw->cmd('DEL', $keys['queue']);                 // the queue lapses: the waiter is blocked, its visit late
// newcomers, each 20 times lock, hold 30 ms, unlock: a new queue that keeps being refilled
$loop = [];
for ($i = 0; $i < 20; $i++) {
    array_push($loop, ['lock', 'lock', $name, 30 * $k, 30], ['php', 'usleep', 30000], ['lock', 'unlock', $name]);
}
$c1->calls(...$loop);
rl_wait_queue_len($raw, $keys['queue'], 1);
$c2->calls(...$loop);
rl_wait_queue_len($raw, $keys['queue'], 2);
var_dump($holder->unlock($name));
$raw->cmd('RPUSH', $keys['wake'] . $tokW, 'h1'); // its block ends (as a head told to look again), it visits
[$l, $u] = $w->results(40 * $k);
$last = 0;
foreach ([$c1, $c2] as $c) {
    $rs = $c->results(40 * $k);
    $last = max($last, end($rs)['t0']);
    echo 'newcomer: ', count(array_filter($rs, fn ($r) => $r['r'] === true)), " of 60 calls true\n";
}
var_dump($l['r'], $l['e'], $u['r']);
echo $l['t1'] < $last ? "the waiter had the lock while the newcomers still went on\n"
    : sprintf("the waiter had the lock only %.3f s after the newcomers' last unlock\n", ($l['t1'] - $last) / 1e9);
var_dump($raw->cmd('EXISTS', $key), rl_wait_keys_without_ttl($raw, $key));
foreach ([$w, $c1, $c2] as $x) {
    $x->finish();
}
?>
--EXPECT--
bool(true)
bool(true)
newcomer: 40 of 60 calls true
newcomer: 40 of 60 calls true
bool(true)
NULL
bool(true)
the waiter had the lock while the newcomers still went on
int(0)
int(0)
