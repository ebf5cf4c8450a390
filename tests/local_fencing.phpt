--TEST--
Fencing tokens (issue 24) with the local hand-over on (redislock.local_handover=1): a non-fencing object's lock() with a timeout takes the host's path (the key holds the host's token, marked "L"), a fencing object's takes the global protocol (its own token, a fence); a fencing waiter of this host queues in Redis (its entry "<token>:<ttl>f"), not in the host's segment, and is granted by a fencing holder's release and by a local holder's unlock() with a new fence (the local holder's acquisition counted none); every fence is max(the last one + 1, the server's clock in microseconds): each is greater than the one before and within the server's clock (TIME) read before and after the step that gave it; four processes of this host, three fencing and one not, taking the lock 3 x 8 and 8 times: never two inside, every lock() succeeds, and the fences, in the order the locks were taken, are each greater than the one before (not consecutive) and within the server's clock over the runs, the counter at the last
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--INI--
redislock.local_handover=1
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/local_helpers.inc';
$raw = new RawRedis();
$k = rl_slowdown();
$opts = ['fencing' => true];

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

/** What the key's value is: "host token" (marked "L"), "own token" (32 hex digits), or the value. */
function holder(RawRedis $raw, string $key): string
{
    $v = $raw->cmd('GET', $key);
    if (!is_string($v)) {
        return json_encode($v);
    }
    if ($v[0] === 'L') {
        return 'host token';
    }
    return strlen($v) === 32 && strspn($v, '0123456789abcdef') === 32 ? 'own token' : $v;
}

echo "-- this process: the host's path without fencing, the global protocol with it\n";
$name = rl_unique('local-fence');
$key = "Lock:$name";
$queue = rl_lock_wait_keys($key)['queue'];
$counter = rl_lock_fence_key($key);
$plain = new RedisLock(RL_TEST_SERVER);
$fenced = new RedisLock(RL_TEST_SERVER, $opts);
var_dump(ini_get('redislock.local_handover'));
var_dump($plain->lock($name, 5, 30), holder($raw, $key), $plain->unlock($name), $raw->cmd('EXISTS', $counter));
$t0 = server_us($raw);
var_dump($fenced->lock($name, 5, 30), holder($raw, $key), fences_grow([[$t0, $f0 = $fenced->fence($name), server_us($raw)]]),
    $fenced->unlock($name));
// redislock.fencing=1 as well: the same
[$rc, $out] = rl_run_php(rl_child_prelude() . 'require ' . var_export(__DIR__ . '/lock_helpers.inc', true) . ';
$raw = new RawRedis();
$l = new RedisLock(RL_TEST_SERVER);
$v = fn () => $raw->cmd("GET", ' . var_export($key, true) . ');
$us = function () use ($raw) { [$s, $us] = $raw->cmd("TIME"); return (int)$s * 1000000 + (int)$us; };
$t0 = $us();
var_dump($l->lock(' . var_export($name, true) . ', 5, 30), $v()[0] !== "L" && strlen($v()) === 32);
// greater than the last fence, within the clock of the server around lock()
$f = $l->fence(' . var_export($name, true) . ');
var_dump(is_int($f) && $f > ' . $f0 . ' && $f >= $t0 && $f <= $us() ? true : [$t0, $f]);
var_dump($l->unlock(' . var_export($name, true) . '));', ['redislock.fencing' => '1', 'redislock.local_handover' => '1']);
echo $out;
var_dump($rc);
$fc = (int)$raw->cmd('GET', $counter);   // the child's fence: the last counted

echo "-- a fencing waiter of this host queues in Redis\n";
[$p1, $p2] = RlLocalWorker::warmedUp(2, true, $opts);
$p3 = new RlLocalWorker(true);   // this host, no fencing
$p3->warmUp();
$t0 = server_us($raw);
$p1->calls(['lock', 'lock', $name, 5, 30], ['lock', 'fence', $name]);
[$l, $f1] = $p1->results();
var_dump($l['r'], holder($raw, $key), fences_grow([[$t0, $f1 = $f1['r'], server_us($raw)]], max($fc, $f0)));
$p2->calls(['lock', 'lock', $name, 30 * $k, 30], ['lock', 'fence', $name]);
rl_wait_queue_len($raw, $queue, 1);
var_dump(str_ends_with($raw->cmd('LINDEX', $queue, '0'), ':30000f'));
$t0 = server_us($raw);
var_dump($p1->call('lock', 'unlock', $name)['r']);
[$l, $f2] = $p2->results();
var_dump(rl_local_res($l), holder($raw, $key), fences_grow([[$t0, $f2 = $f2['r'], server_us($raw)]], $f1));

echo "-- a fencing waiter behind a holder of the host's path\n";
var_dump($p2->call('lock', 'unlock', $name)['r']);
$l = $p3->call('lock', 'lock', $name, 5, 30);
var_dump(rl_local_res($l), holder($raw, $key), $raw->cmd('GET', $counter) === (string)$f2);
$p1->calls(['lock', 'lock', $name, 30 * $k, 30], ['lock', 'fence', $name], ['lock', 'unlock', $name]);
rl_wait_queue_len($raw, $queue, 1);
var_dump(str_ends_with($raw->cmd('LINDEX', $queue, '0'), ':30000f'));
$t0 = server_us($raw);
var_dump($p3->call('lock', 'unlock', $name)['r']);
[$l, $f, $u] = $p1->results();
var_dump(rl_local_res($l), fences_grow([[$t0, $f['r'], server_us($raw)]], $f2), $u['r'], $raw->cmd('EXISTS', $key));

echo "-- four processes of this host, three fencing\n";
$rounds = rl_under_valgrind() ? 4 : 8;
$name = rl_unique('local-fence-mix');
$key = "Lock:$name";
$counter = rl_lock_fence_key($key);
$workers = [$p1, $p2, new RlLocalWorker(true, $opts), $p3];
$workers[2]->warmUp();
$t0 = server_us($raw);
foreach ($workers as $i => $w) {
    $calls = [];
    for ($r = 0; $r < $rounds; $r++) {
        $calls[] = ['lock', 'lock', $name, 60 * $k, 10];
        $calls[] = $i < 3 ? ['lock', 'fence', $name] : ['php', 'usleep', 0];
        $calls[] = ['php', 'usleep', 2000];
        $calls[] = ['lock', 'unlock', $name];
    }
    $w->calls(...$calls);
}
$held = [];    // [from (lock() returned), to (unlock() began), fence or null]
$failed = [];
foreach ($workers as $i => $w) {
    $res = $w->results(120 * $k);
    for ($r = 0; $r < $rounds; $r++) {
        [$l, $f, , $u] = array_slice($res, 4 * $r, 4);
        if ($l['r'] !== true || $u['r'] !== true || $l['e'] !== null || $f['e'] !== null || $u['e'] !== null) {
            $failed[] = "worker $i round $r: " . json_encode([$l, $f, $u]);
        }
        $held[] = [$l['t1'], $u['t0'], $i < 3 ? $f['r'] : null];
    }
}
$t1 = server_us($raw);
usort($held, fn ($x, $y) => $x[0] <=> $y[0]);
$overlaps = 0;
for ($i = 1; $i < count($held); $i++) {
    $overlaps += $held[$i][0] < $held[$i - 1][1];
}
$fences = array_values(array_filter(array_column($held, 2), fn ($f) => $f !== null));
// in the order the locks were taken, each greater than the one before, within the server's clock over the runs
var_dump($failed, $overlaps, count($fences) === 3 * $rounds, fences_grow(array_map(fn ($f) => [$t0, $f, $t1], $fences)));
var_dump($raw->cmd('GET', $counter) === (string)end($fences), $raw->cmd('EXISTS', $key));
foreach ($workers as $w) {
    [$rc, $out] = $w->finish();
    echo $out;
    var_dump($rc);
}
?>
--EXPECT--
-- this process: the host's path without fencing, the global protocol with it
string(1) "1"
bool(true)
string(10) "host token"
bool(true)
int(0)
bool(true)
string(9) "own token"
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
-- a fencing waiter of this host queues in Redis
bool(true)
string(9) "own token"
bool(true)
bool(true)
bool(true)
string(4) "true"
string(9) "own token"
bool(true)
-- a fencing waiter behind a holder of the host's path
bool(true)
string(4) "true"
string(10) "host token"
bool(true)
bool(true)
bool(true)
string(4) "true"
bool(true)
bool(true)
int(0)
-- four processes of this host, three fencing
array(0) {
}
int(0)
bool(true)
bool(true)
bool(true)
int(0)
int(0)
int(0)
int(0)
int(0)
