--TEST--
Errors: the server goes away (SHUTDOWN) -> RedisLockException; once it is back on the same port the same object works again
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$srv = new PrivateRedis();
$name = rl_unique('restart');
$key = "Lock:$name";

$l = new RedisLock($srv->server(), ['connect_timeout' => 1, 'read_timeout' => 1]);
var_dump($l->lock($name, 0, 30));
var_dump($srv->raw()->cmd('EXISTS', $key));
$srv->stop();
var_dump($srv->running());

foreach (['isLocking' => fn () => $l->isLocking($name), 'lock' => fn () => $l->lock($name, 0, 30),
          'lock other' => fn () => $l->lock("$name:2", 0.2, 30)] as $label => $call) {
    $t = microtime(true);
    try {
        $r = $call();
        echo "$label: no exception, ", var_export($r, true), "\n";
    } catch (RedisLockException $e) {
        echo "$label: ", get_class($e), ' ', var_export(str_contains($e->getMessage(), $srv->server()), true),
            ' ', var_export(microtime(true) - $t < 3.0, true), "\n";
    }
}

$srv->start();   // same port, empty dataset
$raw = $srv->raw();
var_dump($raw->cmd('EXISTS', $key));
var_dump($l->isLocking($name));        // the key is gone with the old server
var_dump($l->lock($name, 0, 30));      // acquired anew
var_dump(preg_match('/^[0-9a-f]{32}$/D', (string)$raw->cmd('GET', $key)));
var_dump($l->isLocking($name), $l->expire($name, 5), $l->unlock($name));
var_dump($raw->cmd('EXISTS', $key));
$srv->stop();
?>
--EXPECT--
bool(true)
int(1)
bool(false)
isLocking: RedisLockException true true
lock: RedisLockException true true
lock other: RedisLockException true true
int(0)
bool(false)
bool(true)
int(1)
bool(true)
bool(true)
bool(true)
int(0)
