--TEST--
nginx + php-fpm (32 workers, persistent): 2,000 purchase requests, 64 at a time, for a stock of 500: exactly 500 sold, at most one extension connection per worker
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
