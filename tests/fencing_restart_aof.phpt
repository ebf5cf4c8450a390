--TEST--
Fencing tokens (issue 24) across a restart: redis-server (appendonly yes, appendfsync always) killed with SIGKILL and restarted on the same port and directory while a fencing waiter holds the lock it was granted: the fence counter comes back with the last fence counted (no TTL), the lock with its holder, whose fence() still answers its fence; every fence is max(the last one + 1, the server's clock in microseconds): before the kill and after the restart each fence is greater than the one before and within the server's clock (TIME) read before and after its acquisition (or the release that granted it); a waiter granted after the restart, lock() without waiting in the objects from before the restart and in a new one, each get a fence greater than every fence taken before the kill
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/fault_helpers.inc';
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

$srv = rl_aof_redis();
$server = $srv->server();
$raw = $srv->raw();
$k = rl_slowdown();
$opts = ['fencing' => true, 'read_timeout' => 1.0 * $k, 'connect_timeout' => 1.0 * $k];
$name = rl_unique('fence-aof');
$key = "Lock:$name";
$queue = rl_lock_wait_keys($key)['queue'];
$counter = rl_lock_fence_key($key);
$a = new RedisLock($server, $opts);
$b = new RedisLock($server, $opts);
[$w1, $w2] = RlWorker::warmedUp(2, 'lock', $server, $opts);

echo "-- fences before the kill\n";
$takes = [];   // [the server's clock before, fence, the clock after]
for ($i = 0; $i < 3; $i++) {
    foreach ([$a, $b] as $o) {
        $t0 = server_us($raw);
        $ok = $o->lock($name, 0, 60);
        $takes[] = [$t0, $o->fence($name), server_us($raw)];
        $ok = $ok && $o->unlock($name);
        if (!$ok) {
            echo "round $i: lock()/unlock() failed\n";
        }
    }
}
// one taken by waiting: the release that grants it counts it
$t0 = server_us($raw);
var_dump($a->lock($name, 0, 60), is_int($fa = $a->fence($name)));
$takes[] = [$t0, $fa, server_us($raw)];
$w1->calls(['lock', 'lock', $name, 30 * $k, 60], ['lock', 'fence', $name]);
rl_wait_queue_len($raw, $queue, 1, 10 * $k);
$t0 = server_us($raw);
var_dump($a->unlock($name));
[$l, $f] = $w1->results();
$takes[] = [$t0, $fw = $f['r'], server_us($raw)];
var_dump($l['r'], $fw > $fa);
// each greater than the one before, within the server's clock around its acquisition
$fences = array_column($takes, 1);
var_dump(fences_grow($takes), count($fences), $raw->cmd('GET', $counter) === (string)$fw);

echo "-- SIGKILL, then a restart on the same port and directory\n";
$srv->kill();
$srv->start();
$raw = $srv->raw();
var_dump(rl_wait_until(fn () => str_contains((string)$raw->cmd('INFO', 'persistence'), "\nloading:0\r\n"), 10 * $k));
var_dump($raw->cmd('GET', $counter) === (string)$fw, $raw->cmd('PTTL', $counter), $raw->cmd('EXISTS', $key));
// the holder: its lock survived, and fence() answers from its record
$w1->calls(['lock', 'fence', $name], ['lock', 'isLocking', $name], ['lock', 'fence', $name]);
echo json_encode(array_column($w1->results(), 'r') === [$fw, true, $fw] ?: $w1->results()), "\n";

echo "-- fences after the restart\n";
// a waiter granted by the holder's release
$w2->calls(['lock', 'lock', $name, 30 * $k, 60], ['lock', 'fence', $name], ['lock', 'unlock', $name]);
rl_wait_queue_len($raw, $queue, 1, 10 * $k);
$t0 = server_us($raw);
var_dump($w1->call('lock', 'unlock', $name)['r']);
[$l, $f, $u] = $w2->results();
$after = [[$t0, $f['r'], server_us($raw)]];   // [the server's clock before, fence, the clock after]
var_dump($l['r'], $u['r'], $f['r'] > max($fences), $f['r'] > $fw);
// the objects from before the restart (their connections are replaced) and a new one
$c = new RedisLock($server, $opts);
foreach (['a' => $a, 'b' => $b, 'new' => $c] as $who => $o) {
    try {
        $t0 = server_us($raw);
        $ok = $o->lock($name, 0, 60);
        $after[] = [$t0, $o->fence($name), server_us($raw)];
        $ok = $ok && $o->unlock($name);
        echo "$who: ", var_export($ok, true), "\n";
    } catch (RedisLockException $e) {
        echo "$who: ", $e->getMessage(), "\n";
    }
}
// each greater than the one before (the first than the last fence before the kill), within the server's clock
var_dump(fences_grow($after, $fw), $raw->cmd('GET', $counter) === (string)end($after)[1], $raw->cmd('PTTL', $counter));
foreach ([$w1, $w2] as $w) {
    [$rc, $out] = $w->finish();
    echo $out;
    var_dump($rc);
}
?>
--EXPECT--
-- fences before the kill
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(8)
bool(true)
-- SIGKILL, then a restart on the same port and directory
bool(true)
bool(true)
int(-1)
int(1)
true
-- fences after the restart
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
a: true
b: true
new: true
bool(true)
bool(true)
int(-1)
int(0)
int(0)
