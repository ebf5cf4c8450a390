--TEST--
lock(): a waiter acquires as soon as the holder (another process) unlocks, or when the holder's key expires
--SKIPIF--
<?php require __DIR__ . '/skipif.inc';
if (!function_exists('pcntl_fork')) die('skip pcntl_fork() not available');
?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$name = rl_unique('wait');
$key = "Lock:$name";

// holder: a forked child that locks, holds for 0.3 s, then unlocks
$pid = pcntl_fork();
if ($pid === 0) {
    $h = new RedisLock(RL_TEST_SERVER);
    $ok = $h->lock($name, 0, 10);
    usleep(300000);
    $h->unlock($name);
    exit($ok ? 0 : 1);
}
$raw = new RawRedis();
var_dump(rl_wait_until(fn () => $raw->cmd('EXISTS', $key) === 1, 5.0));
$childToken = $raw->cmd('GET', $key);
$l = new RedisLock(RL_TEST_SERVER);
$t = microtime(true);
var_dump($l->lock($name, 5, 10, 20000));
$elapsed = microtime(true) - $t;
var_dump($elapsed < 4.0);
$token = $raw->cmd('GET', $key);
var_dump(preg_match('/^[0-9a-f]{32}$/D', $token), $token !== $childToken);
pcntl_waitpid($pid, $status);
var_dump(pcntl_wexitstatus($status));
var_dump($l->isLocking($name), $l->unlock($name), $raw->cmd('EXISTS', $key));

// holder: someone else's key with a 300 ms TTL; the waiter gets it once it expires
var_dump($raw->cmd('SET', $key, 'someone-else', 'PX', '300'));
$t = microtime(true);
var_dump($l->lock($name, 5, 10, 20000));
$elapsed = microtime(true) - $t;
var_dump($elapsed >= 0.1, $elapsed < 4.0);
var_dump(preg_match('/^[0-9a-f]{32}$/D', (string)$raw->cmd('GET', $key)));
var_dump($l->unlock($name), $raw->cmd('EXISTS', $key));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
int(0)
bool(true)
bool(true)
int(0)
string(2) "OK"
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
int(0)
