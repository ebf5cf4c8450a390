--TEST--
Cluster: owners, kept locks and force release route by the lock's key: lock() with an owner on names of several slots (the value "<owner> <32 hex>" on the master of each slot), another object given the owner reads and releases it there (owner(), isLocking(), remaining(), expire(), unlock()), a waiter queued in the slot is woken by forceUnlock(), and nothing stays behind
--SKIPIF--
<?php require __DIR__ . '/skipif_cluster.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/cluster_helpers.inc';
$c = RlClusterView::shared();
$a = new RedisLock(RL_TEST_CLUSTER);
$b = new RedisLock(RL_TEST_CLUSTER);
$names = [];
$ports = [];
for ($i = 0; count($ports) < 3 && $i < 200; $i++) {
    $name = rl_unique("cluster-owner-$i");
    $port = $c->nodeForKey("Lock:$name");
    if (!isset($ports[$port])) {
        $ports[$port] = true;
        $names[] = $name;
    }
}
echo count($names), " names on ", count($ports), " masters\n";
$ok = [];
foreach ($names as $name) {
    $key = "Lock:$name";
    $row = [$a->lock($name, 0, 30, 100000, 'job-42', false)];
    $row[] = str_starts_with((string)$c->keyCmd('GET', $key), 'job-42 ');
    $row[] = $b->owner($name) === 'job-42';
    $row[] = $b->isLocking($name, 'job-42');
    $row[] = $b->remaining($name, 'job-42') > 29;
    $row[] = $b->expire($name, 60, 'job-42') && $c->keyCmd('PTTL', $key) > 59000;
    $row[] = $b->unlock($name, 'job-42') && $c->keyCmd('EXISTS', $key) === 0;
    $ok[] = implode(' ', array_map(fn ($v) => var_export($v, true), $row));
}
echo implode("\n", array_unique($ok)), "\n";

echo "-- forceUnlock() wakes a waiter in the slot\n";
$name = $names[0];
$key = "Lock:$name";
$w = new RlWorker(RL_TEST_CLUSTER);
$w->warmUp();
var_dump($a->lock($name, 0, 60, 100000, 'job-43'));
$w->calls(['lock', 'lock', $name, 30 * rl_slowdown(), 30]);
usleep((int)(300000 * rl_slowdown()));
$t = hrtime(true);
var_dump($b->forceUnlock($name));
$r = $w->results()[0];
var_dump($r['r'], ($r['t1'] - $t) / 1e9 < 1.0 * rl_slowdown() ? 'woken' : 'late');
var_dump($a->isLocking($name, 'job-43'), $w->call('lock', 'unlock', $name)['r'], $c->keyCmd('EXISTS', $key));
?>
--EXPECT--
3 names on 3 masters
true true true true true true true
-- forceUnlock() wakes a waiter in the slot
bool(true)
bool(true)
bool(true)
string(5) "woken"
bool(false)
bool(true)
int(0)
