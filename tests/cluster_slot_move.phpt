--TEST--
Cluster: a slot moved (SETSLOT IMPORTING/MIGRATING, MIGRATE, SETSLOT NODE) while a lock on it is held: afterwards isLocking/remaining/expire/unlock work and lock() again puts the key on the new node; a waiter blocked during the move follows it and gets the lock when the holder unlocks; a waiter nobody serves still gives up at its timeout
--SKIPIF--
<?php require __DIR__ . '/skipif_cluster.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/cluster_helpers.inc';
$k = rl_slowdown();
$pc = new PrivateCluster(3);
$server = $pc->server();
[$m0, $m1, $m2] = $pc->initialMasters();
$a = new RedisLock($server);
$b = new RedisLock($server);

echo "-- a held lock's slot moves\n";
$name = $pc->nameOnNode($m0, 'moved');
$key = "Lock:$name";
$slot = $pc->slotOf($key);
var_dump($a->lock($name, 0, 30));
$token = $pc->raw($m0)->cmd('GET', $key);
var_dump(strlen((string)$token), $b->isLocking($name));
var_dump($pc->moveSlot($slot, $m0, $m1) >= 1);
var_dump($pc->nodesHolding($key) === [$m1], $pc->raw($m1)->cmd('GET', $key) === $token);
$r = [];
foreach ([
    'isLocking' => fn () => $a->isLocking($name),
    'remaining' => fn () => ($x = $a->remaining($name)) > 25 && $x <= 30,
    'other lock' => fn () => $b->lock($name, 0, 30),
    'expire' => fn () => $a->expire($name, 50),
    'pttl' => fn () => ($p = $pc->raw($m1)->cmd('PTTL', $key)) > 49000 && $p <= 50000,
    'unlock' => fn () => $a->unlock($name),
    'gone' => fn () => $pc->nodesHolding($key),
    'lock again' => fn () => $a->lock($name, 0, 30),
    'on the new node' => fn () => $pc->nodesHolding($key) === [$m1],
    'unlock again' => fn () => $a->unlock($name),
] as $what => $call) {
    try {
        $r[$what] = $call();
    } catch (Throwable $e) {
        $r[$what] = get_class($e) . ': ' . $e->getMessage();
    }
}
echo json_encode($r), "\n";
// an object that mapped the slots before the move and never used this slot: the same
$name2 = $pc->nameInSlot($slot, 'fresh');
try {
    var_dump($b->lock($name2, 0, 5), $pc->nodesHolding("Lock:$name2") === [$m1], $b->unlock($name2));
} catch (Throwable $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}

echo "-- a waiter blocked while the slot moves\n";
$name = $pc->nameOnNode($m2, 'waiter');
$key = "Lock:$name";
$slot = $pc->slotOf($key);
$queue = rl_lock_wait_keys($key)['queue'];
var_dump($a->lock($name, 0, 30));
$w = new RlWorker($server);
$w->warmUp();
$w->calls(['lock', 'lock', $name, 15 * $k, 30], ['lock', 'isLocking', $name], ['lock', 'unlock', $name]);
rl_wait_queue_len($pc->raw($m2), $queue, 1, 10 * $k);
$t = microtime(true);
var_dump($pc->moveSlot($slot, $m2, $m0) >= 2);   // the lock key and the wait keys
usleep(300000);   // the waiter may notice the move before the unlock
$tu = hrtime(true);
var_dump($a->unlock($name));
[$l, $i, $u] = $w->results(30 * $k);
echo json_encode([$l['r'], $l['e'], $i['r'], $u['r'], $u['e']]), "\n";
$after = ($l['t1'] - $tu) / 1e9;
echo $after < 2.0 * $k ? "got it soon after the unlock\n" : "got it $after s after the unlock\n";
var_dump($pc->nodesHolding($key), $pc->nodeForSlot($slot) === $m0);

echo "-- nobody unlocks while the slot moves: the waiter gives up at its timeout\n";
$name = $pc->nameOnNode($m1, 'timeout');
$key = "Lock:$name";
$slot = $pc->slotOf($key);
$queue = rl_lock_wait_keys($key)['queue'];
var_dump($a->lock($name, 0, 60));
$w->calls(['lock', 'lock', $name, 3.0, 30]);
rl_wait_queue_len($pc->raw($m1), $queue, 1, 10 * $k);
$pc->moveSlot($slot, $m1, $m2);
[$l] = $w->results(30 * $k);
$took = ($l['t1'] - $l['t0']) / 1e9;
echo json_encode([$l['r'], $l['e']]), ' ', $took >= 2.9 && $took < 3.0 + 1.5 * $k ? "at its timeout\n" : "after $took s\n";
var_dump($a->isLocking($name), $a->unlock($name), $pc->nodesHolding($key));
?>
--EXPECT--
-- a held lock's slot moves
bool(true)
int(32)
bool(false)
bool(true)
bool(true)
bool(true)
{"isLocking":true,"remaining":true,"other lock":false,"expire":true,"pttl":true,"unlock":true,"gone":[],"lock again":true,"on the new node":true,"unlock again":true}
bool(true)
bool(true)
bool(true)
-- a waiter blocked while the slot moves
bool(true)
bool(true)
bool(true)
[true,null,true,true,null]
got it soon after the unlock
array(0) {
}
bool(true)
-- nobody unlocks while the slot moves: the waiter gives up at its timeout
bool(true)
[false,null] at its timeout
bool(true)
bool(true)
array(0) {
}
