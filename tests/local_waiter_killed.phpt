--TEST--
local hand-over: a queued local waiter SIGKILLed; the holder's unlock() (which may hand the lock to the dead one) is true, and the next live local waiter still gets the lock within 3 s of it and holds it alone; a waiter that timed out leaves no trace; the first waiter and the holder both killed: the second waiter gets the lock within 3 s too (not only at its timeout, nor only once the key expired)
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/local_helpers.inc';
$raw = new RawRedis();
$k = rl_slowdown();
[$h, $w2] = RlLocalWorker::warmedUp(2);
$other = new RlLocalWorker(false);          // another host: the global protocol alone
$other->warmUp();

/** A fresh local waiter queued (asleep in the segment) on $name with the given timeout and expire. */
function queued(string $name, float $timeout, float $expire): RlLocalWorker
{
    $w = new RlLocalWorker();
    $w->warmUp();
    $w->calls(['lock', 'lock', $name, $timeout, $expire]);
    rl_wait_local_waiter($w->pid);
    return $w;
}

echo "-- W1 (first in the queue) is killed, then the holder unlocks\n";
$name = rl_unique('local-waiter-killed');
$key = "Lock:$name";
var_dump($h->call('lock', 'lock', $name, 5, 30)['r']);
$w1 = queued($name, 30 * $k, 30);
$w2->calls(['lock', 'lock', $name, 30 * $k, 30]);
rl_wait_local_waiter($w2->pid);
$w1->signal(9);
var_dump($w1->finish()[0]);
$u = $h->call('lock', 'unlock', $name);
var_dump($u['r']);
$r = $w2->results(30 * $k)[0];
$took = ($r['t1'] - $u['t0']) / 1e9;
var_dump(rl_local_res($r), $took < 3.0 * $k ? 'W2 got it within 3 s of the unlock' : "W2 got it after $took s");
var_dump($other->call('lock', 'lock', $name, 0, 5)['r'], $raw->cmd('PTTL', $key) > 20000);
var_dump($w2->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));

echo "-- W1 is killed, then the holder unlocks after W1's death was seen by nobody for 1 s\n";
$name = rl_unique('local-waiter-killed-late');
$key = "Lock:$name";
var_dump($h->call('lock', 'lock', $name, 5, 30)['r']);
$w1 = queued($name, 30 * $k, 30);
$w2->calls(['lock', 'lock', $name, 30 * $k, 30]);
rl_wait_local_waiter($w2->pid);
$w1->signal(9);
var_dump($w1->finish()[0]);
usleep(1000000);
var_dump($w2->pending() ? 'W2 returned while H holds: ' . json_encode($w2->results()) : 'W2 waits');
$u = $h->call('lock', 'unlock', $name);
var_dump($u['r']);
$r = $w2->results(30 * $k)[0];
$took = ($r['t1'] - $u['t0']) / 1e9;
var_dump(rl_local_res($r), $took < 3.0 * $k ? 'W2 got it within 3 s of the unlock' : "W2 got it after $took s");
var_dump($w2->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));

echo "-- a waiter that timed out (0.3 s) leaves no trace: the unlock leaves the key free\n";
$name = rl_unique('local-waiter-gave-up');
$key = "Lock:$name";
var_dump($h->call('lock', 'lock', $name, 5, 30)['r']);
$r = $w2->call('lock', 'lock', $name, 0.3, 30);
var_dump($r['r'], $r['e']);
var_dump($h->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));

echo "-- W1 and the holder are both killed: W2 (second in the queue) gets the lock within 3 s\n";
$name = rl_unique('local-waiter-and-holder-killed');
$key = "Lock:$name";
$h2 = new RlLocalWorker();
$h2->warmUp();
var_dump($h2->call('lock', 'lock', $name, 5, 10)['r']);
$w1 = queued($name, 30 * $k, 30);
$w2->calls(['lock', 'lock', $name, 20 * $k, 30]);
rl_wait_local_waiter($w2->pid);
$t = hrtime(true);
$w1->signal(9);
$h2->signal(9);
var_dump($w1->finish()[0], $h2->finish()[0]);
$r = $w2->results(60 * $k)[0];
$took = ($r['t1'] - $t) / 1e9;
var_dump($took < 3.0 * $k && $r['r'] === true ? 'W2 got it within 3 s of the kills'
    : sprintf('W2: %s, %.2f s after the kills (the dead holder\'s key ended 10 s after its lock)', rl_local_res($r), $took));
if ($r['r'] === true) {
    var_dump($other->call('lock', 'lock', $name, 0, 5)['r'], $w2->call('lock', 'unlock', $name)['r']);
} else {
    var_dump(false, true);
}
// whatever W2 got, the key is free in Redis once the dead holder's lifetime is over, and a new local
// locker gets it (the host's slot is not left naming the dead for ever)
var_dump(rl_wait_until(fn () => $raw->cmd('EXISTS', $key) === 0, 15 * $k));
$r = $w2->call('lock', 'lock', $name, 5 * $k, 30);
var_dump(rl_local_res($r));
if ($r['r'] === true) {
    var_dump($w2->call('lock', 'unlock', $name)['r']);
} else {
    var_dump(true);
}
var_dump($raw->cmd('EXISTS', $key));
var_dump($h->finish()[0], $w2->finish()[0], $other->finish()[0]);
?>
--EXPECT--
-- W1 (first in the queue) is killed, then the holder unlocks
bool(true)
int(9)
bool(true)
string(4) "true"
string(34) "W2 got it within 3 s of the unlock"
bool(false)
bool(true)
bool(true)
int(0)
-- W1 is killed, then the holder unlocks after W1's death was seen by nobody for 1 s
bool(true)
int(9)
string(8) "W2 waits"
bool(true)
string(4) "true"
string(34) "W2 got it within 3 s of the unlock"
bool(true)
int(0)
-- a waiter that timed out (0.3 s) leaves no trace: the unlock leaves the key free
bool(true)
bool(false)
NULL
bool(true)
int(0)
-- W1 and the holder are both killed: W2 (second in the queue) gets the lock within 3 s
bool(true)
int(9)
int(9)
string(33) "W2 got it within 3 s of the kills"
bool(false)
bool(true)
bool(true)
string(4) "true"
bool(true)
int(0)
int(0)
int(0)
int(0)
