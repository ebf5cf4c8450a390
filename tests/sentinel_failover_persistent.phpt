--TEST--
Sentinel with persistent => true: a worker whose persistent connection is on the master keeps working across a failover (SENTINEL FAILOVER) and a failover back: each time CLIENT LIST of the new master shows the worker's connection, the worker's locks and slots are written there, and the old master (now a replica) gets no read or write from it; the request-end release reaches the current master
--SKIPIF--
<?php require __DIR__ . '/skipif_sentinel.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sentinel_helpers.inc';
$g = new PrivateSentinel();
$server = $g->server();
$k = rl_slowdown();
$first = $g->masterPort();
$w = new RlWorker($server, ['persistent' => true]);
$w->warmUp();
$w->warmUp('sem');
$a = rl_unique('a');
var_dump($w->call('lock', 'lock', $a, 0, 60)['r']);
var_dump(count(rl_client_entries($g->nodeRaw($first), $w->pid)));   // one shared persistent connection
var_dump(rl_wait_replicated($g->nodeRaw($first)));

foreach (['failover', 'failover back'] as $step) {
    echo "-- $step\n";
    $old = $g->masterPort();
    $new = $g->failover();
    var_dump($new !== $old, $step === 'failover back' ? $new === $first : $new !== $first);
    $newRaw = $g->nodeRaw($new);
    $mon = new RlMonitor("tcp://127.0.0.1:$old");
    // the first call after the failover is a read: the held lock is still the worker's (the replica had it)
    var_dump($w->call('lock', 'isLocking', $a)['r']);
    $b = rl_unique('b');
    $r = $w->call('lock', 'lock', $b, 0, 60);
    var_dump($r['r'], $r['e'], $newRaw->cmd('EXISTS', "Lock:$b"));
    $r = $w->call('sem', 'acquire', $b, 3, 60);
    var_dump(is_string($r['r']), $newRaw->cmd('ZCARD', "{Sem:$b}:holders"));
    var_dump($w->call('lock', 'expire', $a, 60)['r'], $w->call('lock', 'unlock', $b)['r'], $newRaw->cmd('EXISTS', "Lock:$b"));
    var_dump(count(rl_client_entries($newRaw, $w->pid)) >= 1);
    echo json_encode(rl_data_commands_on_replica($mon->commands(), $new)), "\n";
    var_dump(rl_wait_replicated($newRaw));
}

echo "-- request end\n";
$c = rl_unique('c');
var_dump($w->call('lock', 'lock', $c, 0, 60)['r']);
[$rc, $out] = $w->finish();
var_dump($rc);
$m = $g->masterRaw();
// everything the worker held is released by its request's end, on the current master
var_dump($m->cmd('EXISTS', "Lock:$a", "Lock:$c"), $m->cmd('KEYS', '{Sem:b:*'));
?>
--EXPECT--
bool(true)
int(1)
int(1)
-- failover
bool(true)
bool(true)
bool(true)
bool(true)
NULL
int(1)
bool(true)
int(1)
bool(true)
bool(true)
int(0)
bool(true)
[]
int(1)
-- failover back
bool(true)
bool(true)
bool(true)
bool(true)
NULL
int(1)
bool(true)
int(1)
bool(true)
bool(true)
int(0)
bool(true)
[]
int(1)
-- request end
bool(true)
int(0)
int(0)
array(0) {
}
