--TEST--
lock() round trips (counted with MONITOR): uncontended lock() with or without a timeout is one SET and unlock() one EVALSHA; a 1 s wait on a held lock is SET, a join + BRPOPLPUSH, at most 2 more visit + BRPOPLPUSH (the head blocks until the key's expiry or the end of the wait, whatever the interval) and one EVALSHA to leave; a second wait within a second of finding the key held sends no SET
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$l = new RedisLock(RL_TEST_SERVER);
rl_warm_up($l);   // connected, every script cached: no connection setup or NOSCRIPT below
$addr = rl_client_addr($raw);
$mon = new RlMonitor();
$name = rl_unique('roundtrips');
$key = "Lock:$name";
$mine = fn () => implode(' ', rl_commands_of($mon->commands(), $addr));

echo "-- uncontended\n";
var_dump($l->lock($name, 5), $mine());
var_dump($l->unlock($name), $mine());
var_dump($l->lock($name), $mine());
var_dump($l->unlock($name), $mine());
var_dump($l->lock($name, 5, 10, 1000), $mine());
var_dump($l->unlock($name), $mine());

echo "-- a held lock, 1 s wait\n";
var_dump($raw->cmd('SET', $key, 'someone-else', 'PX', '60000'));
// the second wait comes within a second of the first finding the key held: it joins at once, with no
// SET NX (the contention hint, tests/lock_contended_hint.phpt)
foreach ([100000 => 'set ', 1000000 => ''] as $interval => $first) {
    $t = microtime(true);
    $r = $l->lock($name, 1, 10, $interval);
    $took = microtime(true) - $t;
    $seen = $mine();
    $visits = substr_count($seen, 'brpoplpush');
    var_dump($r, $took >= 0.99);
    // the first try, the join with its block, per later look a visit with its block, then the leave;
    // the connection's first pipelined call goes by EVAL (so a cold script cache cannot cost a block)
    // behind SCRIPT LOAD (so that the server's eviction of scripts cannot either)
    var_dump(preg_match("/^{$first}(script eval|evalsha) brpoplpush ((eval|evalsha) brpoplpush )*evalsha\$/D", $seen) === 1
        ? "{$first}join brpoplpush (visit brpoplpush)* leave" : $seen);
    // a check-in is due every 5 s: in 1 s the head blocks until the end of its wait (the key lasts 60 s)
    var_dump($visits <= 3 ? 'at most 3 blocks' : "$visits blocks");
}
var_dump($raw->cmd('GET', $key), $raw->cmd('EXISTS', ...array_values(rl_lock_wait_keys($key))));
var_dump($raw->cmd('DEL', $key));
?>
--EXPECT--
-- uncontended
bool(true)
string(3) "set"
bool(true)
string(7) "evalsha"
bool(true)
string(3) "set"
bool(true)
string(7) "evalsha"
bool(true)
string(3) "set"
bool(true)
string(7) "evalsha"
-- a held lock, 1 s wait
string(2) "OK"
bool(false)
bool(true)
string(45) "set join brpoplpush (visit brpoplpush)* leave"
string(16) "at most 3 blocks"
bool(false)
bool(true)
string(41) "join brpoplpush (visit brpoplpush)* leave"
string(16) "at most 3 blocks"
string(12) "someone-else"
int(0)
int(1)
