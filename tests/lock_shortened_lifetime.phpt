--TEST--
lock() waiting: a holder that shortens its lifetime with expire() and is then killed is taken over within a timer tick of the new end, not when the head's earlier wait (until the PTTL it read, up to a check-in period of 5 s) runs out: the shortening extend tells the queue's head to look again; a cut to a check-in period or more tells nobody (no note reaches the served list) and the head, whose check-in comes first, still takes the lock over at the new end, not before it
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
['queue' => $queue, 'terms' => $served] = rl_lock_wait_keys($key);
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

// A cut to 6 s, more than a check-in period: the head blocks at most 5 s from its visit, which came
// before the cut, so it looks again before the new end without being told
$long = 6.0;
[$h, $w] = RlWorker::warmedUp(2, 'lock');
var_dump($h->call('lock', 'lock', $name, 0, 30)['r']);
$w->calls(['lock', 'lock', $name, 60 * $k, 30, 100000]);
rl_wait_queue_len($raw, $queue, 1);
var_dump(rl_wait_until(fn () => rl_blocked_in_blpop($raw, $w->pid)));
$raw->cmd('DEL', $served);
$x = $h->call('lock', 'expire', $name, $long);
var_dump($x['r']);
usleep(200000);
// a note ("h...") would have been moved into the served list by the head's block
var_dump($raw->cmd('LRANGE', $served, 0, -1));
$h->signal(9);
$rw = $w->results()[0];
var_dump($rw['r']);
$after = ($rw['t1'] - $x['t1']) / 1e9 - $long;
echo $after > -0.05 ? "not before the end\n" : sprintf("taken %.2f s before the end\n", -$after);
echo $after < 2.0 ? "taken over in time\n" : sprintf("taken over %.2f s after the lapse\n", $after);
var_dump($w->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
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
bool(true)
bool(true)
bool(true)
array(0) {
}
bool(true)
not before the end
taken over in time
bool(true)
int(0)
