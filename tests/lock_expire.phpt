--TEST--
expire(): sets the PTTL only while the object owns the key; false when not held or held by someone else
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();
$l = new RedisLock(RL_TEST_SERVER);
$name = rl_unique('expire');
$key = "Lock:$name";

echo "-- owned\n";
var_dump($l->lock($name, 0, 2));
$token = $raw->cmd('GET', $key);
var_dump($l->expire($name, 30));
$pttl = $raw->cmd('PTTL', $key);
var_dump($pttl > 29000 && $pttl <= 30000);
var_dump($l->expire($name, 1.5));   // shortening works too
$pttl = $raw->cmd('PTTL', $key);
var_dump($pttl > 1000 && $pttl <= 1500);
var_dump($raw->cmd('GET', $key) === $token, $l->isLocking($name));

echo "-- not held\n";
$never = rl_unique('expire-never');
var_dump($l->expire($never, 5), $raw->cmd('EXISTS', "Lock:$never"));
$other = new RedisLock(RL_TEST_SERVER);
var_dump($other->expire($name, 60));   // held by $l, not by $other
$pttl = $raw->cmd('PTTL', $key);
var_dump($pttl <= 1500);

echo "-- unlocked\n";
var_dump($l->unlock($name));
var_dump($l->expire($name, 5), $raw->cmd('EXISTS', $key));

echo "-- expired\n";
var_dump($l->lock($name, 0, 0.1));
usleep(250000);
var_dump($l->expire($name, 5), $raw->cmd('EXISTS', $key));

echo "-- taken over by someone else\n";
var_dump($l->lock($name, 0, 5));
var_dump($raw->cmd('SET', $key, 'intruder', 'PX', '7000'));
var_dump($l->expire($name, 60));
var_dump($raw->cmd('GET', $key));
$pttl = $raw->cmd('PTTL', $key);
var_dump($pttl > 5000 && $pttl <= 7000);
var_dump($l->isLocking($name));
var_dump($raw->cmd('DEL', $key));
?>
--EXPECT--
-- owned
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
-- not held
bool(false)
int(0)
bool(false)
bool(true)
-- unlocked
bool(true)
bool(false)
int(0)
-- expired
bool(true)
bool(false)
int(0)
-- taken over by someone else
bool(true)
string(2) "OK"
bool(false)
string(8) "intruder"
bool(true)
bool(false)
int(1)
