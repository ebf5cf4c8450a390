--TEST--
isLocking(): true only while this object holds the lock and Redis still has its token
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();
$l = new RedisLock(RL_TEST_SERVER);
$other = new RedisLock(RL_TEST_SERVER);
$name = rl_unique('islocking');
$key = "Lock:$name";

echo "-- never locked\n";
var_dump($l->isLocking($name));
var_dump($l->isLocking(rl_unique('never')));

echo "-- held\n";
var_dump($l->lock($name, 0, 5));
var_dump($l->isLocking($name), $other->isLocking($name));
// isLocking() does not change the key
$token = $raw->cmd('GET', $key);
$pttl = $raw->cmd('PTTL', $key);
var_dump($pttl > 4000 && $pttl <= 5000);

echo "-- unlocked\n";
var_dump($l->unlock($name));
var_dump($l->isLocking($name));

echo "-- expired\n";
var_dump($l->lock($name, 0, 0.1));
var_dump($l->isLocking($name));
usleep(250000);
var_dump($l->isLocking($name));

echo "-- overwritten with another token\n";
var_dump($l->lock($name, 0, 5));
var_dump($raw->cmd('SET', $key, str_repeat('0', 32), 'PX', '5000'));
var_dump($l->isLocking($name));
var_dump($raw->cmd('GET', $key) === str_repeat('0', 32));

echo "-- deleted, then taken by another object\n";
var_dump($raw->cmd('DEL', $key));
var_dump($other->lock($name, 0, 5));
var_dump($l->isLocking($name), $other->isLocking($name));
var_dump($other->unlock($name), $raw->cmd('EXISTS', $key));
?>
--EXPECT--
-- never locked
bool(false)
bool(false)
-- held
bool(true)
bool(true)
bool(false)
bool(true)
-- unlocked
bool(true)
bool(false)
-- expired
bool(true)
bool(true)
bool(false)
-- overwritten with another token
bool(true)
string(2) "OK"
bool(false)
bool(true)
-- deleted, then taken by another object
int(1)
bool(true)
bool(false)
bool(true)
bool(true)
int(0)
