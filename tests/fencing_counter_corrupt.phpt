--TEST--
Fencing tokens (issue 24), a fence counter that is no number (a list, or text, written over it by hand): it counts as lost, and every step that gives the lock still completes: a take without waiting returns true with a fence within the server's clock (TIME read before and after) and overwrites the counter with it; a waiter granted by a release over such a counter takes the lock and reads its fence the same way; nothing is left held (before, the take wrote the lock key and then failed with WRONGTYPE, leaving the key held for its lifetime with nobody to release it)
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$k = rl_slowdown();
$opts = ['fencing' => true];
$clock = fn () => (int)$raw->cmd('TIME')[0] * 1000000 + (int)$raw->cmd('TIME')[1];
$within = fn (int $f, int $before) => $f >= $before && $f <= $clock() ? 'within the clock' : "$f not within";

echo "-- a take without waiting over a list\n";
$name = rl_unique('fence-corrupt');
$key = "Lock:$name";
$counter = rl_lock_fence_key($key, 'Lock:');
$raw->cmd('RPUSH', $counter, 'junk');
$a = new RedisLock(RL_TEST_SERVER, $opts);
$t = $clock();
var_dump($a->lock($name, 0, 30), $within($f = $a->fence($name), $t));
var_dump($raw->cmd('TYPE', $counter), $raw->cmd('GET', $counter) === (string)$f, $a->unlock($name), $raw->cmd('EXISTS', $key));

echo "-- a grant by a release over text\n";
$b = new RlWorker(RL_TEST_SERVER, $opts);
$b->warmUp();
var_dump($a->lock($name, 0, 30));
$b->calls(['lock', 'lock', $name, 10 * $k, 30], ['lock', 'fence', $name], ['lock', 'unlock', $name]);
rl_wait_queue_len($raw, rl_lock_wait_keys($key)['queue'], 1, 10 * $k);
$raw->cmd('SET', $counter, 'not a number');
$t = $clock();
var_dump($a->unlock($name));
[$l, $g, $u] = $b->results(30 * $k);
var_dump($l['r'], $l['e'], $within($g['r'], $t), $g['r'] > $f, $u['r'], $raw->cmd('EXISTS', $key));
$b->finish();
$raw->cmd('DEL', $counter);
?>
--EXPECT--
-- a take without waiting over a list
bool(true)
string(16) "within the clock"
string(6) "string"
bool(true)
bool(true)
int(0)
-- a grant by a release over text
bool(true)
bool(true)
bool(true)
NULL
string(16) "within the clock"
bool(true)
bool(true)
int(0)
