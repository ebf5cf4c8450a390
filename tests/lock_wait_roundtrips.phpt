--TEST--
lock() round trips (counted with MONITOR): uncontended lock() with or without a timeout is one SET and unlock() one EVALSHA; a 1 s wait on a held lock is SET, a queue visit + BLPOP per check-in (at most 20 at the default 100 ms interval, at most 3 at 1 s) and one EVALSHA to leave
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
foreach ([100000, 1000000] as $interval) {
    $t = microtime(true);
    $r = $l->lock($name, 1, 10, $interval);
    $took = microtime(true) - $t;
    $seen = $mine();
    $visits = substr_count($seen, 'blpop');
    var_dump($r, $took >= 0.99);
    // the first try, then per check-in one queue visit pipelined with a BLPOP, then the leave;
    // the connection's first pipelined visit goes by EVAL (so a cold script cache cannot cost a BLPOP)
    var_dump(preg_match('/^set( (eval|evalsha) blpop)+ evalsha$/D', $seen) === 1 ? 'set (evalsha blpop)+ evalsha' : $seen);
    $max = $interval === 100000 ? 20 : 3;   // one per half interval, at most
    var_dump($visits <= $max ? "at most $max check-ins" : "$visits check-ins");
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
string(28) "set (evalsha blpop)+ evalsha"
string(20) "at most 20 check-ins"
bool(false)
bool(true)
string(28) "set (evalsha blpop)+ evalsha"
string(19) "at most 3 check-ins"
string(12) "someone-else"
int(0)
int(1)
