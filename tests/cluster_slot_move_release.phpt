--TEST--
Cluster: releases of everything held after slots moved: unlockAll() and releaseAll() (one pipeline per node, some replies MOVED) return true and leave no key on either node; the request-end release of a child whose locks' slot moved while it held them leaves nothing either
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

/** "ok", or the keys found anywhere */
function none_left(PrivateCluster $pc, array $keys): string
{
    $left = [];
    foreach ($keys as $key) {
        if ($h = $pc->nodesHolding($key)) {
            $left[] = "$key on " . implode(',', $h);
        }
    }
    return $left ? implode('; ', $left) : 'ok';
}

echo "-- unlockAll()/releaseAll() after a move\n";
$slot = 777;   // on m0
$inSlot = array_map(fn ($i) => $pc->nameInSlot($slot, "moving$i"), range(1, 5));
$elsewhere = [$pc->nameOnNode($m0, 'stay0'), $pc->nameOnNode($m0, 'stay1'), $pc->nameOnNode($m1, 'other0'),
    $pc->nameOnNode($m1, 'other1')];
$semInSlot = array_map(fn ($i) => $pc->nameInSlot($slot, "sem$i", 'Sem:'), range(1, 3));
$a = new RedisLock($server);
$s = new RedisSemaphore($server);
$ok = 0;
foreach (array_merge($inSlot, $elsewhere) as $x) {
    $ok += $a->lock($x, 0, 30);
}
foreach ($semInSlot as $x) {
    $ok += is_string($s->acquire($x, 2, 30));
}
var_dump($ok, $pc->nodeForSlot($slot) === $m0);
var_dump($pc->moveSlot($slot, $m0, $m1));   // 5 lock keys, 3 semaphores of 3 keys
var_dump($a->unlockAll(), $s->releaseAll());
$keys = array_merge(array_map(fn ($x) => "Lock:$x", array_merge($inSlot, $elsewhere)),
    array_map(fn ($x) => "{Sem:$x}:holders", $semInSlot));
echo none_left($pc, $keys), "\n";
var_dump(array_sum(array_map(fn ($x) => $a->isLocking($x), $inSlot)), array_sum(array_map(fn ($x) => $s->count($x), $semInSlot)));

echo "-- request end after a move\n";
$slot2 = $pc->slotOf('Lock:' . $pc->nameOnNode($m0, 'slot2'));
$names = array_map(fn ($i) => $pc->nameInSlot($slot2, "child$i"), range(1, 5));
$names[] = $pc->nameOnNode($m1, 'child-other');
$child = new RlChild(rl_child_prelude() . '
$l = new RedisLock(' . var_export($server, true) . ');
$s = new RedisSemaphore(' . var_export($server, true) . ');
$ok = 0;
foreach (' . var_export($names, true) . ' as $x) { $ok += $l->lock($x, 0, 60); $ok += is_string($s->acquire($x, 1, 60)); }
echo "held $ok\n";
fgets(STDIN);
');
var_dump($child->line(30 * $k));
$keys = array_merge(array_map(fn ($x) => "Lock:$x", $names), array_map(fn ($x) => "{Sem:$x}:holders", $names));
var_dump(count(array_filter($keys, fn ($key) => $pc->nodesHolding($key) !== [])));
var_dump($pc->moveSlot($slot2, $m0, $m1));   // the 5 lock keys (the semaphores' keys hash elsewhere)
$child->write("end\n");
[$rc, $out] = $child->finish();
var_dump($rc, $out);
echo none_left($pc, $keys), "\n";
?>
--EXPECT--
-- unlockAll()/releaseAll() after a move
int(12)
bool(true)
int(14)
bool(true)
bool(true)
ok
int(0)
int(0)
-- request end after a move
string(7) "held 12"
int(12)
int(5)
int(0)
string(0) ""
ok
