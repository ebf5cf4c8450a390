--TEST--
RedisSemaphore::acquire() waiting, limit 1: a waiter SIGKILLed while queued costs the waiter behind it under 3 s, not the 60 s slot lifetime (the slot handed to the dead waiter lapses after the 100 ms grace, and B, told it is the head, watches it lapse; once A's queue entry has expired it is skipped); a waiter that times out leaves the queue and delays nobody
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$h = new RedisSemaphore(RL_TEST_SERVER);

/* Two warmed-up workers, both queued (A first) for $name with the given acquire() timeouts; returns [A, B, idA, idB]. */
function queue_two(RawRedis $raw, string $name, float $timeoutA, float $timeoutB): array
{
    [$queue] = sem_wait_keys($name);
    $a = new RlWorker();
    $b = new RlWorker();
    $a->warmUp('sem');
    $b->warmUp('sem');
    // lifetime 60 s; a slot handed over unclaimed lapses after 100 ms
    $a->calls(['sem', 'acquire', $name, 1, 60, $timeoutA]);
    rl_wait_queue_len($raw, $queue, 1);
    $b->calls(['sem', 'acquire', $name, 1, 60, $timeoutB]);
    [$idA, $idB] = rl_wait_queue_len($raw, $queue, 2);
    return [$a, $b, $idA, $idB];
}

echo "-- A is killed, then the holder releases: the slot goes to dead A, B gets it soon after\n";
$name = rl_unique('sem-killed');
[$holders, $deadlines] = $keys = sem_keys($name);
[$queue, $live, $wake] = sem_wait_keys($name);
var_dump(is_string($h->acquire($name, 1, 60)));
[$a, $b, $idA, $idB] = queue_two($raw, $name, 30, 30);
// A's queue entry still counts as alive when it is killed (an entry lives 6.5 s after its waiter's last visit)
var_dump(rl_wait_until(fn () => rl_waiter_liveness_left($raw, $live, $idA) >= 300, 10));
$a->signal(9);
[$rc] = $a->finish();
var_dump($rc);
$t = hrtime(true);
var_dump($h->release($name));
// admitted in A's name, its grant unclaimed: a slot whose deadline is only the grace away
var_dump(array_keys(sem_zset($raw, $deadlines)) === [$idA], $raw->cmd('LLEN', $wake . $idA), $raw->cmd('ZSCORE', $deadlines, $idA) - sem_server_ms($raw) <= 100);
$rb = $b->results(30)[0];
$took = ($rb['t1'] - $t) / 1e9;
var_dump($rb['r'] === $idB, $rb['e']);
var_dump($took < 3.0 ? 'B admitted within 3 s' : "B admitted after $took s");
var_dump(array_keys(sem_zset($raw, $deadlines)) === [$idB], $h->count($name));
var_dump($raw->cmd('ZSCORE', $deadlines, $idB) - sem_server_ms($raw) > 55000);   // B's own full lifetime
// nobody waits: the queue and B's wake list are gone; dead A's unclaimed note only lives out its TTL
$pttl = $raw->cmd('PTTL', $wake . $idA);
var_dump($raw->cmd('EXISTS', $queue, $live, $wake . $idB), $pttl === -2 || ($pttl > 0 && $pttl <= 6500));
var_dump($b->call('sem', 'release', $name)['r'], $raw->cmd('EXISTS', ...$keys));
$b->finish();

echo "-- A is killed and its queue entry expires before the release: the slot goes straight to B\n";
$name = rl_unique('sem-killed-expired');
[$holders, $deadlines] = $keys = sem_keys($name);
[$queue, $live, $wake] = sem_wait_keys($name);
var_dump(is_string($h->acquire($name, 1, 60)));
[$a, $b, $idA, $idB] = queue_two($raw, $name, 30, 30);
$a->signal(9);
$a->finish();
// an entry expires 6.5 s after its waiter's last visit: rather than wait, set A's liveness deadline in the past
$termsA = explode(':', $raw->cmd('HGET', $live, $idA));
$termsA[0] = (string)(sem_server_ms($raw) - 1);
$raw->cmd('HSET', $live, $idA, implode(':', $termsA));
var_dump(rl_waiter_liveness_left($raw, $live, $idA) < 0);
$t = hrtime(true);
var_dump($h->release($name));
var_dump(array_keys(sem_zset($raw, $deadlines)) === [$idB]);
$rb = $b->results(30)[0];
var_dump($rb['r'] === $idB, ($rb['t1'] - $t) / 1e9 < 1.0);
var_dump($raw->cmd('EXISTS', $queue, $live, $wake . $idA, $wake . $idB));
var_dump($b->call('sem', 'release', $name)['r'], $raw->cmd('EXISTS', ...$keys));
$b->finish();

echo "-- A gives up (timeout 1 s): it leaves the queue, and the release admits B\n";
$name = rl_unique('sem-gave-up');
[$holders, $deadlines] = $keys = sem_keys($name);
[$queue, $live, $wake] = sem_wait_keys($name);
var_dump(is_string($h->acquire($name, 1, 60)));
[$a, $b, $idA, $idB] = queue_two($raw, $name, 1, 30);
$ra = $a->results(30)[0];
$waited = ($ra['t1'] - $ra['t0']) / 1e9;
var_dump($ra['r'], $ra['e'], $waited >= 0.99 && $waited < 3.0);
var_dump($raw->cmd('LRANGE', $queue, '0', '-1') === [$idB], $raw->cmd('HEXISTS', $live, $idA), $raw->cmd('EXISTS', $wake . $idA));
$t = hrtime(true);
var_dump($h->release($name));
var_dump(array_keys(sem_zset($raw, $deadlines)) === [$idB]);
$rb = $b->results(30)[0];
var_dump($rb['r'] === $idB, ($rb['t1'] - $t) / 1e9 < 1.0);
var_dump($raw->cmd('EXISTS', $queue, $live, $wake . $idA, $wake . $idB));
var_dump($b->call('sem', 'release', $name)['r'], $raw->cmd('EXISTS', ...$keys));
var_dump($a->finish()[0], $b->finish()[0]);
?>
--EXPECT--
-- A is killed, then the holder releases: the slot goes to dead A, B gets it soon after
bool(true)
bool(true)
int(9)
bool(true)
bool(true)
int(1)
bool(true)
bool(true)
NULL
string(21) "B admitted within 3 s"
bool(true)
int(1)
bool(true)
int(0)
bool(true)
bool(true)
int(0)
-- A is killed and its queue entry expires before the release: the slot goes straight to B
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
int(0)
-- A gives up (timeout 1 s): it leaves the queue, and the release admits B
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
