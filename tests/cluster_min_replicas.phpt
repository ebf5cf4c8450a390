--TEST--
Cluster, min_replicas: with 1 (each master has one replica in sync) lock() and acquire() succeed on every master and the replica holds the key when they return; with 2 they return false after about replica_timeout and leave nothing on the master or its replica
--SKIPIF--
<?php require __DIR__ . '/skipif_cluster.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/cluster_helpers.inc';
$c = RlClusterView::shared();
$k = rl_slowdown();
// master port => its replica's connection (READONLY: it answers reads of its master's slots)
$replicaOf = [];
foreach ($c->ports() as $p) {
    $role = $c->raw($p)->cmd('ROLE');
    if ($role[0] === 'slave') {
        $r = new RawRedis($c->address($p));
        $r->cmd('READONLY');
        $replicaOf[(int)$role[2]] = $r;
    }
}
var_dump(count($replicaOf));

$one = new RedisLock(RL_TEST_CLUSTER, ['min_replicas' => 1, 'replica_timeout' => 2.0 * $k]);
$two = new RedisLock(RL_TEST_CLUSTER, ['min_replicas' => 2, 'replica_timeout' => 0.3]);
$sone = new RedisSemaphore(RL_TEST_CLUSTER, ['min_replicas' => 1, 'replica_timeout' => 2.0 * $k]);
$stwo = new RedisSemaphore(RL_TEST_CLUSTER, ['min_replicas' => 2, 'replica_timeout' => 0.3]);
foreach ($c->masters() as $i => $port) {
    $rep = $replicaOf[$port];
    $name = $c->nameOnNode($port, 'minrep');
    $key = "Lock:$name";
    $r = [];
    try {
        $r['lock 1'] = $one->lock($name, 0, 10);
        $r['on the replica'] = $rep->cmd('GET', $key) === $c->raw($port)->cmd('GET', $key);
        $r['unlock'] = $one->unlock($name);
        $t = microtime(true);
        $r['lock 2'] = $two->lock($name, 0, 10);
        $took = microtime(true) - $t;
        $r['took'] = $took >= 0.25 && $took < 0.3 + 1.0 * $k ? 'about replica_timeout' : $took;
        $r['master'] = $c->raw($port)->cmd('EXISTS', $key);
        $r['replica'] = rl_wait_until(fn () => $rep->cmd('EXISTS', $key) === 0, 2 * $k);
        $r['isLocking'] = $two->isLocking($name);
        $sname = $c->nameOnNode($port, 'minrep-sem', 'Sem:');
        $id = $sone->acquire($sname, 1, 10);
        $r['acquire 1'] = is_string($id) && $rep->cmd('ZCARD', "{Sem:$sname}:holders") === 1;
        $r['release'] = $sone->release($sname, $id);
        $r['acquire 2'] = $stwo->acquire($sname, 1, 10);
        $r['count'] = $sone->count($sname);
    } catch (Throwable $e) {
        $r['exception'] = get_class($e) . ': ' . $e->getMessage();
    }
    echo "master #$i: ", json_encode($r), "\n";
}
?>
--EXPECT--
int(3)
master #0: {"lock 1":true,"on the replica":true,"unlock":true,"lock 2":false,"took":"about replica_timeout","master":0,"replica":true,"isLocking":false,"acquire 1":true,"release":true,"acquire 2":false,"count":0}
master #1: {"lock 1":true,"on the replica":true,"unlock":true,"lock 2":false,"took":"about replica_timeout","master":0,"replica":true,"isLocking":false,"acquire 1":true,"release":true,"acquire 2":false,"count":0}
master #2: {"lock 1":true,"on the replica":true,"unlock":true,"lock 2":false,"took":"about replica_timeout","master":0,"replica":true,"isLocking":false,"acquire 1":true,"release":true,"acquire 2":false,"count":0}
