--TEST--
Faults: redis-server stopped (SIGSTOP) during lock(), unlock() and a lock() waiting in the queue: RedisLockException by read_timeout (a waiter: by its block's end + read_timeout + 1 s); the next call, sent while the server is still stopped, gets its own answer, never the late reply (the connection is replaced); no lock is released that the object does not hold
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/fault_helpers.inc';
$srv = new PrivateRedis();   // a server of our own: stopping it disturbs no other test
$server = $srv->server();
$raw = $srv->raw();
$k = rl_slowdown();
$rt = 0.5 * $k;
$opts = ['read_timeout' => $rt];
$taken = rl_unique('taken');
$raw->cmd('SET', "Lock:$taken", 'another-owner', 'PX', '600000');
$w = new RlWorker($server, $opts);   // the object under test is in $w, so that this process can resume the server
$w->warmUp();                         // connected, and the server has every script

// the pooled connection of a persistent object is discarded the same way (its own code path)
$wp = new RlWorker($server, $opts + ['persistent' => true]);
$wp->warmUp();
foreach (['' => $w, ', persistent' => $wp] as $label => $obj) {
    echo "-- 1. lock() of a free name$label\n";
    $a = rl_unique('a');
    $before = rl_conn_ids($raw, $obj->pid);
    // the next call is on a name someone else holds: false. The SET's late "+OK", read as its answer, would say true.
    [$first, $next] = rl_stopped_then_next($srv, $obj, ['lock', 'lock', $a, 0, 30], ['lock', 'lock', $taken, 0, 30], $rt);
    echo rl_failure_line('lock', $first, $server, $rt, $rt + $k), "\n";
    var_dump($next[0], $next[1]);
    $after = rl_conn_ids($raw, $obj->pid);
    var_dump(count($before) === 1 && count($after) === 1 && $after !== $before);   // the stopped connection was closed
    // resumed, the server ran the SET it had read before the stop: the lock exists, in the token of the call that
    // threw; the object kept that token, so isLocking() says what the server holds and unlockAll() removes it
    var_dump(rl_wait_until(fn () => $raw->cmd('EXISTS', "Lock:$a") === 1, 5 * $k));
    var_dump($obj->call('lock', 'isLocking', $a)['r'], $obj->call('lock', 'unlockAll')['r'], $raw->cmd('EXISTS', "Lock:$a"));
}
[$rc, $out] = $wp->finish();
echo $out;
var_dump($rc);

echo "-- 2. unlock()\n";
$u = rl_unique('u');
var_dump($w->call('lock', 'lock', $u, 0, 30)['r']);
$before = rl_conn_ids($raw, $w->pid);
// the next call is again on the name someone else holds: false. The release's late ":1" would be an unexpected reply.
[$first, $next] = rl_stopped_then_next($srv, $w, ['lock', 'unlock', $u], ['lock', 'lock', $taken, 0, 30], $rt);
echo rl_failure_line('unlock', $first, $server, $rt, $rt + $k), "\n";
var_dump($next[0], $next[1]);
$after = rl_conn_ids($raw, $w->pid);
var_dump(count($after) === 1 && $after !== $before);
// resumed, the server ran the release it had read: the lock is gone; someone else takes it
var_dump(rl_wait_until(fn () => $raw->cmd('EXISTS', "Lock:$u") === 0, 5 * $k));
var_dump($raw->cmd('SET', "Lock:$u", 'another-owner', 'NX', 'PX', '600000'));
// the failed unlock() left its record: unlockAll() tries again, says false and leaves the other owner's lock alone
var_dump($w->call('lock', 'unlockAll')['r'], $raw->cmd('GET', "Lock:$u"));
var_dump($w->call('lock', 'isLocking', $u)['r'], $w->call('lock', 'unlock', $u)['r']);   // the record went with that answer

echo "-- 3. lock() waiting in the queue (blocked in BLPOP)\n";
$q = rl_unique('q');
$keys = rl_lock_wait_keys("Lock:$q");
$holder = new RedisLock($server);
var_dump($holder->lock($q, 0, 60));
$before = rl_conn_ids($raw, $w->pid);
$wait = 1.0 * $k;
$w->calls(['lock', 'lock', $q, $wait, 30]);
rl_wait_queue_len($raw, $keys['queue'], 1, 10 * $k);   // joined: the BLPOP written with the join is blocked
$f = rl_unique('free');
rl_redis_signal($srv, 19);
try {
    $first = rl_worker_result($w->results(60 * $k)[0]);
    // the next call, on a free name: true. A late reply of the stopped step (BLPOP's nil, the visit's number) would
    // make it false or an error.
    $w->calls(['lock', 'lock', $f, 0, 30]);
    usleep((int)($rt / 2 * 1e6));
} finally {
    rl_redis_signal($srv, 18);
}
// its read timeout is stretched over the block, so the stop is noticed once the block should have ended
echo rl_failure_line('lock waiting', $first, $server, $wait, $wait + $rt + 1 + $k), "\n";
$next = rl_worker_result($w->results(60 * $k)[0]);
var_dump($next[0], $next[1]);
$after = rl_conn_ids($raw, $w->pid);
var_dump(count($after) === 1 && $after !== $before);
// the stopped waiter's entry is still in the queue: the release hands the lock to it for its grace (100 ms) only,
// then a new waiter has it
var_dump($holder->unlock($q));
$c = new RedisLock($server);
[$got, $e, $took] = rl_timed(fn () => $c->lock($q, 10 * $k, 30));
var_dump($got, $e, $took < 1.0 * $k);
// the worker kept the token of its failed lock(): unlockAll() releases the free name's lock, not $c's: false
var_dump($w->call('lock', 'unlockAll')['r'], $raw->cmd('EXISTS', "Lock:$f"), $c->isLocking($q));
[$rc, $out] = $w->finish();
echo $out;
var_dump($rc, $c->unlock($q), $raw->cmd('EXISTS', "Lock:$q"));

echo "-- 4. in this process: a lock() that threw, whose late SET ran and expired; destroying the object leaves the next owner's lock alone\n";
$m = new RedisLock($server, $opts);
rl_warm_up($m, $server, $opts);
$b = rl_unique('b');
echo rl_failure_line('lock', rl_while_stopped($srv, fn () => $m->lock($b, 0, 1.0 * $k)), $server, $rt, $rt + $k), "\n";
var_dump(rl_wait_until(fn () => $raw->cmd('EXISTS', "Lock:$b") === 1, 5 * $k));   // the late SET ran...
var_dump(rl_wait_until(fn () => $raw->cmd('EXISTS', "Lock:$b") === 0, 5 * $k));   // ... and its lifetime ended
var_dump($raw->cmd('SET', "Lock:$b", 'another-owner', 'NX', 'PX', '600000'));
unset($m);   // releases what it holds as far as it knows: the token of the lock() that threw
var_dump($raw->cmd('GET', "Lock:$b"));
?>
--EXPECT--
-- 1. lock() of a free name
lock: timed out true
bool(false)
NULL
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
-- 1. lock() of a free name, persistent
lock: timed out true
bool(false)
NULL
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
int(0)
-- 2. unlock()
bool(true)
unlock: timed out true
bool(false)
NULL
bool(true)
bool(true)
string(2) "OK"
bool(false)
string(13) "another-owner"
bool(false)
bool(false)
-- 3. lock() waiting in the queue (blocked in BLPOP)
bool(true)
lock waiting: timed out true
bool(true)
NULL
bool(true)
bool(true)
bool(true)
NULL
bool(true)
bool(false)
int(0)
bool(true)
int(0)
bool(true)
int(0)
-- 4. in this process: a lock() that threw, whose late SET ran and expired; destroying the object leaves the next owner's lock alone
lock: timed out true
bool(true)
bool(true)
string(2) "OK"
string(13) "another-owner"
