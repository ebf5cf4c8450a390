--TEST--
RedisSemaphore::acquire() waiting, limit 1: a holder that shortens its slot with refresh() and is then killed is taken over within a timer tick of the new deadline, not when the head's earlier wait (until the earliest deadline it read, up to a check-in period of 5 s) runs out: the shortening refresh tells the queue's head to look again
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$k = rl_slowdown();
$name = rl_unique('sem-shortened');
[, $deadlines] = sem_keys($name);
[$queue] = sem_wait_keys($name);
$short = 0.3;

[$h, $w] = RlWorker::warmedUp(2, 'sem');
$id = $h->call('sem', 'acquire', $name, 1, 30)['r'];
var_dump(is_string($id));
$w->calls(['sem', 'acquire', $name, 1, 30, 60 * $k]);
rl_wait_queue_len($raw, $queue, 1);
// W is the head and blocks until the earliest deadline it read (about 30 s), cut to the check-in period
var_dump(rl_wait_until(fn () => rl_blocked_in_blpop($raw, $w->pid)));

$x = $h->call('sem', 'refresh', $name, $id, $short);
var_dump($x['r'], $raw->cmd('ZSCORE', $deadlines, $id) <= sem_server_ms($raw) + $short * 1000);
$h->signal(9);                                    // SIGKILL: the slot is never released, its deadline passes
$rw = $w->results()[0];
var_dump(is_string($rw['r']), $rw['e']);
// the slot lapsed $short s after the refresh() returned; the old protocol left W blocked until its
// check-in (about 4.5 s later): a bound well under that, with room for a slow build
$late = ($rw['t1'] - $x['t1']) / 1e9 - $short;
echo $late < 2.0 ? "taken over in time\n" : sprintf("taken over %.2f s after the lapse\n", $late);
var_dump(array_keys(sem_zset($raw, $deadlines)) === [$rw['r']], $w->call('sem', 'release', $name)['r']);
var_dump($raw->cmd('EXISTS', ...sem_keys($name)));
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
