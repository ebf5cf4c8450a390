--TEST--
Cluster: a waiter whose lock's slot stays in migration (MIGRATING/IMPORTING, the keys split, so every script gets TRYAGAIN) never waits past its $timeout: lock($name, 0.6) on a held lock returns false by the deadline (not after the 2 s TRYAGAIN patience); with the migration over, the same object waits and is handed the lock as usual
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
[$from, $to] = $pc->initialMasters();
$slot = 4321;
var_dump($pc->nodeForSlot($slot) === $from);
$name = $pc->nameInSlot($slot, 'held');
$other = $pc->nameInSlot($slot, 'other');
$holder = new RedisLock($server);
$waiter = new RedisLock($server);
var_dump($holder->lock($name, 0, 30), $holder->lock($other, 0, 30));

echo "-- migration open, one key moved: the slot's keys are split\n";
$pc->beginMigration($slot, $from, $to);
var_dump($pc->raw($from)->cmd('MIGRATE', '127.0.0.1', (string)$to, '', '0', '5000', 'KEYS', "Lock:$other"));
$t = microtime(true);
try {
    $r = $waiter->lock($name, 0.6, 10);
} catch (RedisLockException $e) {
    $r = 'RedisLockException: ' . $e->getMessage();
}
$took = microtime(true) - $t;
var_dump($r);
// by its deadline (0.6 s), give or take one pause and a round trip; the patience alone is 2 s
var_dump($took >= 0.55, $took < 0.6 + 0.4 * $k);
var_dump($holder->isLocking($name));   // GET follows ASK or is served where the key is

echo "-- migration over\n";
$pc->migrateKeys($slot, $from, $to);
$pc->finishMigration($slot, $to);
$child = new RlChild(rl_child_prelude() . '
$l = new RedisLock(' . var_export($server, true) . ');
echo "ready\n";
$t = microtime(true);
$ok = $l->lock(' . var_export($name, true) . ', 10, 10);
echo json_encode([$ok, microtime(true) - $t]), "\n";
$l->unlock(' . var_export($name, true) . ');
');
var_dump($child->line());
usleep((int)(300000 * $k));
var_dump($holder->unlock($name), $holder->unlock($other));
[$ok, $waited] = json_decode($child->line(15 * $k), true);
var_dump($ok, $waited < 5 * $k);
$child->finish();
var_dump($pc->nodesHolding("Lock:$name"));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
-- migration open, one key moved: the slot's keys are split
string(2) "OK"
bool(false)
bool(true)
bool(true)
bool(true)
-- migration over
string(5) "ready"
bool(true)
bool(true)
bool(true)
bool(true)
array(0) {
}
