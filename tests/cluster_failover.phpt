--TEST--
Cluster failover: a master is killed (SIGKILL) and its replica takes over: lock() on its slots is retried through the failover window (it may throw or return false meanwhile, never hangs past its read timeout) and succeeds, the key on the promoted replica; a lock taken before the kill (and replicated) is still isLocking() and unlocks; an object that was connected to the dead master works within two calls; a new object whose first seed is the dead master works at once; the other masters' locks never stop working once the cluster is ok
--SKIPIF--
<?php require __DIR__ . '/skipif_cluster.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/cluster_helpers.inc';
$k = rl_slowdown();
$pc = new PrivateCluster(3, 1, (int)(1000 * rl_server_slowdown()));
[$m0, $m1, $m2] = $pc->initialMasters();
$server = "cluster://127.0.0.1:$m0,127.0.0.1:$m1,127.0.0.1:$m2";   // the one killed is the first seed
[$r0] = $pc->replicasOf($m0);
$opts = ['connect_timeout' => 0.5 * $k, 'read_timeout' => 1.0 * $k];
$a = new RedisLock($server, $opts);
$b = new RedisLock($server, $opts);

$held = $pc->nameOnNode($m0, 'held');
$heldKey = "Lock:$held";
var_dump($a->lock($held, 0, 60));
// b talks to every master (its connection to m0 is then broken by the kill)
foreach ([$m0, $m1, $m2] as $p) {
    $x = $pc->nameOnNode($p, 'warm');
    if (!$b->lock($x, 0, 5) || !$b->unlock($x)) {
        echo "warm-up on $p failed\n";
    }
}
// the replica has the lock key before the kill
$rr = $pc->raw($r0);
var_dump($rr->cmd('READONLY'));
var_dump(rl_wait_until(fn () => $rr->cmd('GET', $heldKey) === $pc->raw($m0)->cmd('GET', $heldKey), 5 * $k));

echo "-- kill the master, retry until the replica serves\n";
$name = $pc->nameOnNode($m0, 'after');
$pc->killNode($m0);
$t0 = microtime(true);
$tries = 0;
$errors = [];
$slow = [];
$ok = false;
while (microtime(true) - $t0 < 30 * $k) {
    $tries++;
    $t = microtime(true);
    try {
        $ok = $a->lock($name, 0, 30);
    } catch (RedisLockException $e) {
        $errors[strtr($e->getMessage(), '0123456789', 'NNNNNNNNNN')] = true;   // (no PCRE JIT in the valgrind pass)
    }
    // a refused connection or a cluster that says it is down answers fast; a dead node costs a connect timeout
    if (($d = microtime(true) - $t) > 2 * ($opts['connect_timeout'] + $opts['read_timeout']) + 1.0 * $k) {
        $slow[] = round($d, 2);
    }
    if ($ok) {
        break;
    }
    usleep(100000);
}
var_dump($ok, $slow);
if (!$ok) {
    echo implode("\n", array_keys($errors)), "\n", $pc->describe();
}
echo $tries > 1 ? "retried\n" : "no retry needed\n";
$owner = $pc->nodeForSlot($pc->slotOf("Lock:$name"));
var_dump($owner === $r0, $pc->role($r0), strlen((string)$pc->raw($r0)->cmd('GET', "Lock:$name")));
$pc->waitOk();

echo "-- after the failover\n";
$r = [];
foreach ([
    'a isLocking held' => fn () => $a->isLocking($held),
    'a remaining held' => fn () => $a->remaining($held) > 30,
    'a expire held' => fn () => $a->expire($held, 60),
    'a unlock held' => fn () => $a->unlock($held),
    'held gone' => fn () => $pc->raw($r0)->cmd('EXISTS', $heldKey),
    'a unlock after' => fn () => $a->unlock($name),
] as $what => $call) {
    try {
        $r[$what] = $call();
    } catch (Throwable $e) {
        $r[$what] = get_class($e) . ': ' . $e->getMessage();
    }
}
echo json_encode($r), "\n";
// b's connection to m0 died with it: its first call may fail (a write it cannot know did not run), the second must not
$x = $pc->nameOnNode($r0, 'b');
$res = [];
for ($i = 0; $i < 2; $i++) {
    try {
        $res[] = $b->lock($x, 0, 5);
    } catch (RedisLockException $e) {
        $res[] = 'exception';
    }
    if (end($res) === true) {
        break;
    }
}
echo end($res) === true ? "b: ok within 2 calls\n" : 'b: ' . json_encode($res) . "\n";
var_dump($b->unlock($x));
// a new object, the dead master its first seed
$c = new RedisLock($server, $opts);
foreach ([$r0, $m1, $m2] as $p) {
    $x = $pc->nameOnNode($p, 'c');
    try {
        $r = [$c->lock($x, 0, 5), $pc->raw($p)->cmd('EXISTS', "Lock:$x"), $c->unlock($x)];
        echo $r === [true, 1, true] ? "c on $p: ok\n" : "c on $p: " . json_encode($r) . "\n";
    } catch (Throwable $e) {
        echo "c on $p: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}
?>
--EXPECTF--
bool(true)
string(2) "OK"
bool(true)
-- kill the master, retry until the replica serves
bool(true)
array(0) {
}
%s
bool(true)
string(6) "master"
int(32)
-- after the failover
{"a isLocking held":true,"a remaining held":true,"a expire held":true,"a unlock held":true,"held gone":0,"a unlock after":true}
b: ok within 2 calls
bool(true)
c on %d: ok
c on %d: ok
c on %d: ok
