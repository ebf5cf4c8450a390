--TEST--
unlock(): deletes only this object's key; false when already released, never held, expired, or owned by someone else
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();
$l = new RedisLock(RL_TEST_SERVER);
$other = new RedisLock(RL_TEST_SERVER);
$name = rl_unique('unlock');
$key = "Lock:$name";

echo "-- held\n";
var_dump($l->lock($name, 0, 5));
var_dump($l->unlock($name));
var_dump($raw->cmd('EXISTS', $key));
var_dump($l->unlock($name));

echo "-- never held\n";
var_dump($l->unlock(rl_unique('never')));
var_dump($other->lock($name, 0, 5));
$token = $raw->cmd('GET', $key);
var_dump($l->unlock($name));          // someone else's lock, never ours
var_dump($raw->cmd('GET', $key) === $token);
var_dump($other->unlock($name));

echo "-- expired, then another owner took it\n";
var_dump($l->lock($name, 0, 0.1));
usleep(250000);
var_dump($other->lock($name, 0, 5));
$token = $raw->cmd('GET', $key);
var_dump($l->unlock($name));
var_dump($raw->cmd('GET', $key) === $token);
$pttl = $raw->cmd('PTTL', $key);
var_dump($pttl > 3000);
var_dump($other->isLocking($name));
var_dump($other->unlock($name), $raw->cmd('EXISTS', $key));

echo "-- overwritten (no TTL) by a foreign writer\n";
var_dump($l->lock($name, 0, 5));
var_dump($raw->cmd('SET', $key, 'foreign'));
var_dump($l->unlock($name));
var_dump($raw->cmd('GET', $key), $raw->cmd('PTTL', $key));
var_dump($raw->cmd('DEL', $key));
// the failed unlock forgot the name: a later unlock is still false
var_dump($l->unlock($name));
?>
--EXPECT--
-- held
bool(true)
bool(true)
int(0)
bool(false)
-- never held
bool(false)
bool(true)
bool(false)
bool(true)
bool(true)
-- expired, then another owner took it
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
-- overwritten (no TTL) by a foreign writer
bool(true)
string(2) "OK"
bool(false)
string(7) "foreign"
int(-1)
int(1)
bool(false)
