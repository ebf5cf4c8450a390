--TEST--
RedisSemaphore::acquire() waiting, limit 1: a waiter stalled (SIGSTOP) when the slot is handed to it has its claim run by the server without it; resumed after its lifetime ended and another took the slot, its acquire() does not return an id while the other holds the only slot: it confirms (a refresh finds its slot gone), queues again and is admitted only after the other's release()
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$holder = new RedisSemaphore(RL_TEST_SERVER);
$k = rl_slowdown();
$expire = 1.0 * $k;            // A's lifetime: it stays stopped well past it
$name = rl_unique('sem-stalled');
[, $deadlines] = sem_keys($name);
[$queue] = sem_wait_keys($name);

// a read timeout longer than A's stop: resumed, A reads the answer that waits for it (past its read deadline
// it would throw RedisLockException instead, which is safe too, but not what this test looks at)
[$a, $b] = RlWorker::warmedUp(2, 'sem', null, ['read_timeout' => 120]);
var_dump(is_string($holder->acquire($name, 1, 60)));
$a->calls(['sem', 'acquire', $name, 1, $expire, 60 * $k]);
[$idA] = rl_wait_queue_len($raw, $queue, 1);
$b->calls(['sem', 'acquire', $name, 1, 60, 60 * $k]);
rl_wait_queue_len($raw, $queue, 2);

$a->signal(19);                                   // SIGSTOP: A is queued, blocked in its BLPOP
var_dump($holder->release($name));
// the grant ends A's BLPOP on the server, and the claim pipelined behind it runs without A
var_dump(rl_wait_until(fn () => array_keys(sem_zset($raw, $deadlines)) === [$idA]));
// A's lifetime ends while it is stopped: B, the head now, is admitted
$rb = $b->results()[0];
var_dump(is_string($rb['r']), $rb['e']);
var_dump(array_keys(sem_zset($raw, $deadlines)) === [$rb['r']]);

$a->signal(18);                                   // SIGCONT: A reads its old "admitted" answer now
// A must not get an id while B holds the only slot: it confirms, finds its slot gone, and queues again
var_dump($a->pending(2.0 * $k) ? 'A returned while B holds the slot: ' . json_encode($a->results()) : 'A waits');
var_dump(rl_wait_until(fn () => $raw->cmd('LLEN', $queue) === 1));
$releaseB = $b->call('sem', 'release', $name);
var_dump($releaseB['r']);
$ra = $a->results()[0];
var_dump(is_string($ra['r']), $ra['e'], $ra['t1'] > $releaseB['t0']);
var_dump(array_keys(sem_zset($raw, $deadlines)) === [$ra['r']], $a->call('sem', 'release', $name)['r']);
var_dump($raw->cmd('EXISTS', ...sem_keys($name)));
$a->finish();
$b->finish();
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
NULL
bool(true)
string(7) "A waits"
bool(true)
bool(true)
bool(true)
NULL
bool(true)
bool(true)
bool(true)
int(0)
