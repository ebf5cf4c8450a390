--TEST--
redislock.auto_release=0: RedisSemaphore slots outlive the request and the object; they end by their own lifetime
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('noauto');
$keys = sem_keys($name);

[$rc, $out] = rl_run_php(rl_child_prelude() . '$name = ' . var_export($name, true) . ';
$s = new RedisSemaphore(RL_TEST_SERVER);
var_dump(is_string($s->acquire($name, 3, 0.5)), is_string($s->acquire($name, 3, 30)));
$t = new RedisSemaphore(RL_TEST_SERVER);
var_dump(is_string($t->acquire($name, 3, 30)));
unset($t);                              // destruction does not release either
var_dump($s->count($name));
', ['redislock.auto_release' => '0']);
echo $out;
var_dump($rc, $raw->cmd('ZCARD', $keys[1]), $raw->cmd('EXISTS', ...$keys));
usleep(600000);
$s = new RedisSemaphore(RL_TEST_SERVER);
var_dump($s->count($name));             // the 0.5 s slot ended by its lifetime
var_dump($s->acquire($name, 2, 30));    // the other two are still held
$raw->cmd('DEL', ...$keys);

// switched off at run time, in this process
ini_set('redislock.auto_release', '0');
$t = new RedisSemaphore(RL_TEST_SERVER);
$t->acquire($name, 3, 30);
unset($t);
var_dump($raw->cmd('ZCARD', $keys[1]));
ini_set('redislock.auto_release', '1');
$u = new RedisSemaphore(RL_TEST_SERVER);
$u->acquire($name, 3, 30);
unset($u);
var_dump($raw->cmd('ZCARD', $keys[1]));
$raw->cmd('DEL', ...$keys);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
int(3)
int(0)
int(3)
int(3)
int(2)
bool(false)
int(1)
int(1)
