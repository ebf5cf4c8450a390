--TEST--
Cluster: a semaphore waiter blocked in its queue while the semaphore's slot moves to another master (its keys, queue and wake list with it) is redirected and goes on there: its entry is in the new master's queue once (the lock's waiter was queued twice by a repeated join before ee264f3; the semaphore's wait step is the shared loop's), the holder's release() hands the slot to it there, it holds exactly one of the limit's slots (never two: the limit holds), and its release() leaves nothing queued nor held
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
[, $m1, $m2] = $pc->initialMasters();
$a = new RedisSemaphore($server);
$name = $pc->nameOnNode($m1, 'semmoved', 'Sem:');
$res = "Sem:$name";
$holders = "{{$res}}:holders";
$queue = rl_wait_keys_for('s', $res, 'Sem:')['queue'];
echo 'one slot: ', var_export($pc->slotOf($holders) === $pc->slotOf($queue), true), "\n";
$w = new RlWorker($server, []);
$w->warmUp('sem');
$id = $a->acquire($name, 1, 60);
var_dump(is_string($id));
$w->calls(['sem', 'acquire', $name, 1, 30, 30 * $k], ['sem', 'count', $name]);
rl_wait_queue_len($pc->raw($m1), $queue, 1, 10 * $k);
$entries = $pc->raw($m1)->cmd('LRANGE', $queue, '0', '-1');
var_dump($pc->moveSlot($pc->slotOf($holders), $m1, $m2) > 0);
// the waiter's block is redirected; its next step goes on on the new master
$moved = rl_wait_until(fn () => $pc->raw($m2)->cmd('LRANGE', $queue, '0', '-1') === $entries, 10 * $k);
usleep((int)(300000 * $k));
var_dump($moved, $pc->raw($m2)->cmd('LRANGE', $queue, '0', '-1') === $entries, count($entries));
var_dump($a->release($name, $id));
$r = $w->results(30 * $k);
echo 'waiter: acquired ', var_export(is_string($r[0]['r']), true), ', ', json_encode($r[0]['e']),
    '; holders then: ', json_encode($r[1]['r']), "\n";
echo 'holders on the new master: ', $pc->raw($m2)->cmd('ZCARD', $holders), ', queued: ', $pc->raw($m2)->cmd('LLEN', $queue), "\n";
$w->calls(['sem', 'release', $name, $r[0]['r']]);
$rr = $w->results(30 * $k);
var_dump($rr[0]['r'], $pc->raw($m2)->cmd('EXISTS', $holders, $queue));
$w->finish();
?>
--EXPECT--
one slot: true
bool(true)
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
waiter: acquired true, null; holders then: 1
holders on the new master: 1, queued: 0
bool(true)
int(0)
