--TEST--
lock() waiting: a waiter SIGKILLed while queued costs the waiter behind it one round trip of the releaser, not its 60 s lifetime: the lock handed to the dead waiter is found not taken by the release's check (its block is gone with its connection), undone, and handed to B before unlock() returns, also when A died long before; a waiter that times out leaves the queue and delays nobody; every wait key left has a TTL
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$holder = new RedisLock(RL_TEST_SERVER);
$k = rl_slowdown();

/* Two warmed-up workers, both queued (A first) for $name with the given lock() timeouts; returns [A, B, tokA, tokB]. */
function queue_two(RawRedis $raw, string $name, float $timeoutA, float $timeoutB): array
{
    $queue = rl_lock_wait_keys("Lock:$name")['queue'];
    $a = new RlWorker();
    $b = new RlWorker();
    $a->warmUp();
    $b->warmUp();
    $a->calls(['lock', 'lock', $name, $timeoutA, 60]);
    rl_wait_queue_len($raw, $queue, 1);
    $b->calls(['lock', 'lock', $name, $timeoutB, 60]);
    [$tokA, $tokB] = rl_wait_queue_len($raw, $queue, 2);
    return [$a, $b, $tokA, $tokB];
}

foreach (['A is killed, then the holder unlocks' => 0, 'A is killed 7 s before the unlock' => 7] as $what => $before) {
    echo "-- $what: the lock is handed to B before unlock() returns\n";
    $name = rl_unique('killed');
    $key = "Lock:$name";
    ['queue' => $queue, 'wake' => $wake] = rl_lock_wait_keys($key);
    var_dump($holder->lock($name, 0, 60));
    [$a, $b, $tokA, $tokB] = queue_two($raw, $name, 30, 30);
    $a->signal(9);
    [$rc] = $a->finish();
    var_dump($rc);
    sleep($before);   // longer than a queue entry's 6.5 s of liveness in the protocol before: nothing expires now
    $t = hrtime(true);
    var_dump($holder->unlock($name));
    // B's block took the grant before unlock() returned: the key is B's, for B's whole lifetime
    var_dump($raw->cmd('GET', $key) === $tokB, $raw->cmd('PTTL', $key) > 55000);
    $rb = $b->results(30)[0];
    $took = ($rb['t1'] - $t) / 1e9;
    var_dump($rb['r'], $rb['e'], $took < 1.0 * $k ? 'B got it within 1 s' : "B got it after $took s");
    // dead A's wake list holds "x" (out of the queue) until its TTL; nothing is left without one
    var_dump($raw->cmd('LRANGE', $wake . $tokA, '0', '-1'), $raw->cmd('EXISTS', $queue), rl_wait_keys_without_ttl($raw, $key));
    var_dump($b->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
    $b->finish();
}

echo "-- A gives up (timeout 1 s): it leaves the queue, and the unlock goes straight to B\n";
$name = rl_unique('gave-up');
$key = "Lock:$name";
['queue' => $queue, 'wake' => $wake] = rl_lock_wait_keys($key);
var_dump($holder->lock($name, 0, 60));
[$a, $b, $tokA, $tokB] = queue_two($raw, $name, 1, 30);
$ra = $a->results(30)[0];
$waited = ($ra['t1'] - $ra['t0']) / 1e9;
var_dump($ra['r'], $ra['e'], $waited >= 0.99 && $waited < 3.0);
var_dump(rl_queue_tokens($raw->cmd('LRANGE', $queue, '0', '-1')) === [$tokB], $raw->cmd('EXISTS', $wake . $tokA));
// A's leave told B, now first, to look again ("h"): B's visit must be done and B blocked again before the
// unlock, or the grant finds B between two calls, is undone and B gets the lock at its next visit instead
rl_wait_until(fn () => rl_blocked_in_blpop($raw, $b->pid));
$t = hrtime(true);
var_dump($holder->unlock($name));
var_dump($raw->cmd('GET', $key) === $tokB);
$rb = $b->results(30)[0];
var_dump($rb['r'], ($rb['t1'] - $t) / 1e9 < 1.0 * $k);
var_dump($raw->cmd('EXISTS', $queue, $wake . $tokA, $wake . $tokB), rl_wait_keys_without_ttl($raw, $key));
var_dump($b->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
var_dump($a->finish()[0], $b->finish()[0]);
?>
--EXPECT--
-- A is killed, then the holder unlocks: the lock is handed to B before unlock() returns
bool(true)
int(9)
bool(true)
bool(true)
bool(true)
bool(true)
NULL
string(19) "B got it within 1 s"
array(1) {
  [0]=>
  string(1) "x"
}
int(0)
int(0)
bool(true)
int(0)
-- A is killed 7 s before the unlock: the lock is handed to B before unlock() returns
bool(true)
int(9)
bool(true)
bool(true)
bool(true)
bool(true)
NULL
string(19) "B got it within 1 s"
array(1) {
  [0]=>
  string(1) "x"
}
int(0)
int(0)
bool(true)
int(0)
-- A gives up (timeout 1 s): it leaves the queue, and the unlock goes straight to B
bool(true)
bool(false)
NULL
bool(true)
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
int(0)
bool(true)
int(0)
int(0)
int(0)
