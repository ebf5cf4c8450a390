--TEST--
Sentinel, min_replicas => 1, the Sentinel re-pointed while a lock() waits in the queue: B waits for a lock A holds on M1 (a master without a replica); the Sentinel is switched to M2 (a master with one replica) under the same name and, more than a second later (B re-asks the Sentinels once a second), A unlocks on M1 and hands the lock to B. B's WAIT must run on the connection that took the lock (M1: no replica, so B's lock() is false or a RedisLockException), never on M2, which would count M2's replica and return true; a client C locking the same name through the Sentinel (on M2) afterwards must never hold it while B believes it does
--SKIPIF--
<?php require __DIR__ . '/skipif_sentinel.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sentinel_helpers.inc';
$k = rl_slowdown();
$base = ['--repl-diskless-sync-delay', '0'];
$m1 = new PrivateRedis($base);   // no replica
$m2 = new PrivateRedis($base);
$r2 = new PrivateRedis(array_merge($base, ['--replicaof', '127.0.0.1', (string)$m2->port]));
$linkUp = function () use ($r2, $m2) {
    try {
        $info = $r2->raw()->cmd('INFO', 'replication');
        $m2info = $m2->raw()->cmd('INFO', 'replication');
    } catch (Error $e) {
        return false;
    }
    return str_contains($info, 'master_link_status:up') && str_contains($m2info, 'connected_slaves:1');
};
if (!rl_wait_until($linkUp, 10 * $k)) {
    throw new Error("M2's replica did not sync:\n" . @file_get_contents($r2->dir . '/redis.log'));
}
$name = 'rlrepoint';
// a Sentinel of the test's own, naming M1 first (quorum 1; no failover ever: down-after 30 s)
$s = new RlSentinelProcess("sentinel monitor $name 127.0.0.1 {$m1->port} 1\n");
$sraw = rl_sentinel_raw($s->addr());
$names = fn () => $sraw->cmd('SENTINEL', 'get-master-addr-by-name', $name);
var_dump($names() === ['127.0.0.1', (string)$m1->port]);
$server = "sentinel://{$s->addr()}/$name";
$rt = 0.5 * $k;
$opts = ['min_replicas' => 1, 'replica_timeout' => $rt];
$n = rl_unique('x');
$raw1 = $m1->raw();
$raw2 = $m2->raw();

echo "-- A holds the lock on M1, B waits for it through the Sentinel\n";
$a = new RedisLock($m1->server());
var_dump($a->lock($n, 0, 60));
$b = new RlWorker($server, $opts);
$b->calls(['lock', 'lock', $n, 20 * $k, 60]);
rl_wait_queue_len($raw1, rl_lock_wait_keys("Lock:$n")['queue'], 1, 20 * $k);
$queued = microtime(true);   // B asked the Sentinel before it queued

echo "-- the Sentinel names M2; a re-check later, A unlocks (the lock goes to B on M1)\n";
var_dump($sraw->cmd('SENTINEL', 'REMOVE', $name), $sraw->cmd('SENTINEL', 'MONITOR', $name, '127.0.0.1', (string)$m2->port, '1'));
var_dump($names() === ['127.0.0.1', (string)$m2->port]);
// more than B's once-a-second re-check since it last asked the Sentinel
usleep((int)max(0, ($queued + 1.5 - microtime(true)) * 1e6));
var_dump($a->unlock($n));
$res = $b->results(30 * $k)[0];
$bTrue = $res['r'] === true;
// false, or a RedisLockException: never true, nor any other error
var_dump($res['r'] === false && $res['e'] === null || $res['r'] === null && str_starts_with((string)$res['e'], 'RedisLockException: '));

echo "-- C locks the same name through the Sentinel (on M2)\n";
$c = new RedisLock($server, $opts);
try {
    $cTrue = $c->lock($n, 0, 60) === true;
} catch (RedisLockException $e) {
    echo 'C: ', $e->getMessage(), "\n";
    $cTrue = false;
}
// never two holders; and not a vacuous pass: one of them does hold it
var_dump(!($bTrue && $cTrue), $bTrue || $cTrue);
if ($bTrue && $cTrue) {
    echo 'two holders: B ', json_encode($res), ', the lock key on M1: ', json_encode($raw1->cmd('GET', "Lock:$n")),
        ', on M2: ', json_encode($raw2->cmd('GET', "Lock:$n")), "\n";
}
// a lock() that is true is on a master whose replica holds it (M2's)
var_dump(!$bTrue || is_string($raw2->cmd('GET', "Lock:$n")) && $r2->raw()->cmd('GET', "Lock:$n") === $raw2->cmd('GET', "Lock:$n"));
$b->finish();
var_dump($c->unlockAll());
?>
--EXPECT--
bool(true)
-- A holds the lock on M1, B waits for it through the Sentinel
bool(true)
-- the Sentinel names M2; a re-check later, A unlocks (the lock goes to B on M1)
string(2) "OK"
string(2) "OK"
bool(true)
bool(true)
bool(true)
-- C locks the same name through the Sentinel (on M2)
bool(true)
bool(true)
bool(true)
bool(true)
