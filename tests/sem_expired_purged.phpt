--TEST--
RedisSemaphore: a holder past its lifetime stops counting: its slot goes to the next acquire() (limit 1), also to one already waiting
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('purge');
[$holders, $deadlines] = $keys = sem_keys($name);
$s = new RedisSemaphore(RL_TEST_SERVER);
$t = new RedisSemaphore(RL_TEST_SERVER);

$a = $s->acquire($name, 1, 0.2);
var_dump(is_string($a), $t->acquire($name, 1, 5));
usleep(300000);
var_dump($t->count($name));                               // dead holders are not counted
$b = $t->acquire($name, 1, 5);
var_dump(is_string($b));
// the dead holder is gone from both zsets; only b is left
var_dump(array_keys(sem_zset($raw, $holders)) === [$b], array_keys(sem_zset($raw, $deadlines)) === [$b]);
var_dump($s->acquire($name, 1, 5), $t->count($name));
var_dump($s->release($name, $a), $t->count($name));       // the old holder cannot take b's slot away

echo "-- a waiting acquire() gets the slot when the holder's lifetime ends (not before)\n";
var_dump($t->release($name, $b));
$c = $s->acquire($name, 1, 0.5);
$t0 = microtime(true);
$d = $t->acquire($name, 1, 5, 3);
$waited = microtime(true) - $t0;
var_dump(is_string($d), $waited > 0.4, $waited < 1.5);
var_dump($t->count($name), $s->release($name, $c), $t->release($name, $d));
var_dump($raw->cmd('EXISTS', ...$keys));

echo "-- several dead holders are purged at once\n";
$ids = [];
for ($i = 0; $i < 5; $i++) {
    $ids[] = $s->acquire($name, 5, 0.2);
}
$live = $t->acquire($name, 6, 30);
var_dump($t->acquire($name, 6, 30), $t->count($name));
usleep(300000);
var_dump($t->count($name), $raw->cmd('ZCARD', $holders), $raw->cmd('ZCARD', $deadlines));
var_dump(is_string($t->acquire($name, 2, 30)), $t->acquire($name, 2, 30), $t->count($name));
var_dump($s->releaseAll(), $t->releaseAll(), $raw->cmd('EXISTS', ...$keys));
?>
--EXPECT--
bool(true)
bool(false)
int(0)
bool(true)
bool(true)
bool(true)
bool(false)
int(1)
bool(false)
int(1)
-- a waiting acquire() gets the slot when the holder's lifetime ends (not before)
bool(true)
bool(true)
bool(true)
bool(true)
int(1)
bool(false)
bool(true)
int(0)
-- several dead holders are purged at once
bool(false)
int(6)
int(1)
int(1)
int(1)
bool(true)
bool(false)
int(2)
bool(false)
bool(true)
int(0)
