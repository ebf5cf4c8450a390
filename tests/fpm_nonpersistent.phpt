--TEST--
php-fpm: with persistent => false, the worker's Redis connection is closed at the end of every request
--SKIPIF--
<?php
require __DIR__ . "/skipif.inc";
require __DIR__ . "/fpm.inc";
if (rl_fpm_binary() === null) die("skip no php-fpm binary of this PHP build (version, ZTS, debug)");
?>
--FILE--
<?php
require __DIR__ . '/fpm.inc';
$fpm = RlFpm::start();
$name = rl_unique('fpm-nonpersistent');
$script = $fpm->script(<<<'PHP'
    echo "pid=", getmypid(), "\n";
    $l = new RedisLock(RL_TEST_SERVER, ['persistent' => false]);
    echo "lock: ", var_export($l->lock($_GET['name'], 0, 30), true), "\n";
    $mine = rl_clients_named(new RawRedis(), 'redislock-' . getmypid());
    echo "connections named redislock-<pid> while locked: ", count($mine), "\n";
    echo "unlock: ", var_export($l->unlock($_GET['name']), true), "\n";
    PHP);
$raw = new RawRedis();
$pids = [];
for ($i = 1; $i <= 2; $i++) {
    $r = $fpm->request($script, ['name' => $name]);
    $pid = rl_fpm_pid($r);
    $pids[] = $pid;
    echo "request $i:\n", preg_replace('/^pid=\d+\n/', '', $r->body);
    /* The server notices the close asynchronously: give it a moment, fail if it stays. */
    $left = rl_wait_for(fn() => count(rl_clients_named($raw, "redislock-$pid")), 0);
    echo "  connections named redislock-<worker pid> after request $i: $left\n";
}
echo $pids[0] !== null && $pids[0] === $pids[1] ? "both requests ran in the same worker\n" : "different workers: " . implode(' ', $pids) . "\n";
?>
--EXPECT--
request 1:
lock: true
connections named redislock-<pid> while locked: 1
unlock: true
  connections named redislock-<worker pid> after request 1: 0
request 2:
lock: true
connections named redislock-<pid> while locked: 1
unlock: true
  connections named redislock-<worker pid> after request 2: 0
both requests ran in the same worker
