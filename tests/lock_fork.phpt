--TEST--
pcntl_fork(): the parent's locks are not the child's (isLocking/unlock false, unlockAll true, untouched on exit); the child's own locks are released when it exits
--SKIPIF--
<?php require __DIR__ . '/skipif.inc';
if (!function_exists('pcntl_fork')) die('skip pcntl_fork() not available');
?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$name = rl_unique('fork');
$childName = rl_unique('fork-child');
$key = "Lock:$name";

$l = new RedisLock(RL_TEST_SERVER);
var_dump($l->lock($name, 0, 30));
$raw = new RawRedis();
$token = $raw->cmd('GET', $key);
unset($raw);   // no socket shared with the children

// child 1: looks at the parent's lock, tries to release it, exits normally
$pid = pcntl_fork();
if ($pid === 0) {
    $raw = new RawRedis();
    $r = [
        $l->isLocking($name),
        $l->unlock($name),
        $raw->cmd('GET', $key) === $token,
        $l->unlockAll(),
        $raw->cmd('GET', $key) === $token,
        $l->lock($name),                 // held by the parent: not ours
        $l->expire($name, 1),
        $raw->cmd('PTTL', $key) > 20000,
    ];
    echo 'child 1: ', implode(' ', array_map(fn ($v) => var_export($v, true), $r)), "\n";
    exit(0);
}
pcntl_waitpid($pid, $status);
var_dump(pcntl_wexitstatus($status));
$raw = new RawRedis();
var_dump($raw->cmd('GET', $key) === $token);
var_dump($l->isLocking($name));

// child 2: takes its own lock with the same object, then exits without unlocking
unset($raw);
$pid = pcntl_fork();
if ($pid === 0) {
    $raw = new RawRedis();
    $r = [
        $l->lock($childName, 0, 30),
        $raw->cmd('EXISTS', "Lock:$childName") === 1,
        $l->isLocking($childName),
        $l->isLocking($name),
    ];
    echo 'child 2: ', implode(' ', array_map(fn ($v) => var_export($v, true), $r)), "\n";
    exit(0);
}
pcntl_waitpid($pid, $status);
var_dump(pcntl_wexitstatus($status));
$raw = new RawRedis();
var_dump($raw->cmd('EXISTS', "Lock:$childName"));   // released by the child's request end
var_dump($raw->cmd('GET', $key) === $token);         // the parent's is untouched
var_dump($l->isLocking($childName));                 // the parent never held it

// child 3: dies from an uncaught exception while holding its own lock
unset($raw);
$pid = pcntl_fork();
if ($pid === 0) {
    ini_set('display_errors', '0');
    ini_set('log_errors', '0');
    $l->lock($childName, 0, 30);
    throw new Exception('child dies');
}
pcntl_waitpid($pid, $status);
var_dump(pcntl_wexitstatus($status));
$raw = new RawRedis();
var_dump($raw->cmd('EXISTS', "Lock:$childName"));
var_dump($raw->cmd('GET', $key) === $token);

// the parent's object and connection still work
var_dump($l->isLocking($name), $l->expire($name, 5), $l->unlock($name));
var_dump($raw->cmd('EXISTS', $key));
?>
--EXPECT--
bool(true)
child 1: false false true true true false false true
int(0)
bool(true)
bool(true)
child 2: true true true false
int(0)
int(0)
bool(true)
bool(false)
int(255)
int(0)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
