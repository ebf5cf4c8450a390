--TEST--
Metrics: redislock.slow_wait_ms logs one line per lock()/acquire() that waited at least that long (the name escaped, the time waited, the outcome), none for a shorter wait or a call that did not wait, and none when 0; a value that is not a whole number of milliseconds is refused with a warning and changes nothing
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--INI--
redislock.slow_wait_ms=150
--FILE--
<?php
require __DIR__ . '/config.inc';

$log = tempnam(sys_get_temp_dir(), 'rlslow');
ini_set('error_log', $log);
$k = rl_slowdown();
$n = rl_unique('slow') . "\x01\"q";
$a = new RedisLock(RL_TEST_SERVER);
$b = new RedisLock(RL_TEST_SERVER);
$s = new RedisSemaphore(RL_TEST_SERVER);
$t = new RedisSemaphore(RL_TEST_SERVER);

var_dump($a->lock($n, 0, 30));
var_dump($b->lock($n, 0));                 // no wait: no line
var_dump($b->lock($n, 0.3));               // waited 0.3 s or more: "timed out"
var_dump($a->lock($n, 0, 0.4 * $k), $b->lock($n, 5 * $k, 30));   // waited for the expiry: "acquired"
var_dump($b->unlock($n));
var_dump(is_string($s->acquire($n, 1, 30)), $t->acquire($n, 1, 30, 0.3));   // "timed out", a semaphore
var_dump($s->releaseAll());
var_dump(RedisLock::stats()['slow_waits'], RedisSemaphore::stats()['slow_waits']);
ini_set('redislock.slow_wait_ms', '0');
var_dump($a->lock($n, 0, 30), $b->lock($n, 0.3), $a->unlock($n));    // off: no line
var_dump(RedisLock::stats()['slow_waits']);

foreach (['-1', '1.5', 'abc', ''] as $bad) {
    var_dump(ini_set('redislock.slow_wait_ms', $bad), ini_get('redislock.slow_wait_ms'));
}

$lines = file($log, FILE_IGNORE_NEW_LINES);
foreach ($lines as $line) {
    // "[date] redislock: slow wait: lock "<name>" waited S s (redislock.slow_wait_ms 150): outcome"
    if (!preg_match('~^\[[^]]+\] (redislock: slow wait: (lock|semaphore) "(.*)" waited ([0-9.]+) s \(redislock\.slow_wait_ms 150\): (.*))$~', $line, $m)) {
        echo "unexpected line: $line\n";
        continue;
    }
    echo "$m[2] ", $m[3] === addcslashes(substr($n, 0, -3), '\\"') . '\\001\\"q' ? 'name escaped' : "name $m[3]",
        $m[4] >= 0.15 && $m[4] < 10 * $k ? ' waited' : " waited $m[4] s", ": $m[5]\n";
}
unlink($log);
?>
--EXPECTF--
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
int(2)
int(1)
bool(true)
bool(false)
bool(true)
int(2)

Warning: ini_set(): redislock.slow_wait_ms must be a whole number of milliseconds, 0 or more in %s on line %d
bool(false)
string(1) "0"

Warning: ini_set(): redislock.slow_wait_ms must be a whole number of milliseconds, 0 or more in %s on line %d
bool(false)
string(1) "0"

Warning: ini_set(): redislock.slow_wait_ms must be a whole number of milliseconds, 0 or more in %s on line %d
bool(false)
string(1) "0"

Warning: ini_set(): redislock.slow_wait_ms must be a whole number of milliseconds, 0 or more in %s on line %d
bool(false)
string(1) "0"
lock name escaped waited: timed out
lock name escaped waited: acquired
semaphore name escaped waited: timed out
