--TEST--
lock(): with a timeout on a held name it retries, then returns false at the deadline; the holder's key is untouched
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();
$holder = new RedisLock(RL_TEST_SERVER);
$waiter = new RedisLock(RL_TEST_SERVER);
$name = rl_unique('timeout');
$key = "Lock:$name";

var_dump($holder->lock($name, 0, 10));
$token = $raw->cmd('GET', $key);

// timeout 0: a single try
$t = microtime(true);
var_dump($waiter->lock($name, 0));
var_dump(microtime(true) - $t < 1.0);

// 0.3 s: waits (at least roughly that long), returns false well within 3 s
$t = microtime(true);
var_dump($waiter->lock($name, 0.3, 5, 50000));
$elapsed = microtime(true) - $t;
var_dump($elapsed >= 0.2, $elapsed < 3.0);

// a wait interval longer than the timeout still honours the deadline
$t = microtime(true);
var_dump($waiter->lock($name, 0.3, 5, 5000000));
$elapsed = microtime(true) - $t;
var_dump($elapsed < 3.0);

// interval 0 (no sleep between tries) is allowed and still stops at the deadline
$t = microtime(true);
var_dump($waiter->lock($name, 0.2, 5, 0));
var_dump(microtime(true) - $t < 3.0);

var_dump($raw->cmd('GET', $key) === $token);
$pttl = $raw->cmd('PTTL', $key);
var_dump($pttl > 5000);
var_dump($waiter->isLocking($name), $waiter->unlock($name));
var_dump($raw->cmd('GET', $key) === $token);
var_dump($holder->unlock($name), $raw->cmd('EXISTS', $key));
?>
--EXPECT--
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
int(0)
