--TEST--
min_replicas on Sentinel (and on the master as a plain tcp:// server): with the replica up, lock() and acquire() are true and the WAIT goes in the same round trip (the replica holds the write when they return); with the replica stopped (SIGSTOP) they return false after about replica_timeout and leave nothing on the master (no lock key, no wait keys, no holder), a waiting lock() does not overrun its timeout by more than replica_timeout, and a lock handed to a waiter is given back; unlock(), expire(), refresh() and a re-lock of a held name do not wait for replicas; min_replicas 0 ignores the replica; more replicas than there are is always false
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
$sem = new RedisSemaphore($server, $opts);
$l0 = new RedisLock($server);                                  // min_replicas 0
$lz = new RedisLock($server, ['min_replicas' => 0] + $opts);   // explicitly 0
$sem0 = new RedisSemaphore($server);
$m = $g->masterRaw();
$mport = $g->masterPort();
rl_warm_up($l, $server, $opts);
rl_warm_up($sem, $server, $opts);
$w = new RlWorker($server, $opts);   // a waiter, later
$w->warmUp();
/** every key on the master whose name contains $name (the lock key, wait keys, semaphore keys) */
$keysOf = fn (string $name) => $m->cmd('KEYS', '*' . $name . '*');

echo "-- replica up\n";
$mon = new RlMonitor("tcp://127.0.0.1:$mport");
$a = rl_unique('a');
[$r, $e, $took] = rl_timed(fn () => $l->lock($a, 0, 30));
var_dump($r, $e, $took < $rt);
$cmds = $mon->commands();
$mine = array_map(fn ($c) => $c['addr'], rl_client_entries($m));
echo implode(' ', array_map(fn ($c) => $c[1], array_filter($cmds, fn ($c) => in_array($c[0], $mine, true)))), "\n";   // the SET and its WAIT, one round trip
// acknowledged: the replica holds the lock already
var_dump($g->replicaRaw()->cmd('GET', "Lock:$a") === $m->cmd('GET', "Lock:$a"));
$s = rl_unique('s');
[$sid, $e, $took] = rl_timed(fn () => $sem->acquire($s, 2, 30));
var_dump(is_string($sid), $e, $took < $rt, $g->replicaRaw()->cmd('ZCARD', "{Sem:$s}:holders"));

echo "-- replica stopped\n";
$g->stopReplica();
$b = rl_unique('b');
[$r, $e, $took] = rl_timed(fn () => $l->lock($b, 0, 30));
var_dump($r, $e, $took >= $rt * 0.9 && $took < $rt + 1.0 * $k);
var_dump($keysOf($b), $l->isLocking($b));
var_dump($l0->lock($b, 0, 30), $l0->unlock($b));   // free at once for another owner
$s2 = rl_unique('s2');
[$r, $e, $took] = rl_timed(fn () => $sem->acquire($s2, 2, 30));
var_dump($r, $e, $took >= $rt * 0.9 && $took < $rt + 1.0 * $k);
var_dump($keysOf($s2), $sem->count($s2));
// a second slot of a semaphore that has one: refused, the first stays
[$r, $e, $took] = rl_timed(fn () => $sem->acquire($s, 2, 30));
var_dump($r, $e, $sem->count($s), $m->cmd('ZCARD', "{Sem:$s}:holders"));

echo "-- what does not take a lock does not wait\n";
[$r, $e, $took] = rl_timed(fn () => [$l->lock($a, 0, 40), $l->expire($a, 50), $l->isLocking($a), $sem->refresh($s, $sid)]);
var_dump($r, $e, $took < $rt);
$pttl = $m->cmd('PTTL', "Lock:$a");
var_dump($pttl > 45000 && $pttl <= 50000);
[$r, $e, $took] = rl_timed(fn () => [$l->unlock($a), $sem->release($s, $sid)]);
var_dump($r, $e, $took < $rt, $m->cmd('EXISTS', "Lock:$a"), $sem->count($s));

echo "-- min_replicas 0 ignores the replica\n";
$c = rl_unique('c');
[$r, $e, $took] = rl_timed(fn () => [$l0->lock($c, 0, 30), $lz->lock("$c.z", 0, 30), is_string($sem0->acquire($c, 1, 30))]);
var_dump($r, $e, $took < $rt);
var_dump($m->cmd('EXISTS', "Lock:$c", "Lock:$c.z"), $l0->unlockAll(), $lz->unlockAll(), $sem0->releaseAll());

echo "-- a waiting lock() on a held name\n";
$d = rl_unique('d');
var_dump($l0->lock($d, 0, 60));
$timeout = 1.0 * $k;
[$r, $e, $took] = rl_timed(fn () => $l->lock($d, $timeout, 30));
var_dump($r, $e);
// the deadline is $timeout; the last attempt's WAIT may add replica_timeout
var_dump($took >= $timeout * 0.9 && $took < $timeout + $rt + 0.5 * $k ? true : sprintf('%.3f s (timeout %.1f, replica_timeout %.1f)', $took, $timeout, $rt));
var_dump($keysOf($d));   // only the holder's lock key: no wait keys left
var_dump($l0->unlock($d));

echo "-- a lock handed to a waiter that cannot get its WAIT acknowledged is given back\n";
$hnd = rl_unique('h');
var_dump($l0->lock($hnd, 0, 60));
$w->calls(['lock', 'lock', $hnd, 10 * $k, 30]);
rl_wait_queue_len($m, rl_lock_wait_keys("Lock:$hnd")['queue'], 1, 10 * $k);
var_dump($l0->unlock($hnd));
$res = $w->results(30 * $k)[0];
var_dump($res['r'], $res['e']);
var_dump($keysOf($hnd));
var_dump($l0->lock($hnd, 0, 60), $l0->unlock($hnd));
$w->finish();

echo "-- the master as a plain tcp:// server\n";
$p = new RedisLock("tcp://127.0.0.1:$mport", $opts);
$e1 = rl_unique('p');
[$r, $e, $took] = rl_timed(fn () => $p->lock($e1, 0, 30));
var_dump($r, $e, $took >= $rt * 0.9, $keysOf($e1));

echo "-- replica resumed\n";
$g->startReplica();
$f = rl_unique('f');
var_dump($l->lock($f, 0, 30), $p->lock($e1, 0, 30), is_string($sem->acquire($f, 1, 30)));
var_dump($m->cmd('EXISTS', "Lock:$f", "Lock:$e1"));
// more replicas than there are: never acknowledged
$l2 = new RedisLock($server, ['min_replicas' => 2] + $opts);
$x = rl_unique('x');
[$r, $e, $took] = rl_timed(fn () => $l2->lock($x, 0, 30));
var_dump($r, $e, $took >= $rt * 0.9, $keysOf($x));
var_dump($l->unlockAll(), $p->unlockAll(), $sem->releaseAll());
?>
--EXPECTF--
-- replica up
bool(true)
NULL
bool(true)
set wait
bool(true)
bool(true)
NULL
bool(true)
int(1)
-- replica stopped
bool(false)
NULL
bool(true)
array(0) {
}
bool(false)
bool(true)
bool(true)
bool(false)
NULL
bool(true)
array(0) {
}
int(0)
bool(false)
NULL
int(1)
int(1)
-- what does not take a lock does not wait
array(4) {
  [0]=>
  bool(true)
  [1]=>
  bool(true)
  [2]=>
  bool(true)
  [3]=>
  bool(true)
}
NULL
bool(true)
bool(true)
array(2) {
  [0]=>
  bool(true)
  [1]=>
  bool(true)
}
NULL
bool(true)
int(0)
int(0)
-- min_replicas 0 ignores the replica
array(3) {
  [0]=>
  bool(true)
  [1]=>
  bool(true)
  [2]=>
  bool(true)
}
NULL
bool(true)
int(2)
bool(true)
bool(true)
bool(true)
-- a waiting lock() on a held name
bool(true)
bool(false)
NULL
bool(true)
array(1) {
  [0]=>
  string(%d) "Lock:%s"
}
bool(true)
-- a lock handed to a waiter that cannot get its WAIT acknowledged is given back
bool(true)
bool(true)
bool(false)
NULL
array(0) {
}
bool(true)
bool(true)
-- the master as a plain tcp:// server
bool(false)
NULL
bool(true)
array(0) {
}
-- replica resumed
bool(true)
bool(true)
bool(true)
int(2)
bool(false)
NULL
bool(true)
array(0) {
}
bool(true)
bool(true)
bool(true)
