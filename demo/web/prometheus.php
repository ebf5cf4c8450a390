<?php
/**
 * The web demo's metrics: each php-fpm worker leaves a snapshot of the
 * extension's counters (RedisLock::stats(), RedisSemaphore::stats(): per
 * process) in the run dir after each request; /metrics (metrics.php) sums the
 * workers' snapshots and answers Prometheus' text format (version 0.0.4).
 *
 * A shop would do the same with whatever its workers share (a file per worker,
 * APCu, a StatsD push): the counters are per process by design, so that
 * counting costs the hot path nothing but an increment.
 */

declare(strict_types=1);

/** Writes this worker's counters to $runDir/stats-<pid>.json, whole or not at all (rename). */
function rlweb_stats_save(string $runDir): void
{
    $file = "$runDir/stats-" . getmypid() . '.json';
    $json = json_encode(['lock' => RedisLock::stats(), 'semaphore' => RedisSemaphore::stats()]);
    if (file_put_contents("$file.tmp", $json) !== false) {
        rename("$file.tmp", $file);
    }
}

/** The workers' snapshots summed: ['workers' => n, 'lock' => stats, 'semaphore' => stats]. */
function rlweb_stats_sum(string $runDir): array
{
    $sum = ['workers' => 0, 'lock' => [], 'semaphore' => []];
    foreach (glob("$runDir/stats-*.json") ?: [] as $file) {
        $one = json_decode((string)@file_get_contents($file), true);
        if (is_array($one)) {
            $sum['workers']++;
            $sum['lock'] = rlweb_stats_add($sum['lock'], $one['lock']);
            $sum['semaphore'] = rlweb_stats_add($sum['semaphore'], $one['semaphore']);
        }
    }
    return $sum;
}

/** $a + $b, counter by counter (nested: the histogram, the errors). */
function rlweb_stats_add(array $a, array $b): array
{
    foreach ($b as $k => $v) {
        $a[$k] = is_array($v) ? rlweb_stats_add($a[$k] ?? [], $v) : ($a[$k] ?? 0) + $v;
    }
    return $a;
}

/** Prometheus' text exposition format of rlweb_stats_sum()'s answer. */
function rlweb_prometheus(array $sum): string
{
    $counters = [
        'acquired' => ['acquisitions_total', 'lock()/acquire() calls that got the lock or slot'],
        'acquired_after_wait' => ['acquisitions_after_wait_total', 'of them, after waiting in the queue'],
        'busy' => ['busy_total', 'calls refused at once (held, no timeout)'],
        'timeouts' => ['timeouts_total', 'calls that waited and gave up'],
        'refused_replicas' => ['refused_replicas_total', 'acquisitions undone: too few replicas acknowledged'],
        'lost' => ['lost_total', 'locks or slots found expired or deleted by their holder'],
        'released_at_request_end' => ['released_at_request_end_total', 'names released by the request end'],
        'slow_waits' => ['slow_waits_total', 'waits longer than redislock.slow_wait_ms'],
        'connects' => ['connects_total', 'connections opened'],
        'connections_discarded' => ['connections_discarded_total', 'connections closed after an error'],
    ];
    $out = ["# HELP redislock_workers php-fpm workers whose counters are summed here",
        "# TYPE redislock_workers gauge", "redislock_workers {$sum['workers']}"];
    foreach ($counters as $key => [$name, $help]) {
        $out[] = "# HELP redislock_$name $help";
        $out[] = "# TYPE redislock_$name counter";
        foreach (['lock', 'semaphore'] as $kind) {
            $out[] = "redislock_{$name}{kind=\"$kind\"} " . (int)($sum[$kind][$key] ?? 0);
        }
    }
    $out[] = '# HELP redislock_errors_total RedisLockExceptions thrown, by code';
    $out[] = '# TYPE redislock_errors_total counter';
    foreach (['lock', 'semaphore'] as $kind) {
        foreach ($sum[$kind]['errors'] ?? [] as $code => $n) {
            $out[] = "redislock_errors_total{kind=\"$kind\",code=\"$code\"} " . (int)$n;
        }
    }
    $out[] = '# HELP redislock_wait_seconds how long lock()/acquire() calls waited, whatever came of it';
    $out[] = '# TYPE redislock_wait_seconds histogram';
    foreach (['lock', 'semaphore'] as $kind) {
        foreach ($sum[$kind]['wait_seconds_buckets'] ?? [] as $le => $n) {
            $out[] = "redislock_wait_seconds_bucket{kind=\"$kind\",le=\"$le\"} " . (int)$n;
        }
        $out[] = "redislock_wait_seconds_sum{kind=\"$kind\"} " . sprintf('%.6f', $sum[$kind]['wait_seconds_sum'] ?? 0);
        $out[] = "redislock_wait_seconds_count{kind=\"$kind\"} " . (int)($sum[$kind]['waits'] ?? 0);
    }
    return implode("\n", $out) . "\n";
}
