--TEST--
Cluster: a lock on cluster:// is the key "Lock:<name>" (exactly prefix . name) on the master that serves its slot, with a 32-hex token and the TTL asked; a second object is excluded; isLocking/remaining/expire/unlock work on every master; a semaphore's keys live on the node of "{Sem:<name>}" and acquire/refresh/count/release/releaseAll work
--SKIPIF--
<?php require __DIR__ . '/skipif_cluster.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/cluster_helpers.inc';
$c = RlClusterView::shared();
$a = new RedisLock(RL_TEST_CLUSTER);
$b = new RedisLock(RL_TEST_CLUSTER);

echo "-- a lock on each master\n";
foreach ($c->masters() as $i => $port) {
    $name = $c->nameOnNode($port, 'basic');
    $key = "Lock:$name";
    $raw = $c->raw($port);
    $lines = [];
    $lines['lock'] = $a->lock($name, 0, 15);
    $token = $raw->cmd('GET', $key);
    $lines['token'] = is_string($token) && preg_match('/^[0-9a-f]{32}$/D', $token) === 1;
    $lines['only there'] = $c->nodesHolding($key) === [$port];
    $pttl = $raw->cmd('PTTL', $key);
    $lines['pttl'] = $pttl > 14000 && $pttl <= 15000;
    $lines['b lock'] = $b->lock($name, 0, 15);
    $lines['b isLocking'] = $b->isLocking($name);
    $lines['a isLocking'] = $a->isLocking($name);
    $rem = $a->remaining($name);
    $lines['remaining'] = is_float($rem) && $rem > 13 && $rem <= 15;
    $lines['b remaining'] = $b->remaining($name);
    $lines['expire'] = $a->expire($name, 40);
    $pttl = $raw->cmd('PTTL', $key);
    $lines['pttl after expire'] = $pttl > 39000 && $pttl <= 40000;
    $lines['b expire'] = $b->expire($name, 1);
    $lines['token kept'] = $raw->cmd('GET', $key) === $token;
    $lines['b unlock'] = $b->unlock($name);
    $lines['a unlock'] = $a->unlock($name);
    $lines['gone'] = $raw->cmd('EXISTS', $key);
    $lines['a unlock again'] = $a->unlock($name);
    $lines['b lock now'] = $b->lock($name, 0, 5);
    $lines['new token'] = is_string($t2 = $raw->cmd('GET', $key)) && $t2 !== $token;
    $lines['a isLocking now'] = $a->isLocking($name);
    $lines['b unlock now'] = $b->unlock($name);
    $lines['gone again'] = $raw->cmd('EXISTS', $key);
    echo "master #$i: ", json_encode($lines), "\n";
}

echo "-- another prefix: the key is exactly prefix . name\n";
$p = new RedisLock(RL_TEST_CLUSTER, ['prefix' => 'app:locks:']);
$name = rl_unique('prefixed');
var_dump($p->lock($name, 0, 5));
var_dump($c->nodesHolding("app:locks:$name") === [$c->nodeForKey("app:locks:$name")]);
var_dump(preg_match('/^[0-9a-f]{32}$/D', (string)$c->keyCmd('GET', "app:locks:$name")));
var_dump($c->keyCmd('EXISTS', "Lock:$name"));
var_dump($p->unlock($name), $c->keyCmd('EXISTS', "app:locks:$name"));
// an empty prefix: the key is the name
$e = new RedisLock(RL_TEST_CLUSTER, ['prefix' => '']);
$name = rl_unique('bare');
var_dump($e->lock($name, 0, 5), strlen((string)$c->keyCmd('GET', $name)), $e->unlock($name), $c->keyCmd('EXISTS', $name));

echo "-- semaphore\n";
$s1 = new RedisSemaphore(RL_TEST_CLUSTER);
$s2 = new RedisSemaphore(RL_TEST_CLUSTER);
$s3 = new RedisSemaphore(RL_TEST_CLUSTER);
foreach ($c->masters() as $i => $port) {
    $name = $c->nameOnNode($port, 'sem', 'Sem:');
    $raw = $c->raw($port);
    $holders = "{Sem:$name}:holders";
    $lines = [];
    $lines['same node'] = $c->nodeForKey($holders) === $port;
    $id1 = $s1->acquire($name, 2, 10);
    $id2 = $s2->acquire($name, 2, 10);
    $lines['ids'] = is_string($id1) && is_string($id2) && preg_match('/^[0-9a-f]{32}\.10000$/D', $id1) === 1 && $id1 !== $id2;
    $lines['third'] = $s3->acquire($name, 2, 10);
    $lines['count'] = $s3->count($name);
    $lines['keys there'] = $raw->cmd('EXISTS', $holders, "{Sem:$name}:deadlines", "{Sem:$name}:ticket");
    $lines['holders'] = $raw->cmd('ZCARD', $holders);
    $lines['refresh'] = $s1->refresh($name, $id1, 20);
    $lines['refresh bogus'] = $s1->refresh($name, str_repeat('0', 32) . '.10000');
    $lines['release'] = $s1->release($name);
    $lines['release again'] = $s1->release($name, $id1);
    $lines['count after'] = $s3->count($name);
    $lines['third now'] = is_string($s3->acquire($name, 2, 10));
    $lines['releaseAll'] = [$s2->releaseAll(), $s3->releaseAll()];
    $lines['count end'] = $s1->count($name);
    echo "master #$i: ", json_encode($lines), "\n";
}
?>
--EXPECT--
-- a lock on each master
master #0: {"lock":true,"token":true,"only there":true,"pttl":true,"b lock":false,"b isLocking":false,"a isLocking":true,"remaining":true,"b remaining":false,"expire":true,"pttl after expire":true,"b expire":false,"token kept":true,"b unlock":false,"a unlock":true,"gone":0,"a unlock again":false,"b lock now":true,"new token":true,"a isLocking now":false,"b unlock now":true,"gone again":0}
master #1: {"lock":true,"token":true,"only there":true,"pttl":true,"b lock":false,"b isLocking":false,"a isLocking":true,"remaining":true,"b remaining":false,"expire":true,"pttl after expire":true,"b expire":false,"token kept":true,"b unlock":false,"a unlock":true,"gone":0,"a unlock again":false,"b lock now":true,"new token":true,"a isLocking now":false,"b unlock now":true,"gone again":0}
master #2: {"lock":true,"token":true,"only there":true,"pttl":true,"b lock":false,"b isLocking":false,"a isLocking":true,"remaining":true,"b remaining":false,"expire":true,"pttl after expire":true,"b expire":false,"token kept":true,"b unlock":false,"a unlock":true,"gone":0,"a unlock again":false,"b lock now":true,"new token":true,"a isLocking now":false,"b unlock now":true,"gone again":0}
-- another prefix: the key is exactly prefix . name
bool(true)
bool(true)
int(1)
int(0)
bool(true)
int(0)
bool(true)
int(32)
bool(true)
int(0)
-- semaphore
master #0: {"same node":true,"ids":true,"third":false,"count":2,"keys there":3,"holders":2,"refresh":true,"refresh bogus":false,"release":true,"release again":false,"count after":1,"third now":true,"releaseAll":[true,true],"count end":0}
master #1: {"same node":true,"ids":true,"third":false,"count":2,"keys there":3,"holders":2,"refresh":true,"refresh bogus":false,"release":true,"release again":false,"count after":1,"third now":true,"releaseAll":[true,true],"count end":0}
master #2: {"same node":true,"ids":true,"third":false,"count":2,"keys there":3,"holders":2,"refresh":true,"refresh bogus":false,"release":true,"release again":false,"count after":1,"third now":true,"releaseAll":[true,true],"count end":0}
