--TEST--
Cluster: a redirect loop (each of two masters says the other serves the slot: MOVED back and forth) is cut after a few redirects with a RedisLockException naming the MOVED, quickly, for lock(), isLocking() and acquire(); once the slot has an owner again, the same objects work
--SKIPIF--
<?php require __DIR__ . '/skipif_cluster.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/cluster_helpers.inc';
$k = rl_slowdown();
$pc = new PrivateCluster(2);
$server = $pc->server();
[$m0, $m1] = $pc->initialMasters();
$slot = 42;   // on m0, empty
$name = $pc->nameInSlot($slot, 'loop');
$key = "Lock:$name";
$sname = $pc->nameInSlot($slot, 'loop', 'Sem:');
$a = new RedisLock($server);
$s = new RedisSemaphore($server);
$other = $pc->nameOnNode($m1, 'fine');
var_dump($a->lock($other, 0, 30));   // the slot map is made, connections to both

// m0 gives the slot to m1, m1 believes m0 has it: neither claims it, so gossip changes nothing
var_dump($pc->raw($m0)->cmd('CLUSTER', 'SETSLOT', (string)$slot, 'NODE', $pc->nodeId($m1)));
var_dump($pc->raw($m1)->cmd('CLUSTER', 'SETSLOT', (string)$slot, 'NODE', $pc->nodeId($m0)));
usleep(300000);
$r0 = $pc->raw($m0)->cmd('GET', $key);
$r1 = $pc->raw($m1)->cmd('GET', $key);
var_dump($r0 instanceof RawRedisError && $r0->message === "MOVED $slot 127.0.0.1:$m1",
    $r1 instanceof RawRedisError && $r1->message === "MOVED $slot 127.0.0.1:$m0");

foreach ([
    'lock' => fn () => $a->lock($name, 0, 30),
    'lock with a timeout' => fn () => $a->lock($name, 2, 30),
    'acquire' => fn () => $s->acquire($sname, 1, 30),
    'a new object' => fn () => (new RedisLock($server))->lock($name, 0, 30),
] as $what => $call) {
    $t = microtime(true);
    try {
        $r = $call();
        echo "$what: no exception: ", json_encode($r), "\n";
    } catch (RedisLockException $e) {
        $took = microtime(true) - $t;
        echo "$what: RedisLockException", rl_error_kind($e), str_contains($e->getMessage(), 'MOVED') ? '' : ': ' . $e->getMessage(),
            $took < 3.0 * $k ? '' : " after $took s", "\n";
    } catch (Throwable $e) {
        echo "$what: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}
var_dump($a->isLocking($other), $pc->raw($m0)->cmd('DBSIZE'));

echo "-- the slot has an owner again\n";
var_dump($pc->raw($m0)->cmd('CLUSTER', 'SETSLOT', (string)$slot, 'NODE', $pc->nodeId($m0)));
var_dump($pc->raw($m1)->cmd('CLUSTER', 'SETSLOT', (string)$slot, 'NODE', $pc->nodeId($m0)));
$pc->waitOk();
$t = microtime(true);
$r = [];
foreach ([fn () => $a->lock($name, 0, 30), fn () => $a->isLocking($name), fn () => is_string($s->acquire($sname, 1, 30)),
          fn () => $a->unlockAll(), fn () => $s->releaseAll()] as $call) {
    try {
        $r[] = $call();
    } catch (Throwable $e) {
        $r[] = get_class($e) . ': ' . $e->getMessage();
    }
}
echo json_encode($r), "\n";
var_dump($pc->nodesHolding($key));
?>
--EXPECT--
bool(true)
string(2) "OK"
string(2) "OK"
bool(true)
bool(true)
lock: RedisLockException[TOO_MANY_REDIRECTS]
lock with a timeout: RedisLockException[TOO_MANY_REDIRECTS]
acquire: RedisLockException[TOO_MANY_REDIRECTS]
a new object: RedisLockException[TOO_MANY_REDIRECTS]
bool(true)
int(0)
-- the slot has an owner again
string(2) "OK"
string(2) "OK"
[true,true,true,true,true]
array(0) {
}
