--TEST--
nginx + php-fpm: request_terminate_timeout kills a request holding a lock: the key keeps its token until its lifetime ends, the pool serves on
--SKIPIF--
<?php
require __DIR__ . "/skipif.inc";
require __DIR__ . "/web.inc";
if ($why = rl_web_skip_reason()) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/web.inc';
// request_terminate_timeout = 2s: php-fpm checks it about every second, so the kill comes
// 2 to 3 s after the lock; the lock lives 7 s
rl_web_killed_holder_scenario('terminate', 7.0);
?>
--EXPECT--
a worker holds Lock:victim: yes, its token recorded
the holding worker was killed: yes
its request got: 502
samples of Lock:victim after the kill: some
its value and PTTL while it lived: the dead worker's token, PTTL running down
gone: at the end of its lifetime, not before
other requests meanwhile: all answered ok
their locks left (request-end release): 0
a request afterwards: 200 took it
the pool: 4 workers, the killed one replaced
php-fpm logged: execution timed out, terminating
