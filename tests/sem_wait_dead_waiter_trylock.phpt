--TEST--
RedisSemaphore::acquire() waiting, limit 1: a waiter (lifetime 15 s) SIGKILLed while queued does not keep acquire($name, 1) callers without a timeout out for its lifetime: after the holder's release() the slot handed to the dead waiter lapses after its grace (100 ms), and an acquire with timeout 0 succeeds within 2 s
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('sem-dead-waiter-try');
[, $deadlines] = sem_keys($name);
[$queue] = sem_wait_keys($name);
$holder = new RedisSemaphore(RL_TEST_SERVER);
$other = new RedisSemaphore(RL_TEST_SERVER);
rl_warm_up($other);

// the worker(s) start (and connect) before the 30 s lock is taken: a traced start beside a busy loop takes 8-10 s
$a = new RlWorker();
$a->warmUp('sem');
$hid = $holder->acquire($name, 1, 30);
var_dump(is_string($hid));
$a->calls(['sem', 'acquire', $name, 1, 15, 30]);
var_dump(rl_wait_until(fn () => $raw->cmd('LLEN', $queue) === 1, 5) ? 'queued' : 'not queued');
$a->signal(9);
var_dump($a->finish()[0]);
$t = hrtime(true);
var_dump($holder->release($name, $hid));
$got = false;
do {
    if (($got = $other->acquire($name, 1, 15)) !== false) {
        break;
    }
    usleep(10000);
} while (hrtime(true) - $t < 3e9);
$took = (hrtime(true) - $t) / 1e9;
var_dump(is_string($got), $took < 2.0 ? 'within 2 s of the release' : sprintf('after %.1f s', $took));
var_dump(array_keys(sem_zset($raw, $deadlines)) === [$got], $raw->cmd('ZSCORE', $deadlines, (string)$got) - sem_server_ms($raw) > 10000);
var_dump($other->release($name, $got), $raw->cmd('EXISTS', ...sem_keys($name)));
?>
--EXPECT--
bool(true)
string(6) "queued"
int(9)
bool(true)
bool(true)
string(25) "within 2 s of the release"
bool(true)
bool(true)
bool(true)
int(0)
