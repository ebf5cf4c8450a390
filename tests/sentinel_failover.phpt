--TEST--
Sentinel, a graceful failover (SENTINEL FAILOVER) while a lock and a semaphore slot are held (written to the replica first: WAIT): afterwards the lock is still this object's (isLocking() true: the replica had it), expire()/remaining()/unlock() work, new locks and slots succeed at once and are written on the NEW master; this process sends no read or write to the old master (now a replica) after the failover; a waiter queued on the old master when it failed over ends (handed the lock, or a RedisLockException), never hangs
--SKIPIF--
<?php require __DIR__ . '/skipif_sentinel.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sentinel_helpers.inc';
$g = new PrivateSentinel();   // a group of our own: failing it over disturbs no other test
$server = $g->server();
$k = rl_slowdown();
$old = $g->masterPort();
$l = new RedisLock($server);
$sem = new RedisSemaphore($server);
$a = rl_unique('a');
$s = rl_unique('s');
var_dump($l->lock($a, 0, 60));
var_dump(is_string($sid = $sem->acquire($s, 1, 60)));
$oldRaw = $g->nodeRaw($old);
$token = $oldRaw->cmd('GET', "Lock:$a");
var_dump(preg_match('/^[0-9a-f]{32}$/D', $token) === 1);
// the replica has both before the failover (without the WAIT a write not replicated yet may be lost: min_replicas)
var_dump(rl_wait_replicated($oldRaw));

// a waiter queued on the old master, for a name held by another object
$q = rl_unique('q');
$h = new RedisLock($server);
var_dump($h->lock($q, 0, 60));
$w = new RlWorker($server);
$w->warmUp();
$w->calls(['lock', 'lock', $q, 60 * $k, 30]);
rl_wait_queue_len($oldRaw, rl_lock_wait_keys("Lock:$q")['queue'], 1, 10 * $k);

$new = $g->failover();
var_dump($new !== $old, $g->role($old)[0], $g->role($new)[0]);
$newRaw = $g->nodeRaw($new);
// from now on the old master is a replica: nothing of ours should reach it but its master's replication
$mon = new RlMonitor("tcp://127.0.0.1:$old");

echo "-- the waiter queued on the old master\n";
if ($w->pending(10 * $k)) {
    $r = $w->results()[0];   // its connection was closed by the Sentinels' reconfiguration
    $ok = $r['r'] === null && str_starts_with((string)$r['e'], 'RedisLockException: ');
} else {
    // it followed the failover and still waits: the release hands it the lock
    var_dump($h->unlock($q));
    $r = $w->results(10 * $k)[0];
    $ok = $r['r'] === true;
}
var_dump($ok ?: $r);
$w->finish();

echo "-- the held lock and slot after the failover\n";
var_dump($l->isLocking($a), $newRaw->cmd('GET', "Lock:$a") === $token);
var_dump($sem->count($s), $newRaw->cmd('ZCARD', "{Sem:$s}:holders"));
$other = new RedisLock($server);
var_dump($other->lock($a, 0, 60));   // still held: refused on the new master
var_dump($l->expire($a, 30));
$pttl = $newRaw->cmd('PTTL', "Lock:$a");
var_dump($pttl > 25000 && $pttl <= 30000);
$rem = $l->remaining($a);
var_dump($rem > 25 && $rem <= 30);

echo "-- new locks and slots right after the failover: on the new master\n";
$b = rl_unique('b');
var_dump($l->lock($b, 0, 60));
var_dump(preg_match('/^[0-9a-f]{32}$/D', (string)$newRaw->cmd('GET', "Lock:$b")) === 1);
$fresh = new RedisLock($server);
$c = rl_unique('c');
var_dump($fresh->lock($c, 0, 60), $newRaw->cmd('EXISTS', "Lock:$c"));
var_dump(is_string($sem->acquire($b, 2, 60)), $newRaw->cmd('ZCARD', "{Sem:$b}:holders"));

echo "-- releases\n";
var_dump($l->unlock($a), $newRaw->cmd('EXISTS', "Lock:$a"));
var_dump($other->lock($a, 0, 60), $other->unlock($a));
var_dump($sem->release($s, $sid), $sem->count($s));
var_dump($l->unlockAll(), $fresh->unlockAll(), $sem->releaseAll());
var_dump($newRaw->cmd('EXISTS', "Lock:$b", "Lock:$c"), $newRaw->cmd('ZCARD', "{Sem:$b}:holders"));
$h->unlockAll();

echo "-- what reached the old master after the failover (besides replication)\n";
echo json_encode(rl_data_commands_on_replica($mon->commands(), $new)), "\n";
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
bool(true)
string(5) "slave"
string(6) "master"
-- the waiter queued on the old master
bool(true)
-- the held lock and slot after the failover
bool(true)
bool(true)
int(1)
int(1)
bool(false)
bool(true)
bool(true)
bool(true)
-- new locks and slots right after the failover: on the new master
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
int(1)
-- releases
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
int(0)
int(0)
-- what reached the old master after the failover (besides replication)
[]
