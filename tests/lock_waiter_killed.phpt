--TEST--
lock() waiting: a waiter SIGKILLed while queued costs the waiter behind it under 3 s, not the 60 s lock lifetime (the lock handed to the dead waiter lapses after its 400 ms grace, and B, told it is the head, watches it lapse; once A's queue entry has expired it is skipped); a waiter that times out leaves the queue and delays nobody
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$holder = new RedisLock(RL_TEST_SERVER);

/* Two warmed-up workers, both queued (A first) for $name with the given lock() timeouts; returns [A, B, tokA, tokB]. */
function queue_two(RawRedis $raw, string $name, float $timeoutA, float $timeoutB): array
{
    $queue = rl_lock_wait_keys("Lock:$name")['queue'];
    $a = new RlWorker();
    $b = new RlWorker();
    $a->warmUp();
    $b->warmUp();
    // lifetime 60 s; a lock handed over unclaimed lapses after 400 ms (the wait interval)
    $a->calls(['lock', 'lock', $name, $timeoutA, 60, 400000]);
    rl_wait_queue_len($raw, $queue, 1);
    $b->calls(['lock', 'lock', $name, $timeoutB, 60, 400000]);
    [$tokA, $tokB] = rl_wait_queue_len($raw, $queue, 2);
    return [$a, $b, $tokA, $tokB];
}

echo "-- A is killed, then the holder unlocks: the lock goes to dead A, B gets it soon after\n";
$name = rl_unique('killed');
$key = "Lock:$name";
['queue' => $queue, 'live' => $live, 'wake' => $wake] = rl_lock_wait_keys($key);
var_dump($holder->lock($name, 0, 60));
[$a, $b, $tokA, $tokB] = queue_two($raw, $name, 30, 30);
// A's queue entry still counts as alive when it is killed (an entry lives 6.5 s after its waiter's last visit)
var_dump(rl_wait_until(fn () => rl_waiter_liveness_left($raw, $live, $tokA) >= 300, 10));
$a->signal(9);
[$rc] = $a->finish();
var_dump($rc);
$t = hrtime(true);
var_dump($holder->unlock($name));
var_dump($raw->cmd('GET', $key) === $tokA, $raw->cmd('LLEN', $wake . $tokA));   // handed to A, grant unclaimed
$rb = $b->results(30)[0];
$took = ($rb['t1'] - $t) / 1e9;
var_dump($rb['r'], $rb['e']);
var_dump($took < 3.0 ? 'B got it within 3 s' : "B got it after $took s");
var_dump($raw->cmd('GET', $key) === $tokB, $raw->cmd('PTTL', $key) > 55000);   // B's own full lifetime
// nobody waits: the queue and B's wake list are gone; dead A's unclaimed note only lives out its TTL
$pttl = $raw->cmd('PTTL', $wake . $tokA);
var_dump($raw->cmd('EXISTS', $queue, $live . $tokA, $live . $tokB, $wake . $tokB), $pttl === -2 || ($pttl > 0 && $pttl <= 6500));
var_dump($b->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
$b->finish();

echo "-- A is killed and its queue entry expires before the unlock: the lock goes straight to B\n";
$name = rl_unique('killed-expired');
$key = "Lock:$name";
['queue' => $queue, 'live' => $live, 'wake' => $wake] = rl_lock_wait_keys($key);
var_dump($holder->lock($name, 0, 60));
[$a, $b, $tokA, $tokB] = queue_two($raw, $name, 30, 30);
$a->signal(9);
$a->finish();
// an entry's key expires 6.5 s after its waiter's last visit: rather than wait, delete it (the same to the
// server: a key that is not there), leaving A's token in the queue
var_dump($raw->cmd('DEL', $live . $tokA), rl_waiter_liveness_left($raw, $live, $tokA) === null);
$t = hrtime(true);
var_dump($holder->unlock($name));
var_dump($raw->cmd('GET', $key) === $tokB);
$rb = $b->results(30)[0];
var_dump($rb['r'], ($rb['t1'] - $t) / 1e9 < 1.0);
var_dump($raw->cmd('EXISTS', $queue, $live . $tokA, $live . $tokB, $wake . $tokA, $wake . $tokB));
var_dump($b->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
$b->finish();

echo "-- A gives up (timeout 1 s): it leaves the queue, and the unlock goes straight to B\n";
$name = rl_unique('gave-up');
$key = "Lock:$name";
['queue' => $queue, 'live' => $live, 'wake' => $wake] = rl_lock_wait_keys($key);
var_dump($holder->lock($name, 0, 60));
[$a, $b, $tokA, $tokB] = queue_two($raw, $name, 1, 30);
$ra = $a->results(30)[0];
$waited = ($ra['t1'] - $ra['t0']) / 1e9;
var_dump($ra['r'], $ra['e'], $waited >= 0.99 && $waited < 3.0);
var_dump($raw->cmd('LRANGE', $queue, '0', '-1') === [$tokB], $raw->cmd('EXISTS', $live . $tokA), $raw->cmd('EXISTS', $wake . $tokA));
$t = hrtime(true);
var_dump($holder->unlock($name));
var_dump($raw->cmd('GET', $key) === $tokB);
$rb = $b->results(30)[0];
var_dump($rb['r'], ($rb['t1'] - $t) / 1e9 < 1.0);
var_dump($raw->cmd('EXISTS', $queue, $live . $tokA, $live . $tokB, $wake . $tokA, $wake . $tokB));
var_dump($b->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
var_dump($a->finish()[0], $b->finish()[0]);
?>
--EXPECT--
-- A is killed, then the holder unlocks: the lock goes to dead A, B gets it soon after
bool(true)
bool(true)
int(9)
bool(true)
bool(true)
int(1)
bool(true)
NULL
string(19) "B got it within 3 s"
bool(true)
bool(true)
int(0)
bool(true)
bool(true)
int(0)
-- A is killed and its queue entry expires before the unlock: the lock goes straight to B
bool(true)
int(1)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
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
int(0)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
int(0)
int(0)
int(0)
