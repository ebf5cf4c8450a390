--TEST--
__construct(): "unix:///path" server string; a missing socket gives RedisLockException naming the path
--SKIPIF--
<?php require __DIR__ . '/skipif.inc';
if (!getenv('REDISLOCK_TEST_SOCKET') || !file_exists(getenv('REDISLOCK_TEST_SOCKET'))) die('skip no unix socket');
?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();
$name = rl_unique('unix');
$key = "Lock:$name";

$l = new RedisLock('unix://' . RL_TEST_SOCKET);
var_dump($l->lock($name, 0, 5));
var_dump(preg_match('/^[0-9a-f]{32}$/D', (string)$raw->cmd('GET', $key)));
// the same key is seen over TCP by another object
$other = new RedisLock(RL_TEST_SERVER);
var_dump($other->lock($name));
var_dump($l->isLocking($name));
var_dump($l->expire($name, 3));
$pttl = $raw->cmd('PTTL', $key);
var_dump($pttl > 2000 && $pttl <= 3000);
var_dump($l->unlock($name));
var_dump($raw->cmd('EXISTS', $key));

$missing = sys_get_temp_dir() . '/rl-no-such-dir-' . getmypid() . '/redis.sock';
$bad = new RedisLock("unix://$missing");
try {
    $bad->lock($name);
    echo "no exception\n";
} catch (RedisLockException $e) {
    var_dump(str_contains($e->getMessage(), "unix://$missing"));
}
var_dump($raw->cmd('EXISTS', $key));
?>
--EXPECT--
bool(true)
int(1)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
int(0)
