--TEST--
Sentinel, the master killed (SIGKILL, no graceful failover): calls made before the Sentinels fail over throw RedisLockException (quickly: the connection is refused) naming the group, never return a wrong answer; once the replica is promoted, calls succeed on the new master without any action of the caller (retried until a generous bound); a lock and a slot acknowledged by the replica before the kill are still held (isLocking(), unlock(), release())
--SKIPIF--
<?php require __DIR__ . '/skipif_sentinel.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sentinel_helpers.inc';
$g = new PrivateSentinel();
$server = $g->server();
$k = rl_slowdown();
$opts = ['connect_timeout' => 1.0 * $k, 'read_timeout' => 1.0 * $k];
$l = new RedisLock($server, $opts);
$sem = new RedisSemaphore($server, $opts);
$a = rl_unique('a');
var_dump($l->lock($a, 0, 120), is_string($sid = $sem->acquire($a, 1, 120)));
// acknowledged by the replica (the guarantee min_replicas => 1 gives)
var_dump(rl_wait_replicated($g->masterRaw()));

$old = $g->killMaster();
$t0 = microtime(true);
echo "-- right after the kill\n";
foreach (['lock' => fn () => $l->lock(rl_unique('b'), 0, 60), 'isLocking' => fn () => $l->isLocking($a),
          'acquire' => fn () => $sem->acquire(rl_unique('s'), 1, 60), 'count' => fn () => $sem->count($a),
          'new object' => fn () => (new RedisLock($server, $opts))->lock(rl_unique('c'), 0, 60)] as $label => $call) {
    $t = microtime(true);
    try {
        // the Sentinels notice the master down after 1 s (down-after-milliseconds): these take milliseconds
        $r = $call();
        echo "$label: returned ", var_export($r, true), "\n";
    } catch (RedisLockException $e) {
        $took = microtime(true) - $t;
        $ok = (str_contains($e->getMessage(), "127.0.0.1:$old") || str_contains($e->getMessage(), '"rlmaster"'))
            && $took < 3 * $k;
        echo "$label: ", $ok ? 'ok' : sprintf('%s (%.3f s)', $e->getMessage(), $took), "\n";
    }
}

echo "-- retried until the failover is over\n";
$errors = $others = $falses = 0;
$done = false;
$deadline = microtime(true) + 60 * $k;
$n = 0;
while (!$done && microtime(true) < $deadline) {
    $b = 'b' . $n++ . rl_unique('');
    $t = microtime(true);
    try {
        $r = $l->lock($b, 0, 60);
        if ($r === true) {
            $done = true;
        } else {
            $falses++;   // a fresh name is free: false would be a wrong answer
        }
    } catch (RedisLockException $e) {
        $errors++;
        if (microtime(true) - $t > 3 * $k) {
            echo sprintf('slow failure: %.3f s: %s', microtime(true) - $t, $e->getMessage()), "\n";
        }
        usleep(50000);
    } catch (Throwable $e) {
        $others++;
        echo get_class($e), ': ', $e->getMessage(), "\n";
        usleep(50000);
    }
}
var_dump($done, $falses, $others, $errors > 0 || microtime(true) - $t0 > 1);
$new = $g->waitFailedOver($old);
$newRaw = $g->nodeRaw($new);
var_dump($new !== $old, $newRaw->cmd('EXISTS', "Lock:$b"));

echo "-- after the failover\n";
var_dump($l->isLocking($a), $sem->count($a));
var_dump((new RedisLock($server, $opts))->lock($a, 0, 60));   // still held
var_dump($l->unlock($a), $newRaw->cmd('EXISTS', "Lock:$a"), $sem->release($a, $sid), $newRaw->cmd('ZCARD', "{Sem:$a}:holders"));
$c = rl_unique('c');
$fresh = new RedisLock($server, $opts);
var_dump($fresh->lock($c, 0, 60), $newRaw->cmd('EXISTS', "Lock:$c"));
$fsem = new RedisSemaphore($server, $opts);
var_dump(is_string($fsem->acquire($c, 1, 60)), $newRaw->cmd('ZCARD', "{Sem:$c}:holders"));
// $l still has the records of the lock() calls that threw (as on one server): unlockAll() tries them too and
// says false; what it held is gone
$l->unlockAll();
var_dump($fresh->unlockAll(), $fsem->releaseAll(), $newRaw->cmd('EXISTS', "Lock:$b", "Lock:$c"), $newRaw->cmd('ZCARD', "{Sem:$c}:holders"));
?>
--EXPECT--
bool(true)
bool(true)
int(1)
-- right after the kill
lock: ok
isLocking: ok
acquire: ok
count: ok
new object: ok
-- retried until the failover is over
bool(true)
int(0)
int(0)
bool(true)
bool(true)
int(1)
-- after the failover
bool(true)
int(1)
bool(false)
bool(true)
int(0)
bool(true)
int(0)
bool(true)
int(1)
bool(true)
int(1)
bool(true)
bool(true)
int(0)
int(0)
