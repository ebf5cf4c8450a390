--TEST--
lock() waiting: a waiter stalled (SIGSTOP) when the lock is handed to it has the grant taken by its block on the server without it; resumed after its lifetime ended and another took the lock, its lock() does not report the lock held: it confirms (the lock is not its own any more), queues again and gets the lock only after the other's unlock()
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$holder = new RedisLock(RL_TEST_SERVER);
$k = rl_slowdown();
$expire = 1.0 * $k;            // A's lifetime: it stays stopped well past it
$name = rl_unique('stalled');
$key = "Lock:$name";
['queue' => $queue] = rl_lock_wait_keys($key);

// a read timeout longer than A's stop: resumed, A reads the answer that waits for it (past its read deadline
// it would throw RedisLockException instead, which is safe too, but not what this test looks at)
[$a, $b] = RlWorker::warmedUp(2, 'lock', null, ['read_timeout' => 120]);
var_dump($holder->lock($name, 0, 60));
$a->calls(['lock', 'lock', $name, 60 * $k, $expire, 100000]);
[$tokA] = rl_wait_queue_len($raw, $queue, 1);
$b->calls(['lock', 'lock', $name, 60 * $k, 60, 100000]);
rl_wait_queue_len($raw, $queue, 2);

$a->signal(19);                                   // SIGSTOP: A is queued, blocked in its BRPOPLPUSH
var_dump($holder->unlock($name));
// the grant ends A's block on the server, which takes it without A
var_dump(rl_wait_until(fn () => $raw->cmd('GET', $key) === $tokA && $raw->cmd('PTTL', $key) > 100));
// A's lifetime ends while it is stopped: B, the head now, takes the lock
$rb = $b->results()[0];
var_dump($rb['r'], $rb['e']);
$tokB = $raw->cmd('GET', $key);
var_dump(is_string($tokB) && $tokB !== $tokA);

$a->signal(18);                                   // SIGCONT: A reads its old "owned" answer now
// A must not report the lock held while B holds it: it confirms, finds it gone, and queues again
var_dump($a->pending(2.0 * $k) ? 'A returned while B holds the lock: ' . json_encode($a->results()) : 'A waits');
var_dump($raw->cmd('GET', $key) === $tokB, rl_wait_until(fn () => $raw->cmd('LLEN', $queue) === 1));
$unlockB = $b->call('lock', 'unlock', $name);
var_dump($unlockB['r']);
$ra = $a->results()[0];
var_dump($ra['r'], $ra['e'], $ra['t1'] > $unlockB['t0']);
var_dump($a->call('lock', 'isLocking', $name)['r'], $a->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
$a->finish();
$b->finish();
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
NULL
bool(true)
string(7) "A waits"
bool(true)
bool(true)
bool(true)
bool(true)
NULL
bool(true)
bool(true)
bool(true)
int(0)
