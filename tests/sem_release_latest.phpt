--TEST--
RedisSemaphore::release()/refresh() without an id act on the slot this object took most recently for that name
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('latest');
$other = rl_unique('latest');
[, $deadlines] = sem_keys($name);
$s = new RedisSemaphore(RL_TEST_SERVER);
$t = new RedisSemaphore(RL_TEST_SERVER);

$a = $s->acquire($name, 10, 30);
$b = $s->acquire($name, 10, 30);
$x = $s->acquire($other, 10, 30);    // a later slot, but for another name
$u = $t->acquire($name, 10, 30);     // a later slot, but another object's
$c = $s->acquire($name, 10, 30);
$alive = fn () => implode(' ', array_map(fn ($id) => $raw->cmd('ZSCORE', $deadlines, $id) !== null ? 'y' : 'n', [$a, $b, $c, $u]));
echo 'a b c u alive: ', $alive(), "\n";

// refresh() without id: $c only
$before = sem_zset($raw, $deadlines);
usleep(20000);
var_dump($s->refresh($name, null, 60));
$after = sem_zset($raw, $deadlines);
var_dump($after[$c] - $before[$c] > 29000, $after[$a] === $before[$a], $after[$b] === $before[$b], $after[$u] === $before[$u]);

var_dump($s->release($name));
echo 'a b c u alive: ', $alive(), "\n";
var_dump($s->release($name));
echo 'a b c u alive: ', $alive(), "\n";
// released out of order: the latest remaining is still the right one
$d = $s->acquire($name, 10, 30);
var_dump($s->release($name, $d), $s->release($name));
echo 'a b c u alive: ', $alive(), "\n";
var_dump($s->release($name), $s->refresh($name));          // nothing left for $name in this object
var_dump($s->count($name), $raw->cmd('ZSCORE', sem_keys($other)[1], $x) !== null);
var_dump($s->release($other), $t->release($name), $s->count($name));
var_dump($raw->cmd('EXISTS', ...sem_keys($name), ...sem_keys($other)));
?>
--EXPECT--
a b c u alive: y y y y
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
a b c u alive: y y n y
bool(true)
a b c u alive: y n n y
bool(true)
bool(true)
a b c u alive: n n n y
bool(false)
bool(false)
int(1)
bool(true)
bool(true)
bool(true)
int(0)
int(0)
