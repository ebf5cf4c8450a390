--TEST--
Waiting with a read_timeout (0.02 s) below the server's timer tick (Redis ends a blocking timeout up to 1000/hz = 100 ms late, at the default hz 10): lock() and RedisSemaphore::acquire(), whose blocks end with the 2 s wait, still wait 2 s without a read timeout
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>

--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('wait-rto-tick');
// 20 ms, up to 50 ms on a slow build or a loaded machine (the other round trips must still answer
// within it): below the 100 ms tick either way
$rt = min(0.05, 0.02 * rl_slowdown());

// A BLPOP ends on the server's next tick after its timeout: up to 100 ms late, more than the
// 20 ms read timeout. The waits' BLPOPs last until the end of the wait (the head blocks until
// the held key's expiry or the holder's deadline, both far off).
echo "-- lock, 2 s wait\n";
var_dump($raw->cmd('SET', "Lock:$name", 'someone-else', 'PX', '60000'));
$l = new RedisLock(RL_TEST_SERVER, ['read_timeout' => $rt]);
$t = microtime(true);
try {
    var_dump($l->lock($name, 2, 10, 300000));
} catch (RedisLockException $e) {
    printf("%s after %.2f s: %s\n", get_class($e), microtime(true) - $t, $e->getMessage());
}
var_dump($raw->cmd('DEL', "Lock:$name"));

echo "-- semaphore, 2 s wait\n";
$h = new RedisSemaphore(RL_TEST_SERVER);
var_dump(is_string($h->acquire($name, 1, 60)));
$s = new RedisSemaphore(RL_TEST_SERVER, ['read_timeout' => $rt]);
$t = microtime(true);
try {
    var_dump($s->acquire($name, 1, 10, 2));
} catch (RedisLockException $e) {
    printf("%s after %.2f s: %s\n", get_class($e), microtime(true) - $t, $e->getMessage());
}
var_dump($h->releaseAll());
?>
--EXPECT--
-- lock, 2 s wait
string(2) "OK"
bool(false)
int(1)
-- semaphore, 2 s wait
bool(true)
bool(false)
bool(true)
