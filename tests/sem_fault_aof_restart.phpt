--TEST--
Faults: redis-server (appendonly yes, appendfsync always) killed with SIGKILL and restarted on the same port and directory while a semaphore is at its limit and two waiters are queued: the queued acquire() calls throw RedisLockException at once; the slots survive with their holder; the waiters, trying again, get a slot one after the other as slots free, never above the limit
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sem_helpers.inc';
require __DIR__ . '/fault_helpers.inc';
$srv = rl_aof_redis();
$server = $srv->server();
$raw = $srv->raw();
$k = rl_slowdown();
$opts = ['read_timeout' => 1.0 * $k, 'connect_timeout' => 1.0 * $k];
$name = rl_unique('aof');
[$holders] = sem_keys($name);
[$queue] = sem_wait_keys($name);
$most = 0;
$watch = function () use (&$raw, $holders, &$most) {
    $most = max($most, $raw->cmd('ZCARD', $holders));
};
$h = new RedisSemaphore($server, $opts);
$ws = [new RlWorker($server, $opts), new RlWorker($server, $opts)];
foreach ($ws as $w) {
    $w->warmUp('sem');
}
$ids = [$h->acquire($name, 2, 60), $h->acquire($name, 2, 60)];
var_dump(is_string($ids[0]) && is_string($ids[1]));
foreach ($ws as $i => $w) {
    $w->calls(['sem', 'acquire', $name, 2, 30, 30 * $k]);
    rl_wait_queue_len($raw, $queue, $i + 1, 10 * $k);
}
$queued = $raw->cmd('LRANGE', $queue, '0', '-1');

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
// the AOF kept both holders and the queue with the waiters' first entries; the holder's slots are still its own
var_dump(array_keys(sem_zset($raw, $holders)) == $ids || array_keys(sem_zset($raw, $holders)) == array_reverse($ids));
var_dump($raw->cmd('LRANGE', $queue, '0', '-1') === $queued);
var_dump($h->count($name), $h->refresh($name, $ids[0]), $h->refresh($name, $ids[1], 60));

echo "-- the waiters try again, then the holder frees one slot, later the other\n";
foreach ($ws as $i => $w) {
    $w->calls(['sem', 'acquire', $name, 2, 30, 30 * $k]);
    rl_wait_queue_len($raw, $queue, 3 + $i, 10 * $k);   // behind the dead entries of their first tries
}
$watch();
var_dump($ws[0]->pending(0), $ws[1]->pending(0));
$released = hrtime(true);
var_dump($h->release($name, $ids[0]));
// the slot goes to the first dead entry for its grace (100 ms) and nobody alive hears of it before its next
// check-in (5 s); bound as for the lock: a check-in plus a queue entry's lifetime, 11.5 s
$first = rl_first_pending($ws, 20 * $k);
$watch();
$r = $ws[$first]->results()[0];
var_dump($first, is_string($r['r']), $r['e'], ($r['t1'] - $released) / 1e9 < 11.5 + $k);
$watch();
var_dump($ws[1]->pending(0), $h->count($name));
$released = hrtime(true);
var_dump($h->release($name, $ids[1]));
$r = $ws[1]->results(10 * $k)[0];
$watch();
var_dump(is_string($r['r']), $r['e'], ($r['t1'] - $released) / 1e9 < 1.0 * $k);
var_dump($h->count($name), $most);
// false: each object also kept the id of its acquire() that the kill interrupted, which is no holder
var_dump($ws[0]->call('sem', 'releaseAll')['r'], $ws[1]->call('sem', 'releaseAll')['r'], $h->count($name));
// what the restart left behind (the dead entries' wake lists, the queue keys) all have a lifetime
$left = $raw->cmd('KEYS', '*');
var_dump(array_filter($left, fn ($key) => !($raw->cmd('PTTL', $key) > 0 && $raw->cmd('PTTL', $key) <= 60000)));
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
int(2)
bool(true)
bool(true)
-- the waiters try again, then the holder frees one slot, later the other
bool(false)
bool(false)
bool(true)
int(0)
bool(true)
NULL
bool(true)
bool(false)
int(2)
bool(true)
bool(true)
NULL
bool(true)
int(2)
int(2)
bool(false)
bool(false)
int(0)
array(0) {
}
int(0)
int(0)
