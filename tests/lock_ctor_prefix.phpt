--TEST--
__construct(): keys are prefix . name; default prefix "Lock:", custom "prefix" option, empty prefix
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();
$name = rl_unique('prefix');

$default = new RedisLock(RL_TEST_SERVER);
$custom = new RedisLock(RL_TEST_SERVER, ['prefix' => 'MyApp:locks:']);
$empty = new RedisLock(RL_TEST_SERVER, ['prefix' => '']);

var_dump($default->lock($name, 0, 5));
var_dump($raw->cmd('EXISTS', "Lock:$name"), $raw->cmd('EXISTS', $name), $raw->cmd('EXISTS', "MyApp:locks:$name"));

// different prefixes are different keys: no conflict
var_dump($custom->lock($name, 0, 5));
var_dump(preg_match('/^[0-9a-f]{32}$/D', (string)$raw->cmd('GET', "MyApp:locks:$name")));
var_dump($empty->lock($name, 0, 5));
var_dump(preg_match('/^[0-9a-f]{32}$/D', (string)$raw->cmd('GET', $name)));
$pttl = $raw->cmd('PTTL', "MyApp:locks:$name");
var_dump($pttl > 4000 && $pttl <= 5000);

// each object works on its own key only
var_dump($custom->expire($name, 2));
$pttl = $raw->cmd('PTTL', "MyApp:locks:$name");
var_dump($pttl > 1000 && $pttl <= 2000);
$pttl = $raw->cmd('PTTL', "Lock:$name");
var_dump($pttl > 2000);
var_dump($custom->unlock($name));
var_dump($raw->cmd('EXISTS', "MyApp:locks:$name"), $raw->cmd('EXISTS', "Lock:$name"), $raw->cmd('EXISTS', $name));
var_dump($empty->unlock($name), $default->unlock($name));
var_dump($raw->cmd('EXISTS', "Lock:$name"), $raw->cmd('EXISTS', $name));

// a custom-prefix object and a default one on "Lock:" exclude each other
$same = new RedisLock(RL_TEST_SERVER, ['prefix' => 'Lock:']);
var_dump($default->lock($name, 0, 5), $same->lock($name), $default->unlock($name));
?>
--EXPECT--
bool(true)
int(1)
int(0)
int(0)
bool(true)
int(1)
bool(true)
int(1)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
int(1)
int(1)
bool(true)
bool(true)
int(0)
int(0)
bool(true)
bool(false)
bool(true)
