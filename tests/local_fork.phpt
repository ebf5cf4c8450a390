--TEST--
local hand-over and pcntl_fork(): a child forked by a local holder holds nothing of its parent's lock (isLocking/expire/remaining/unlock false, unlockAll true, key and lifetime intact), nor does its exit hand the lock to the host's waiter; its own lock() of the name waits behind its parent like any local process; the parent still holds and hands on
--SKIPIF--
<?php require __DIR__ . '/skipif.inc';
if (!function_exists('pcntl_fork')) die('skip pcntl_fork() not available');
?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/local_helpers.inc';
$k = rl_slowdown();
ini_set('redislock.local_handover', '1');
$name = rl_unique('local-fork');
$key = "Lock:$name";
[$w] = RlLocalWorker::warmedUp(1);

$l = new RedisLock(RL_TEST_SERVER);
var_dump($l->lock($name, 5, 30));
$raw = new RawRedis();
$token = $raw->cmd('GET', $key);
$w->calls(['lock', 'lock', $name, 60 * $k, 20]);
rl_wait_local_waiter($w->pid);          // the host's waiter, behind this process
unset($raw);                            // no socket shared with the children

foreach (['exits normally' => 0, 'dies of an uncaught exception' => 1] as $what => $dies) {
    echo "-- the child $what\n";
    $pid = pcntl_fork();
    if ($pid === 0) {
        $raw = new RawRedis();
        $pttl = fn () => $raw->cmd('PTTL', $key);
        $r = [
            $l->isLocking($name),
            $l->expire($name, 1),
            $pttl() > 20000,
            $l->remaining($name),
            $l->unlock($name),
            $raw->cmd('GET', $key) === $token,
            $pttl() > 20000,
            $l->unlockAll(),
            $raw->cmd('GET', $key) === $token,
            $l->lock($name, 0.3, 5),    // waits behind its parent, as any local process: false
            $raw->cmd('GET', $key) === $token,
        ];
        echo 'child: ', implode(' ', array_map(fn ($v) => var_export($v, true), $r)), "\n";
        if ($dies) {
            ini_set('display_errors', '0');
            ini_set('log_errors', '0');
            throw new Exception('child dies');
        }
        exit(0);
    }
    pcntl_waitpid($pid, $status);
    var_dump(pcntl_wexitstatus($status));
    $raw = new RawRedis();
    var_dump($raw->cmd('GET', $key) === $token, $raw->cmd('PTTL', $key) > 20000);
    // the waiter was not handed the lock by the child's end
    var_dump($w->pending(0.5) ? 'W returned: ' . json_encode($w->results()) : 'W waits');
    unset($raw);
}

echo "-- the parent still holds, and hands the lock on\n";
$raw = new RawRedis();
var_dump($l->isLocking($name), $l->expire($name, 25), $raw->cmd('PTTL', $key) > 20000);
var_dump($l->unlock($name));
$r = $w->results(30 * $k)[0];
var_dump(rl_local_res($r), $raw->cmd('GET', $key) === $token, $l->isLocking($name));
var_dump($w->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key), $w->finish()[0]);
?>
--EXPECT--
bool(true)
-- the child exits normally
child: false false true false false true true true true false true
int(0)
bool(true)
bool(true)
string(7) "W waits"
-- the child dies of an uncaught exception
child: false false true false false true true true true false true
int(255)
bool(true)
bool(true)
string(7) "W waits"
-- the parent still holds, and hands the lock on
bool(true)
bool(true)
bool(true)
bool(true)
string(4) "true"
bool(true)
bool(false)
bool(true)
int(0)
int(0)
