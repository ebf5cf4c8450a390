--TEST--
Faults: redis-server (appendonly yes, appendfsync always) killed with SIGKILL and restarted on the same port and directory while a lock is held and two waiters are queued: the queued lock() calls throw RedisLockException at once; the lock survives with its holder; the waiters, trying again, get it one after the other once the holder releases it, their first tries' queue entries (kept by the restart) taken out as each confirms its old token, each one within a second of the release before it
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/fault_helpers.inc';
$srv = rl_aof_redis();
$server = $srv->server();
$raw = $srv->raw();
$k = rl_slowdown();
$opts = ['read_timeout' => 1.0 * $k, 'connect_timeout' => 1.0 * $k];
$name = rl_unique('aof');
$key = "Lock:$name";
$keys = rl_lock_wait_keys($key);
$h = new RedisLock($server, $opts);
$ws = [new RlWorker($server, $opts), new RlWorker($server, $opts)];
foreach ($ws as $w) {
    $w->warmUp();
}
var_dump($h->lock($name, 0, 60));
foreach ($ws as $i => $w) {
    $w->calls(['lock', 'lock', $name, 30 * $k, 30]);
    rl_wait_queue_len($raw, $keys['queue'], $i + 1, 10 * $k);
}
$queued = rl_queue_tokens($raw->cmd('LRANGE', $keys['queue'], '0', '-1'));

echo "-- SIGKILL, then a restart on the same port and directory\n";
$srv->kill();
$killed = hrtime(true);
foreach ($ws as $i => $w) {
    $r = $w->results(30 * $k)[0];
    echo "waiter $i: ", $r['r'] === null && str_starts_with((string)$r['e'], "RedisLockException: $server: connection lost")
        ? 'connection lost' : json_encode($r), ' ', var_export(($r['t1'] - $killed) / 1e9 < 1.0 * $k, true), "\n";
}
$srv->start();
$raw = $srv->raw();
// it accepts connections while it loads the AOF, and answers -LOADING meanwhile ("\n": not async_loading)
var_dump(rl_wait_until(fn () => str_contains((string)$raw->cmd('INFO', 'persistence'), "\nloading:0\r\n"), 10 * $k));
// the AOF kept the lock, with its lifetime, and the queue with the waiters' first entries
$pttl = $raw->cmd('PTTL', $key);
var_dump($pttl > 0 && $pttl <= 60000, rl_queue_tokens($raw->cmd('LRANGE', $keys['queue'], '0', '-1')) === $queued);
// the holder's idle connection is replaced; the lock is still its own
var_dump($h->isLocking($name), $h->expire($name, 60));

echo "-- the waiters try again, then the holder releases\n";
// Each still holds the record of its first try's token (the connection broke while it waited): its lock()
// confirms that token with "lock extend", which, finding the lock another's, takes the token's entry out of
// the queue; then it queues with a new one. So the queue stays 2 long: the first tries' entries give way.
foreach ($ws as $i => $w) {
    $w->calls(['lock', 'lock', $name, 30 * $k, 30]);
    $gone = array_slice($queued, 0, $i + 1);
    if (!rl_wait_until(function () use ($raw, $keys, $gone) {
        $q = rl_queue_tokens($raw->cmd('LRANGE', $keys['queue'], '0', '-1'));
        return count($q) === 2 && array_intersect($q, $gone) === [];
    }, 10 * $k)) {
        echo "waiter $i: queue ", json_encode($raw->cmd('LRANGE', $keys['queue'], '0', '-1')), "\n";
    }
}
var_dump($ws[0]->pending(0), $ws[1]->pending(0));
$released = hrtime(true);
var_dump($h->unlock($name));
// The release hands the lock to waiter 0, the head, whose block takes it at once. (Were the first tries' entries
// still queued, the release's check would find each grant not taken and undo it: one round trip each.)
$first = rl_first_pending($ws, 20 * $k);
$r = $ws[$first]->results()[0];
$took = ($r['t1'] - $released) / 1e9;
var_dump($first, $r['r'], $r['e'], $took < 2.0 * $k);
var_dump($ws[1]->pending(0), $h->isLocking($name), $ws[0]->call('lock', 'isLocking', $name)['r']);
$released = hrtime(true);
var_dump($ws[0]->call('lock', 'unlock', $name)['r']);   // a watched release: hands over to the next live waiter
$r = $ws[1]->results(10 * $k)[0];
var_dump($r['r'], $r['e'], ($r['t1'] - $released) / 1e9 < 1.0 * $k);
var_dump($ws[0]->call('lock', 'isLocking', $name)['r'], $ws[1]->call('lock', 'isLocking', $name)['r']);
var_dump($ws[1]->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
// what is left (the served list's notes, the queue keys) all have a lifetime
$left = $raw->cmd('KEYS', '*');
var_dump(array_filter($left, fn ($k) => !($raw->cmd('PTTL', $k) > 0 && $raw->cmd('PTTL', $k) <= 6500)));
foreach ($ws as $w) {
    [$rc, $out] = $w->finish();
    echo $out;
    var_dump($rc);
}
?>
--EXPECT--
bool(true)
-- SIGKILL, then a restart on the same port and directory
waiter 0: connection lost true
waiter 1: connection lost true
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
-- the waiters try again, then the holder releases
bool(false)
bool(false)
bool(true)
int(0)
bool(true)
NULL
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
NULL
bool(true)
bool(false)
bool(true)
bool(true)
int(0)
array(0) {
}
int(0)
int(0)
