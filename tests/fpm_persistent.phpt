--TEST--
php-fpm: with persistent => true, consecutive requests in one worker reuse the same Redis connection
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
$name = rl_unique('fpm-persistent');
$script = $fpm->script(<<<'PHP'
    echo "pid=", getmypid(), "\n";
    $l = new RedisLock(RL_TEST_SERVER, ['persistent' => true]);
    echo "lock: ", var_export($l->lock($_GET['name'], 0, 30), true), "\n";
    echo "unlock: ", var_export($l->unlock($_GET['name']), true), "\n";
    PHP);
$raw = new RawRedis();
$ids = [];
$pids = [];
for ($i = 1; $i <= 3; $i++) {
    $r = $fpm->request($script, ['name' => $name]);
    $pid = rl_fpm_pid($r);
    $pids[] = $pid;
    echo "request $i: ", preg_replace('/^pid=\d+\n/', '', $r->body) === "lock: true\nunlock: true\n" ? "locked and unlocked" : "unexpected output:\n$r->body", "\n";
    $conns = rl_clients_named($raw, "redislock-$pid");
    echo "  connections named redislock-<worker pid> after request $i: ", count($conns), "\n";
    $ids[] = $conns[0]['id'] ?? null;
}
echo count(array_unique($pids)) === 1 ? "all requests ran in the same worker\n" : "different workers: " . implode(' ', $pids) . "\n";
echo $ids[0] !== null && count(array_unique($ids)) === 1
    ? "same connection id after every request\n" : "connection ids differ: " . var_export($ids, true) . "\n";
echo "key left: ", $raw->cmd('EXISTS', "Lock:$name"), "\n";
?>
--EXPECT--
request 1: locked and unlocked
  connections named redislock-<worker pid> after request 1: 1
request 2: locked and unlocked
  connections named redislock-<worker pid> after request 2: 1
request 3: locked and unlocked
  connections named redislock-<worker pid> after request 3: 1
all requests ran in the same worker
same connection id after every request
key left: 0
