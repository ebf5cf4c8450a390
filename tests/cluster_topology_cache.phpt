--TEST--
Cluster slot map cached per process: the first operation of a process asks one node for the map (one CLUSTER SLOTS or SHARDS in all, none to the other nodes); further calls, and a second object of the same configuration, ask none; the constructors ask nothing
--SKIPIF--
<?php require __DIR__ . '/skipif_cluster.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/cluster_helpers.inc';
$c = RlClusterView::shared();
$ports = $c->ports();
$names = array_map(fn ($p) => $c->nameOnNode($p, 'topo'), $c->masters());
/* the helper's own CLUSTER SLOTS (nameOnNode, masters) are done: from here, only the extension asks */

/** CLUSTER SLOTS and SHARDS calls so far, on each node (port => calls) */
function map_calls(RlClusterView $c, array $ports): array
{
    $out = [];
    foreach ($ports as $p) {
        $out[$p] = $c->commandCalls($p, ['cluster|slots', 'cluster|shards']);
    }
    return $out;
}

function cycle(RedisLock $l, array $names): bool
{
    $ok = true;
    foreach ($names as $n) {
        $ok = $ok && $l->lock($n, 0, 5) && $l->isLocking($n) && $l->unlock($n);
    }
    return $ok;
}

$before = map_calls($c, $ports);
$a = new RedisLock(RL_TEST_CLUSTER);
$b = new RedisLock(RL_TEST_CLUSTER);
var_dump(map_calls($c, $ports) === $before);
var_dump(cycle($a, $names));
$delta = array_map(fn ($p) => map_calls($c, [$p])[$p] - $before[$p], $ports);
var_dump(array_sum($delta), max($delta));
$after = map_calls($c, $ports);
var_dump(cycle($a, $names), cycle($b, $names), $a->unlockAll());
$s = new RedisSemaphore(RL_TEST_CLUSTER);
var_dump(is_string($id = $s->acquire($names[0], 1, 5)), $s->release($names[0], $id));
var_dump(map_calls($c, $ports) === $after);
?>
--EXPECT--
bool(true)
bool(true)
int(1)
int(1)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
