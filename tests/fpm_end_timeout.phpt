--TEST--
php-fpm: a lock held when the request exceeds max_execution_time is released before the worker's next request
--SKIPIF--
<?php
require __DIR__ . "/skipif.inc";
require __DIR__ . "/fpm.inc";
if (rl_fpm_binary() === null) die("skip no php-fpm binary of this PHP build (version, ZTS, debug)");
?>
--FILE--
<?php
require __DIR__ . '/fpm.inc';
/* max_execution_time = 1 for the pool (php_admin_value: the script cannot raise it);
 * request 1 spins on the CPU while holding the lock until the limit kills it. */
$r1 = rl_fpm_request_end_scenario(
    '$lock = new RedisLock(RL_TEST_SERVER); $lock->lock($_GET["name"], 0, 30);',
    '$t = microtime(true); while (microtime(true) - $t < 20) { }',
    ['php_admin_value[max_execution_time] = 1']
);
echo preg_match('/Fatal error: +Maximum execution time of 1 second exceeded/', $r1->body)
    ? "request 1 exceeded max_execution_time\n" : "request 1 did not time out:\n$r1->body\n";
echo str_contains($r1->body, 'request 1 ended normally') ? "request 1 went on\n" : "";
?>
--EXPECT--
request 1 took the lock
request 2 ran in the same worker
key left by request 1: 0
request 2 locks the name: true
request 2 holds it: true
request 2 unlocks it: true
key after request 2: 0
request 1 exceeded max_execution_time
