--TEST--
Cluster: 96 names spread over all 3 masters: each lock key lives on the master that serves its slot (and nowhere else); a second object is refused every one; unlockAll() returns true and leaves no key; semaphores likewise with releaseAll(); the request-end release of a child that held 96 locks and 24 semaphore slots leaves nothing on any master
--SKIPIF--
<?php require __DIR__ . '/skipif_cluster.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/cluster_helpers.inc';
$c = RlClusterView::shared();
$masters = $c->masters();
$n = 96;

/** $n unique names, at least $n / 6 of them on each master */
function spread_names(RlClusterView $c, int $n, string $prefix): array
{
    $masters = $c->masters();
    $per = array_fill_keys($masters, []);
    $names = [];
    while (count($names) < $n) {
        $name = rl_unique('spread');
        $p = $c->nodeForKey($prefix . $name);
        if (count($per[$p]) < $n / 3) {
            $per[$p][] = $name;
            $names[] = $name;
        }
    }
    return $names;
}

/** "ok", or the keys of $names (under $prefix) found / not found where they should be */
function where(RlClusterView $c, array $keys, bool $present): string
{
    $bad = [];
    foreach ($keys as $k) {
        $holding = $c->nodesHolding($k);
        if ($holding !== ($present ? [$c->nodeForKey($k)] : [])) {
            $bad[] = bin2hex($k) . ' on ' . json_encode($holding);
        }
    }
    return $bad ? implode(', ', $bad) : 'ok';
}

echo "-- locks\n";
$names = spread_names($c, $n, 'Lock:');
$keys = array_map(fn ($x) => "Lock:$x", $names);
$per = array_count_values(array_map(fn ($k) => $c->nodeForKey($k), $keys));
var_dump(count($per) === 3 && min($per) >= 16);
$a = new RedisLock(RL_TEST_CLUSTER);
$b = new RedisLock(RL_TEST_CLUSTER);
$got = 0;
foreach ($names as $x) {
    $got += $a->lock($x, 0, 30);
}
var_dump($got);
echo where($c, $keys, true), "\n";
$tokens = array_map(fn ($k) => $c->keyCmd('GET', $k), $keys);
var_dump(count(array_filter($tokens, fn ($t) => is_string($t) && preg_match('/^[0-9a-f]{32}$/D', $t))));
$refused = 0;
$held = 0;
foreach ($names as $x) {
    $refused += !$b->lock($x, 0, 30);
    $held += $a->isLocking($x);
}
var_dump($refused, $held);
var_dump($b->unlockAll());   // holds nothing
var_dump($a->unlockAll());
echo where($c, $keys, false), "\n";
var_dump($a->unlockAll(), array_sum(array_map(fn ($x) => $a->isLocking($x), $names)));

echo "-- semaphores\n";
$snames = spread_names($c, 24, "Sem:");
$s = new RedisSemaphore(RL_TEST_CLUSTER);
$ids = 0;
foreach ($snames as $x) {
    $ids += is_string($s->acquire($x, 1, 30));
}
var_dump($ids, array_sum(array_map(fn ($x) => $s->count($x), $snames)));
var_dump($s->releaseAll());
var_dump(array_sum(array_map(fn ($x) => $s->count($x), $snames)));
echo where($c, array_map(fn ($x) => "{Sem:$x}:holders", $snames), false), "\n";

echo "-- request end in a child\n";
$names = spread_names($c, $n, 'Lock:');
$keys = array_map(fn ($x) => "Lock:$x", $names);
$snames = spread_names($c, 24, 'Sem:');
$child = new RlChild(rl_child_prelude() . '
$names = ' . var_export($names, true) . ';
$snames = ' . var_export($snames, true) . ';
$l = new RedisLock(getenv("REDISLOCK_TEST_CLUSTER"));
$s = new RedisSemaphore(getenv("REDISLOCK_TEST_CLUSTER"));
$ok = 0;
foreach ($names as $x) { $ok += $l->lock($x, 0, 60); }
foreach ($snames as $x) { $ok += is_string($s->acquire($x, 1, 60)); }
echo "held $ok\n";
fgets(STDIN);   // the request ends when the parent says so
');
var_dump($child->line(30 * rl_slowdown()));
echo where($c, $keys, true), "\n";
var_dump(array_sum(array_map(fn ($x) => (new RedisSemaphore(RL_TEST_CLUSTER))->count($x), $snames)));
$child->write("end\n");
[$rc, $out] = $child->finish();
var_dump($rc, $out);
echo where($c, $keys, false), "\n";
echo where($c, array_map(fn ($x) => "{Sem:$x}:holders", $snames), false), "\n";
$b2 = new RedisLock(RL_TEST_CLUSTER);
$got = 0;
foreach ($names as $x) {
    $got += $b2->lock($x, 0, 5);
}
var_dump($got, $b2->unlockAll());
echo where($c, $keys, false), "\n";
?>
--EXPECT--
-- locks
bool(true)
int(96)
ok
int(96)
int(96)
int(96)
bool(true)
bool(true)
ok
bool(true)
int(0)
-- semaphores
int(24)
int(24)
bool(true)
int(0)
ok
-- request end in a child
string(8) "held 120"
ok
int(24)
int(0)
string(0) ""
ok
ok
int(96)
bool(true)
ok
