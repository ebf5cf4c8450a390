--TEST--
lock() waiting: a waiter (lifetime 15 s, default interval) SIGKILLed while queued does not keep try-lock callers out for its lifetime: after the holder's unlock() the lock handed to the dead waiter is found not taken by the release's check and undone (nobody else waits: deleted), and lock($name, 0) succeeds within 2 s (not 15 s)
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('dead-waiter-trylock');
$key = "Lock:$name";
['queue' => $queue] = rl_lock_wait_keys($key);
$holder = new RedisLock(RL_TEST_SERVER);
$other = new RedisLock(RL_TEST_SERVER);
rl_warm_up($other);

// the worker(s) start (and connect) before the 30 s lock is taken: a traced start beside a busy loop takes 8-10 s
$a = new RlWorker();
$a->warmUp();
var_dump($holder->lock($name, 0, 30));
$a->calls(['lock', 'lock', $name, 30, 15]);   // $waitIntervalUs: the default (grace 100 ms)
var_dump(rl_wait_until(fn () => $raw->cmd('LLEN', $queue) === 1, 5) ? 'queued' : 'not queued');
$a->signal(9);
var_dump($a->finish()[0]);
$t = hrtime(true);
var_dump($holder->unlock($name));
// try-lock callers: nobody waits any more, so only the key's own lifetime can keep them out
$got = false;
do {
    if ($got = $other->lock($name, 0)) {
        break;
    }
    usleep(10000);
} while (hrtime(true) - $t < 3e9);
$took = (hrtime(true) - $t) / 1e9;
var_dump($got, $took < 2.0 ? 'within 2 s of the unlock' : sprintf('after %.1f s', $took));
var_dump($other->isLocking($name), $raw->cmd('PTTL', $key) > 10000);   // its own lifetime (15 s)
var_dump($other->unlock($name), $raw->cmd('EXISTS', $key));
?>
--EXPECT--
bool(true)
string(6) "queued"
int(9)
bool(true)
bool(true)
string(24) "within 2 s of the unlock"
bool(true)
bool(true)
bool(true)
int(0)
