--TEST--
__construct() does not connect; the first command to an unreachable server throws RedisLockException naming the server
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();

// nothing listens on port 1: constructing is fine
$l = new RedisLock('tcp://127.0.0.1:1');
var_dump($l instanceof RedisLock);
$name = rl_unique('lazy');
foreach (['lock' => fn () => $l->lock($name), 'lock with timeout' => fn () => $l->lock($name, 0.2)] as $m => $call) {
    try {
        $call();
        echo "$m: no exception\n";
    } catch (RedisLockException $e) {
        echo "$m: ", get_class($e), ' ', var_export($e instanceof RuntimeException, true), ' ',
            var_export(str_contains($e->getMessage(), 'tcp://127.0.0.1:1'), true), "\n";
    }
}
// a failed lock() leaves the object holding nothing
var_dump($l->unlockAll());

// a port that really is free (no server): "tcp://127.0.0.1:PORT" is in the message; it is retried each time
$port = rl_dead_port();
$m = new RedisLock("127.0.0.1:$port");
for ($i = 0; $i < 2; $i++) {
    try {
        $m->lock($name, 0.2);
        echo "no exception\n";
    } catch (RedisLockException $e) {
        var_dump(str_contains($e->getMessage(), "tcp://127.0.0.1:$port"));
    }
}

// a working server: constructing opens no connection, the first command does
$ok = new RedisLock(RL_TEST_SERVER);
var_dump(count(rl_client_entries($raw)));
var_dump($ok->lock($name, 0, 5));
var_dump(count(rl_client_entries($raw)));
var_dump($ok->unlock($name));
var_dump($raw->cmd('EXISTS', "Lock:$name"));
?>
--EXPECT--
bool(true)
lock: RedisLockException true true
lock with timeout: RedisLockException true true
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
int(1)
bool(true)
int(0)
