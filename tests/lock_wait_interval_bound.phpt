--TEST--
lock() $waitIntervalUs is at most 60000000 (60 s): 60000001 and PHP_INT_MAX throw ValueError (argument #4) before anything is sent; at exactly 60000000 a waiter is queued, the holder's unlock() returns true and hands the lock over (no Lua error)
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('interval-bound');
$key = "Lock:$name";
['queue' => $queue] = rl_lock_wait_keys($key);

$l = new RedisLock(RL_TEST_SERVER);
rl_warm_up($l);
$addr = rl_client_addr($raw);
$mon = new RlMonitor();
// unreachable: a ValueError (not RedisLockException) proves no connection was attempted
$off = new RedisLock('tcp://127.0.0.1:1');

echo "-- too large\n";
foreach ([$l, $off] as $o) {
    foreach ([60000001, PHP_INT_MAX] as $interval) {
        foreach ([0, 1] as $timeout) {
            try {
                var_dump($o->lock($name, $timeout, 10, $interval));
            } catch (Throwable $e) {
                echo get_class($e), ': ', $e->getMessage(), "\n";
            }
        }
    }
}
var_dump(rl_commands_of($mon->commands(), $addr), $raw->cmd('EXISTS', $key));

echo "-- exactly 60000000\n";
var_dump($l->lock($name, 1, 10, 60000000));   // free: taken at once
var_dump($l->unlock($name));
// the worker(s) start (and connect) before the 30 s lock is taken: a traced start beside a busy loop takes 8-10 s
$w = new RlWorker();
$w->warmUp();
var_dump($l->lock($name, 0, 30));
$w->calls(['lock', 'lock', $name, 10, 30, 60000000]);
[$tok] = rl_wait_queue_len($raw, $queue, 1);
$t = hrtime(true);
var_dump($l->unlock($name));
$r = $w->results(20)[0];
$took = ($r['t1'] - $t) / 1e9;
var_dump($r['r'], $r['e'], $took < 1.0 ? 'handed over within 1 s' : sprintf('after %.1f s', $took));
var_dump($raw->cmd('GET', $key) === $tok, $raw->cmd('PTTL', $key) > 25000);   // claimed: its own lifetime
var_dump($w->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
var_dump($w->finish()[0]);
?>
--EXPECT--
-- too large
ValueError: RedisLock::lock(): Argument #4 ($waitIntervalUs) must be between 0 and 60000000 (microseconds)
ValueError: RedisLock::lock(): Argument #4 ($waitIntervalUs) must be between 0 and 60000000 (microseconds)
ValueError: RedisLock::lock(): Argument #4 ($waitIntervalUs) must be between 0 and 60000000 (microseconds)
ValueError: RedisLock::lock(): Argument #4 ($waitIntervalUs) must be between 0 and 60000000 (microseconds)
ValueError: RedisLock::lock(): Argument #4 ($waitIntervalUs) must be between 0 and 60000000 (microseconds)
ValueError: RedisLock::lock(): Argument #4 ($waitIntervalUs) must be between 0 and 60000000 (microseconds)
ValueError: RedisLock::lock(): Argument #4 ($waitIntervalUs) must be between 0 and 60000000 (microseconds)
ValueError: RedisLock::lock(): Argument #4 ($waitIntervalUs) must be between 0 and 60000000 (microseconds)
array(0) {
}
int(0)
-- exactly 60000000
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
NULL
string(22) "handed over within 1 s"
bool(true)
bool(true)
bool(true)
int(0)
int(0)
