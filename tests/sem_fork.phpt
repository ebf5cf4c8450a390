--TEST--
pcntl_fork(): a child never releases or refreshes the parent's slots (release/refresh false, releaseAll true, nothing at exit); its own slots are released when it exits
--SKIPIF--
<?php require __DIR__ . '/skipif.inc';
if (!function_exists('pcntl_fork')) die('skip pcntl_fork() not available');
?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$name = rl_unique('semfork');
$childName = rl_unique('semfork-child');
[, $deadlines] = $keys = sem_keys($name);

$s = new RedisSemaphore(RL_TEST_SERVER);
$a = $s->acquire($name, 2, 30);
$raw = new RawRedis();
$score = $raw->cmd('ZSCORE', $deadlines, $a);
unset($raw);   // no socket shared with the children
usleep(20000);

// child 1: tries everything on the parent's slot through the inherited object, then exits normally
$pid = pcntl_fork();
if ($pid === 0) {
    $raw = new RawRedis();
    $r = [
        $s->release($name),
        $s->refresh($name),
        $s->refresh($name, null, 60),
        $s->releaseAll(),
        $raw->cmd('ZSCORE', $deadlines, $a) === $score,
        $s->count($name),
    ];
    echo 'child 1: ', implode(' ', array_map(fn ($v) => var_export($v, true), $r)), "\n";
    exit(0);
}
pcntl_waitpid($pid, $status);
var_dump(pcntl_wexitstatus($status));
$raw = new RawRedis();
var_dump($raw->cmd('ZSCORE', $deadlines, $a) === $score, $s->count($name));
unset($raw);

// child 2: takes slots of its own with the inherited object and exits without releasing them
$pid = pcntl_fork();
if ($pid === 0) {
    $raw = new RawRedis();
    $r = [
        is_string($s->acquire($name, 2, 30)),       // the second slot
        $s->acquire($name, 2, 30),                  // full
        is_string($s->acquire($childName, 1, 30)),
        $s->count($name),
    ];
    echo 'child 2: ', implode(' ', array_map(fn ($v) => var_export($v, true), $r)), "\n";
    exit(0);
}
pcntl_waitpid($pid, $status);
var_dump(pcntl_wexitstatus($status));
$raw = new RawRedis();
var_dump($raw->cmd('EXISTS', ...sem_keys($childName)));    // released by the child's request end
var_dump($raw->cmd('ZSCORE', $deadlines, $a) === $score, $s->count($name));
unset($raw);

// child 3: dies from an uncaught exception holding a slot of its own
$pid = pcntl_fork();
if ($pid === 0) {
    ini_set('display_errors', '0');
    $s->acquire($childName, 1, 30);
    throw new Exception('child dies');
}
pcntl_waitpid($pid, $status);
var_dump(pcntl_wexitstatus($status));
$raw = new RawRedis();
var_dump($raw->cmd('EXISTS', ...sem_keys($childName)), $raw->cmd('ZSCORE', $deadlines, $a) === $score);

// the parent still owns its slot and its object works
var_dump($s->refresh($name), $s->release($name), $s->releaseAll(), $raw->cmd('EXISTS', ...$keys));
?>
--EXPECT--
child 1: false false false true true 1
int(0)
bool(true)
int(1)
child 2: true false true 2
int(0)
int(0)
bool(true)
int(1)
int(255)
int(0)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
