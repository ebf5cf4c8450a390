--TEST--
RedisSemaphore::acquire() $timeout: 0 is one script call; a 1 s wait is false after about 1 s (a 0.15 s one not rounded up): a try, a join + BLPOP + visit, at most 2 more BLPOP + visit (the head blocks until the earliest deadline or the end of the wait), a leave; waits leave no holder, queue entry or wait key; a release mid-wait admits the waiter
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('wait');
$keys = sem_keys($name);
[$queue, $live, $wake] = sem_wait_keys($name);
$s = new RedisSemaphore(RL_TEST_SERVER);
$t = new RedisSemaphore(RL_TEST_SERVER);
rl_warm_up($t);   // connected, scripts cached: the commands below are the waits' own
$mon = new RlMonitor();
$addr = rl_client_addr($raw);
$mine = fn () => implode(' ', rl_commands_of($mon->commands(), $addr));
$a = $s->acquire($name, 1, 30);
$mon->commands();

echo "-- timeout 0 (default): one script, no waiting\n";
$t0 = microtime(true);
var_dump($t->acquire($name, 1, 30), $t->acquire($name, 1, 30, 0));
var_dump(microtime(true) - $t0 < 0.5 * rl_slowdown(), $mine());

echo "-- timeout 1: false after about 1 s; a few blocking check-ins, not a poll\n";
$t0 = microtime(true);
var_dump($t->acquire($name, 1, 30, 1));
$took = microtime(true) - $t0;
$seen = $mine();
var_dump($took >= 0.99, $took < 1.0 + 0.5 * rl_slowdown());
// the first try, the join with its BLPOP and the visit behind it, per check-in a BLPOP and its visit, then the leave
var_dump(preg_match('/^evalsha evalsha blpop evalsha( blpop evalsha)* evalsha$/D', $seen) === 1 ? 'try join blpop visit (blpop visit)* leave' : $seen);
$blocks = substr_count($seen, 'blpop');
var_dump($blocks <= 3 ? 'at most 3 BLPOPs' : "$blocks BLPOPs");

echo "-- a short timeout is not rounded up to the next check-in\n";
$t0 = microtime(true);
var_dump($t->acquire($name, 1, 30, 0.15));
$took = microtime(true) - $t0;
var_dump($took >= 0.149, $took < 0.15 + 0.25 * rl_slowdown());

echo "-- nothing was left behind by the waits: no holder, no queue entry, no wait key\n";
var_dump($t->count($name), array_keys(sem_zset($raw, $keys[0])) === [$a], array_keys(sem_zset($raw, $keys[1])) === [$a]);
var_dump($raw->cmd('KEYS', rl_wait_marker('Sem:') . "{Sem:$name}:*"));
var_dump($t->releaseAll());

echo "-- admitted while waiting, as soon as the slot is released\n";
$child = new RlChild(rl_child_prelude() . '$name = ' . var_export($name, true) . ';
$s = new RedisSemaphore(RL_TEST_SERVER);
echo "ready\n";
fgets(STDIN);
usleep(400000);
echo "releasing\n";
var_dump($s->release($name, ' . var_export($a, true) . '));
');
var_dump($child->line(30));   // started (slow in the valgrind pass) before the clock starts
$t0 = microtime(true);
$child->write("go\n");
$b = $t->acquire($name, 1, 30, 5);
$took = microtime(true) - $t0;
[$rc, $out] = $child->finish();
echo $out;
var_dump(is_string($b), $took > 0.35, $took < min(4.5, 2.0 * rl_slowdown()));   // well before the 5 s timeout
var_dump($t->release($name), $s->release($name), $raw->cmd('EXISTS', ...$keys), $raw->cmd('EXISTS', $queue, $live));
// a wake note may stay, but only until its TTL (6.5 s)
var_dump(array_filter($raw->cmd('KEYS', rl_wait_marker('Sem:') . "{Sem:$name}:*"), fn ($k) => !in_array($raw->cmd('PTTL', $k), range(1, 6500))));
?>
--EXPECT--
-- timeout 0 (default): one script, no waiting
bool(false)
bool(false)
bool(true)
string(15) "evalsha evalsha"
-- timeout 1: false after about 1 s; a few blocking check-ins, not a poll
bool(false)
bool(true)
bool(true)
string(41) "try join blpop visit (blpop visit)* leave"
string(16) "at most 3 BLPOPs"
-- a short timeout is not rounded up to the next check-in
bool(false)
bool(true)
bool(true)
-- nothing was left behind by the waits: no holder, no queue entry, no wait key
int(1)
bool(true)
bool(true)
array(0) {
}
bool(true)
-- admitted while waiting, as soon as the slot is released
string(5) "ready"
releasing
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
int(0)
int(0)
array(0) {
}
