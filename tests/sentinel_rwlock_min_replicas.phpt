--TEST--
min_replicas and the read/write lock on Sentinel: with the replica up, lockRead() and lockWrite() (a promotion too) are true and the replica holds what they wrote; with the replica stopped (SIGSTOP), a take and a promotion return false after about replica_timeout and leave nothing on the master (the promotion undone: the reader's hold is released too), while a demotion, which lets nobody in that was not, does not wait
--SKIPIF--
<?php require __DIR__ . '/skipif_sentinel.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/fault_helpers.inc';
require __DIR__ . '/sentinel_helpers.inc';
$g = new PrivateSentinel();   // stopping its replica disturbs no other test
$server = $g->server();
$k = rl_slowdown();
$rt = 0.3 * $k;
$opts = ['min_replicas' => 1, 'replica_timeout' => $rt];
$l = new RedisLock($server, $opts);
rl_warm_up($l, $server, $opts);
$m = $g->masterRaw();
$keysOf = fn (string $name) => $m->cmd('KEYS', '*' . $name . '*');

echo "-- replica up\n";
$a = rl_unique('rw-a');
[$r, $e, $took] = rl_timed(fn () => $l->lockRead($a, 0, 30));
var_dump($r, $e, $took < $rt, $g->replicaRaw()->cmd('GET', "Lock:$a"));
[$r, $e, $took] = rl_timed(fn () => $l->lockWrite($a, 0, 30));   // promoted
var_dump($r, $e, $took < $rt, $g->replicaRaw()->cmd('GET', "Lock:$a") === $m->cmd('GET', "Lock:$a"));
var_dump($l->unlock($a));

echo "-- replica stopped\n";
$b = rl_unique('rw-b');
$c = rl_unique('rw-c');
var_dump($l->lockRead($b, 0, 30), $l->lockWrite($c, 0, 30));   // taken while it is up
$g->stopReplica();
[$r, $e, $took] = rl_timed(fn () => $l->lockRead(rl_unique('rw-d'), 0, 30));
var_dump($r, $e, $took >= $rt * 0.9 && $took < $rt + 1.0 * $k);
// the promotion: refused after replica_timeout, undone (nothing held, nothing left)
[$r, $e, $took] = rl_timed(fn () => $l->lockWrite($b, 0, 30));
var_dump($r, $e, $took >= $rt * 0.9 && $took < $rt + 1.0 * $k);
var_dump($keysOf($b), $l->isLocking($b));
// the demotion: at once
[$r, $e, $took] = rl_timed(fn () => $l->lockRead($c, 0, 30));
var_dump($r, $e, $took < $rt, $m->cmd('GET', "Lock:$c"));
$g->startReplica();
var_dump($l->unlock($c), $keysOf($c));
?>
--EXPECT--
-- replica up
bool(true)
NULL
bool(true)
string(2) "*r"
bool(true)
NULL
bool(true)
bool(true)
bool(true)
-- replica stopped
bool(true)
bool(true)
bool(false)
NULL
bool(true)
bool(false)
NULL
bool(true)
array(0) {
}
bool(false)
bool(true)
NULL
bool(true)
string(2) "*r"
bool(true)
array(0) {
}
