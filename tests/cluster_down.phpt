--TEST--
Cluster down (a master without a replica killed: cluster_state:fail everywhere): lock(), isLocking(), unlock(), acquire() and count() throw RedisLockException within a few seconds (never a silent false, never a hang), on the live masters' slots too; the master restarted, the cluster is ok again and the same objects work, the lock held before still theirs
--SKIPIF--
<?php require __DIR__ . '/skipif_cluster.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/cluster_helpers.inc';
$k = rl_slowdown();
$pc = new PrivateCluster(3, 0, (int)(1000 * rl_server_slowdown()));
$server = $pc->server();
[$m0, $m1, $m2] = $pc->initialMasters();
$opts = ['connect_timeout' => 0.5 * $k, 'read_timeout' => 1.0 * $k];
$a = new RedisLock($server, $opts);
$s = new RedisSemaphore($server, $opts);
$held = $pc->nameOnNode($m0, 'held');
$fresh = $pc->nameOnNode($m0, 'fresh');
$sname = $pc->nameOnNode($m0, 'sem', 'Sem:');
var_dump($a->lock($held, 0, 120));
$sid = $s->acquire($sname, 1, 120);
var_dump(is_string($sid));

echo "-- m2 killed, the cluster fails\n";
$pc->killNode($m2);
var_dump(rl_wait_until(function () use ($pc, $m0, $m1) {
    foreach ([$m0, $m1] as $p) {
        if (!str_contains((string)$pc->raw($p)->cmd('CLUSTER', 'INFO'), "cluster_state:fail\r\n")) {
            return false;
        }
    }
    return true;
}, 30 * $k));
foreach ([
    'lock' => fn () => $a->lock($fresh, 0, 30),
    'lock with a timeout' => fn () => $a->lock($fresh, 1, 30),
    'isLocking' => fn () => $a->isLocking($held),
    'remaining' => fn () => $a->remaining($held),
    'expire' => fn () => $a->expire($held, 120),
    'unlock' => fn () => $a->unlock($held),
    'acquire' => fn () => $s->acquire($pc->nameOnNode($m1, 'sem2', 'Sem:'), 1, 30),
    'count' => fn () => $s->count($sname),
    'refresh' => fn () => $s->refresh($sname, $sid),
] as $what => $call) {
    $t = microtime(true);
    try {
        $r = $call();
        echo "$what: no exception: ", json_encode($r), "\n";
    } catch (RedisLockException $e) {
        $took = microtime(true) - $t;
        echo "$what: RedisLockException", $took < 3.0 * $k ? '' : " after $took s", "\n";
    } catch (Throwable $e) {
        echo "$what: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}

echo "-- m2 restarted\n";
$pc->node($m2)->start();   // its nodes.conf brings back its id and slots
$pc->waitOk();
$r = [];
foreach ([
    'isLocking' => fn () => $a->isLocking($held),
    'lock' => fn () => $a->lock($fresh, 0, 30),
    'count' => fn () => $s->count($sname),
    'unlockAll' => fn () => $a->unlockAll(),
    'releaseAll' => fn () => $s->releaseAll(),
    'gone' => fn () => array_merge($pc->nodesHolding("Lock:$held"), $pc->nodesHolding("Lock:$fresh")),
] as $what => $call) {
    try {
        $r[$what] = $call();
    } catch (Throwable $e) {
        $r[$what] = get_class($e) . ': ' . $e->getMessage();
    }
}
echo json_encode($r), "\n";
?>
--EXPECT--
bool(true)
bool(true)
-- m2 killed, the cluster fails
bool(true)
lock: RedisLockException
lock with a timeout: RedisLockException
isLocking: RedisLockException
remaining: RedisLockException
expire: RedisLockException
unlock: RedisLockException
acquire: RedisLockException
count: RedisLockException
refresh: RedisLockException
-- m2 restarted
{"isLocking":true,"lock":true,"count":1,"unlockAll":true,"releaseAll":true,"gone":[]}
