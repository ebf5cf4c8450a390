--TEST--
php-fpm: a lock held when the request calls exit() is released before the worker's next request
--SKIPIF--
<?php
require __DIR__ . "/skipif.inc";
require __DIR__ . "/fpm.inc";
if (rl_fpm_binary() === null) die("skip no php-fpm binary of this PHP build (version, ZTS, debug)");
?>
--FILE--
<?php
require __DIR__ . '/fpm.inc';
$r1 = rl_fpm_request_end_scenario(
    '$GLOBALS["lock"] = new RedisLock(RL_TEST_SERVER); $GLOBALS["lock"]->lock($_GET["name"], 0, 30);',
    'exit(3);'
);
echo str_contains($r1->body, 'request 1 ended normally') ? "request 1 did not exit\n" : "request 1 exited\n";
?>
--EXPECT--
request 1 took the lock
request 2 ran in the same worker
key left by request 1: 0
request 2 locks the name: true
request 2 holds it: true
request 2 unlocks it: true
key after request 2: 0
request 1 exited
