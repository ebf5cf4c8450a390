--TEST--
RedisSemaphore::acquire() $timeout: 0 is one try; otherwise it polls (1 ms, doubling up to 100 ms) until a slot frees or the timeout passes
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('wait');
$keys = sem_keys($name);
$s = new RedisSemaphore(RL_TEST_SERVER);
$t = new RedisSemaphore(RL_TEST_SERVER);
$a = $s->acquire($name, 1, 30);

echo "-- timeout 0 (default): one script, no waiting\n";
$n = sem_script_calls($raw);
$t0 = microtime(true);
var_dump($t->acquire($name, 1, 30), $t->acquire($name, 1, 30, 0));
var_dump(microtime(true) - $t0 < 0.1, sem_script_calls($raw) - $n);

echo "-- timeout 1: false after about 1 s, polling 1, 2, 4 ... 64, 100, 100 ... ms\n";
$n = sem_script_calls($raw);
$t0 = microtime(true);
var_dump($t->acquire($name, 1, 30, 1));
$took = microtime(true) - $t0;
$tries = sem_script_calls($raw) - $n;
var_dump($took >= 0.99, $took < 1.4);
// 8 tries in the first 127 ms, then one per 100 ms (+ round trips): about 17
var_dump($tries >= 12 && $tries <= 20 ? 'about 17 tries' : "$tries tries");

echo "-- a short timeout is not rounded up to the next pause\n";
$t0 = microtime(true);
var_dump($t->acquire($name, 1, 30, 0.15));
$took = microtime(true) - $t0;
var_dump($took >= 0.149, $took < 0.3);

echo "-- nothing was left behind by the failed tries\n";
var_dump($t->count($name), array_keys(sem_zset($raw, $keys[0])) === [$a], array_keys(sem_zset($raw, $keys[1])) === [$a]);
var_dump($t->releaseAll());

echo "-- admitted while waiting, as soon as the slot is released\n";
$child = new SemChild(rl_child_prelude() . '$name = ' . var_export($name, true) . ';
$s = new RedisSemaphore(RL_TEST_SERVER);
fgets(STDIN);
usleep(400000);
echo "releasing\n";
var_dump($s->release($name, ' . var_export($a, true) . '));
');
$t0 = microtime(true);
$child->write("go\n");
$b = $t->acquire($name, 1, 30, 5);
$took = microtime(true) - $t0;
[$rc, $out] = $child->finish();
echo $out;
var_dump(is_string($b), $took > 0.35, $took < 2.0);   // well before the 5 s timeout
var_dump($t->release($name), $s->release($name), $raw->cmd('EXISTS', ...$keys));
?>
--EXPECT--
-- timeout 0 (default): one script, no waiting
bool(false)
bool(false)
bool(true)
int(2)
-- timeout 1: false after about 1 s, polling 1, 2, 4 ... 64, 100, 100 ... ms
bool(false)
bool(true)
bool(true)
string(14) "about 17 tries"
-- a short timeout is not rounded up to the next pause
bool(false)
bool(true)
bool(true)
-- nothing was left behind by the failed tries
int(1)
bool(true)
bool(true)
bool(true)
-- admitted while waiting, as soon as the slot is released
releasing
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
int(0)
