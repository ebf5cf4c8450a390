--TEST--
local hand-over and the waiting time: a local waiter with $timeout 0.3 s behind a local holder (this process, switched on by ini_set()) gets false after about 0.3 s and leaves no waiter behind (the holder's unlock() then leaves the key free: EXISTS 0); a waiter queued behind one that timed out gets the lock at the unlock; redislock.max_wait caps a local wait too; a waiter handed the lock while stopped and resumed past its deadline does not leave the key held in Redis by nobody
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/local_helpers.inc';
$raw = new RawRedis();
$k = rl_slowdown();
var_dump(ini_set('redislock.local_handover', '1'), ini_get('redislock.local_handover'));   // PHP_INI_ALL
$holder = new RedisLock(RL_TEST_SERVER);
[$w1, $w2] = RlLocalWorker::warmedUp(2);

/** "about $t s" if the wait that $r reports lasted at least $t s and at most $t + 2 s (x rl_slowdown()). */
function waited(array $r, float $t, float $k): string
{
    $d = ($r['t1'] - $r['t0']) / 1e9;
    return $d >= $t - 0.01 && $d < $t + 2.0 * $k ? "about $t s" : sprintf('%.3f s', $d);
}

echo "-- W1 (timeout 0.3 s) behind this process\n";
$name = rl_unique('local-timeout');
$key = "Lock:$name";
var_dump($holder->lock($name, 5, 30));
$w1->calls(['lock', 'lock', $name, 0.3, 30]);
// it waits in the host's segment (not in Redis): seen asleep there before it answers
$seen = false;
while (!$w1->pending(0.001) && !($seen = rl_local_in_futex($w1->pid))) {
}
$r = $w1->results(30 * $k)[0];
var_dump($seen, $r['r'], $r['e'], waited($r, 0.3, $k));
var_dump($holder->unlock($name), $raw->cmd('EXISTS', $key));
// the slot is free: the next local locker takes the key at once
$r = $w1->call('lock', 'lock', $name, 5 * $k, 30);
var_dump(rl_local_res($r), ($r['t1'] - $r['t0']) / 1e9 < 1.0 * $k);
var_dump($w1->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));

echo "-- W1 (timeout 0.3 s) first, W2 (30 s) behind it: W1 gives up, the unlock goes to W2\n";
$name = rl_unique('local-timeout-two');
$key = "Lock:$name";
var_dump($holder->lock($name, 5, 30));
$tok = $raw->cmd('GET', $key);
$w1->calls(['lock', 'lock', $name, 0.3, 30]);
$w2->calls(['lock', 'lock', $name, 30 * $k, 20]);
$r = $w1->results(30 * $k)[0];
var_dump($r['r'], $r['e'], waited($r, 0.3, $k));
rl_wait_local_waiter($w2->pid);
$t = hrtime(true);
var_dump($holder->unlock($name));
$r = $w2->results(30 * $k)[0];
var_dump(rl_local_res($r), ($r['t1'] - $t) / 1e9 < 3.0 * $k, $raw->cmd('GET', $key) === $tok);
var_dump($w2->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));

echo "-- redislock.max_wait=0.3 caps a local wait of 30 s\n";
$name = rl_unique('local-timeout-max-wait');
$key = "Lock:$name";
$capped = new RlLocalWorker(true, [], null, ['redislock.max_wait' => '0.3']);
$capped->warmUp();
var_dump($holder->lock($name, 5, 30));
$r = $capped->call('lock', 'lock', $name, 30, 30);
var_dump($r['r'], $r['e'], waited($r, 0.3, $k));
var_dump($holder->unlock($name), $raw->cmd('EXISTS', $key));

echo "-- W1 (timeout 1 s) is handed the lock while stopped, and resumed past its deadline: the lock is not left orphaned\n";
// as woken after its deadline, it either holds the lock (what the global protocol does: lock() true) or gives it
// back at once (local.md, lock() 4): then the key must not stay held in Redis for the rest of the holder's 30 s
$name = rl_unique('local-timeout-stalled');
$key = "Lock:$name";
var_dump($holder->lock($name, 5, 30));
$w1->calls(['lock', 'lock', $name, 1.0, 30]);
rl_wait_local_waiter($w1->pid);
$w1->signal(19);                             // SIGSTOP
var_dump($holder->unlock($name));            // handed to the stopped W1
usleep((int)(1.5e6 * $k));                   // past W1's deadline
$w1->signal(18);                             // SIGCONT
$r = $w1->results(30 * $k)[0];
if ($r['r'] === true) {
    var_dump($w1->call('lock', 'unlock', $name)['r'] && $raw->cmd('EXISTS', $key) === 0 ? 'not orphaned' : 'W1 held it, its unlock failed');
} else {
    var_dump(rl_wait_until(fn () => $raw->cmd('EXISTS', $key) === 0, 3 * $k) ? 'not orphaned'
        : 'W1 returned ' . rl_local_res($r) . ', the key is left held by nobody, PTTL ' . $raw->cmd('PTTL', $key));
}
// the next local locker gets it at once
$r = $w2->call('lock', 'lock', $name, 5 * $k, 30);
var_dump(rl_local_res($r), $w2->call('lock', 'unlock', $name)['r']);
var_dump($w1->finish()[0], $w2->finish()[0], $capped->finish()[0]);
?>
--EXPECT--
string(1) "0"
string(1) "1"
-- W1 (timeout 0.3 s) behind this process
bool(true)
bool(true)
bool(false)
NULL
string(11) "about 0.3 s"
bool(true)
int(0)
string(4) "true"
bool(true)
bool(true)
int(0)
-- W1 (timeout 0.3 s) first, W2 (30 s) behind it: W1 gives up, the unlock goes to W2
bool(true)
bool(false)
NULL
string(11) "about 0.3 s"
bool(true)
string(4) "true"
bool(true)
bool(true)
bool(true)
int(0)
-- redislock.max_wait=0.3 caps a local wait of 30 s
bool(true)
bool(false)
NULL
string(11) "about 0.3 s"
bool(true)
int(0)
-- W1 (timeout 1 s) is handed the lock while stopped, and resumed past its deadline: the lock is not left orphaned
bool(true)
bool(true)
string(12) "not orphaned"
string(4) "true"
bool(true)
int(0)
int(0)
int(0)
