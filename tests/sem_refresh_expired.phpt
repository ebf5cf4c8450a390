--TEST--
RedisSemaphore::refresh()/release() after the holder expired: false, never revived, the count does not grow
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('refexp');
[$holders, $deadlines] = $keys = sem_keys($name);
$s = new RedisSemaphore(RL_TEST_SERVER);
$t = new RedisSemaphore(RL_TEST_SERVER);

echo "-- expired, nothing ran since (still in the zsets until a script purges it)\n";
$a = $s->acquire($name, 2, 0.2);
$b = $t->acquire($name, 2, 30);
usleep(300000);
var_dump($raw->cmd('ZSCORE', $deadlines, $a) !== null);    // not purged yet: only time says it is dead
var_dump($s->refresh($name, $a, 30), $s->refresh($name, $a), $s->refresh($name));
var_dump($raw->cmd('ZSCORE', $deadlines, $a), $raw->cmd('ZSCORE', $holders, $a));
var_dump($s->count($name), $t->count($name));
var_dump($s->release($name, $a), $s->release($name));
var_dump($s->count($name));

echo "-- expired and purged by someone else's acquire first\n";
$c = $s->acquire($name, 2, 0.2);
usleep(300000);
$d = $t->acquire($name, 2, 30);                    // purges c, takes its slot
var_dump(is_string($d), $t->count($name));
var_dump($s->refresh($name), $s->refresh($name, $c, 5), $s->release($name, $c));
var_dump($s->count($name), $raw->cmd('ZCARD', $holders), $raw->cmd('ZCARD', $deadlines));
var_dump($t->acquire($name, 2, 30));               // still full: the dead slot did not come back

echo "-- the limit holds: the expired slot cannot be refreshed back on top of a full semaphore\n";
var_dump($s->releaseAll(), $t->releaseAll(), $raw->cmd('EXISTS', ...$keys));   // $s forgot its dead slots already
$e = $s->acquire($name, 1, 0.2);
usleep(300000);
$f = $t->acquire($name, 1, 30);
var_dump(is_string($f), $s->refresh($name, $e, 30), $t->count($name));

echo "-- the last holder expired: refresh does not bring the keys back\n";
var_dump($t->release($name));
$g = $s->acquire($name, 1, 0.2);
usleep(300000);
var_dump($raw->cmd('EXISTS', ...$keys));              // gone by their own TTL
var_dump($s->refresh($name, $g, 30), $raw->cmd('EXISTS', ...$keys), $s->count($name));
?>
--EXPECT--
-- expired, nothing ran since (still in the zsets until a script purges it)
bool(true)
bool(false)
bool(false)
bool(false)
NULL
NULL
int(1)
int(1)
bool(false)
bool(false)
int(1)
-- expired and purged by someone else's acquire first
bool(true)
int(2)
bool(false)
bool(false)
bool(false)
int(2)
int(2)
int(2)
bool(false)
-- the limit holds: the expired slot cannot be refreshed back on top of a full semaphore
bool(true)
bool(true)
int(0)
bool(true)
bool(false)
int(1)
-- the last holder expired: refresh does not bring the keys back
bool(true)
int(0)
bool(false)
int(0)
int(0)
