--TEST--
Fencing tokens (issue 24) on Sentinel with min_replicas => 1: the option and redislock.fencing=1 apply to sentinel://; every fence is max(the last one + 1, the server's clock in microseconds): fences taken on the master each are greater than the one before and within the master's clock (TIME) read before and after the step that gave it (not consecutive); with the replica stopped lock() is refused and fence() is false; when lock() returns the replica holds the counter at the fence just taken, also for a waiter granted by a release (the count is in the release's script, ahead of the waiter's acknowledged write); the master is killed (SIGKILL) and the Sentinels promote the replica (the killed node, restarted empty, becomes its replica): the counter is there with the last fence, the waiter still holds its lock and its fence(), and every fence taken from the new master (without waiting, and by waiting) is greater than every fence taken before the failover and than the one before it, within the new master's clock around its acquisition
--SKIPIF--
<?php require __DIR__ . '/skipif_sentinel.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sentinel_helpers.inc';
$g = new PrivateSentinel();   // a group of our own: killing its master disturbs no other test
$server = $g->server();
$k = rl_slowdown();
$opts = ['fencing' => true, 'min_replicas' => 1, 'replica_timeout' => 1.0 * $k, 'connect_timeout' => 1.0 * $k,
    'read_timeout' => 1.0 * $k];
$name = rl_unique('fence-sentinel');
$key = "Lock:$name";
$queue = rl_lock_wait_keys($key)['queue'];
$counter = rl_lock_fence_key($key);

/** The server's clock in microseconds (TIME). */
function server_us(RawRedis $raw): int
{
    [$s, $us] = $raw->cmd('TIME');
    return (int)$s * 1000000 + (int)$us;
}

/**
 * Every fence is max(the last one + 1, the server's clock in microseconds): true if each
 * [since, fence, until] of $takes, in the order of the acquisitions (since and until: the
 * server's clock read before and after the step that gave it), has an int fence within
 * [since, until] and greater than the one before it (the first: than $above); else what is wrong.
 */
function fences_grow(array $takes, ?int $above = null): true|string
{
    $last = $above;
    foreach (array_values($takes) as $i => [$since, $f, $until]) {
        if (!is_int($f) || ($last !== null && $f <= $last) || $f < $since || $f > $until) {
            return "fence $i: " . json_encode([$since, $f, $until]) . ' after ' . json_encode($last);
        }
        $last = $f;
    }
    return true;
}

/** $call() until it throws no RedisLockException (a failover in progress), up to 60 s x rl_slowdown(); its result, or the last message. */
function retried(callable $call): mixed
{
    $deadline = microtime(true) + 60 * rl_slowdown();
    for (;;) {
        try {
            return $call();
        } catch (RedisLockException $e) {
            if (microtime(true) > $deadline) {
                return 'still failing: ' . $e->getMessage();
            }
            usleep(100000);
        }
    }
}

/** A worker's call retried as retried() does. */
function worker_retried(RlWorker $w, string $method, mixed ...$args): mixed
{
    return retried(function () use ($w, $method, $args) {
        $r = $w->call('lock', $method, ...$args);
        if ($r['e'] !== null) {
            if (str_starts_with($r['e'], 'RedisLockException: ')) {
                throw new RedisLockException(substr($r['e'], strlen('RedisLockException: ')));
            }
            return $r['e'];
        }
        return $r['r'];
    });
}

echo "-- redislock.fencing=1 applies to Sentinel\n";
[$rc, $out] = rl_run_php(rl_child_prelude() . '$n = rl_unique("fence-ini");
$l = new RedisLock(' . var_export($server, true) . ');
var_dump($l->lock($n, 0, 10), is_int($l->fence($n)), $l->unlock($n), $l->fence($n));', ['redislock.fencing' => '1']);
echo $out;
var_dump($rc);

echo "-- fences on the master, held by the replica when lock() returns\n";
$a = new RedisLock($server, $opts);
$b = new RedisLock($server, $opts);
$w = new RlWorker($server, $opts);
$w->warmUp();
$old = $g->masterPort();
$oldRaw = $g->nodeRaw($old);
$replicaRaw = $g->replicaRaw();
$takes = [];   // [the master's clock before, fence, its clock after]
$seen = [];
for ($i = 0; $i < 3; $i++) {
    foreach ([$a, $b] as $o) {
        $t0 = server_us($oldRaw);
        $ok = $o->lock($name, 0, 60);
        $takes[] = [$t0, $f = $o->fence($name), server_us($oldRaw)];
        $seen[] = $replicaRaw->cmd('GET', $counter) === (string)$f;
        if (!$ok || !$o->unlock($name)) {
            echo "round $i: lock()/unlock() failed\n";
        }
    }
}
// each greater than the one before, within the master's clock (TIME) around its lock()
$fences = array_column($takes, 1);
var_dump(fences_grow($takes), $seen === array_fill(0, 6, true) ?: $seen);
// the replica stopped: lock() is refused (the take undone) and has no fence
$g->stopReplica();
var_dump($a->lock($name, 0, 60), $a->fence($name), $oldRaw->cmd('EXISTS', $key));
$g->startReplica();
$g->waitHealthy($old, 30 * $k);
// a waiter granted by a release
$t0 = server_us($oldRaw);
var_dump($a->lock($name, 0, 60), fences_grow([[$t0, $fh = $a->fence($name), server_us($oldRaw)]], max($fences)));
$w->calls(['lock', 'lock', $name, 30 * $k, 120], ['lock', 'fence', $name]);
rl_wait_queue_len($oldRaw, $queue, 1, 10 * $k);
$t0 = server_us($oldRaw);
var_dump($a->unlock($name));
[$l, $f] = $w->results();
var_dump($l['r'], fences_grow([[$t0, $fw = $f['r'], server_us($oldRaw)]], $fh));
$token = $oldRaw->cmd('GET', $key);
var_dump($replicaRaw->cmd('GET', $counter) === (string)$fw, $replicaRaw->cmd('GET', $key) === $token);

echo "-- the master killed, the replica promoted\n";
$killed = $g->killMaster();
$new = $g->waitFailedOver($killed);
$newRaw = $g->nodeRaw($new);
var_dump($new !== $killed, $newRaw->cmd('GET', $counter) === (string)$fw, $newRaw->cmd('PTTL', $counter),
    $newRaw->cmd('GET', $key) === $token);
// the waiter still holds its lock, and its fence
var_dump(worker_retried($w, 'isLocking', $name), worker_retried($w, 'fence', $name) === $fw);
var_dump(retried(fn () => $b->lock($name, 0, 60)));   // held by the waiter
// min_replicas 1: a take is refused until the new master has a replica again (the killed node, restarted
// empty, which the Sentinels turn into its replica)
$g->nodes[$killed]->start();
$g->waitHealthy($new, 60 * $k);

echo "-- fences from the new master\n";
var_dump(worker_retried($w, 'unlock', $name));
$after = [];   // [the new master's clock before, fence, its clock after]
foreach (['a' => $a, 'b' => $b, 'new' => new RedisLock($server, $opts)] as $who => $o) {
    $t0 = server_us($newRaw);
    $ok = retried(fn () => $o->lock($name, 0, 60));
    $after[] = [$t0, $o->fence($name), server_us($newRaw)];
    echo "$who: ", json_encode([$ok, $o->unlock($name)]), "\n";
}
// taken by waiting: granted by $b's release on the new master
$t0 = server_us($newRaw);
var_dump($b->lock($name, 0, 60), is_int($fb = $b->fence($name)));
$after[] = [$t0, $fb, server_us($newRaw)];
$w->calls(['lock', 'lock', $name, 30 * $k, 60], ['lock', 'fence', $name], ['lock', 'unlock', $name]);
rl_wait_queue_len($newRaw, $queue, 1, 10 * $k);
$t0 = server_us($newRaw);
var_dump($b->unlock($name));
[$l, $f, $u] = $w->results();
$after[] = [$t0, $f['r'], server_us($newRaw)];
// each greater than the one before (the first than the last before the failover), within the new master's clock
var_dump($l['r'], $u['r'], fences_grow($after, $fw), min(array_column($after, 1)) > $fw);
[$rc, $out] = $w->finish();
echo $out;
var_dump($rc);
?>
--EXPECT--
-- redislock.fencing=1 applies to Sentinel
bool(true)
bool(true)
bool(true)
bool(false)
int(0)
-- fences on the master, held by the replica when lock() returns
bool(true)
bool(true)
bool(false)
bool(false)
int(0)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
-- the master killed, the replica promoted
bool(true)
bool(true)
int(-1)
bool(true)
bool(true)
bool(true)
bool(false)
-- fences from the new master
bool(true)
a: [true,true]
b: [true,true]
new: [true,true]
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
