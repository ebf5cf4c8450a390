--TEST--
Metrics: RedisLock::stats() and RedisSemaphore::stats() count, per process, acquisitions free and after a wait, busy refusals, timeouts, locks and slots lost before unlock()/refresh(), releases at destruction, the waits' histogram, errors by code and connections; each kind on its own; phpinfo() shows them
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';

$keys = ['acquired', 'acquired_after_wait', 'busy', 'timeouts', 'refused_replicas', 'lost', 'released_at_request_end',
    'waits', 'wait_seconds_sum', 'wait_seconds_buckets', 'slow_waits', 'errors', 'connects', 'connections_discarded'];
var_dump(array_keys(RedisLock::stats()) === $keys, array_keys(RedisSemaphore::stats()) === $keys);
echo implode(' ', array_keys(RedisLock::stats()['wait_seconds_buckets'])), "\n";

/** stats() flattened: "errors.READ_TIMEOUT" => n. */
function flat(array $a, string $p = ''): array
{
    $r = [];
    foreach ($a as $k => $v) {
        $r += is_array($v) ? flat($v, "$p$k.") : ["$p$k" => $v];
    }
    return $r;
}

/**
 * What changed in $class::stats() while $run ran (flattened, zeros left out; the wait sum as ">0").
 * The histogram's change is "buckets+1" when it is one wait, counted from the bucket of its length
 * up (cumulative), that length being at least $minWait and at most the time $run took.
 */
function delta(string $class, callable $run, float $minWait = 0): string
{
    $flat = 'flat';
    $before = $flat($class::stats());
    $t0 = hrtime(true);
    $run();
    $took = (hrtime(true) - $t0) / 1e9;
    $out = [];
    $buckets = [];
    foreach ($flat($class::stats()) as $k => $v) {
        $d = $v - $before[$k];
        if (str_starts_with($k, 'wait_seconds_buckets.')) {
            $buckets[substr($k, strlen('wait_seconds_buckets.'))] = $d;
        } elseif ($d != 0) {
            $out[] = $k === 'wait_seconds_sum' ? "$k>0" : "$k+$d";
        }
    }
    if (array_filter($buckets)) {
        // 0 below the wait's bucket, 1 from there up; that bucket between $minWait's and $took's
        $first = array_search(1, $buckets, true);
        $le = fn (float $x) => array_key_first(array_filter($buckets, fn ($d, $b) => $b === '+Inf' || $x <= (float)$b,
            ARRAY_FILTER_USE_BOTH));
        $keys = array_keys($buckets);
        $shape = array_slice($buckets, 0, array_search($first, $keys, true)) === array_fill_keys(
            array_slice($keys, 0, array_search($first, $keys, true)), 0) && !array_diff(array_slice($buckets,
            array_search($first, $keys, true)), [1]);
        $inRange = $first !== false && array_search($first, $keys, true) >= array_search($le($minWait), $keys, true)
            && array_search($first, $keys, true) <= array_search($le($took), $keys, true);
        $out[] = $shape && $inRange ? 'buckets+1' : 'buckets WRONG: ' . json_encode($buckets) . " (took $took s)";
    }
    return implode(' ', $out) ?: '(nothing)';
}

/** delta()'s answer after what $run printed. */
function show(string $label, string $class, callable $run, float $minWait = 0): void
{
    $d = delta($class, $run, $minWait);
    echo "$label: $d\n";
}

$n = rl_unique('stats');
$a = null;
$b = null;
show("lock free", RedisLock::class, function () use (&$a, $n) { $a = new RedisLock(RL_TEST_SERVER); var_dump($a->lock($n, 0, 30)); });
show("held, no wait", RedisLock::class, function () use (&$b, $n) { $b = new RedisLock(RL_TEST_SERVER); var_dump($b->lock($n, 0, 30)); });
$k = rl_slowdown();
show("held, waited 0.2 s", RedisLock::class, fn () => var_dump($b->lock($n, 0.2, 30)), 0.2);
show("re-lock (an extension)", RedisLock::class, fn () => var_dump($a->lock($n, 0, 30)));
show("unlock", RedisLock::class, fn () => var_dump($a->unlock($n)));
// the other holder's 0.3 s lifetime ends while we wait: taken after a wait, in the 0.25..1 s buckets
show("expires while waited for", RedisLock::class, function () use ($a, $b, $n, $k) {
    var_dump($a->lock($n, 0, 0.3), $b->lock($n, 5 * $k, 30), $b->unlock($n));
}, 0.2);
show("lost before unlock", RedisLock::class, function () use ($a, $n) {
    $a->lock($n, 0, 0.05);
    usleep(150000);
    var_dump($a->unlock($n));
});
show("released at destruction", RedisLock::class, function () use ($n) {
    $c = new RedisLock(RL_TEST_SERVER);
    $c->lock($n, 0, 30);
    unset($c);
});
show("error", RedisLock::class, function () {
    try {
        (new RedisLock('tcp://127.0.0.1:' . rl_dead_port()))->lock('x');
    } catch (RedisLockException $e) {
        echo rl_error_kind($e), "\n";
    }
});
var_dump((new RawRedis())->cmd('EXISTS', "Lock:$n"));

$s = new RedisSemaphore(RL_TEST_SERVER);
$t = new RedisSemaphore(RL_TEST_SERVER);
show("semaphore free", RedisSemaphore::class, fn () => var_dump(is_string($s->acquire($n, 1, 30))));
show("semaphore full", RedisSemaphore::class, fn () => var_dump($t->acquire($n, 1, 30)));
show("semaphore full, waited", RedisSemaphore::class, fn () => var_dump($t->acquire($n, 1, 30, 0.2)), 0.2);
show("semaphore lost", RedisSemaphore::class, function () use ($s, $n) {
    var_dump($s->releaseAll(), is_string($s->acquire($n, 1, 0.05)));
    usleep(150000);
    var_dump($s->refresh($n));
});
show("locks untouched by semaphores", RedisLock::class, fn () => $s->acquire($n, 1, 30) && $s->release($n));

ob_start();
phpinfo(INFO_MODULES);
$info = ob_get_clean();
var_dump(str_contains($info, 'Counters of this process (stats())'),
    (bool)preg_match('~^acquired => ' . RedisLock::stats()['acquired'] . ' => ' . RedisSemaphore::stats()['acquired'] . '$~m', $info),
    (bool)preg_match('~^errors\[CONNECT_FAILED\] => 1 => 0$~m', $info),
    (bool)preg_match('~^wait_seconds_buckets\[\+Inf\] => \d+ => \d+$~m', $info));
?>
--EXPECT--
bool(true)
bool(true)
0.001 0.005 0.01 0.025 0.05 0.1 0.25 0.5 1 2.5 5 10 +Inf
bool(true)
lock free: acquired+1 connects+1
bool(false)
held, no wait: busy+1 connects+1
bool(false)
held, waited 0.2 s: timeouts+1 waits+1 wait_seconds_sum>0 buckets+1
bool(true)
re-lock (an extension): (nothing)
bool(true)
unlock: (nothing)
bool(true)
bool(true)
bool(true)
expires while waited for: acquired+2 acquired_after_wait+1 waits+1 wait_seconds_sum>0 buckets+1
bool(false)
lost before unlock: acquired+1 lost+1
released at destruction: acquired+1 released_at_request_end+1 connects+1
[CONNECT_FAILED]
error: errors.CONNECT_FAILED+1
int(0)
bool(true)
semaphore free: acquired+1 connects+1
bool(false)
semaphore full: busy+1 connects+1
bool(false)
semaphore full, waited: timeouts+1 waits+1 wait_seconds_sum>0 buckets+1
bool(true)
bool(true)
bool(false)
semaphore lost: acquired+1 lost+1
locks untouched by semaphores: (nothing)
bool(true)
bool(true)
bool(true)
bool(true)
