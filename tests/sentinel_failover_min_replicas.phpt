--TEST--
Sentinel, min_replicas => 1 against the double grant: locks and semaphore slots are taken in a tight loop while the group fails over (SENTINEL FAILOVER); every lock() and acquire() that returned true/an id is still on the new master afterwards (with min_replicas 0 the ones granted by the old master after the replica's promotion are lost), calls never return a wrong answer (only true/id, false or RedisLockException), and they succeed again once the failover is over
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
$opts = ['min_replicas' => 1, 'replica_timeout' => 0.2 * $k];
$l = new RedisLock($server, $opts);
$sem = new RedisSemaphore($server, $opts);
$old = $g->masterPort();
$new = $g->replica()->port;
$tag = rl_unique('dg');
$locks = $slots = [];
$refused = $others = 0;
$exceptions = [];
$attempt = function (int $i) use ($l, $sem, $tag, &$locks, &$slots, &$refused, &$others, &$exceptions) {
    $name = "$tag:$i";
    try {
        $r = $l->lock($name, 0, 600);
        if ($r === true) {
            $locks[] = $name;
        } elseif ($r === false) {
            $refused++;
        } else {
            $others++;
        }
        $id = $sem->acquire($name, 1, 600);
        if (is_string($id)) {
            $slots[$name] = $id;
        } elseif ($id === false) {
            $refused++;
        } else {
            $others++;
        }
    } catch (RedisLockException $e) {
        $exceptions[] = $e->getMessage();
    } catch (Throwable $e) {
        $others++;
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
};
for ($i = 0; $i < 20; $i++) {
    $attempt($i);
}
var_dump(count($locks), count($slots));   // all granted before the failover

var_dump($g->sentinelRaw(0)->cmd('SENTINEL', 'FAILOVER', 'rlmaster'));
$deadline = microtime(true) + 40 * $k;
$over = null;
while (microtime(true) < $deadline) {
    $attempt($i++);
    if ($i % 10 === 0 && $over === null && $g->unhealthy($new) === null) {
        $over = $i;
    }
    if ($over !== null && $i >= $over + 20) {
        break;
    }
}
var_dump($over !== null);
$newRaw = $g->nodeRaw($new);
$lost = array_values(array_filter($locks, fn ($n) => $newRaw->cmd('EXISTS', "Lock:$n") !== 1));
$lostSlots = array_values(array_filter(array_keys($slots), fn ($n) => $newRaw->cmd('ZSCORE', "{Sem:$n}:holders", $slots[$n]) === null));
echo 'lost locks: ', json_encode($lost), "\n";
echo 'lost slots: ', json_encode($lostSlots), "\n";
var_dump($others);
// once it is over, every call succeeds on the new master
$after = rl_unique('after');
var_dump($l->lock($after, 0, 60), $newRaw->cmd('EXISTS', "Lock:$after"), is_string($sem->acquire($after, 1, 60)));
// the held ones are still this object's: released at once
var_dump($l->unlockAll() || $exceptions, $sem->releaseAll() || $exceptions);
var_dump($newRaw->cmd('KEYS', "Lock:$tag:*"));
?>
--EXPECT--
int(20)
int(20)
string(2) "OK"
bool(true)
lost locks: []
lost slots: []
int(0)
bool(true)
int(1)
bool(true)
bool(true)
bool(true)
array(0) {
}
