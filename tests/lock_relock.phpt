--TEST--
lock(): locking a name the object already holds returns true at once, keeps the token and resets the PTTL
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();
$l = new RedisLock(RL_TEST_SERVER);
$name = rl_unique('relock');
$key = "Lock:$name";

var_dump($l->lock($name, 0, 1));
$token = $raw->cmd('GET', $key);
$pttl = $raw->cmd('PTTL', $key);
var_dump($pttl > 500 && $pttl <= 1000);

// again, longer: true, same token, PTTL reset to the new expire
$t = microtime(true);
var_dump($l->lock($name, 5, 10));
var_dump(microtime(true) - $t < 1.0);
var_dump($raw->cmd('GET', $key) === $token);
$pttl = $raw->cmd('PTTL', $key);
var_dump($pttl > 9000 && $pttl <= 10000);

// again, shorter: the PTTL is set, not only extended
var_dump($l->lock($name, 0, 2));
var_dump($raw->cmd('GET', $key) === $token);
$pttl = $raw->cmd('PTTL', $key);
var_dump($pttl > 1000 && $pttl <= 2000);

var_dump($l->isLocking($name));
var_dump($l->unlock($name));
var_dump($raw->cmd('EXISTS', $key));
// one unlock released it completely (no re-entrancy counting)
var_dump($l->isLocking($name), $l->unlock($name));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
bool(false)
bool(false)
