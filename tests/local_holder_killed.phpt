--TEST--
local hand-over: a local holder (expire 10 s) SIGKILLed in its critical section while another local process waits: the waiter finds it dead within its 50 ms checks and gets the lock well before the 10 s (under 3 s), under the host's token refreshed to its own lifetime, and holds it alone (another host's try and a local waiter's short wait both fail); a holder killed with nobody waiting: the next local locker gets the lock at once too
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/local_helpers.inc';
$raw = new RawRedis();
$k = rl_slowdown();

echo "-- the holder is killed while B waits\n";
$name = rl_unique('local-holder-killed');
$key = "Lock:$name";
[$a, $b, $c] = RlLocalWorker::warmedUp(3);
$other = new RlLocalWorker(false);          // another host: the global protocol alone
$other->warmUp();
var_dump($a->call('lock', 'lock', $name, 5, 10)['r']);
$tok = $raw->cmd('GET', $key);
var_dump(is_string($tok), $raw->cmd('PTTL', $key) > 8000);
$b->calls(['lock', 'lock', $name, 30 * $k, 20]);
rl_wait_local_waiter($b->pid);              // B sleeps in the host's queue, behind A
var_dump($b->pending(0.2) ? 'B returned while A holds: ' . json_encode($b->results()) : 'B waits');
$t = hrtime(true);
$a->signal(9);
var_dump($a->finish()[0]);
$rb = $b->results(30 * $k)[0];
$took = ($rb['t1'] - $t) / 1e9;
var_dump(rl_local_res($rb), $took < 3.0 * $k ? 'B got it within 3 s of the kill' : "B got it after $took s");
// the host's token, refreshed to B's 20 s (A asked for 10 s)
var_dump($raw->cmd('GET', $key) === $tok, $raw->cmd('PTTL', $key) > 12000);
// B alone: another host cannot take it, nor can a local waiter within 0.3 s
var_dump($other->call('lock', 'lock', $name, 0, 5)['r']);
$rc = $c->call('lock', 'lock', $name, 0.3, 5);
var_dump($rc['r'], $rc['e']);
var_dump($b->call('lock', 'isLocking', $name)['r'], $b->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));

echo "-- the holder is killed with nobody waiting: the next local locker gets it at once\n";
$name = rl_unique('local-holder-killed-alone');
$key = "Lock:$name";
$d = new RlLocalWorker();
var_dump($d->call('lock', 'lock', $name, 5, 10)['r']);
$tok = $raw->cmd('GET', $key);
$d->signal(9);
var_dump($d->finish()[0]);
$rc = $c->call('lock', 'lock', $name, 30 * $k, 20);
var_dump(rl_local_res($rc), ($rc['t1'] - $rc['t0']) / 1e9 < 3.0 * $k);
// from the dead holder's token (nobody alive can use it), or a fresh one: the key is held, for C's lifetime
var_dump(is_string($raw->cmd('GET', $key)), $raw->cmd('PTTL', $key) > 12000);
var_dump($other->call('lock', 'lock', $name, 0, 5)['r']);
var_dump($c->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
var_dump($b->finish()[0], $c->finish()[0], $other->finish()[0]);
?>
--EXPECT--
-- the holder is killed while B waits
bool(true)
bool(true)
bool(true)
string(7) "B waits"
int(9)
string(4) "true"
string(31) "B got it within 3 s of the kill"
bool(true)
bool(true)
bool(false)
bool(false)
NULL
bool(true)
bool(true)
int(0)
-- the holder is killed with nobody waiting: the next local locker gets it at once
bool(true)
int(9)
string(4) "true"
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
int(0)
int(0)
int(0)
int(0)
