--TEST--
lock() waiting: a joiner never shortens another waiter's place: A queued, B joins and gives up; 0.7 s later A is still queued and the queue's lifetime runs, and the holder's unlock() hands the lock to A (within 1 s), before a newcomer
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('joiner');
$key = "Lock:$name";
['queue' => $queue, 'terms' => $terms] = rl_lock_wait_keys($key);
$holder = new RedisLock(RL_TEST_SERVER);
$newcomer = new RedisLock(RL_TEST_SERVER);
rl_warm_up($newcomer);

// the worker(s) start (and connect) before the 30 s lock is taken: a traced start beside a busy loop takes 8-10 s
$a = new RlWorker();
$b = new RlWorker();
$a->warmUp();
$b->warmUp();
var_dump($holder->lock($name, 0, 30));
$a->calls(['lock', 'lock', $name, 10, 30, 10000000]);
[$tokA] = rl_wait_queue_len($raw, $queue, 1);
$b->calls(['lock', 'lock', $name, 0.3, 30]);
$rb = $b->results(10)[0];
var_dump($rb['r'], $rb['e']);
// B's entry came and went; A's is still queued, and the queue's lifetime was not cut
usleep(700000);
var_dump(rl_queue_tokens($raw->cmd('LRANGE', $queue, '0', '-1')) === [$tokA], $raw->cmd('PTTL', $queue) > 0);
$t = hrtime(true);
var_dump($holder->unlock($name));
var_dump($newcomer->lock($name, 0));   // a newcomer right after the unlock: A is first
$ra = $a->results(10)[0];
$took = ($ra['t1'] - $t) / 1e9;
var_dump($ra['r'], $ra['e'], $took < 1.0 ? 'A got it within 1 s' : sprintf('A got it after %.1f s', $took));
var_dump($raw->cmd('GET', $key) === $tokA, $newcomer->lock($name, 0));
var_dump($a->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
var_dump($a->finish()[0], $b->finish()[0]);
?>
--EXPECT--
bool(true)
bool(false)
NULL
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
NULL
string(19) "A got it within 1 s"
bool(true)
bool(false)
bool(true)
int(0)
int(0)
int(0)
