--TEST--
RedisSemaphore::releaseAll(): releases every slot this object holds (all names) and nothing else; true only if each was still alive
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$names = [rl_unique('relall'), rl_unique('relall'), rl_unique('relall')];
$s = new RedisSemaphore(RL_TEST_SERVER);
$t = new RedisSemaphore(RL_TEST_SERVER);
$live = fn ($name) => $raw->cmd('ZCARD', sem_keys($name)[1]);

echo "-- nothing held\n";
var_dump($s->releaseAll());

echo "-- two slots on each of three names, plus another object's slot\n";
foreach ($names as $n) {
    $s->acquire($n, 5, 30);
    $s->acquire($n, 5, 30);
}
$other = $t->acquire($names[0], 5, 30);
echo implode(' ', array_map($live, $names)), "\n";
var_dump($s->releaseAll());
echo implode(' ', array_map($live, $names)), "\n";
var_dump(array_keys(sem_zset($raw, sem_keys($names[0])[1])) === [$other]);     // the other object's slot stays
var_dump($raw->cmd('EXISTS', ...sem_keys($names[1]), ...sem_keys($names[2])));  // empty ones deleted
var_dump($s->releaseAll(), $s->release($names[1]));                              // forgotten: nothing left

echo "-- one of them expired: false, the others are still released\n";
$s->acquire($names[1], 5, 30);
$s->acquire($names[2], 5, 0.1);
$s->acquire($names[2], 5, 30);
usleep(200000);
var_dump($s->releaseAll());
echo implode(' ', array_map($live, $names)), "\n";

echo "-- one of them was released by someone else (id handed over): false\n";
$a = $s->acquire($names[1], 5, 30);
$s->acquire($names[2], 5, 30);
var_dump($t->release($names[1], $a), $s->releaseAll());
echo implode(' ', array_map($live, $names)), "\n";

var_dump($t->releaseAll(), $raw->cmd('EXISTS', ...sem_keys($names[0]), ...sem_keys($names[1]), ...sem_keys($names[2])));
?>
--EXPECT--
-- nothing held
bool(true)
-- two slots on each of three names, plus another object's slot
3 2 2
bool(true)
1 0 0
bool(true)
int(0)
bool(true)
bool(false)
-- one of them expired: false, the others are still released
bool(false)
1 0 0
-- one of them was released by someone else (id handed over): false
bool(true)
bool(false)
1 0 0
bool(true)
int(0)
