--TEST--
lock() waiting: a holder that shortens its lifetime with expire() and is then killed is taken over within a timer tick of the new end, not when the head's earlier wait (until the PTTL it read, up to a check-in period of 5 s) runs out: the shortening extend tells the queue's head to look again
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$k = rl_slowdown();
$name = rl_unique('shortened');
$key = "Lock:$name";
['queue' => $queue] = rl_lock_wait_keys($key);
$short = 0.3;

[$h, $w] = RlWorker::warmedUp(2, 'lock');
var_dump($h->call('lock', 'lock', $name, 0, 30)['r']);
$w->calls(['lock', 'lock', $name, 60 * $k, 30, 100000]);
rl_wait_queue_len($raw, $queue, 1);
// W is the head and blocks until the PTTL it read (about 30 s), cut to the check-in period
var_dump(rl_wait_until(fn () => rl_blocked_in_blpop($raw, $w->pid)));

$x = $h->call('lock', 'expire', $name, $short);
var_dump($x['r'], $raw->cmd('PTTL', $key) <= $short * 1000);
$h->signal(9);                                    // SIGKILL: the lock is never released, it lapses
$rw = $w->results()[0];
var_dump($rw['r'], $rw['e']);
// the lock lapsed $short s after the expire() returned; the old protocol left W blocked until its
// check-in (about 4.5 s later): a bound well under that, with room for a slow build
$late = ($rw['t1'] - $x['t1']) / 1e9 - $short;
echo $late < 2.0 ? "taken over in time\n" : sprintf("taken over %.2f s after the lapse\n", $late);
var_dump($w->call('lock', 'isLocking', $name)['r'], $w->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
$w->finish();
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
NULL
taken over in time
bool(true)
bool(true)
int(0)
