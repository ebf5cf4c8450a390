--TEST--
Cluster: a waiter blocked in its queue while the lock's slot moves to another master (the queue and its wake list with it) is redirected and visits there: its entry is in the new master's queue once (before the fix its join ran again there and queued it twice, and its own unlock() then granted the lock to its stale second entry), with and without the fencing option (a fencing waiter's entry carries its "f"); the holder's unlock() hands the lock to it there, and its unlock() leaves nothing queued
--SKIPIF--
<?php require __DIR__ . '/skipif_cluster.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/cluster_helpers.inc';
$k = rl_slowdown();
foreach ([[], ['fencing' => true]] as $opts) {
    echo '-- ', $opts ? 'fencing' : 'plain', "\n";
    $pc = new PrivateCluster(3);
    $server = $pc->server();
    [, $m1, $m2] = $pc->initialMasters();
    $a = new RedisLock($server, $opts);
    $name = $pc->nameOnNode($m1, 'moved');
    $key = "Lock:$name";
    $queue = rl_lock_wait_keys($key)['queue'];
    $w = new RlWorker($server, $opts);
    $w->warmUp();
    var_dump($a->lock($name, 0, 60));
    $w->calls(['lock', 'lock', $name, 30 * $k, 30], ['lock', 'unlock', $name]);
    rl_wait_queue_len($pc->raw($m1), $queue, 1, 10 * $k);
    $entries = $pc->raw($m1)->cmd('LRANGE', $queue, '0', '-1');
    var_dump($pc->moveSlot($pc->slotOf($key), $m1, $m2) > 0);
    // the waiter's block is redirected; its next step visits on the new master
    $moved = rl_wait_until(fn () => $pc->raw($m2)->cmd('LRANGE', $queue, '0', '-1') === $entries, 10 * $k);
    usleep((int)(300000 * $k));
    var_dump($moved, $pc->raw($m2)->cmd('LRANGE', $queue, '0', '-1') === $entries, count($entries),
        (bool)preg_match($opts ? '/:30000f$/' : '/:30000$/', $entries[0]));
    var_dump($a->unlock($name));
    $r = $w->results(30 * $k);
    var_dump($r[0]['r'], $r[0]['e'], $r[1]['r'], $r[1]['e']);
    var_dump($pc->raw($m2)->cmd('EXISTS', $key, $queue));
    $w->finish();
}
?>
--EXPECT--
-- plain
bool(true)
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
bool(true)
bool(true)
NULL
bool(true)
NULL
int(0)
-- fencing
bool(true)
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
bool(true)
bool(true)
NULL
bool(true)
NULL
int(0)
