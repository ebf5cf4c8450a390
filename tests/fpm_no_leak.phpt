--TEST--
php-fpm: locks RedisLock::instance() still holds when a request returns normally do not leak into the worker's next request
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
$a = rl_unique('fpm-leak-A');
$b = rl_unique('fpm-leak-B');
$first = $fpm->script(<<<'PHP'
    echo "pid=", getmypid(), "\n";
    $raw = new RawRedis();
    $l = RedisLock::instance();
    echo "lock A: ", var_export($l->lock($_GET['a'], 0, 30), true), "\n";
    echo "lock B: ", var_export($l->lock($_GET['b'], 0, 30), true), "\n";
    echo "isLocking A: ", var_export(RedisLock::instance()->isLocking($_GET['a']), true), "\n";
    echo "keys A, B set: ", $raw->cmd('EXISTS', 'Lock:' . $_GET['a']), ", ", $raw->cmd('EXISTS', 'Lock:' . $_GET['b']), "\n";
    /* returns normally without unlocking */
    PHP);
$second = $fpm->script(<<<'PHP'
    echo "pid=", getmypid(), "\n";
    $raw = new RawRedis();
    echo "keys A, B left: ", $raw->cmd('EXISTS', 'Lock:' . $_GET['a']), ", ", $raw->cmd('EXISTS', 'Lock:' . $_GET['b']), "\n";
    echo "isLocking A: ", var_export(RedisLock::instance()->isLocking($_GET['a']), true), "\n";
    echo "isLocking B: ", var_export(RedisLock::instance()->isLocking($_GET['b']), true), "\n";
    echo "unlock A: ", var_export(RedisLock::instance()->unlock($_GET['a']), true), "\n";
    echo "unlockAll: ", var_export(RedisLock::instance()->unlockAll(), true), "\n";
    echo "lock A again: ", var_export(RedisLock::instance()->lock($_GET['a'], 0, 30), true), "\n";
    echo "unlock A: ", var_export(RedisLock::instance()->unlock($_GET['a']), true), "\n";
    PHP);
$r1 = $fpm->request($first, ['a' => $a, 'b' => $b]);
$r2 = $fpm->request($second, ['a' => $a, 'b' => $b]);
echo "request 1:\n", preg_replace('/^pid=\d+\n/', '', $r1->body);
echo "request 2:\n", preg_replace('/^pid=\d+\n/', '', $r2->body);
$p1 = rl_fpm_pid($r1);
echo $p1 !== null && $p1 === rl_fpm_pid($r2) ? "same worker\n" : "different workers\n";
$raw = new RawRedis();
echo "keys A, B at the end: ", $raw->cmd('EXISTS', "Lock:$a"), ", ", $raw->cmd('EXISTS', "Lock:$b"), "\n";
?>
--EXPECT--
request 1:
lock A: true
lock B: true
isLocking A: true
keys A, B set: 1, 1
request 2:
keys A, B left: 0, 0
isLocking A: false
isLocking B: false
unlock A: false
unlockAll: true
lock A again: true
unlock A: true
same worker
keys A, B at the end: 0, 0
