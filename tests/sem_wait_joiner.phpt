--TEST--
RedisSemaphore::acquire() waiting, limit 1: a joiner never shortens another waiter's queue entry: A queued (timeout 10 s), B joins and gives up (0.3 s); 0.7 s later A is still queued, and the holder's release() admits A (within 1 s), before a newcomer
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique("sem-joiner");
[, $deadlines] = sem_keys($name);
[$queue, $terms] = sem_wait_keys($name);
$holder = new RedisSemaphore(RL_TEST_SERVER);
$newcomer = new RedisSemaphore(RL_TEST_SERVER);
rl_warm_up($newcomer);

// the worker(s) start (and connect) before the 30 s lock is taken: a traced start beside a busy loop takes 8-10 s
$a = new RlWorker();
$b = new RlWorker();
$a->warmUp('sem');
$b->warmUp('sem');
$hid = $holder->acquire($name, 1, 30);
var_dump(is_string($hid));
$a->calls(['sem', 'acquire', $name, 1, 30, 10]);
[$idA] = rl_wait_queue_len($raw, $queue, 1);
$b->calls(['sem', 'acquire', $name, 1, 30, 0.3]);
$rb = $b->results(10)[0];
var_dump($rb['r'], $rb['e']);
usleep(700000);
var_dump($raw->cmd('LRANGE', $queue, '0', '-1') === [$idA], $raw->cmd('HEXISTS', $terms, $idA));
$t = hrtime(true);
var_dump($holder->release($name, $hid));
var_dump($newcomer->acquire($name, 1, 30));   // a newcomer right after the release: A is first
$ra = $a->results(10)[0];
$took = ($ra['t1'] - $t) / 1e9;
var_dump($ra['r'] === $idA, $ra['e'], $took < 1.0 ? 'A admitted within 1 s' : sprintf('A admitted after %.1f s', $took));
var_dump(array_keys(sem_zset($raw, $deadlines)) === [$idA], $newcomer->acquire($name, 1, 30));
var_dump($a->call('sem', 'release', $name)['r'], $raw->cmd('EXISTS', ...sem_keys($name)));
var_dump($a->finish()[0], $b->finish()[0]);
?>
--EXPECT--
bool(true)
bool(false)
NULL
bool(true)
int(1)
bool(true)
bool(false)
bool(true)
NULL
string(21) "A admitted within 1 s"
bool(true)
bool(false)
bool(true)
int(0)
int(0)
int(0)
