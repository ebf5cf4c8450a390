--TEST--
Cluster: ASK during a migration (slot MIGRATING on the source, IMPORTING on the target, the lock key already moved): isLocking() of the moved lock is true and another object's lock() of it false; lock() of a fresh name in that slot succeeds (on the target); remaining/expire/unlock of the moved lock succeed, at once or once the migration ends; afterwards nothing is left on either node
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
$slot = 1234;
var_dump($pc->nodeForSlot($slot) === $from);
$moved = $pc->nameInSlot($slot, 'moved');
$fresh = $pc->nameInSlot($slot, 'fresh');
$stays = $pc->nameInSlot($slot, 'stays');
$a = new RedisLock($server);
$b = new RedisLock($server);
var_dump($a->lock($moved, 0, 30), $a->lock($stays, 0, 30), $b->isLocking($moved));
$token = $pc->raw($from)->cmd('GET', "Lock:$moved");

echo "-- migrating, the lock key moved\n";
$pc->beginMigration($slot, $from, $to);
var_dump($pc->raw($from)->cmd('MIGRATE', '127.0.0.1', (string)$to, '', '0', '5000', 'KEYS', "Lock:$moved"));
$r = $pc->raw($from)->cmd('GET', "Lock:$moved");
var_dump($r instanceof RawRedisError && str_starts_with($r->message, 'ASK '));
$r = [];
foreach ([
    'isLocking moved' => fn () => $a->isLocking($moved),
    'other lock moved' => fn () => $b->lock($moved, 0, 30),
    'other isLocking moved' => fn () => $b->isLocking($moved),
    'lock fresh' => fn () => $a->lock($fresh, 0, 30),
    'fresh on target' => fn () => $pc->nodesHolding("Lock:$fresh") === [$to],
    'other lock fresh' => fn () => $b->lock($fresh, 0, 30),
    'isLocking stays' => fn () => $a->isLocking($stays),
] as $what => $call) {
    try {
        $r[$what] = $call();
    } catch (Throwable $e) {
        $r[$what] = get_class($e) . ': ' . $e->getMessage();
    }
}
echo json_encode($r), "\n";
var_dump($pc->raw($to)->cmd('ASKING'), $pc->raw($to)->cmd('GET', "Lock:$moved") === $token);

echo "-- remaining/expire/unlock of the moved lock while the slot is migrating (in a child, the migration ends 0.5 s later)\n";
// a script with several keys meets TRYAGAIN while the slot's keys are split over two nodes:
// the call may wait for the migration to end (the extension retries a TRYAGAIN for about 2 s), but must succeed then
$ender = new RlChild(rl_child_prelude() . '
echo "ready\n";
usleep(500000);
$from = ' . $from . '; $to = ' . $to . '; $slot = ' . $slot . ';
$raw = fn ($p) => new RawRedis("tcp://127.0.0.1:$p");
$keys = $raw($from)->cmd("CLUSTER", "GETKEYSINSLOT", (string)$slot, "100");
if ($keys) { $raw($from)->cmd("MIGRATE", "127.0.0.1", (string)$to, "", "0", "5000", "REPLACE", "KEYS", ...$keys); }
$id = $raw($to)->cmd("CLUSTER", "MYID");
echo json_encode([$raw($to)->cmd("CLUSTER", "SETSLOT", (string)$slot, "NODE", $id), $raw($from)->cmd("CLUSTER", "SETSLOT", (string)$slot, "NODE", $id)]), "\n";
');
var_dump($ender->line(30 * $k));
$r = [];
foreach ([
    'remaining' => fn () => ($x = $a->remaining($moved)) > 20 && $x <= 30,
    'expire' => fn () => $a->expire($moved, 40),
    'unlock' => fn () => $a->unlock($moved),
] as $what => $call) {
    $t = microtime(true);
    try {
        $r[$what] = $call();
    } catch (Throwable $e) {
        $r[$what] = get_class($e) . ': ' . $e->getMessage();
    }
    if (microtime(true) - $t > 5 * $k) {
        $r[$what . ' took'] = microtime(true) - $t;
    }
}
[$rc, $out] = $ender->finish();
echo json_encode($r), "\n";
var_dump($rc, $out);
$pc->finishMigration($slot, $to);
var_dump($a->unlock($fresh), $a->unlock($stays));
var_dump($pc->nodesHolding("Lock:$moved"), $pc->nodesHolding("Lock:$fresh"), $pc->nodesHolding("Lock:$stays"));
var_dump($pc->raw($to)->cmd('CLUSTER', 'COUNTKEYSINSLOT', (string)$slot), $pc->raw($from)->cmd('DBSIZE'));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(false)
-- migrating, the lock key moved
string(2) "OK"
bool(true)
{"isLocking moved":true,"other lock moved":false,"other isLocking moved":false,"lock fresh":true,"fresh on target":true,"other lock fresh":false,"isLocking stays":true}
string(2) "OK"
bool(true)
-- remaining/expire/unlock of the moved lock while the slot is migrating (in a child, the migration ends 0.5 s later)
string(5) "ready"
{"remaining":true,"expire":true,"unlock":true}
int(0)
string(12) "["OK","OK"]
"
bool(true)
bool(true)
array(0) {
}
array(0) {
}
array(0) {
}
int(0)
int(0)
