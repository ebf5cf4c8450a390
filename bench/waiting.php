<?php
/**
 * 5. Waiting cost: what --procs processes (default 100) that wait for a lock
 * held by someone else cost the Redis server while they wait. One holder takes
 * the lock for longer than the whole run and keeps it; the waiters are started,
 * given --settle seconds (default 2) to be all waiting, then the server is
 * measured over --window seconds (default 10):
 *
 *   redislock  each waiter calls RedisLock::lock($name, 30, 15) with the default
 *              $waitIntervalUs, so it waits however the extension as built waits
 *              (its server-side queue); the holder is this process, with
 *              RedisLock::lock($name, 0, 60).
 *   polling    each waiter loops  SET key token NX PX 15000  on phpredis, then
 *              usleep(100 ms): the fixed interval of the userland seed's usleep
 *              loop (a careful userland lock that does not back off further);
 *              the phases are spread at random over one interval. The holder is
 *              this process, with SET key token PX 60000.
 *   idle       no client but this script's own connection: the server's own
 *              cost (its timer, hz), so the server CPU can be read net of it.
 *
 * Figures, per second of the window: Redis commands (INFO stats
 * total_commands_processed: sent by clients and run by scripts with
 * redis.call), Redis requests read (total_reads_processed), server CPU
 * (INFO cpu used_cpu_sys + used_cpu_user, the whole redis-server process), all
 * minus this script's own INFO requests; the waiters' own CPU (the first field
 * of /proc/<pid>/schedstat, in ns) and their memory (VmRSS, Pss).
 *
 * Then the holder releases; every waiter, once it gets the lock, releases it
 * and exits (so the queue drains one hand-over at a time); a waiter still
 * running --drain seconds later is killed. Every loop is bounded: a waiter gives
 * up after its timeout (30 s) even if this script died, and this script kills
 * its children when it ends early (an exception, a signal it can handle).
 *
 * With --data-dir DIR (bench/run.sh passes it for the plots, bench/plots.sh) it
 * also writes DIR/waiting.tsv: per column of the table (idle, then each
 * implementation) a key, a label, Redis commands/s, requests/s, server CPU ms/s
 * gross and net of idle, and whether all waited the whole window (1/0); and,
 * as params, redislock's ratios to the pollers the targets are on; what it
 * prints is the same.
 *
 *   php <flags> bench/waiting.php --server tcp://127.0.0.1:PORT [--procs 100] [--window 10]
 *       [--settle 2] [--drain 15] [--impls ext,polling] [--data-dir DIR]
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';

$o = bench_options([
    'server' => null, 'procs' => 100, 'window' => 10.0, 'settle' => 2.0, 'drain' => 15.0,
    'timeout' => 30.0, 'expire' => 15.0, 'hold' => 60.0, 'interval-ms' => 100, 'impls' => 'ext,polling',
    'data-dir' => '',
    /* child side (set by the parent) */
    'child' => '', 'name' => '',
], ['server' => 'tcp://host:port', 'impls' => 'LIST', 'child' => null, 'name' => null]);

/* ------------------------------------------------------------------ child */

if ($o['child'] !== '') {
    $name = $o['name'];
    $timeout = $o['timeout'];
    if ($o['child'] === 'ext') {
        $l = new RedisLock($o['server']);
        /* connect and load the scripts on a name of our own, before "ready" */
        $warm = "$name:warm:" . getmypid();
        if (!$l->lock($warm, 0, 15) || !$l->unlock($warm)) {
            fwrite(STDERR, "waiting child: warm-up lock/unlock failed\n");
            exit(1);
        }
        fwrite(STDOUT, "ready\n");
        fflush(STDOUT);
        $ok = $l->lock($name, $timeout, $o['expire']);   /* default $waitIntervalUs */
        if ($ok && !$l->unlock($name)) {
            fwrite(STDERR, "waiting child: unlock after the wait found the lock lost\n");
            exit(1);
        }
    } elseif ($o['child'] === 'polling') {
        $r = bench_phpredis($o['server']);
        $r->ping();
        $token = bin2hex(random_bytes(16));
        $intervalUs = $o['interval-ms'] * 1000;
        $expireMs = (int)ceil($o['expire'] * 1000);
        fwrite(STDOUT, "ready\n");
        fflush(STDOUT);
        usleep(random_int(0, $intervalUs - 1)); /* spread the phases over one interval */
        $deadline = hrtime(true) + (int)($timeout * 1e9);
        while (true) {
            $ok = $r->set($name, $token, ['NX', 'PX' => $expireMs]);
            if ($ok !== true && $ok !== false) {
                throw new RuntimeException('waiting child: SET failed: ' . var_export($ok, true));
            }
            if ($ok === false && ($err = $r->getLastError()) !== null) {
                throw new RuntimeException("waiting child: SET failed: $err");
            }
            if ($ok || hrtime(true) >= $deadline) {
                break;
            }
            usleep($intervalUs);
        }
        if ($ok) {
            $del = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";
            if ($r->eval($del, [$name, $token], 1) !== 1) {
                fwrite(STDERR, "waiting child: unlock after the wait found the lock lost\n");
                exit(1);
            }
        }
    } else {
        bench_usage('--child must be ext or polling');
    }
    fwrite(STDOUT, ($ok ? 'acquired' : 'timeout') . "\n");
    exit(0);
}

/* ----------------------------------------------------------------- parent */

$server = $o['server'];
$procs = $o['procs'];
$window = $o['window'];
$settle = $o['settle'];
$impls = array_values(array_filter(explode(',', $o['impls'])));
if ($procs < 1 || $window <= 0 || $settle < 0 || $o['drain'] <= 0 || $o['interval-ms'] < 1
    || array_diff($impls, ['ext', 'polling'])) {
    bench_usage('--procs must be >= 1, --window and --drain > 0, --settle >= 0, --interval-ms >= 1,'
        . ' --impls some of ext,polling');
}
/* the waiters must still be waiting at the end of the window, and the holder holding:
 * starting 100 PHP processes on 2 CPUs takes a few seconds, so leave 10 s */
if ($o['timeout'] < $settle + $window + 10 || $o['hold'] < $o['timeout'] + 10) {
    bench_usage('--timeout must be >= settle + window + 10 s, and --hold >= timeout + 10 s');
}
if (in_array('ext', $impls, true) && !class_exists('RedisLock')) {
    bench_usage('the redislock extension is not loaded');
}

$check = bench_phpredis($server);
$tag = getmypid() . ':' . bin2hex(random_bytes(3));
$sectionT0 = hrtime(true);

/** @var array<int, array{proc: resource, out: resource, pid: int, buf: string, eof: bool}> the live children */
$kids = [];

register_shutdown_function(function () use (&$kids): void { bench_kill_children($kids); });
if (function_exists('pcntl_async_signals')) {
    pcntl_async_signals(true);
    foreach ([SIGINT, SIGTERM, SIGHUP] as $sig) {
        pcntl_signal($sig, function () { exit(130); });
    }
}


/** The waiters' CPU so far, in seconds (all of them; /proc/<pid>/schedstat, else utime+stime). */
function kids_cpu(array $kids): float
{
    $sum = 0.0;
    foreach ($kids as $k) {
        $s = @file_get_contents("/proc/{$k['pid']}/schedstat");
        if ($s !== false && $s !== '') {
            $sum += (int)explode(' ', $s)[0] / 1e9;
            continue;
        }
        $st = @file_get_contents("/proc/{$k['pid']}/stat");
        if ($st !== false && preg_match('/\) \S+(?: \S+){10} (\d+) (\d+)/', $st, $m)) {
            $sum += ((int)$m[1] + (int)$m[2]) / 100; /* USER_HZ: 100 on Linux */
        }
    }
    return $sum;
}

/** The waiters' mean memory, KiB: VmRSS and Pss (shared pages divided among their users). */
function kids_memory(array $kids): array
{
    $rss = $pss = [];
    foreach ($kids as $k) {
        $status = (string)@file_get_contents("/proc/{$k['pid']}/status");
        $rollup = (string)@file_get_contents("/proc/{$k['pid']}/smaps_rollup");
        if (preg_match('/^VmRSS:\s+(\d+) kB/m', $status, $m)) {
            $rss[] = (int)$m[1];
        }
        if (preg_match('/^Pss:\s+(\d+) kB/m', $rollup, $m)) {
            $pss[] = (int)$m[1];
        }
    }
    return ['rss' => $rss ? array_sum($rss) / count($rss) : NAN, 'pss' => $pss ? array_sum($pss) / count($pss) : NAN];
}

/**
 * The server over one window of $seconds: commands/s, requests/s, server CPU
 * ms/s, and the children's CPU ms/s. INFO clients is asked before and after,
 * outside the counted interval; of the INFO requests inside it, 2 are counted
 * by the server (see bench_server_counters) and subtracted.
 */
function measure(Redis $check, float $seconds, array $kids): array
{
    $clients0 = bench_info($check, 'clients');
    $k0 = kids_cpu($kids);
    $c0 = bench_server_counters($check);
    $t0 = hrtime(true);
    bench_sleep_until($t0 + (int)($seconds * 1e9));
    $c1 = bench_server_counters($check);
    $t1 = hrtime(true);
    $k1 = kids_cpu($kids);
    $clients1 = bench_info($check, 'clients');
    $wall = ($t1 - $t0) / 1e9;
    return [
        'wall' => $wall,
        'commands' => ($c1['commands'] - $c0['commands'] - 2) / $wall,
        'reads' => ($c1['reads'] - $c0['reads'] - 2) / $wall,
        'server_cpu' => ($c1['cpu'] - $c0['cpu']) * 1000 / $wall,
        'client_cpu' => $kids ? ($k1 - $k0) * 1000 / $wall : NAN,
        'blocked0' => (int)($clients0['blocked_clients'] ?? -1),
        'blocked1' => (int)($clients1['blocked_clients'] ?? -1),
        'connected' => (int)($clients1['connected_clients'] ?? -1),
    ];
}

$results = [];
$warnings = [];

/* ---- idle: nobody but us */
$results['idle'] = measure($check, $window, []);

foreach ($impls as $impl) {
    $name = "bench:waiting:$impl:$tag";
    /* ---- the holder */
    if ($impl === 'ext') {
        $holder = new RedisLock($server);
        if (!$holder->lock($name, 0, $o['hold'])) {
            throw new RuntimeException("ext: the holder cannot take $name");
        }
    } else {
        $holdToken = bin2hex(random_bytes(16));
        if ($check->set($name, $holdToken, ['NX', 'PX' => (int)($o['hold'] * 1000)]) !== true) {
            throw new RuntimeException("polling: the holder cannot take $name");
        }
    }

    /* ---- the waiters */
    $spawnT0 = hrtime(true);
    for ($i = 0; $i < $procs; $i++) {
        $c = bench_spawn(__FILE__, [
            '--server', $server, '--child', $impl, '--name', $name, '--timeout', $o['timeout'],
            '--expire', $o['expire'], '--interval-ms', $o['interval-ms'],
        ]);
        stream_set_blocking($c['out'], false);
        $kids[$i] = $c + ['pid' => (int)proc_get_status($c['proc'])['pid'], 'buf' => '', 'eof' => false];
    }
    /* every one says "ready" just before it starts waiting: at most 30 s for all of them */
    $allReady = fn(array $ks) => array_reduce($ks, fn($a, $k) => $a && str_starts_with($k['buf'], "ready\n"), true);
    if (!bench_pump($kids, hrtime(true) + 30 * 1000000000, fn($ks) => $allReady($ks)
        || array_filter($ks, fn($k) => $k['eof']))) {
        throw new RuntimeException("$impl: the waiters did not all start within 30 s");
    }
    foreach ($kids as $i => $k) {
        if (!str_starts_with($k['buf'], "ready\n")) {
            throw new RuntimeException("$impl: waiter $i did not start (" . var_export($k['buf'], true) . ')');
        }
    }
    $spawnS = (hrtime(true) - $spawnT0) / 1e9;
    usleep((int)($settle * 1e6));

    /* ---- the window */
    $m = measure($check, $window, $kids);
    $mem = kids_memory($kids);

    /* still all waiting, the holder still holding? */
    bench_pump($kids, hrtime(true), fn() => false);
    $waiting = count(array_filter($kids, fn($k) => !$k['eof'] && $k['buf'] === "ready\n"));
    $held = $impl === 'ext' ? $holder->isLocking($name) : $check->get($name) === $holdToken;
    if ($waiting < $procs) {
        $warnings[] = "$impl: only $waiting of $procs processes were still waiting at the end of the window";
    }
    if (!$held) {
        $warnings[] = "$impl: the holder lost the lock before the end of the window";
    }

    /* ---- release, and let the queue drain: each waiter takes the lock, releases it and exits */
    $drainT0 = hrtime(true);
    $released = $impl === 'ext' ? $holder->unlock($name)
        : $check->eval("if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0",
            [$name, $holdToken], 1) === 1;
    if (!$released) {
        $warnings[] = "$impl: the holder's release found the lock lost";
    }
    $reap = bench_reap_children($kids, $o['drain']);
    $drainS = ($reap['pumped_ns'] - $drainT0) / 1e9;
    ['drained' => $drained, 'killed' => $killed, 'failed' => $failed] = $reap;
    $acquired = $reap['last']['acquired'] ?? 0;
    $timedOut = $reap['last']['timeout'] ?? 0;
    if (!$drained || $killed) {
        $warnings[] = "$impl: $killed waiters were still running {$o['drain']} s after the release and were killed";
    }
    if ($failed) {
        $warnings[] = "$impl: $failed waiters exited with an error (see stderr)";
    }
    if ($timedOut) {
        $warnings[] = "$impl: $timedOut waiters timed out instead of getting the lock";
    }
    $check->del($name);
    unset($holder);

    $results[$impl] = $m + [
        'waiting' => $waiting, 'acquired' => $acquired, 'spawn' => $spawnS, 'drain' => $drainS,
        'rss' => $mem['rss'] / 1024, 'pss' => $mem['pss'] / 1024, 'valid' => $waiting === $procs && $held,
    ];
}

/* ----------------------------------------------------------------- report */

$idleCpu = $results['idle']['server_cpu'];
foreach ($impls as $impl) {
    $results[$impl]['server_cpu_net'] = $results[$impl]['server_cpu'] - $idleCpu;
}
$results['idle']['server_cpu_net'] = 0.0;
/** $a / $b, NAN when $b is not positive (a ratio of nothing means nothing) */
$ratio = fn(float $a, float $b): float => $b > 0 ? $a / $b : NAN;
if ($o['data-dir'] !== '') {
    /* the Redis rows of the table, for the plots */
    $labels = ['idle' => 'idle (no clients)', 'ext' => 'redislock', 'polling' => "phpredis pollers ({$o['interval-ms']} ms)"];
    $data = [];
    foreach (array_merge(['idle'], $impls) as $c) {
        $r = $results[$c];
        $data[] = [$c, $labels[$c], sprintf('%.1f', $r['commands']), sprintf('%.1f', $r['reads']),
                   sprintf('%.3f', $r['server_cpu']), sprintf('%.3f', $r['server_cpu_net']), ($r['valid'] ?? true) ? 1 : 0];
    }
    /* the ratios the targets are on, as the table computes them (net CPU: a value under idle counts as 0) */
    $ratioParams = [];
    if (isset($results['ext'], $results['polling'])) {
        [$e, $p] = [$results['ext'], $results['polling']];
        $dec2 = fn(float $x) => is_nan($x) ? '-' : sprintf('%.2f', $x);
        $ratioParams = [
            'commands_ratio' => $dec2($ratio($e['commands'], $p['commands'])),
            'cpu_net_ratio' => $dec2($ratio(max(0.0, $e['server_cpu_net']), $p['server_cpu_net'])),
            'all_waiting' => $e['valid'] && $p['valid'] ? 1 : 0,
        ];
    }
    bench_write_data($o['data-dir'], 'waiting.tsv', 'waiting cost: key, label, Redis commands/s, requests/s,'
        . ' server CPU ms/s (gross), server CPU ms/s (net of idle), all waiting for the whole window (1/0)',
        ['procs' => $procs, 'window_s' => $window, 'interval_ms' => $o['interval-ms']] + $ratioParams, $data);
}

$cols = array_merge(['idle'], $impls);
$names = ['idle' => 'idle (no clients)', 'ext' => 'redislock', 'polling' => 'polling'];
$both = isset($results['ext'], $results['polling']);
$head = ['figure'];
foreach ($cols as $c) {
    $head[] = $names[$c];
}
if ($both) {
    array_push($head, 'redislock / polling', 'target', 'met?');
}
$sec = 'waiting cost';
/* a row: $k of every column with $dec decimals (null: not applicable), and the
 * ratio (with its target, if any) of redislock's to polling's */
$row = function (string $label, ?callable $get, int $dec, string $ratioMode = '', ?array $target = null)
    use ($cols, $results, $both, $ratio, $sec): array {
    $r = [$label];
    foreach ($cols as $c) {
        $v = $get ? $get($results[$c], $c) : null;
        $r[] = $v === null ? '' : bench_fmt((float)$v, $dec);
    }
    if (!$both) {
        return $r;
    }
    if ($ratioMode === '') {
        array_push($r, '', '', '');
        return $r;
    }
    $x = $ratio((float)$get($results['ext'], 'ext'), (float)$get($results['polling'], 'polling'));
    if ($ratioMode === 'net') {
        /* net of idle: a value under the idle baseline (noise) counts as 0 */
        $x = $ratio(max(0.0, (float)$get($results['ext'], 'ext')), (float)$get($results['polling'], 'polling'));
    }
    if ($target === null) {
        array_push($r, bench_fmt($x, 2), '', '');
        return $r;
    }
    [$op, $t, $text] = $target;
    /* not all waiting for the whole window: the figure does not measure what it says */
    $valid = $results['ext']['valid'] && $results['polling']['valid'];
    $r[] = bench_fmt_vs($x, $t, 2);
    array_push($r, ...bench_target($sec, $text, $valid ? $x : NAN, $op, $t, 2));
    return $r;
};
$nonIdle = fn(string $k) => fn(array $r, string $c) => $c === 'idle' ? null : $r[$k];
$rows = [
    $row('Redis commands/s (incl. in scripts)', fn($r) => $r['commands'], 0, 'gross',
        ['<=', 0.20, 'commands/s, redislock / polling']),
    $row('Redis requests/s (sent by clients)', fn($r) => $r['reads'], 0, 'gross'),
    $row('Redis server CPU, ms/s (gross)', fn($r) => $r['server_cpu'], 2, 'gross'),
    $row('Redis server CPU, ms/s net of idle (*)', fn($r) => $r['server_cpu_net'], 2, 'net',
        ['<=', 0.25, 'server CPU, redislock / polling (net of idle)']),
    ['-'],
    $row('processes waiting at the end of the window', $nonIdle('waiting'), 0),
    $row('clients blocked (BLPOP...), sample at start', $nonIdle('blocked0'), 0),
    $row('clients blocked (BLPOP...), sample at end', $nonIdle('blocked1'), 0),
    $row('clients connected', fn($r) => $r['connected'], 0),
    $row('waiters\' own CPU, ms/s (all processes)', $nonIdle('client_cpu'), 1),
    $row('memory per waiter, MiB: VmRSS', $nonIdle('rss'), 1),
    $row('memory per waiter, MiB: Pss', $nonIdle('pss'), 1),
    $row('window, s (measured)', fn($r) => $r['wall'], 2),
    $row('start of all waiters, s', $nonIdle('spawn'), 1),
    $row('drain after the release, s', $nonIdle('drain'), 2),
    $row('waiters that got the lock after the release', $nonIdle('acquired'), 0),
];

printf("5. Waiting cost: %d processes wait for one lock that another client holds for the whole run;\n"
    . "   %s s window, after all have started and %s s of settling. redislock: each calls lock(\$name, %s, %s)\n"
    . "   (default waitIntervalUs: it waits as built); polling: each loops SET key token NX PX %d on phpredis,\n"
    . "   then usleep(%d ms) (a fixed interval, the userland seed's usleep loop); idle: no client but this one.\n"
    . "   Redis figures: INFO deltas over the window per second, minus this script's own INFO requests.\n\n",
    $procs, bench_fmt($window, 1), bench_fmt($settle, 1), $o['timeout'], $o['expire'],
    (int)ceil($o['expire'] * 1000), $o['interval-ms']);
echo bench_table($head, $rows);
printf("   (*) server CPU minus the idle baseline (%s ms/s)%s\n", bench_fmt($idleCpu, 2), $both
    ? "; the CPU target is on this net ratio (a net figure\n       below 0, noise, counts as 0); the gross ratio is the row above it."
    : '.');
if (isset($results['polling'])) {
    $expected = $procs * 1000 / $o['interval-ms'];
    $p = $results['polling']['commands'];
    printf("   Check: %d pollers every %d ms should send about %s SET/s (a little less: each pause comes after\n"
        . "   a round trip); measured %s commands/s (%s of that).\n",
        $procs, $o['interval-ms'], bench_fmt($expected), bench_fmt($p), bench_fmt($ratio($p, $expected), 2));
    if ($p < 0.8 * $expected || $p > 1.05 * $expected) {
        $warnings[] = 'polling: the measured commands/s are far from the expected figure';
    }
}
printf("   This section took %s s.\n", bench_fmt((hrtime(true) - $sectionT0) / 1e9, 1));
foreach ($warnings as $w) {
    echo "WARNING: $w\n";
}
