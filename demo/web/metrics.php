<?php
/**
 * GET /metrics of the web demo: the extension's counters of every php-fpm
 * worker of the pool (summed from what each left in RLWEB_RUN_DIR after its
 * last request, demo/web/prometheus.php), in Prometheus' text format.
 */

declare(strict_types=1);

require_once __DIR__ . '/prometheus.php';

$run = getenv('RLWEB_RUN_DIR');
if (!$run || !extension_loaded('redislock')) {
    http_response_code(404);
    echo "no metrics: RLWEB_RUN_DIR unset or the extension not loaded\n";
    return;
}
$body = rlweb_prometheus(rlweb_stats_sum($run));
header('Content-Type: text/plain; version=0.0.4; charset=utf-8');
header('Content-Length: ' . strlen($body));
echo $body;
