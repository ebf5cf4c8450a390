--TEST--
lock(): a lock the object lost (key deleted, expired or overwritten) is acquired anew with a new token, never stolen
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();
$l = new RedisLock(RL_TEST_SERVER);
$name = rl_unique('lost');
$key = "Lock:$name";

// deleted behind its back
var_dump($l->lock($name, 0, 10));
$t1 = $raw->cmd('GET', $key);
var_dump($raw->cmd('DEL', $key));
var_dump($l->isLocking($name));
var_dump($l->lock($name, 0, 10));
$t2 = $raw->cmd('GET', $key);
var_dump(preg_match('/^[0-9a-f]{32}$/D', $t2), $t2 !== $t1);
var_dump($l->isLocking($name));

// expired
var_dump($l->lock($name, 0, 0.1));
usleep(250000);
var_dump($raw->cmd('EXISTS', $key), $l->isLocking($name));
var_dump($l->lock($name, 0, 10));
$t3 = $raw->cmd('GET', $key);
var_dump($t3 !== $t2, $l->isLocking($name));

// overwritten by another owner: lock() must not take it, timeout 0 -> false
var_dump($raw->cmd('SET', $key, 'other-owner-token', 'PX', '20000'));
var_dump($l->isLocking($name));
var_dump($l->lock($name));
var_dump($l->lock($name, 0.2));
var_dump($raw->cmd('GET', $key));
$pttl = $raw->cmd('PTTL', $key);
var_dump($pttl > 15000);
// and when the other owner releases, it acquires anew
var_dump($raw->cmd('DEL', $key));
var_dump($l->lock($name, 0, 10));
$t4 = $raw->cmd('GET', $key);
var_dump(preg_match('/^[0-9a-f]{32}$/D', $t4), !in_array($t4, [$t1, $t2, $t3], true));
var_dump($l->unlock($name), $raw->cmd('EXISTS', $key));
?>
--EXPECT--
bool(true)
int(1)
bool(false)
bool(true)
int(1)
bool(true)
bool(true)
bool(true)
int(0)
bool(false)
bool(true)
bool(true)
bool(true)
string(2) "OK"
bool(false)
bool(false)
bool(false)
string(17) "other-owner-token"
bool(true)
int(1)
bool(true)
int(1)
bool(true)
bool(true)
int(0)
