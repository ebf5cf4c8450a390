<?php
/**
 * The flash sale over HTTP (scripts/demo.sh --web): apache bench fires a burst of
 * purchase requests at nginx, which hands them to a php-fpm pool running
 * demo/web/buy.php, once per variant of the lock around the stock's
 * read-modify-write:
 *   ext       RedisLock (this extension), redislock.persistent=1
 *   userland  bench/userland/PhpRedisLock.php on phpredis (pconnect)
 *   none      no lock (it oversells)
 * For each: the stock reset, a fresh php-fpm + nginx, warm-up requests (every
 * worker connected, opcache filled), then the burst, Redis's INFO before and
 * after, its connected_clients sampled every 20 ms during it. Prints one table,
 * the ratios the project targets (extension vs userland), writes the table to
 * web_latest.txt and a latency CDF (gnuplot, SVG) to web_latency_cdf.svg in
 * demo/results/local/ (ignored by git: a run leaves the clone clean), or with
 * RL_UPDATE_RESULTS=1 in demo/results/, the tracked copies README quotes.
 *
 *   php -n demo/web/sale.php --server tcp://127.0.0.1:PORT --ext modules/redislock.so
 *       [--requests 5000] [--concurrency 200] [--stock 500] [--workers 32] [--work-us 1000]
 *       [--variants ext,userland,none] [--port N] [--out-dir demo/results/local] [--work-dir DIR]
 *
 * Exit status: 0; 1 if a locked variant oversold or had errors, or the stack could
 * not run (a one-line reason on stderr); 2 on a usage error.
 */

declare(strict_types=1);

require_once __DIR__ . '/stack.php';
require_once __DIR__ . '/resp.php';
require_once __DIR__ . '/requests.php';
/* bench_table(), bench_percentile(): the benchmark's table and percentile */
require_once __DIR__ . '/../../bench/lib.php';

const VARIANTS = [
    'ext' => 'RedisLock (ext)',
    'ext-local' => 'ext, local hand-over',
    'userland' => 'userland lock',
    'none' => 'no lock',
];

/** The command line's options, checked (bench_options(): --help, a usage error exits 2). */
function options(): array
{
    $o = bench_options([
        'server' => null, 'ext' => null, 'requests' => 5000, 'concurrency' => 200, 'stock' => 500, 'workers' => 32,
        'work-us' => 1000, 'variants' => 'ext,ext-local,userland,none', 'port' => 0,
        'out-dir' => dirname(__DIR__) . (getenv('RL_UPDATE_RESULTS') === '1' ? '/results' : '/results/local'), 'work-dir' => getenv('RL_WORK_DIR') ?: sys_get_temp_dir(),
    ], ['server' => 'tcp://127.0.0.1:PORT', 'ext' => 'path/to/redislock.so', 'variants' => 'LIST', 'out-dir' => 'DIR']);
    foreach (['requests', 'concurrency', 'stock', 'workers', 'work-us', 'port'] as $k) {
        if ($o[$k] < (in_array($k, ['work-us', 'port'], true) ? 0 : 1) || $o[$k] > 999999999) {
            bench_usage("--$k must be a positive integer");
        }
    }
    $o['concurrency'] = min($o['concurrency'], $o['requests']);   // ab refuses more
    if (!preg_match('~^tcp://127\.0\.0\.1:\d+$~', $o['server'])) {
        bench_usage('--server must be tcp://127.0.0.1:PORT (a private redis-server: the demo resets its keys)');
    }
    $o['ext'] = realpath($o['ext']) ?: bench_usage("--ext: no such file: {$o['ext']}");
    $o['variants'] = explode(',', $o['variants']);
    foreach ($o['variants'] as $v) {
        if (!isset(VARIANTS[$v])) {
            bench_usage("--variants: unknown variant $v (ext, ext-local, userland, none)");
        }
    }
    return $o;
}

/** The $p-th percentile of the lock waits (µs) in ms, or null ("-") when no request waited. */
function wait_ms(array $sortedUs, float $p): ?float
{
    return $sortedUs ? bench_percentile($sortedUs, $p) / 1000 : null;
}

/** INFO snapshot: the numbers this demo reads, and commandstats as command => [calls, usec]. */
function snapshot(RlWebResp $r): array
{
    $i = $r->info('everything');
    $cmds = [];
    foreach ($i as $k => $v) {
        if (str_starts_with($k, 'cmdstat_') && preg_match('/calls=(\d+),usec=(\d+)/', $v, $m)) {
            $cmds[substr($k, 8)] = [(int)$m[1], (int)$m[2]];
        }
    }
    return [
        'commands' => (int)$i['total_commands_processed'],
        'connections' => (int)$i['total_connections_received'],
        'clients' => (int)$i['connected_clients'],
        'cpu' => (float)$i['used_cpu_user'] + (float)$i['used_cpu_sys'],
        'cmds' => $cmds,
    ];
}

/** One variant: fresh stack, warm-up, burst, figures. */
function run_variant(string $variant, array $o, RlWebResp $redis): array
{
    $prefix = 'shop:';
    $runDir = $o['work-dir'] . "/web-run-$variant-" . getmypid();
    @mkdir($runDir, 0700, true);
    array_map('unlink', array_merge(glob("$runDir/req-*.log") ?: [], glob("$runDir/stats-*") ?: []));

    $redis->cmd('DEL', "{$prefix}stock", "{$prefix}orders", 'Lock:item:1');
    $redis->cmd('SET', "{$prefix}stock", (string)$o['stock']);

    $stack = RlWebStack::start([
        'docroot' => __DIR__,
        'dir' => $o['work-dir'],
        'port' => $o['port'],
        'workers' => $o['workers'],
        'ext' => $o['ext'],
        'extensions' => $o['phpredis'],   // every variant loads the same extensions: only RLWEB_LOCK differs
        'opcache' => true,
        'ini' => [
            'redislock.server' => $o['server'],
            'redislock.persistent' => '1',
            // ext-local: the same extension with the local hand-over on (issue 21); ext: off
            'redislock.local_handover' => $variant === 'ext-local' ? '1' : '0',
            // phpredis checks a kept connection for EOF, like the extension, not with an ECHO round trip
            'redis.pconnect.echo_check_liveness' => '0',
            'memory_limit' => '128M',
        ],
        'env' => [
            'RLWEB_LOCK' => $variant,
            'RLWEB_REDIS' => $o['server'],
            'RLWEB_PREFIX' => $prefix,
            'RLWEB_WORK_US' => $o['work-us'],
            'RLWEB_RUN_DIR' => $runDir,
        ],
    ]);
    try {
        /* warm-up: each worker opens its connections and fills opcache before the clock starts */
        $warm = $stack->ab('/buy.php?warm=1', $o['workers'] * 8, $o['workers']);
        if ($warm['complete'] !== $o['workers'] * 8 || $warm['failed'] || $warm['non_2xx']) {
            $errors = array_filter(explode("\n", (string)@file_get_contents("$stack->dir/php-errors.log")));
            throw new RuntimeException("warm-up failed: {$warm['failed']} failed, {$warm['non_2xx']} non-2xx answers"
                . ($errors ? '; the last PHP error: ' . end($errors) : ''));
        }

        $sent0 = $redis->sent;
        $before = snapshot($redis);
        $peak = $before['clients'];
        $ab = $stack->ab('/buy.php', $o['requests'], $o['concurrency'], [
            'tick' => function () use ($redis, &$peak) {
                $peak = max($peak, (int)$redis->info('clients')['connected_clients']);
            },
        ]);
        $own = $redis->sent - $sent0;   // the INFOs of this window: the first snapshot and the samples
        $after = snapshot($redis);
        // the extension's own counters, as an operator would scrape them (demo/web/metrics.php)
        $metrics = str_starts_with($variant, 'ext') ? (string)@file_get_contents($stack->url('/metrics')) : '';
    } finally {
        $stack->stop();
        array_map('unlink', glob("$runDir/stats-*") ?: []);
    }

    $log = rlweb_request_log($runDir, true);
    @rmdir($runDir);

    $orders = (int)$redis->cmd('LLEN', "{$prefix}orders");
    $left = (int)$redis->cmd('GET', "{$prefix}stock");
    $lockLeft = (int)$redis->cmd('EXISTS', 'Lock:item:1');
    $n = max(1, $ab['complete']);
    $cmds = [];
    foreach ($after['cmds'] as $c => [$calls, $usec]) {
        $d = $calls - ($before['cmds'][$c][0] ?? 0);
        if ($c === 'info') {
            continue;   // the demo's own
        }
        if ($d > 0) {
            $cmds[$c] = [$d / $n, ($usec - ($before['cmds'][$c][1] ?? 0)) / $n];
        }
    }
    uasort($cmds, fn ($a, $b) => $b[0] <=> $a[0]);
    /* the INFOs' own time, as Redis measured it, is not the shop's */
    $infoUsec = ($after['cmds']['info'][1] ?? 0) - ($before['cmds']['info'][1] ?? 0);
    return [
        'variant' => $variant,
        'ab' => $ab,
        'orders' => $orders,
        'left' => $left,
        'oversold' => max(0, $orders - $o['stock'], -$left),
        'outcomes' => $log['outcomes'],
        'logged' => array_sum($log['outcomes']),
        'lost' => $log['lost'],
        'lock_left' => $lockLeft,
        'errors' => $ab['failed'] + $ab['non_2xx'] + $log['lost'],
        'waits' => $log['waits'],
        'cmd_per_req' => ($after['commands'] - $before['commands'] - $own) / $n,
        'cmds' => $cmds,
        'cpu_us_per_req' => max(0.0, ($after['cpu'] - $before['cpu']) * 1e6 - $infoUsec) / $n,
        'peak_clients' => $peak - 1,    // minus the demo's own connection
        'new_connections' => $after['connections'] - $before['connections'],
        'metrics' => $metrics,
    ];
}

/** The samples of a Prometheus text answer: "name{labels}" => value. */
function prometheus_samples(string $text): array
{
    preg_match_all('~^([a-z_]+(?:\{[^}]*\})?) (\S+)$~m', $text, $m, PREG_SET_ORDER);
    return array_column(array_map(fn ($x) => [$x[1], (float)$x[2]], $m), 1, 0);
}

function ms(?float $v): string
{
    return $v === null ? '-' : number_format($v, $v >= 100 ? 0 : 1, '.', '');
}

function report(array $runs, array $o): array
{
    $lockOnly = fn (callable $f) => fn (array $r) => $r['variant'] === 'none' ? '-' : $f($r);
    $rows = [
        ['requests answered', fn ($r) => (string)$r['ab']['complete']],
        ['sold (orders)', fn ($r) => (string)$r['orders']],
        ['OVERSOLD', fn ($r) => (string)$r['oversold']],
        ['stock left', fn ($r) => (string)$r['left']],
        ['"soldout" answers', fn ($r) => (string)$r['outcomes']['soldout']],
        ['"busy" answers (lock timeout)', $lockOnly(fn ($r) => (string)$r['outcomes']['busy'])],
        ['errors (failed, non-2xx, lost lock)', fn ($r) => (string)$r['errors']],
        ['requests/s', fn ($r) => number_format($r['ab']['rps'], 0, '.', '')],
        ['latency p50 (ms)', fn ($r) => ms($r['ab']['p50'])],
        ['latency p95 (ms)', fn ($r) => ms($r['ab']['p95'])],
        ['latency p99 (ms)', fn ($r) => ms($r['ab']['p99'])],
        ['latency max (ms)', fn ($r) => ms($r['ab']['max'])],
        ['lock wait p50 (ms)', $lockOnly(fn ($r) => ms(wait_ms($r['waits'], 50)))],
        ['lock wait p99 (ms)', $lockOnly(fn ($r) => ms(wait_ms($r['waits'], 99)))],
        ['lock wait max (ms)', $lockOnly(fn ($r) => ms(wait_ms($r['waits'], 100)))],
        ['Redis commands/request', fn ($r) => number_format($r['cmd_per_req'], 1, '.', '')],
        ['Redis CPU µs/request', fn ($r) => number_format($r['cpu_us_per_req'], 1, '.', '')],
        ['Redis connections, peak', fn ($r) => (string)$r['peak_clients']],
        ['Redis connections opened in burst', fn ($r) => (string)$r['new_connections']],
    ];
    $body = [];
    foreach ($rows as [$label, $f]) {
        $body[] = [$label, ...array_map($f, $runs)];
    }
    $text = bench_table(['variant', ...array_map(fn ($r) => VARIANTS[$r['variant']], $runs)], $body);

    $text .= "\nRedis commands per request, by command, and (in brackets) the µs Redis spent in them per request\n"
        . "(INFO commandstats; the commands Lua scripts run are counted too, and their time is also their script's):\n";
    foreach ($runs as $r) {
        $parts = [];
        foreach ($r['cmds'] as $c => [$per, $us]) {
            $parts[] = sprintf('%s %.2f (%.1f)', $c, $per, $us);
        }
        $line = sprintf('  %-16s ', VARIANTS[$r['variant']] . ':');
        $width = 0;
        foreach ($parts ?: ['-'] as $i => $part) {
            if ($width > 0 && $width + strlen($part) > 88) {
                $line .= ",\n" . str_repeat(' ', 19);
                $width = 0;
            } elseif ($i > 0) {
                $line .= ', ';
            }
            $line .= $part;
            $width += strlen($part) + 2;
        }
        $text .= $line . "\n";
    }

    $status = 0;
    $verdicts = '';
    foreach ($runs as $r) {
        $label = VARIANTS[$r['variant']];
        if ($r['variant'] !== 'none') {
            $bad = $r['oversold'] > 0 || $r['errors'] > 0 || $r['orders'] + $r['left'] !== $o['stock']
                || $r['outcomes']['sold'] !== $r['orders'] || $r['lock_left'];
            if ($bad) {
                $status = 1;
                $verdicts .= sprintf("FAIL: %s: %d orders for a stock of %d (%d left, %d oversold), %d errors "
                    . "(%d failed, %d non-2xx, %d lost locks), %d \"sold\" answers, lock key left: %d\n",
                    $label, $r['orders'], $o['stock'], $r['left'], $r['oversold'], $r['errors'], $r['ab']['failed'],
                    $r['ab']['non_2xx'], $r['lost'], $r['outcomes']['sold'], $r['lock_left']);
            } else {
                $verdicts .= sprintf("%s: sold %d of %d, %d left, no item sold twice, no errors.\n",
                    $label, $r['orders'], $o['stock'], $r['left']);
            }
        } else {
            $verdicts .= $r['oversold'] > 0
                ? sprintf("no lock: %d orders for a stock of %d (stock now %d): oversold by %d, lost updates.\n",
                    $r['orders'], $o['stock'], $r['left'], $r['oversold'])
                : sprintf("no lock: did NOT oversell this time (%d orders, stock %d): nothing prevents it, "
                    . "it just did not happen (try more --concurrency or --work-us).\n", $r['orders'], $r['left']);
        }
    }
    $text .= "\n" . $verdicts;
    foreach ($runs as $r) {
        if (str_starts_with($r['variant'], 'ext')) {
            $m = prometheus_samples($r['metrics']);
            $get = fn (string $k) => (int)($m[$k] ?? 0);
            $errors = array_sum(array_filter($m, fn ($k) => str_starts_with($k, 'redislock_errors_total{kind="lock"'),
                ARRAY_FILTER_USE_KEY));
            $waits = $get('redislock_wait_seconds_count{kind="lock"}');
            $text .= $m === [] ? "\nGET /metrics: no answer\n" : sprintf("\n%s: the extension's counters, GET /metrics (summed "
                . "over %d workers, warm-up included): %d acquisitions, %d after a wait (mean wait %s ms), %d timeouts, "
                . "%d lost, %d errors\n", VARIANTS[$r['variant']], $get('redislock_workers'), $get('redislock_acquisitions_total{kind="lock"}'),
                $get('redislock_acquisitions_after_wait_total{kind="lock"}'),
                ms($waits ? ($m['redislock_wait_seconds_sum{kind="lock"}'] ?? 0) / $waits * 1000 : null),
                $get('redislock_timeouts_total{kind="lock"}'), $get('redislock_lost_total{kind="lock"}'), $errors);
        }
    }

    $by = array_column($runs, null, 'variant');
    /* the targets: issue 20's for the global protocol alone (ext), issue 21's with the local hand-over */
    $goals = [
        'ext' => ['extension / userland', [1.0, 0.5, 1.0]],
        'ext-local' => ['extension with the local hand-over / userland', [1.5, 0.3, 0.5]],
    ];
    foreach ($goals as $variant => [$title, [$rpsGoal, $maxGoal, $cpuGoal]]) {
        if (!isset($by[$variant], $by['userland'])) {
            continue;
        }
        $e = $by[$variant];
        $u = $by['userland'];
        $ratio = fn (float $a, float $b) => $b > 0 ? $a / $b : INF;
        $targets = [
            ['throughput (req/s)', $e['ab']['rps'], $u['ab']['rps'], '>=', $rpsGoal, '%.0f'],
            ['max latency (ms)', $e['ab']['max'], $u['ab']['max'], '<=', $maxGoal, '%.1f'],
            ['Redis CPU per request (µs)', $e['cpu_us_per_req'], $u['cpu_us_per_req'], '<=', $cpuGoal, '%.1f'],
        ];
        $text .= "\n$title, this run (the project's targets):\n";
        foreach ($targets as [$what, $a, $b, $op, $target, $fmt]) {
            $q = $ratio((float)$a, (float)$b);
            $met = $op === '>=' ? $q >= $target : $q <= $target;
            $text .= sprintf("  %s %9s / %-9s = %5.2f  (target %s %.1f)  %s\n", bench_pad($what, 27), sprintf($fmt, $a),
                sprintf($fmt, $b), $q, $op, $target, $met ? 'met' : 'NOT met');
        }
    }
    return [$text, $status];
}

/** The latency CDF of every run (gnuplot, SVG, log-scale x axis); the path, or null when gnuplot is missing. */
function plot(array $runs, array $o, string $title): ?string
{
    $gnuplot = RlWebStack::binary('gnuplot', ['/usr/bin/gnuplot']);
    if ($gnuplot === null) {
        fwrite(STDERR, "gnuplot is not installed (apt-get install gnuplot-nox): no CDF picture\n");
        return null;
    }
    $tmp = $o['work-dir'] . '/web-cdf-' . getmypid();
    @mkdir($tmp, 0700, true);
    $plots = [];
    $colors = ['ext' => '#1b7837', 'ext-local' => '#2166ac', 'userland' => '#c51b7d', 'none' => '#777777'];
    foreach ($runs as $r) {
        /* ab -e gives percentiles 0..99 at µs resolution; the last percent comes from
           every request's time (ab -g, whole ms), so the tail is drawn request by request */
        $pts = [];
        foreach ($r['ab']['pct'] as $p => $msv) {
            if ($p < 99) {
                $pts[] = [max($msv, 0.01), $p];
            }
        }
        $times = $r['ab']['times'];
        $n = count($times);
        for ($i = (int)floor($n * 0.99); $i < $n; $i++) {
            $pts[] = [max($times[$i], 0.01), 100 * ($i + 1) / $n];
        }
        $prev = 0.0;
        $data = '';
        foreach ($pts as [$x, $y]) {
            $prev = max($prev, $x);
            $data .= sprintf("%.3f %.4f\n", $prev, $y);
        }
        file_put_contents("$tmp/{$r['variant']}.dat", $data);
        $plots[] = sprintf("'%s/%s.dat' using 1:2 with steps lw 2 lc rgb '%s' title '%s: p50 %s, p99 %s, max %s ms'",
            $tmp, $r['variant'], $colors[$r['variant']], VARIANTS[$r['variant']], ms($r['ab']['p50']),
            ms($r['ab']['p99']), ms($r['ab']['max']));
    }
    @mkdir($o['out-dir'], 0755, true);
    $svg = $o['out-dir'] . '/web_latency_cdf.svg';
    $script = implode("\n", [
        "set terminal svg size 960,560 dynamic font 'sans,12' background rgb 'white'",
        "set output '$svg'",
        'set title ' . json_encode($title, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES) . ' noenhanced',
        'set logscale x 10',
        "set xlabel 'latency of a request (ms, log scale)'",
        "set ylabel 'requests answered within (%)'",
        'set yrange [0:100.5]',
        'set ytics 10',
        'set grid xtics mxtics ytics',
        'set key right bottom noenhanced',
        'plot ' . implode(', ', $plots),
        '',
    ]);
    file_put_contents("$tmp/cdf.gp", $script);
    exec(escapeshellarg($gnuplot) . ' ' . escapeshellarg("$tmp/cdf.gp") . ' 2>&1', $out, $rc);
    if (!getenv('RLWEB_KEEP_DIR')) {
        array_map('unlink', glob("$tmp/*") ?: []);
        @rmdir($tmp);
    }
    if ($rc !== 0) {
        fwrite(STDERR, 'gnuplot failed: ' . implode(' ', $out) . "\n");
        return null;
    }
    return $svg;
}

function machine(): string
{
    $cpu = preg_match('/^model name\s*:\s*(.+)$/m', (string)@file_get_contents('/proc/cpuinfo'), $m) ? trim($m[1]) : php_uname('m');
    $n = preg_match_all('/^processor\s*:/m', (string)@file_get_contents('/proc/cpuinfo'));
    return sprintf('%s, %d x %s', php_uname('n'), $n, $cpu);
}

/* ------------------------------------------------------------------ main */

$o = options();
RlWebStack::stopOnSignals(function () {
    if (is_resource(RlWebStack::$abRunning)) {
        proc_terminate(RlWebStack::$abRunning, 15);
    }
});
try {
    $redis = RlWebResp::connect($o['server']);
    $redisVersion = $redis->info('server')['redis_version'] ?? '?';
    $fpmBin = rl_fpm_binary() ?? throw new RuntimeException('no php-fpm of PHP ' . PHP_VERSION
        . ' found (apt-get install php-fpm)');
    $o['phpredis'] = RlWebStack::phpredisExtensions($fpmBin);
    /* where RlWebStack finds it: /usr/sbin is on no PATH but root's, so a plain `nginx -v` said "?" */
    $nginxBin = RlWebStack::binary('nginx', ['/usr/sbin/nginx', '/usr/local/sbin/nginx']);
    $nginxVersion = $nginxBin !== null
        && preg_match('~nginx/([\d.]+)~', (string)shell_exec(escapeshellarg($nginxBin) . ' -v 2>&1'), $m) ? $m[1] : '?';
} catch (Throwable $e) {
    fwrite(STDERR, 'demo --web: ' . $e->getMessage() . "\n");
    exit(1);
}

$date = date('Y-m-d H:i T');
$head = sprintf("Flash sale over HTTP: ab -k -> nginx %s -> php-fpm %s (%d static workers, opcache) -> Redis %s\n"
    . "%d requests, %d at a time, for a stock of %d. buy.php: lock('item:1', timeout 10 s, expire 5 s),\n"
    . "GET stock, usleep(%d), DECR stock, RPUSH orders, unlock. Each variant: fresh php-fpm and nginx,\n"
    . "%d warm-up requests, then the burst. %s, %s.\n",
    $nginxVersion, PHP_VERSION, $o['workers'], $redisVersion, $o['requests'], $o['concurrency'], $o['stock'],
    $o['work-us'], $o['workers'] * 8, machine(), $date);
echo $head, "\n";

$runs = [];
foreach ($o['variants'] as $v) {
    fwrite(STDERR, "==> " . VARIANTS[$v] . ": burst of {$o['requests']} requests\n");
    try {
        $runs[] = run_variant($v, $o, $redis);
    } catch (Throwable $e) {
        fwrite(STDERR, 'demo --web: ' . VARIANTS[$v] . ': ' . strtok($e->getMessage(), "\n") . "\n");
        exit(1);
    }
}
[$text, $status] = report($runs, $o);
echo $text;

@mkdir($o['out-dir'], 0755, true);
file_put_contents($o['out-dir'] . '/web_latest.txt', $head . "\n" . $text);
$svg = plot($runs, $o, sprintf("Flash sale over nginx + php-fpm: %d requests, %d concurrent, stock %d, %d workers, %d µs of work\n%s, %s",
    $o['requests'], $o['concurrency'], $o['stock'], $o['workers'], $o['work-us'], machine(), $date));
echo "\nwritten: ", $o['out-dir'], '/web_latest.txt', $svg ? ", $svg" : '', "\n";
exit($status);
