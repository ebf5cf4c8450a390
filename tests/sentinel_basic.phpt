--TEST--
Sentinel (shared group, sentinel://s1,s2,s3/rlmaster): lock and semaphore cycles; every key is written on the master the Sentinels name (checked with a raw connection to it), and replicated to the replica; waiting and hand-over; unlockAll() and releaseAll(); the request-end release of a child that exits holding a lock and a slot
--SKIPIF--
<?php require __DIR__ . '/skipif_sentinel.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sentinel_helpers.inc';
$server = RL_TEST_SENTINEL;
$k = rl_slowdown();
$master = rl_sentinel_master_raw();
$replica = rl_sentinel_replica_raw();
var_dump($master->cmd('ROLE')[0], $replica->cmd('ROLE')[0]);

echo "-- lock cycle\n";
$a = rl_unique('a');
$l = new RedisLock($server);
$other = new RedisLock($server);
var_dump($l->lock($a, 0, 30));
$token = $master->cmd('GET', "Lock:$a");
var_dump(preg_match('/^[0-9a-f]{32}$/D', $token) === 1);
$pttl = $master->cmd('PTTL', "Lock:$a");
var_dump($pttl > 25000 && $pttl <= 30000);
// the replica gets it by replication (no write goes to the replica itself)
var_dump(rl_wait_until(fn () => $replica->cmd('GET', "Lock:$a") === $token, 5 * $k));
var_dump($l->isLocking($a), $other->lock($a, 0, 30), $other->isLocking($a));
$rem = $l->remaining($a);
var_dump($rem > 25 && $rem <= 30);
var_dump($l->expire($a, 60));
$pttl = $master->cmd('PTTL', "Lock:$a");
var_dump($pttl > 55000 && $pttl <= 60000);
var_dump($l->unlock($a), $master->cmd('EXISTS', "Lock:$a"), $l->isLocking($a), $l->unlock($a));
var_dump($other->lock($a, 0, 30), $master->cmd('EXISTS', "Lock:$a"), $other->unlock($a));

echo "-- prefix: the key is exactly prefix . name\n";
$p = new RedisLock($server, ['prefix' => 'app{x}:']);
var_dump($p->lock($a, 0, 30), $master->cmd('EXISTS', "app{x}:$a"), $p->unlock($a));

echo "-- waiting: a waiter is handed the lock by unlock()\n";
$w = new RlWorker($server);
$w->warmUp();
$b = rl_unique('b');
var_dump($l->lock($b, 0, 30));
$w->calls(['lock', 'lock', $b, 20 * $k, 30]);
$keys = rl_lock_wait_keys("Lock:$b");
rl_wait_queue_len($master, $keys['queue'], 1, 10 * $k);   // queued on the master
usleep(100000);
$t = microtime(true);
var_dump($l->unlock($b));
$r = $w->results(30 * $k)[0];
var_dump($r['r'], $r['e'], microtime(true) - $t < 2 * $k);
$wtoken = $master->cmd('GET', "Lock:$b");
var_dump(preg_match('/^[0-9a-f]{32}$/D', $wtoken) === 1, $wtoken !== $token);
var_dump($w->call('lock', 'unlock', $b)['r'], $master->cmd('EXISTS', "Lock:$b"));
$w->finish();

echo "-- unlockAll\n";
$names = [rl_unique('u1'), rl_unique('u2'), rl_unique('u{3}')];
foreach ($names as $n) {
    var_dump($l->lock($n, 0, 30));
}
var_dump($master->cmd('EXISTS', ...array_map(fn ($n) => "Lock:$n", $names)));
var_dump($l->unlockAll(), $master->cmd('EXISTS', ...array_map(fn ($n) => "Lock:$n", $names)));
var_dump($l->unlockAll());

echo "-- semaphore cycle\n";
$s = rl_unique('s');
$sem = new RedisSemaphore($server);
$sem2 = new RedisSemaphore($server);
$id1 = $sem->acquire($s, 2, 30);
$id2 = $sem2->acquire($s, 2, 30);
var_dump(is_string($id1), is_string($id2), $sem2->acquire($s, 2, 30), $sem->count($s));
var_dump($master->cmd('ZCARD', "{Sem:$s}:holders"), $master->cmd('EXISTS', "{Sem:$s}:deadlines", "{Sem:$s}:ticket"));
var_dump(rl_wait_until(fn () => $replica->cmd('ZCARD', "{Sem:$s}:holders") === 2, 5 * $k));
var_dump($sem->refresh($s, $id1, 60), $sem->release($s, $id1), $sem->release($s, $id1), $sem->count($s));
var_dump(is_string($id3 = $sem->acquire($s, 2, 30)), $sem->count($s));
var_dump($sem->releaseAll(), $sem2->releaseAll(), $sem->count($s), $master->cmd('ZCARD', "{Sem:$s}:holders"));

echo "-- request-end release in a child\n";
$c = rl_unique('c');
[$rc, $out] = rl_run_php(rl_child_prelude() . 'require ' . var_export(__DIR__ . '/lock_helpers.inc', true) . ';
require ' . var_export(__DIR__ . '/sentinel_helpers.inc', true) . ';
$l = new RedisLock(' . var_export($server, true) . ');
$s = new RedisSemaphore(' . var_export($server, true) . ');
var_dump($l->lock(' . var_export($c, true) . ', 0, 60), is_string($s->acquire(' . var_export($c, true) . ', 3, 60)));
$raw = rl_sentinel_master_raw();
var_dump($raw->cmd("EXISTS", "Lock:" . ' . var_export($c, true) . '), $raw->cmd("ZCARD", "{Sem:" . ' . var_export($c, true) . ' . "}:holders"));
echo "exiting\n";
', []);
echo $out;
var_dump($rc);
// gone at once: the request end released them (their lifetime is 60 s)
var_dump($master->cmd('EXISTS', "Lock:$c"), $master->cmd('ZCARD', "{Sem:$c}:holders"));
var_dump(count(rl_client_entries($master)) >= 1);
?>
--EXPECT--
string(6) "master"
string(5) "slave"
-- lock cycle
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
bool(false)
bool(false)
bool(true)
int(1)
bool(true)
-- prefix: the key is exactly prefix . name
bool(true)
int(1)
bool(true)
-- waiting: a waiter is handed the lock by unlock()
bool(true)
bool(true)
bool(true)
NULL
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
-- unlockAll
bool(true)
bool(true)
bool(true)
int(3)
bool(true)
int(0)
bool(true)
-- semaphore cycle
bool(true)
bool(true)
bool(false)
int(2)
int(2)
int(2)
bool(true)
bool(true)
bool(true)
bool(false)
int(1)
bool(true)
int(2)
bool(true)
bool(true)
int(0)
int(0)
-- request-end release in a child
bool(true)
bool(true)
int(1)
int(1)
exiting
int(0)
int(0)
int(0)
bool(true)
