--TEST--
Cluster, persistent => true: one connection per master, reused across calls and by every persistent object of the process (CLIENT LIST on each node: same id, one entry), none to the replicas; a non-persistent object has connections of its own, closed when it goes; in a child, persistent connections survive the objects and serve a later one
--SKIPIF--
<?php require __DIR__ . '/skipif_cluster.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/cluster_helpers.inc';
$c = RlClusterView::shared();
$masters = $c->masters();
$replicas = array_values(array_diff($c->ports(), $masters));

/** port => ids of this process's redislock connections on that node */
function conns(RlClusterView $c, array $ports): array
{
    $out = [];
    foreach ($ports as $p) {
        $out[$p] = array_map(fn ($e) => (int)$e['id'], rl_client_entries($c->raw($p)));
        sort($out[$p]);
    }
    return $out;
}

/** a lock cycle on each master */
function cycle(RedisLock $l, RlClusterView $c): bool
{
    $ok = true;
    foreach ($c->masters() as $p) {
        $name = $c->nameOnNode($p, 'persist');
        $ok = $ok && $l->lock($name, 0, 5) && $l->isLocking($name) && $l->unlock($name);
    }
    return $ok;
}

$a = new RedisLock(RL_TEST_CLUSTER, ['persistent' => true]);
var_dump(cycle($a, $c));
$first = conns($c, $masters);
var_dump(array_map('count', $first) === array_fill_keys($masters, 1));
var_dump(array_sum(array_map('count', conns($c, $replicas))));
var_dump(cycle($a, $c), conns($c, $masters) === $first);
$b = new RedisLock(RL_TEST_CLUSTER, ['persistent' => true]);
$s = new RedisSemaphore(RL_TEST_CLUSTER, ['persistent' => true]);
var_dump(cycle($b, $c), is_string($id = $s->acquire(rl_unique('p'), 1, 5)), $s->releaseAll());
var_dump(conns($c, $masters) === $first);
unset($a, $b, $s);
var_dump(conns($c, $masters) === $first);

echo "-- non-persistent beside it\n";
$n = new RedisLock(RL_TEST_CLUSTER);
var_dump(cycle($n, $c));
$both = conns($c, $masters);
var_dump(array_map('count', $both) === array_fill_keys($masters, 2));
var_dump(cycle($n, $c), conns($c, $masters) === $both);
unset($n);
var_dump(rl_wait_until(fn () => conns($c, $masters) === $first, 5.0));
$p = new RedisLock(RL_TEST_CLUSTER, ['persistent' => true]);
var_dump(cycle($p, $c), conns($c, $masters) === $first);

echo "-- in a child\n";
[$rc, $out] = rl_run_php(rl_child_prelude() . 'require ' . var_export(__DIR__ . '/lock_helpers.inc', true) . ';
require ' . var_export(__DIR__ . '/cluster_helpers.inc', true) . ';
$c = RlClusterView::shared();
$names = array_map(fn ($p) => $c->nameOnNode($p, "child"), $c->masters());
$ids = [];
for ($i = 0; $i < 3; $i++) {
    $l = new RedisLock(RL_TEST_CLUSTER, ["persistent" => true]);
    foreach ($names as $n) { if (!$l->lock($n, 0, 5) || !$l->unlock($n)) { echo "cycle failed\n"; } }
    unset($l);
    $now = [];
    foreach ($c->masters() as $p) { $now[$p] = array_map(fn ($e) => $e["id"], rl_client_entries($c->raw($p))); }
    $ids[] = json_encode($now);
}
echo count(array_unique($ids)) === 1 ? "same connections\n" : implode("\n", $ids) . "\n";
echo array_sum(array_map("count", json_decode($ids[0], true))) === 3 ? "one per master\n" : $ids[0] . "\n";
');
echo $out;
var_dump($rc);
?>
--EXPECT--
bool(true)
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
-- non-persistent beside it
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
-- in a child
same connections
one per master
int(0)
