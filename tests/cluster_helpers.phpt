--TEST--
Cluster test helpers (no extension call): the shared cluster has 3 masters covering 16384 slots, each with a replica; the PHP slot function agrees with CLUSTER KEYSLOT for braces of every shape; a private cluster forms, a slot moves with raw commands (ASK while migrating, MOVED after) and a name can be made for any slot
--SKIPIF--
<?php require __DIR__ . '/skipif_cluster.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/cluster_helpers.inc';

echo "-- shared cluster\n";
$c = RlClusterView::shared();
$masters = $c->masters();
var_dump(count($masters), count($c->ports()), $c->isOk());
$covered = 0;
foreach ($c->slotRanges() as [$lo, $hi]) {
    $covered += $hi - $lo + 1;
}
var_dump($covered);
$seeds = array_map(fn ($s) => $s[1], rl_cluster_seeds(RL_TEST_CLUSTER));
sort($seeds);
$m = $masters;
sort($m);
var_dump($seeds === $m);
$replicas = array_filter($c->ports(), fn ($p) => $c->role($p) === 'slave');
var_dump(count($replicas));

echo "-- slots\n";
$keys = ['', 'a', 'Lock:x', '{', '}', '{}', 'a{b}c', '{{x}}', '}{', '{a}{b}', '{}{a}', 'a{}b{c}', "\0\xff{\r\n}", "x{\0}",
    'Lock:{user1000}.following', '{user1000}.followers', '123456789'];
$bad = [];
foreach ($keys as $k) {
    if ($c->slotOf($k) !== $c->serverSlotOf($k)) {
        $bad[] = bin2hex($k);
    }
}
for ($i = 0; $i < 200; $i++) {
    $k = random_bytes(random_int(1, 12)) . (random_int(0, 1) ? '{' : '') . substr(random_bytes(3), random_int(0, 3)) . '}';
    if ($c->slotOf($k) !== $c->serverSlotOf($k)) {
        $bad[] = bin2hex($k);
    }
}
var_dump($bad, $c->slotOf('123456789') === (0x31C3 % 16384));
$name = $c->nameInSlot(4242);
var_dump($c->slotOf("Lock:$name"), $c->serverSlotOf("Lock:$name"));
$name = $c->nameOnNode($masters[1]);
var_dump($c->nodeForKey("Lock:$name") === $masters[1]);

echo "-- private cluster, a slot moved by hand\n";
$t = microtime(true);
$pc = new PrivateCluster(2);
$took = microtime(true) - $t;
var_dump(count($pc->masters()), $pc->isOk(), $took < 15 * rl_slowdown() ? 'formed in time' : "formed in $took s");
[$from, $to] = $pc->initialMasters();
$slot = 100;
var_dump($pc->nodeForSlot($slot) === $from);
$key = 'Lock:' . $pc->nameInSlot($slot);
$key2 = 'Lock:' . $pc->nameInSlot($slot, 'other');
var_dump($pc->raw($from)->cmd('SET', $key, 'v', 'PX', '60000'), $pc->raw($from)->cmd('SET', $key2, 'w'));
$pc->beginMigration($slot, $from, $to);
// only $key moves now: $key2 stays on the source until the end
var_dump($pc->raw($from)->cmd('MIGRATE', '127.0.0.1', (string)$to, '', '0', '5000', 'KEYS', $key));
$r = $pc->raw($from)->cmd('GET', $key);
var_dump($r instanceof RawRedisError ? $r->message === "ASK $slot 127.0.0.1:$to" : $r);
var_dump($pc->raw($from)->cmd('GET', $key2));
$r = $pc->raw($to)->cmd('GET', $key);
var_dump($r instanceof RawRedisError ? substr($r->message, 0, 5) : $r);
var_dump($pc->raw($to)->cmd('ASKING'), $pc->raw($to)->cmd('GET', $key));
$pttl = $pc->raw($to)->cmd('ASKING') === 'OK' ? $pc->raw($to)->cmd('PTTL', $key) : null;
var_dump($pttl > 50000 && $pttl <= 60000);
var_dump($pc->nodesHolding($key) === [$to], $pc->nodesHolding($key2) === [$from]);
var_dump($pc->migrateKeys($slot, $from, $to));
$pc->finishMigration($slot, $to);
var_dump($pc->nodeForSlot($slot, $from) === $to, $pc->nodeForSlot($slot, $to) === $to);
$r = $pc->raw($from)->cmd('GET', $key);
var_dump($r instanceof RawRedisError ? $r->message === "MOVED $slot 127.0.0.1:$to" : $r);
var_dump($pc->raw($to)->cmd('GET', $key), $pc->raw($to)->cmd('GET', $key2));
$pc->waitOk();
var_dump($pc->isOk());
$ports = $pc->ports();
unset($pc);
var_dump(array_filter($ports, function ($p) {
    $s = @stream_socket_client("tcp://127.0.0.1:$p", $errno, $errstr, 0.5);
    return $s !== false;
}));
?>
--EXPECT--
-- shared cluster
int(3)
int(6)
bool(true)
int(16384)
bool(true)
int(3)
-- slots
array(0) {
}
bool(true)
int(4242)
int(4242)
bool(true)
-- private cluster, a slot moved by hand
int(2)
bool(true)
string(14) "formed in time"
bool(true)
string(2) "OK"
string(2) "OK"
string(2) "OK"
bool(true)
string(1) "w"
string(5) "MOVED"
string(2) "OK"
string(1) "v"
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
bool(true)
bool(true)
string(1) "v"
string(1) "w"
bool(true)
array(0) {
}
