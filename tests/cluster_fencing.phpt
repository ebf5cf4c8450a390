--TEST--
Fencing tokens (issue 24) on Redis Cluster: the option and redislock.fencing=1 apply to cluster://; on names served by each of three masters, and names with a hash tag or with a "}" and no tag, the fence counter is in the lock key's slot (CLUSTER KEYSLOT equal) on the node that holds the lock, has no TTL, and fences of two objects increase: every fence is max(the last one + 1, the node's clock in microseconds), each greater than the one before and within the node's clock (TIME) read before and after the step that gave it (not consecutive), the counter at the last; a waiter in another process granted by a release gets a new fence; on a private cluster the lock's slot is moved (SETSLOT IMPORTING/MIGRATING, MIGRATE, SETSLOT NODE) while a fencing lock is held and again while a fencing waiter is blocked: the counter moves with the slot, the holder's fence() is unchanged, the waiter (granted on the new node) and every later lock() get fences greater than every fence before the move
--SKIPIF--
<?php require __DIR__ . '/skipif_cluster.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/cluster_helpers.inc';
/** The server's clock in microseconds (TIME). */
function server_us(RawRedis $raw): int
{
    [$s, $us] = $raw->cmd('TIME');
    return (int)$s * 1000000 + (int)$us;
}

/**
 * Every fence is max(the last one + 1, the server's clock in microseconds): true if each
 * [since, fence, until] of $takes, in the order of the acquisitions (since and until: the
 * server's clock read before and after the step that gave it), has an int fence within
 * [since, until] and greater than the one before it (the first: than $above); else what is wrong.
 */
function fences_grow(array $takes, ?int $above = null): true|string
{
    $last = $above;
    foreach (array_values($takes) as $i => [$since, $f, $until]) {
        if (!is_int($f) || ($last !== null && $f <= $last) || $f < $since || $f > $until) {
            return "fence $i: " . json_encode([$since, $f, $until]) . ' after ' . json_encode($last);
        }
        $last = $f;
    }
    return true;
}

$k = rl_slowdown();
$opts = ['fencing' => true];

echo "-- redislock.fencing=1 applies to Cluster\n";
[$rc, $out] = rl_run_php(rl_child_prelude() . '$n = rl_unique("fence-ini");
$l = new RedisLock(' . var_export(RL_TEST_CLUSTER, true) . ');
var_dump($l->lock($n, 0, 10), is_int($l->fence($n)), $l->unlock($n), $l->fence($n));', ['redislock.fencing' => '1']);
echo $out;
var_dump($rc);

echo "-- the counter in the lock's slot, on every master\n";
$c = RlClusterView::shared();
$a = new RedisLock(RL_TEST_CLUSTER, $opts);
$b = new RedisLock(RL_TEST_CLUSTER, $opts);
$names = [];
$ports = [];
for ($i = 0; count($ports) < 3 && $i < 200; $i++) {
    $name = rl_unique("cluster-fence-$i");
    $port = $c->nodeForKey("Lock:$name");
    if (!isset($ports[$port])) {
        $ports[$port] = true;
        $names[] = $name;
    }
}
$base = rl_unique('cluster-fence');
$names[] = "$base-{tag}";      // a hash tag: the counter's is the same tag
$names[] = "$base-a}b";        // a "}" and no tag: a crafted tag of the key's slot
echo count($ports), " masters\n";
$rows = [];
foreach ($names as $name) {
    $key = "Lock:$name";
    $counter = rl_lock_fence_key($key);
    $node = $c->rawForKey($key);   // the node's clock
    $t0 = server_us($node);
    $row = [$a->lock($name, 0, 30), fences_grow([[$t0, $fa = $a->fence($name), server_us($node)]])];
    $row[] = $c->serverSlotOf($counter) === $c->serverSlotOf($key);
    $row[] = $c->nodesHolding($counter) === [$c->nodeForKey($key)] && $c->nodesHolding($key) === [$c->nodeForKey($key)];
    $row[] = $c->keyCmd('PTTL', $counter);
    $row[] = $b->lock($name, 0, 30);
    $row[] = $a->unlock($name);
    $t0 = server_us($node);
    $row[] = $b->lock($name, 0, 30) && fences_grow([[$t0, $fb = $b->fence($name), server_us($node)]], $fa);
    $row[] = $b->unlock($name);
    $row[] = $c->keyCmd('GET', $counter) === (string)$fb;
    $rows[] = json_encode($row);
}
echo implode("\n", array_unique($rows)), "\n";

echo "-- a waiter granted by a release\n";
$name = $names[0];
$key = "Lock:$name";
$w = new RlWorker(RL_TEST_CLUSTER, $opts);
$w->warmUp();
var_dump($a->lock($name, 0, 30), is_int($fa = $a->fence($name)));
$w->calls(['lock', 'lock', $name, 30 * $k, 30], ['lock', 'fence', $name], ['lock', 'unlock', $name]);
rl_wait_queue_len($node = $c->rawForKey($key), rl_lock_wait_keys($key)['queue'], 1, 10 * $k);
$t0 = server_us($node);
var_dump($a->unlock($name));
[$l, $f, $u] = $w->results();
var_dump($l['r'], fences_grow([[$t0, $f['r'], server_us($node)]], $fa), $u['r'], $c->keyCmd('GET', rl_lock_fence_key($key)) === (string)$f['r']);
$w->finish();

echo "-- a private cluster: the slot moves while a fencing lock is held\n";
$pc = new PrivateCluster(3);
$server = $pc->server();
[$m0, $m1, $m2] = $pc->initialMasters();
$a = new RedisLock($server, $opts);
$b = new RedisLock($server, $opts);
$name = $pc->nameOnNode($m0, 'fence-moved');
$key = "Lock:$name";
$counter = rl_lock_fence_key($key);
$slot = $pc->slotOf($key);
$before = [];   // [the node's clock before, fence, its clock after]
foreach ([$a, $b, $a] as $o) {
    $t0 = server_us($pc->raw($m0));
    $o->lock($name, 0, 60);
    $before[] = [$t0, $o->fence($name), server_us($pc->raw($m0))];
    $o->unlock($name);
}
$t0 = server_us($pc->raw($m0));
var_dump(fences_grow($before), $a->lock($name, 0, 60), fences_grow([[$t0, $fa = $a->fence($name), server_us($pc->raw($m0))]], end($before)[1]));
var_dump($pc->nodesHolding($counter) === [$m0], $pc->moveSlot($slot, $m0, $m1) >= 2);
var_dump($pc->nodesHolding($counter) === [$m1], $pc->raw($m1)->cmd('GET', $counter) === (string)$fa, $pc->raw($m1)->cmd('PTTL', $counter));
var_dump($a->isLocking($name), $a->fence($name) === $fa, $b->lock($name, 0, 60), $a->unlock($name));
$t0 = server_us($pc->raw($m1));
var_dump($b->lock($name, 0, 60), fences_grow([[$t0, $fb = $b->fence($name), server_us($pc->raw($m1))]], $fa), $b->unlock($name),
    $pc->raw($m1)->cmd('GET', $counter) === (string)$fb);

echo "-- the slot moves while a fencing waiter is blocked\n";
$w = new RlWorker($server, $opts);
$w->warmUp();
$t0 = server_us($pc->raw($m1));
var_dump($a->lock($name, 0, 60), fences_grow([[$t0, $fa = $a->fence($name), server_us($pc->raw($m1))]], $fb));
$w->calls(['lock', 'lock', $name, 30 * $k, 30], ['lock', 'fence', $name]);
rl_wait_queue_len($pc->raw($m1), rl_lock_wait_keys($key)['queue'], 1, 10 * $k);
var_dump($pc->moveSlot($slot, $m1, $m2) >= 3);   // the lock key, its queue, the counter
usleep(300000);   // the waiter may notice the move before the unlock
$t0 = server_us($pc->raw($m2));
var_dump($a->unlock($name));
[$l, $f] = $w->results(30 * $k);
echo json_encode([$l['r'], $l['e'], fences_grow([[$t0, $fw = $f['r'], server_us($pc->raw($m2))]], $fa)]), "\n";
var_dump($pc->nodesHolding($counter) === [$m2], $pc->raw($m2)->cmd('GET', $counter) === (string)$fw);
// its unlock() counts nothing (nobody else is queued: the waiter visited on the new node, it did not join again)
var_dump($w->call('lock', 'unlock', $name)['r'], $pc->raw($m2)->cmd('GET', $counter) === (string)$fw);
$t0 = server_us($pc->raw($m2));
var_dump($a->lock($name, 0, 60), fences_grow([[$t0, $a->fence($name), server_us($pc->raw($m2))]], $fw), $a->unlock($name));
$w->finish();
?>
--EXPECT--
-- redislock.fencing=1 applies to Cluster
bool(true)
bool(true)
bool(true)
bool(false)
int(0)
-- the counter in the lock's slot, on every master
3 masters
[true,true,true,true,-1,false,true,true,true,true]
-- a waiter granted by a release
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
-- a private cluster: the slot moves while a fencing lock is held
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(-1)
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
-- the slot moves while a fencing waiter is blocked
bool(true)
bool(true)
bool(true)
bool(true)
[true,null,true]
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
