--TEST--
RedisSemaphore::acquire() waiting, limit 1: 5 waiters queued one after another are admitted in arrival order, one at a time; a newcomer arriving while the queue is being served gets nothing at once (timeout 0) and is admitted after the waiters already queued
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$h = new RedisSemaphore(RL_TEST_SERVER);
// lifetimes and timeouts long enough for five traced workers to queue one after another
$life = 30 * rl_slowdown();
$timeout = 20 * rl_slowdown();

echo "-- 5 waiters, each holding the slot 30 ms once admitted\n";
$name = rl_unique('sem-fifo');
[$queue, $live] = sem_wait_keys($name);
$workers = RlWorker::warmedUp(5, 'sem');
var_dump(is_string($h->acquire($name, 1, $life)));
foreach ($workers as $i => $w) {
    // the next one starts only once this one is visibly queued
    $w->calls(['sem', 'acquire', $name, 1, $life, $timeout], ['php', 'usleep', 30000], ['sem', 'release', $name]);
    $ids = rl_wait_queue_len($raw, $queue, $i + 1);
}
var_dump(count(array_unique($ids)));
var_dump($h->release($name));
$got = $released = [];
foreach ($workers as $i => $w) {
    [$acq, , $rel] = $w->results();
    if ($acq['r'] !== $ids[$i] || $rel['r'] !== true || $acq['e'] !== null || $rel['e'] !== null) {
        echo "worker $i: ", json_encode([$acq, $rel]), "\n";
    }
    $got[$i] = $acq['t1'];
    $released[$i] = $rel['t0'];
}
asort($got);
echo 'admission order: ', implode(' ', array_keys($got)), "\n";
// one at a time: each was admitted only after the one before had started to release
$overlaps = 0;
for ($i = 1; $i < 5; $i++) {
    $overlaps += $got[$i] < $released[$i - 1];
}
var_dump($overlaps);
var_dump($raw->cmd('EXISTS', ...sem_keys($name)), $raw->cmd('EXISTS', $queue, $live));
foreach ($workers as $w) {
    $w->finish();
}

echo "-- a newcomer while the queue is being served goes to its end\n";
$name = rl_unique('sem-fifo-newcomer');
[$queue, $live] = sem_wait_keys($name);
[, $deadlines] = sem_keys($name);
$workers = RlWorker::warmedUp(4, 'sem');
$newcomer = array_pop($workers);
var_dump(is_string($h->acquire($name, 1, $life)));
foreach ($workers as $i => $w) {
    $w->calls(['sem', 'acquire', $name, 1, $life, $timeout]);
    $ids = rl_wait_queue_len($raw, $queue, $i + 1);
}

/* The worker (index) that reports next, after which the others must stay silent for a while. */
function next_reply(array $workers, array $ids): string
{
    $i = rl_first_pending($workers);
    if ($i === null) {
        return 'nobody';
    }
    $r = $workers[$i]->results()[0];
    usleep(150000);
    $others = array_filter($workers, fn ($w, $j) => $j !== $i && $w->pending(), ARRAY_FILTER_USE_BOTH);
    return "$i" . ($r['r'] === ($ids[$i] ?? $r['r']) && is_string($r['r']) ? '' : ' (' . json_encode($r) . ')')
        . ($others ? ' and ' . implode(',', array_keys($others)) : '');
}

var_dump($h->release($name));
echo 'admitted: ', next_reply($workers, $ids), "\n";
var_dump(array_keys(sem_zset($raw, $deadlines)) === [$ids[0]]);
// worker 0 holds the slot, 1 and 2 wait: the newcomer neither gets it at once nor waits ahead of them
var_dump($newcomer->call('sem', 'acquire', $name, 1, $life)['r']);
$newcomer->calls(['sem', 'acquire', $name, 1, $life, $timeout]);
$queued = rl_wait_queue_len($raw, $queue, 3);
var_dump($queued[0] === $ids[1], $queued[1] === $ids[2]);
$ids[3] = $queued[2];
$workers[3] = $newcomer;
for ($i = 0; $i < 3; $i++) {
    $workers[$i]->calls(['sem', 'release', $name]);
    var_dump($workers[$i]->results()[0]['r']);
    $workers[$i]->finish();
    unset($workers[$i]);
    echo 'admitted: ', next_reply($workers, $ids), "\n";
}
var_dump(array_keys(sem_zset($raw, $deadlines)) === [$ids[3]]);
var_dump($newcomer->call('sem', 'release', $name)['r'], $raw->cmd('EXISTS', ...sem_keys($name)), $raw->cmd('EXISTS', $queue, $live));
$newcomer->finish();
?>
--EXPECT--
-- 5 waiters, each holding the slot 30 ms once admitted
bool(true)
int(5)
bool(true)
admission order: 0 1 2 3 4
int(0)
int(0)
int(0)
-- a newcomer while the queue is being served goes to its end
bool(true)
bool(true)
admitted: 0
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
admitted: 1
bool(true)
admitted: 2
bool(true)
admitted: 3
bool(true)
bool(true)
int(0)
int(0)
