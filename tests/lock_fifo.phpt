--TEST--
lock() waiting: 5 waiters queued one after another get the lock in arrival order, one at a time; a newcomer arriving while the queue is being served is served after the waiters already queued
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$holder = new RedisLock(RL_TEST_SERVER);
// lifetimes and timeouts long enough for five traced workers to queue one after another
$life = 30 * rl_slowdown();
$timeout = 20 * rl_slowdown();

echo "-- 5 waiters, each holding the lock 30 ms once it has it\n";
$name = rl_unique('fifo');
$key = "Lock:$name";
['queue' => $queue, 'live' => $live] = rl_lock_wait_keys($key);
$workers = RlWorker::warmedUp(5);
var_dump($holder->lock($name, 0, $life));
foreach ($workers as $i => $w) {
    // the next one starts only once this one is visibly queued
    $w->calls(['lock', 'lock', $name, $timeout, $life, 1000000], ['php', 'usleep', 30000], ['lock', 'unlock', $name]);
    $tokens = rl_wait_queue_len($raw, $queue, $i + 1);
}
var_dump(count(array_unique($tokens)));
var_dump($holder->unlock($name));
$got = $released = [];
foreach ($workers as $i => $w) {
    [$lock, , $unlock] = $w->results();
    if ($lock['r'] !== true || $unlock['r'] !== true || $lock['e'] !== null || $unlock['e'] !== null) {
        echo "worker $i: ", json_encode([$lock, $unlock]), "\n";
    }
    $got[$i] = $lock['t1'];
    $released[$i] = $unlock['t0'];
}
asort($got);
echo 'acquisition order: ', implode(' ', array_keys($got)), "\n";
// one at a time: each got it only after the one before had started to unlock
$overlaps = 0;
for ($i = 1; $i < 5; $i++) {
    $overlaps += $got[$i] < $released[$i - 1];
}
var_dump($overlaps);
var_dump($raw->cmd('EXISTS', $key, $queue, $live));
foreach ($workers as $w) {
    $w->finish();
}

echo "-- a newcomer while the queue is being served goes to its end\n";
$name = rl_unique('fifo-newcomer');
$key = "Lock:$name";
['queue' => $queue, 'live' => $live] = rl_lock_wait_keys($key);
$workers = RlWorker::warmedUp(4);
$newcomer = array_pop($workers);
var_dump($holder->lock($name, 0, $life));
foreach ($workers as $i => $w) {
    $w->calls(['lock', 'lock', $name, $timeout, $life, 1000000]);
    $tokens = rl_wait_queue_len($raw, $queue, $i + 1);
}

/* The worker (index) that reports next, after which the others must stay silent for a while. */
function next_reply(array $workers): string
{
    $i = rl_first_pending($workers);
    if ($i === null) {
        return 'nobody';
    }
    $r = $workers[$i]->results()[0];
    usleep(150000);
    $others = array_filter($workers, fn ($w, $j) => $j !== $i && $w->pending(), ARRAY_FILTER_USE_BOTH);
    return "$i" . ($r['r'] === true ? '' : ' (' . json_encode($r) . ')') . ($others ? ' and ' . implode(',', array_keys($others)) : '');
}

var_dump($holder->unlock($name));
echo 'holder: ', next_reply($workers), "\n";
var_dump($raw->cmd('GET', $key) === $tokens[0]);
// worker 0 holds the lock, 1 and 2 wait: the newcomer neither gets it at once nor waits ahead of them
var_dump($newcomer->call('lock', 'lock', $name, 0, $life)['r']);
$newcomer->calls(['lock', 'lock', $name, $timeout, $life, 1000000]);
$queued = rl_wait_queue_len($raw, $queue, 3);
var_dump($queued[0] === $tokens[1], $queued[1] === $tokens[2]);
$workers[3] = $newcomer;
for ($i = 0; $i < 3; $i++) {
    $workers[$i]->calls(['lock', 'unlock', $name]);
    var_dump($workers[$i]->results()[0]['r']);
    $workers[$i]->finish();
    unset($workers[$i]);
    echo 'holder: ', next_reply($workers), "\n";
}
var_dump($raw->cmd('GET', $key) === $queued[2]);
var_dump($newcomer->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key, $queue, $live));
$newcomer->finish();
?>
--EXPECT--
-- 5 waiters, each holding the lock 30 ms once it has it
bool(true)
int(5)
bool(true)
acquisition order: 0 1 2 3 4
int(0)
int(0)
-- a newcomer while the queue is being served goes to its end
bool(true)
bool(true)
holder: 0
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
holder: 1
bool(true)
holder: 2
bool(true)
holder: 3
bool(true)
bool(true)
int(0)
