--TEST--
nginx + php-fpm (32 workers, persistent): 2,000 purchase requests, 64 at a time, for a stock of 500: exactly 500 sold, at most one extension connection per worker; /metrics sums the workers' counters in Prometheus' format, one acquisition per request that got the lock
--SKIPIF--
<?php
require __DIR__ . "/skipif.inc";
require __DIR__ . "/web.inc";
if ($why = rl_web_skip_reason()) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/web.inc';
$workers = 32;
$redis = new PrivateRedis();
$raw = rl_web_raw($redis);
$docroot = rl_web_docroot();
$raw->cmd('SET', 'shop:stock', '500');
$stack = rl_web_start($redis, $docroot, ['workers' => $workers]);

/* CLIENT LIST every ~20 ms while ab runs: the extension's connections, per worker
   and in all, and every connection (the shop's own and the test's included) */
$peak = ['ext' => 0, 'ext_per_pid' => 0, 'app' => 0, 'total' => 0, 'other' => 0];
$samples = 0;
$sample = function () use ($raw, &$peak, &$samples) {
    $c = rl_web_connections($raw);
    $samples++;
    $peak['ext'] = max($peak['ext'], array_sum($c['ext']));
    $peak['ext_per_pid'] = max($peak['ext_per_pid'], $c['ext'] ? max($c['ext']) : 0);
    $peak['app'] = max($peak['app'], $c['app']);
    $peak['total'] = max($peak['total'], $c['total']);
    $peak['other'] = max($peak['other'], $c['other']);
};
$ab = $stack->ab('/buy.php', 2000, 64, ['tick' => $sample]);
$sample();

echo "answered: {$ab['complete']} of 2000, failed: {$ab['failed']}, non-2xx: {$ab['non_2xx']}\n";
$orders = $raw->cmd('LLEN', 'shop:orders');
$left = $raw->cmd('GET', 'shop:stock');
echo "sold: $orders (stock left $left), oversold: ", max(0, $orders - 500), "\n";
$o = rl_web_outcomes($docroot);
echo "answers: sold {$o['sold']}, soldout {$o['soldout']}, busy {$o['busy']}, errors {$o['error']}, lost locks {$o['lost']}\n";
echo "lock key left: ", $raw->cmd('EXISTS', 'Lock:item:1'), "\n";
echo "CLIENT LIST samples during the burst: ", $samples >= 5 ? 'enough' : "only $samples", "\n";
echo "extension connections: ", $peak['ext_per_pid'] === 1 && $peak['ext'] <= $workers
    ? "at most one per worker, at most $workers in all" : 'TOO MANY: ' . json_encode($peak), "\n";
// the shop's own connection (1 per worker) and the test's one ("other": connections
// in the moment between their connect and their CLIENT SETNAME)
echo "all connections: ", $peak['app'] <= $workers && $peak['total'] <= 2 * $workers + 1
    ? "within $workers of the extension's + $workers of the shop's + the test's" : 'TOO MANY: ' . json_encode($peak), "\n";
$end = rl_web_connections($raw);
$pids = $stack->workerPids();
echo "after the burst: ", array_sum($end['ext']) <= $workers && !array_diff(array_keys($end['ext']), $pids)
    ? "every extension connection belongs to a live worker" : 'unexpected: ' . json_encode($end) . ' workers ' . implode(' ', $pids), "\n";

/* GET /metrics: the workers' counters summed, in Prometheus' text format (demo/web/metrics.php) */
[$status, $text] = rl_web_get($stack, '/metrics');
$lines = explode("\n", rtrim($text, "\n"));
$bad = array_filter($lines, fn ($l) => !preg_match('~^(# (HELP|TYPE) redislock_[a-z_]+ .+|redislock_[a-z_]+(\{[a-z]+="[^"]*"(,[a-z]+="[^"]*")*\})? [0-9.]+)$~', $l));
preg_match_all('~^(redislock_[a-z_]+(?:\{[^}]*\})?) (\S+)$~m', $text, $mm, PREG_SET_ORDER);
$m = array_column(array_map(fn ($x) => [$x[1], (float)$x[2]], $mm), 1, 0);
$typed = preg_match_all('~^# TYPE (\S+) ~m', $text, $t) ? $t[1] : [];
$untyped = array_filter(array_keys($m), fn ($k) => !in_array(preg_replace('~(_bucket|_sum|_count)?(\{.*)?$~', '', $k), $typed, true));
echo "GET /metrics: $status, ", $bad || $untyped ? 'malformed: ' . json_encode(array_values($bad + $untyped)) : 'every line a sample, a HELP or a TYPE of its family', "\n";
$v = fn (string $k) => $m[$k] ?? -1.0;   // -1: missing
echo "workers counted: ", $v('redislock_workers') === (float)count($o['pids']) ? 'every worker that served a request' : $v('redislock_workers') . ' of ' . count($o['pids']), "\n";
echo "lock acquisitions: ", $v('redislock_acquisitions_total{kind="lock"}') === (float)($o['sold'] + $o['soldout'])
    ? 'one per request that got the lock' : $v('redislock_acquisitions_total{kind="lock"}'), "\n";
$waited = $v('redislock_acquisitions_after_wait_total{kind="lock"}');
$count = $v('redislock_wait_seconds_count{kind="lock"}');
echo "waits: ", $waited > 0 && $count === $waited && $v('redislock_wait_seconds_bucket{kind="lock",le="+Inf"}') === $count
    && $v('redislock_wait_seconds_sum{kind="lock"}') > 0 ? 'counted, all acquired, the histogram complete' : "after a wait $waited, count $count", "\n";
$errs = array_sum(array_filter($m, fn ($k) => str_starts_with($k, 'redislock_errors_total'), ARRAY_FILTER_USE_KEY));
echo "errors, timeouts, lost: ", $errs + $v('redislock_timeouts_total{kind="lock"}') + $v('redislock_lost_total{kind="lock"}'),
    "; semaphore acquisitions: ", $v('redislock_acquisitions_total{kind="semaphore"}'), "\n";
if ($ab['failed'] || $ab['non_2xx'] || $o['error']) {
    echo $stack->logs();
}
$stack->stop();
?>
--EXPECT--
answered: 2000 of 2000, failed: 0, non-2xx: 0
sold: 500 (stock left 0), oversold: 0
answers: sold 500, soldout 1500, busy 0, errors 0, lost locks 0
lock key left: 0
CLIENT LIST samples during the burst: enough
extension connections: at most one per worker, at most 32 in all
all connections: within 32 of the extension's + 32 of the shop's + the test's
after the burst: every extension connection belongs to a live worker
GET /metrics: 200, every line a sample, a HELP or a TYPE of its family
workers counted: every worker that served a request
lock acquisitions: one per request that got the lock
waits: counted, all acquired, the histogram complete
errors, timeouts, lost: 0; semaphore acquisitions: 0
