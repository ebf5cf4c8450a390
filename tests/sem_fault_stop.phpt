--TEST--
Faults: redis-server stopped (SIGSTOP) during RedisSemaphore::acquire(), release() and an acquire() waiting in the queue: RedisLockException by read_timeout (a waiter: by its block's end + read_timeout + 1 s); the next call, sent while the server is still stopped, gets its own answer, never the late reply; no slot is released that the object does not hold
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sem_helpers.inc';
require __DIR__ . '/fault_helpers.inc';
$srv = new PrivateRedis();   // a server of our own: stopping it disturbs no other test
$server = $srv->server();
$raw = $srv->raw();
$k = rl_slowdown();
$rt = 0.5 * $k;
$opts = ['read_timeout' => $rt];
$holders = fn (string $name) => $raw->cmd('ZCARD', sem_keys($name)[0]);
$other = new RedisSemaphore($server);
$full = rl_unique('full');
var_dump(is_string($other->acquire($full, 1, 600)));
$w = new RlWorker($server, $opts);   // the object under test is in $w, so that this process can resume the server
$w->warmUp('sem');

echo "-- 1. acquire() with a slot free\n";
$a = rl_unique('a');
$before = rl_conn_ids($raw, $w->pid);
// the next call is on a full semaphore: false. The late 1 (admitted) of the stopped call, read as its answer, would
// make it an id.
[$first, $next] = rl_stopped_then_next($srv, $w, ['sem', 'acquire', $a, 2, 30], ['sem', 'acquire', $full, 1, 30], $rt);
echo rl_failure_line('acquire', $first, $server, $rt, $rt + $k), "\n";
var_dump($next[0], $next[1]);
$after = rl_conn_ids($raw, $w->pid);
var_dump(count($before) === 1 && count($after) === 1 && $after !== $before);   // the stopped connection was closed
// resumed, the server ran the admission it had read: one holder, the id of the call that threw, which the object
// kept: releaseAll() gives it back
var_dump(rl_wait_until(fn () => $holders($a) === 1, 5 * $k));
var_dump($w->call('sem', 'releaseAll')['r'], $holders($a));

echo "-- 2. release()\n";
$r = rl_unique('r');
var_dump(is_string($w->call('sem', 'acquire', $r, 1, 30)['r']));
$before = rl_conn_ids($raw, $w->pid);
[$first, $next] = rl_stopped_then_next($srv, $w, ['sem', 'release', $r], ['sem', 'acquire', $full, 1, 30], $rt);
echo rl_failure_line('release', $first, $server, $rt, $rt + $k), "\n";
var_dump($next[0], $next[1]);
$after = rl_conn_ids($raw, $w->pid);
var_dump(count($after) === 1 && $after !== $before);
// resumed, the server ran the release it had read; someone else takes the slot
var_dump(rl_wait_until(fn () => $holders($r) === 0, 5 * $k));
var_dump(is_string($other->acquire($r, 1, 600)));
// the failed release() left its record: releaseAll() tries again, says false and leaves the other holder alone
var_dump($w->call('sem', 'releaseAll')['r'], $other->count($r), $other->release($r));

echo "-- 3. acquire() waiting in the queue (blocked in BLPOP)\n";
[$queue] = sem_wait_keys($full);
$before = rl_conn_ids($raw, $w->pid);
$wait = 1.0 * $k;
$w->calls(['sem', 'acquire', $full, 1, 30, $wait]);
rl_wait_queue_len($raw, $queue, 1, 10 * $k);   // joined: the BLPOP written with the join is blocked
$f = rl_unique('free');
rl_redis_signal($srv, 19);
try {
    $first = rl_worker_result($w->results(60 * $k)[0]);
    // the next call, on a free semaphore: an id. A late reply of the stopped step (BLPOP's nil, the visit's number)
    // would make it false or an error.
    $w->calls(['sem', 'acquire', $f, 1, 30]);
    usleep((int)($rt / 2 * 1e6));
} finally {
    rl_redis_signal($srv, 18);
}
echo rl_failure_line('acquire waiting', $first, $server, $wait, $wait + $rt + 1 + $k), "\n";
$next = rl_worker_result($w->results(60 * $k)[0]);
var_dump(is_string($next[0]), $next[1]);
$after = rl_conn_ids($raw, $w->pid);
var_dump(count($after) === 1 && $after !== $before);
// the stopped waiter's entry is still queued: the release hands it the slot for its grace (100 ms) only, then a new
// waiter has it
var_dump($other->release($full));
$c = new RedisSemaphore($server);
[$got, $e, $took] = rl_timed(fn () => $c->acquire($full, 1, 30, 10 * $k));
var_dump(is_string($got), $e, $took < 1.0 * $k);
// the worker kept the id of its failed acquire(): releaseAll() gives back the free semaphore's slot, not $c's: false
var_dump($w->call('sem', 'releaseAll')['r'], $holders($f), $c->count($full));
[$rc, $out] = $w->finish();
echo $out;
var_dump($rc, $c->release($full), $c->count($full));

echo "-- 4. in this process: acquire() while stopped, then releaseAll()\n";
$s = new RedisSemaphore($server, $opts);
$d = rl_unique('d');
var_dump($s->count($d));
echo rl_failure_line('acquire', rl_while_stopped($srv, fn () => $s->acquire($d, 1, 30)), $server, $rt, $rt + $k), "\n";
var_dump(rl_wait_until(fn () => $holders($d) === 1, 5 * $k));
var_dump($s->count($d), $s->releaseAll(), $s->count($d));
?>
--EXPECT--
bool(true)
-- 1. acquire() with a slot free
acquire: timed out true
bool(false)
NULL
bool(true)
bool(true)
bool(true)
int(0)
-- 2. release()
bool(true)
release: timed out true
bool(false)
NULL
bool(true)
bool(true)
bool(true)
bool(false)
int(1)
bool(true)
-- 3. acquire() waiting in the queue (blocked in BLPOP)
acquire waiting: timed out true
bool(true)
NULL
bool(true)
bool(true)
bool(true)
NULL
bool(true)
bool(false)
int(0)
int(1)
int(0)
bool(true)
int(0)
-- 4. in this process: acquire() while stopped, then releaseAll()
int(0)
acquire: timed out true
bool(true)
int(1)
bool(true)
int(0)
