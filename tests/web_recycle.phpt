--TEST--
nginx + php-fpm: workers recycled by pm.max_requests = 20 mid-load (8 workers, 1,000 requests, 32 at a time, stock 300): exactly 300 sold, no connection left behind
--SKIPIF--
<?php
require __DIR__ . "/skipif.inc";
require __DIR__ . "/web.inc";
if ($why = rl_web_skip_reason()) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/web.inc';
$workers = 8;
$redis = new PrivateRedis();
$raw = rl_web_raw($redis);
$docroot = rl_web_docroot();
$raw->cmd('SET', 'shop:stock', '300');
$received0 = (int)preg_replace('/.*total_connections_received:(\d+).*/s', '$1', $raw->cmd('INFO', 'stats'));
$stack = rl_web_start($redis, $docroot, ['workers' => $workers, 'pool' => ['pm.max_requests = 20']]);
$first = $stack->workerPids();

$peakExt = 0;
$ab = $stack->ab('/buy.php', 1000, 32, ['tick' => function () use ($raw, &$peakExt) {
    $peakExt = max($peakExt, array_sum(rl_web_connections($raw)['ext']));
}]);
echo "answered: {$ab['complete']} of 1000, failed: {$ab['failed']}, non-2xx: {$ab['non_2xx']}\n";
$orders = $raw->cmd('LLEN', 'shop:orders');
echo "sold: $orders (stock left ", $raw->cmd('GET', 'shop:stock'), "), oversold: ", max(0, $orders - 300), "\n";
$o = rl_web_outcomes($docroot);
echo "answers: sold {$o['sold']}, soldout {$o['soldout']}, busy {$o['busy']}, errors {$o['error']}, lost locks {$o['lost']}\n";
echo "lock key left: ", $raw->cmd('EXISTS', 'Lock:item:1'), "\n";
$generations = count($o['pids']);   // the worker processes that served requests
echo "worker processes that served: ", $generations >= 1000 / 20 ? 'at least 50 (recycled every 20 requests)' : $generations, "\n";
echo "none of the first workers left: ", array_intersect($first, $stack->workerPids()) ? 'no' : 'yes', "\n";
echo "extension connections during the burst: ", $peakExt <= $workers ? "at most $workers" : "$peakExt", "\n";

/* A recycled worker closes its connections as it exits: at the end, only live workers
   have one (php-fpm has replaced the last ones by now, or is about to). */
$pids = [];
$ok = rl_wait_until(function () use ($raw, $stack, &$pids, &$end) {
    $end = rl_web_connections($raw);
    $pids = $stack->workerPids();
    return !array_diff(array_keys($end['ext']), $pids) && max($end['ext'] ?: [0]) <= 1;
}, 10.0);
echo "after the burst: ", $ok && array_sum($end['ext']) <= $workers && $end['app'] <= $workers
    ? "at most one extension connection per live worker, none of an exited one" : 'LEFT BEHIND: ' . json_encode($end) . ' live ' . implode(' ', $pids), "\n";
/* every process that served opened one extension connection and one shop connection: a few more
   for the test's own; one per request would be over 1,000 */
$received = (int)preg_replace('/.*total_connections_received:(\d+).*/s', '$1', $raw->cmd('INFO', 'stats')) - $received0;
echo "connections opened: ", $received <= 2 * $generations + 2 * $workers + 5 && $received >= $generations
    ? 'about 2 per worker process, not per request' : "$received for $generations worker processes", "\n";
if ($ab['failed'] || $ab['non_2xx'] || $o['error']) {
    echo $stack->logs();
}
$stack->stop();
?>
--EXPECT--
answered: 1000 of 1000, failed: 0, non-2xx: 0
sold: 300 (stock left 0), oversold: 0
answers: sold 300, soldout 700, busy 0, errors 0, lost locks 0
lock key left: 0
worker processes that served: at least 50 (recycled every 20 requests)
none of the first workers left: yes
extension connections during the burst: at most 8
after the burst: at most one extension connection per live worker, none of an exited one
connections opened: about 2 per worker process, not per request
