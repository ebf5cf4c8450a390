--TEST--
SCRIPT FLUSH between calls: isLocking(), expire(), unlock() and re-lock still work (EVALSHA falls back to EVAL)
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();
$l = new RedisLock(RL_TEST_SERVER);
$name = rl_unique('flush');
$key = "Lock:$name";

var_dump($l->lock($name, 0, 5));
// warm up every script once, then flush
var_dump($l->isLocking($name), $l->expire($name, 5), $l->lock($name, 0, 5));
var_dump($raw->cmd('SCRIPT', 'FLUSH'));
var_dump($l->isLocking($name));
var_dump($raw->cmd('SCRIPT', 'FLUSH'));
var_dump($l->expire($name, 8));
$pttl = $raw->cmd('PTTL', $key);
var_dump($pttl > 7000 && $pttl <= 8000);
var_dump($raw->cmd('SCRIPT', 'FLUSH'));
var_dump($l->lock($name, 0, 4));   // re-lock of an owned name
$pttl = $raw->cmd('PTTL', $key);
var_dump($pttl > 3000 && $pttl <= 4000);
var_dump($raw->cmd('SCRIPT', 'FLUSH'));
var_dump($l->unlock($name));
var_dump($raw->cmd('EXISTS', $key));

// the ownership checks still hold after a flush: a foreign token is left alone
var_dump($l->lock($name, 0, 5));
var_dump($raw->cmd('SET', $key, 'foreign', 'PX', '5000'));
var_dump($raw->cmd('SCRIPT', 'FLUSH'));
var_dump($l->expire($name, 60));
var_dump($raw->cmd('SCRIPT', 'FLUSH'));
var_dump($l->unlock($name));
var_dump($raw->cmd('GET', $key));
$pttl = $raw->cmd('PTTL', $key);
var_dump($pttl > 3000 && $pttl <= 5000);
var_dump($raw->cmd('DEL', $key));

// unlockAll after a flush
$names = [rl_unique('flush'), rl_unique('flush')];
foreach ($names as $n) {
    $l->lock($n, 0, 5);
}
var_dump($raw->cmd('SCRIPT', 'FLUSH'));
var_dump($l->unlockAll());
var_dump($raw->cmd('EXISTS', "Lock:{$names[0]}", "Lock:{$names[1]}"));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
string(2) "OK"
bool(true)
string(2) "OK"
bool(true)
bool(true)
string(2) "OK"
bool(true)
bool(true)
string(2) "OK"
bool(true)
int(0)
bool(true)
string(2) "OK"
string(2) "OK"
bool(false)
string(2) "OK"
bool(false)
string(7) "foreign"
bool(true)
int(1)
string(2) "OK"
bool(true)
int(0)
