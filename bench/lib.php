<?php
/**
 * Helpers shared by the benchmark scripts (bench/*.php; the web demo,
 * demo/web/sale.php, uses its table and percentile): options, server
 * addresses, phpredis connections, INFO parsing, timing and CPU, statistics,
 * child processes, tables and the targets summary. Only functions: including
 * it has no side effect.
 */

declare(strict_types=1);

/* ---------------------------------------------------------------- options */

/**
 * Parses long options: $defaults maps each option name to its default value,
 * whose type (int, float, string, bool) is the option's type; a bool option
 * takes no value. A null default means a required string. The usage line
 * (--help, and every bench_usage() error) is made from $defaults: $forms
 * names a value's form where its type alone would not say it
 * (['server' => 'tcp://host:port']), and a form of null leaves an option out
 * of it (the options a parent passes to its children).
 *
 * @return array<string, mixed>
 */
function bench_options(array $defaults, array $forms = []): array
{
    bench_usage_line($defaults, $forms);
    $long = ['help'];
    foreach ($defaults as $name => $default) {
        $long[] = is_bool($default) ? $name : "$name:";
    }
    $opts = getopt('', $long, $rest);
    if (isset($opts['help'])) {
        fwrite(STDOUT, bench_usage_line() . "\n");
        exit(0);
    }
    if ($rest < count($_SERVER['argv'])) {
        bench_usage('unexpected argument ' . $_SERVER['argv'][$rest]);
    }
    $out = [];
    foreach ($defaults as $name => $default) {
        if (!array_key_exists($name, $opts)) {
            if ($default === null) {
                bench_usage("--$name is required");
            }
            $out[$name] = $default;
            continue;
        }
        $v = is_array($opts[$name]) ? end($opts[$name]) : $opts[$name];
        $out[$name] = match (true) {
            is_bool($default) => true,
            is_int($default) => filter_var($v, FILTER_VALIDATE_INT) === false
                ? bench_usage("--$name must be an integer") : (int)$v,
            is_float($default) => !is_numeric($v)
                ? bench_usage("--$name must be a number") : (float)$v,
            default => (string)$v,
        };
    }
    return $out;
}

/**
 * The script's usage line, made (once, by bench_options()) from its options:
 * "usage: php <flags> SCRIPT --required FORM [--optional FORM] [--flag]".
 * A value's form is $forms' word for it, else by its name's ending (-ms MS,
 * -us US, -dir DIR) or its type (int N, float S, string TEXT).
 */
function bench_usage_line(?array $defaults = null, array $forms = []): string
{
    static $line = null;
    if ($line === null) {
        $line = 'usage: php <flags> ' . ($_SERVER['argv'][0] ?? 'bench.php');
        foreach ($defaults ?? [] as $name => $default) {
            if (array_key_exists($name, $forms) && $forms[$name] === null) {
                continue;
            }
            $form = $forms[$name] ?? match (true) {
                is_bool($default) => '',
                str_ends_with($name, '-ms') => 'MS',
                str_ends_with($name, '-us') => 'US',
                str_ends_with($name, '-dir') => 'DIR',
                is_int($default) => 'N',
                is_float($default) => 'S',
                default => 'TEXT',
            };
            $opt = "--$name" . ($form === '' ? '' : " $form");
            $line .= ' ' . ($default === null ? $opt : "[$opt]");
        }
    }
    return $line;
}

/** Says what is wrong with the command line ($msg), then the usage line; exits 2. */
function bench_usage(string $msg = ''): never
{
    if ($msg !== '') {
        fwrite(STDERR, basename($_SERVER['argv'][0] ?? 'bench') . ": $msg\n");
    }
    fwrite(STDERR, bench_usage_line() . "\n");
    exit(2);
}

/* ------------------------------------------------------- servers, phpredis */

/**
 * Splits a tcp://host:port or unix:///path address.
 *
 * @return array{host: string, port: int, socket: ?string}
 */
function bench_parse_server(string $server): array
{
    if (preg_match('~^tcp://(\[[^\]]+\]|[^:/]+):(\d+)$~', $server, $m)) {
        return ['host' => trim($m[1], '[]'), 'port' => (int)$m[2], 'socket' => null];
    }
    if (preg_match('~^unix://(/.+)$~', $server, $m)) {
        return ['host' => $m[1], 'port' => 0, 'socket' => $m[1]];
    }
    throw new InvalidArgumentException("server must be tcp://host:port or unix:///path, not $server");
}

/** A new phpredis connection to $server (Debian: -d extension=igbinary.so -d extension=redis.so). */
function bench_phpredis(string $server): Redis
{
    if (!class_exists('Redis')) {
        throw new RuntimeException('phpredis is not loaded (-d extension=igbinary.so -d extension=redis.so on Debian)');
    }
    $s = bench_parse_server($server);
    $r = new Redis();
    $ok = $s['socket'] !== null ? $r->connect($s['socket']) : $r->connect($s['host'], $s['port'], 2.0);
    if (!$ok) {
        throw new RuntimeException("phpredis cannot connect to $server");
    }
    return $r;
}

/** Loads symfony/lock (Debian's php-symfony-lock, or BENCH_SYMFONY_AUTOLOAD). */
function bench_require_symfony(): void
{
    $autoload = getenv('BENCH_SYMFONY_AUTOLOAD') ?: '/usr/share/php/Symfony/Component/Lock/autoload.php';
    if (!is_file($autoload)) {
        throw new RuntimeException("symfony/lock not found at $autoload (apt-get install php-symfony-lock)");
    }
    require_once $autoload;
}

/**
 * Laravel's cache locks (Illuminate\Cache\RedisLock over a phpredis connection) from Debian's
 * php-laravel-framework (BENCH_LARAVEL_DIR: another Illuminate tree), and the bridge (bridge/):
 * false when Laravel is not installed (its rows are then left out).
 */
function bench_require_laravel(): bool
{
    $dir = getenv('BENCH_LARAVEL_DIR') ?: '/usr/share/php/Illuminate';
    $parts = ['Contracts', 'Support', 'Cache', 'Redis'];
    foreach ($parts as $part) {
        if (!is_file("$dir/$part/autoload.php")) {
            return false;
        }
    }
    foreach ($parts as $part) {
        require_once "$dir/$part/autoload.php";
    }
    bench_require_bridge();
    return true;
}

/** The framework bridges (bridge/autoload.php). */
function bench_require_bridge(): void
{
    require_once __DIR__ . '/../bridge/autoload.php';
}

/** A phpredis connection as Laravel wraps it (Illuminate\Redis\Connections\PhpRedisConnection). */
function bench_laravel_connection(string $server): object
{
    return new Illuminate\Redis\Connections\PhpRedisConnection(bench_phpredis($server));
}

/**
 * INFO <section> as name => value, parsed from the raw text (so it does not
 * depend on how a client library shapes it).
 *
 * @return array<string, string>
 */
function bench_info(Redis $r, string $section): array
{
    $text = $r->rawCommand('INFO', $section);
    if (!is_string($text)) {
        throw new RuntimeException("INFO $section failed: " . ($r->getLastError() ?? 'no reply'));
    }
    $out = [];
    foreach (explode("\n", $text) as $line) {
        $line = rtrim($line, "\r");
        if ($line === '' || $line[0] === '#' || !str_contains($line, ':')) {
            continue;
        }
        [$k, $v] = explode(':', $line, 2);
        $out[$k] = $v;
    }
    return $out;
}

/**
 * What the server has done so far: commands processed (INFO stats
 * total_commands_processed: the commands clients sent AND those scripts ran
 * with redis.call), client requests read (total_reads_processed: one socket
 * read per request, or per pipelined batch) and its CPU time in seconds
 * (INFO cpu, used_cpu_sys + used_cpu_user). Between two calls, the delta
 * includes 2 commands and 2 reads of these INFO requests themselves.
 *
 * @return array{commands: int, reads: int, cpu: float}
 */
function bench_server_counters(Redis $r): array
{
    $stats = bench_info($r, 'stats');
    $cpu = bench_info($r, 'cpu');
    return [
        'commands' => (int)$stats['total_commands_processed'],
        'reads' => (int)$stats['total_reads_processed'],
        'cpu' => (float)$cpu['used_cpu_sys'] + (float)$cpu['used_cpu_user'],
    ];
}

/* ------------------------------------------------------ time, CPU, memory */

/** This process's CPU time so far (user + system), in microseconds. */
function bench_cpu_us(): float
{
    return array_sum(bench_cpu_split_us());
}

/**
 * This process's CPU time so far in microseconds, user and system apart.
 *
 * @return array{0: float, 1: float}
 */
function bench_cpu_split_us(): array
{
    $ru = getrusage();
    return [$ru['ru_utime.tv_sec'] * 1e6 + $ru['ru_utime.tv_usec'], $ru['ru_stime.tv_sec'] * 1e6 + $ru['ru_stime.tv_usec']];
}

/**
 * This process's resident memory in KiB:
 *   vmrss: VmRSS from /proc/self/status;
 *   rss:   Rss from /proc/self/smaps_rollup (the kernel walks the page tables);
 *   anon:  its Anonymous part (heap, stacks: where a leak shows).
 * Both files are read before anything is parsed, so the two describe the same moment.
 *
 * @return array{vmrss: int, rss: int, anon: int}
 */
function bench_memory_kib(): array
{
    $status = (string)file_get_contents('/proc/self/status');
    $rollup = (string)@file_get_contents('/proc/self/smaps_rollup');
    $get = fn(string $text, string $field) => preg_match('/^' . $field . ':\s+(\d+) kB/m', $text, $m) ? (int)$m[1] : -1;
    return ['vmrss' => $get($status, 'VmRSS'), 'rss' => $get($rollup, 'Rss'), 'anon' => $get($rollup, 'Anonymous')];
}

/** Sleeps until the CLOCK_MONOTONIC time $ns (hrtime(true)); returns at once if it has passed. */
function bench_sleep_until(int $ns): void
{
    while (($left = $ns - hrtime(true)) > 0) {
        usleep((int)min(intdiv($left, 1000) + 1, 200000));
    }
}

/**
 * Runs $n calls of $cycle (each must return true) and returns cycles per
 * second and the process's CPU per cycle in microseconds: user + sys, and the
 * user part alone (the code of PHP, the client library, the extension; sys
 * is mostly the kernel's socket and network work).
 *
 * @return array{rate: float, cpu_us: float, user_us: float}
 */
function bench_measure(callable $cycle, int $n): array
{
    [$u0, $s0] = bench_cpu_split_us();
    $t0 = hrtime(true);
    for ($i = 0; $i < $n; $i++) {
        if (!$cycle()) {
            throw new RuntimeException("cycle $i failed");
        }
    }
    $t1 = hrtime(true);
    [$u1, $s1] = bench_cpu_split_us();
    return ['rate' => $n / (($t1 - $t0) / 1e9), 'cpu_us' => ($u1 - $u0 + $s1 - $s0) / $n, 'user_us' => ($u1 - $u0) / $n];
}

/* ------------------------------------------------------------- statistics */

/** @param list<int|float> $v */
function bench_median(array $v): float
{
    if (!$v) {
        return NAN;
    }
    sort($v);
    $n = count($v);
    return (float)($n % 2 ? $v[intdiv($n, 2)] : ($v[$n / 2 - 1] + $v[$n / 2]) / 2);
}

/**
 * The $p-th percentile (0-100) by the nearest-rank method: the smallest value
 * with at least p% of the values at or below it (so p99 of 100 values is the
 * 99th smallest, and p100 the maximum). NAN for no values.
 *
 * @param list<int|float> $v
 */
function bench_percentile(array $v, float $p): float
{
    if (!$v) {
        return NAN;
    }
    sort($v);
    $rank = max(1, (int)ceil($p / 100 * count($v)));
    return (float)$v[min($rank, count($v)) - 1];
}

/**
 * Sweeps over the hold intervals [start, end) (nanoseconds) of all processes:
 * the largest number of simultaneous holders, and how many times a holder
 * started while $limit others already held (for a lock, $limit = 1: an overlap
 * of two holds; for a semaphore: an over-admission). An interval ending at the
 * very nanosecond another starts does not overlap it.
 *
 * @param list<array{0: int, 1: int}> $intervals
 * @return array{max: int, over: int}
 */
function bench_sweep(array $intervals, int $limit): array
{
    $events = [];
    foreach ($intervals as [$s, $e]) {
        $events[] = [$s, 1];
        $events[] = [$e, -1];
    }
    /* by time; at equal times ends (-1) before starts (+1) */
    usort($events, fn($a, $b) => $a[0] <=> $b[0] ?: $a[1] <=> $b[1]);
    $cur = $max = $over = 0;
    foreach ($events as [, $d]) {
        $cur += $d;
        if ($d > 0 && $cur > $limit) {
            $over++;
        }
        $max = max($max, $cur);
    }
    return ['max' => $max, 'over' => $over];
}

/* ------------------------------------------------------- child processes */

/**
 * The command line that starts a PHP like this one: PHP_BINARY and the
 * arguments bench/run.sh passes in BENCH_PHP_ARGS (one per line: -n, -d
 * extension=...), so a child loads the same extensions with the same flags.
 *
 * @return list<string>
 */
function bench_php_cmd(): array
{
    $args = getenv('BENCH_PHP_ARGS');
    if ($args === false || $args === '') {
        throw new RuntimeException('BENCH_PHP_ARGS is not set: run this through bench/run.sh, or export the '
            . 'php flags (one per line, e.g. "-n\n-d\nextension=/path/redislock.so") yourself');
    }
    return array_merge([PHP_BINARY], explode("\n", rtrim($args, "\n")));
}

/**
 * Starts `[$prefix...] php <flags> $script $args...` with its stdout on a pipe (for the
 * child's "ready" line) and its stderr on ours.
 *
 * @return array{proc: resource, out: resource}
 */
function bench_spawn(string $script, array $args, array $prefix = []): array
{
    /* $prefix: a command the PHP runs under (e.g. nsenter into another "host"'s namespaces) */
    $cmd = array_merge($prefix, bench_php_cmd(), [$script], array_map('strval', $args));
    $proc = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => STDERR], $pipes);
    if (!is_resource($proc)) {
        throw new RuntimeException('cannot start ' . implode(' ', $cmd));
    }
    return ['proc' => $proc, 'out' => $pipes[1]];
}

/* ------------------------------------------------------------------ output */

/**
 * $a / $b, or NAN (printed "-") when $b is 0: a short run can measure 0 µs of
 * user CPU (the kernel samples it in ticks), and a ratio of that means nothing.
 */
function bench_ratio(float $a, float $b): float
{
    return $b > 0 ? $a / $b : NAN;
}

function bench_fmt(float $v, int $dec = 0): string
{
    if (is_nan($v)) {
        return '-';
    }
    return number_format($v, $dec, '.', ',');
}

/**
 * $value with $dec decimals, or more (up to 4) when that many would show it
 * equal to $target although it is not: 0.9993 against a target of 1 prints
 * as 0.999, not as a puzzling "1.00, not met".
 */
function bench_fmt_vs(float $value, float $target, int $dec = 2): string
{
    while ($dec < 4 && $value != $target && round($value, $dec) == round($target, $dec)) {
        $dec++;
    }
    return bench_fmt($value, $dec);
}

/**
 * How many characters $s shows (grapheme clusters: "µs", "×", "≤" are one each,
 * as a terminal draws them), not its bytes; php -n has no mbstring.
 */
function bench_width(string $s): int
{
    $n = preg_match_all('/\X/u', $s);
    return $n === false ? strlen($s) : $n;   // not UTF-8: its bytes
}

/** str_pad() by characters (bench_width()): $s padded with spaces to $width, on the right or (STR_PAD_LEFT) the left. */
function bench_pad(string $s, int $width, int $side = STR_PAD_RIGHT): string
{
    $fill = str_repeat(' ', max(0, $width - bench_width($s)));
    return $side === STR_PAD_LEFT ? $fill . $s : $s . $fill;
}

/**
 * A plain-text table: the first $left columns left-aligned (labels), the
 * others right-aligned (figures), padded by characters (bench_width()). The
 * benchmark's tables and the web demo's (demo/web/sale.php).
 *
 * @param list<string> $head
 * @param list<list<string>> $rows  a row of one '-' cell draws a separator
 */
function bench_table(array $head, array $rows, int $left = 1): string
{
    $n = count($head);
    $w = array_fill(0, $n, 0);
    foreach (array_merge([$head], $rows) as $r) {
        if ($r === ['-']) {
            continue;
        }
        foreach ($r as $i => $cell) {
            $w[$i] = max($w[$i], bench_width((string)$cell));
        }
    }
    $line = function (array $r) use ($w, $n, $left): string {
        $cells = [];
        for ($i = 0; $i < $n; $i++) {
            $cells[] = bench_pad((string)($r[$i] ?? ''), $w[$i], $i < $left ? STR_PAD_RIGHT : STR_PAD_LEFT);
        }
        return '| ' . implode(' | ', $cells) . " |\n";
    };
    $sep = '+' . implode('+', array_map(fn($x) => str_repeat('-', $x + 2), $w)) . "+\n";
    $out = $sep . $line($head) . $sep;
    foreach ($rows as $r) {
        $out .= $r === ['-'] ? $sep : $line($r);
    }
    return $out . $sep;
}

/**
 * Checks $value against a target ($op '>=', '<=' or '==' $target), records it for the
 * summary bench/run.sh prints at the end (the file named by BENCH_SUMMARY, if
 * set) and returns [target text, "yes"/"NO"] for a table row. $targetText
 * replaces the default wording ("<= 40 ms") of the target.
 *
 * @return array{0: string, 1: string}
 */
function bench_target(string $section, string $figure, float $value, string $op, float $target,
                      int $dec = 2, string $unit = '', ?string $targetText = null): array
{
    $met = match ($op) {
        '>=' => $value >= $target,
        '<=' => $value <= $target,
        '==' => $value == $target,
        default => throw new InvalidArgumentException("unknown comparison $op"),
    };
    if (is_nan($value)) {
        $met = false;
    }
    $targetText ??= ($op === '==' ? '= ' : "$op ") . bench_fmt($target, $dec) . $unit;
    $summary = getenv('BENCH_SUMMARY');
    if ($summary !== false && $summary !== '') {
        file_put_contents($summary, json_encode([$section, $figure, bench_fmt_vs($value, $target, $dec) . $unit, $targetText, $met]) . "\n",
            FILE_APPEND | LOCK_EX);
    }
    return [$targetText, $met ? 'yes' : 'NO'];
}

/**
 * Records a figure that has no target (a comparison to report, not to pass)
 * for the summary bench/run.sh prints at the end: it shows there with "-" as
 * its target and is not counted among the targets.
 */
function bench_record(string $section, string $figure, string $value): void
{
    $summary = getenv('BENCH_SUMMARY');
    if ($summary !== false && $summary !== '') {
        file_put_contents($summary, json_encode([$section, $figure, $value, '-', null]) . "\n", FILE_APPEND | LOCK_EX);
    }
}

/* ------------------------------------------------------------ plot data */

/**
 * Writes $dir/$file for bench/plots.sh (bench/run.sh passes --data-dir): a
 * line "# <what>", one line "# param NAME=VALUE" per entry of $params (what a
 * plot's title says: processes, window...), then $rows, one line each, cells
 * joined by tabs (a label may hold spaces; gnuplot and awk read it with tab as
 * the separator). gnuplot skips the '#' lines. The file is written whole under
 * a temporary name, then renamed: a plot never reads half a file.
 *
 * @param array<string, scalar> $params
 * @param list<list<scalar>|scalar> $rows
 */
function bench_write_data(string $dir, string $file, string $what, array $params, array $rows): void
{
    if (!is_dir($dir) && !mkdir($dir, 0777, true) && !is_dir($dir)) {
        throw new RuntimeException("cannot create the plot data directory $dir");
    }
    $out = "# $what\n";
    foreach ($params as $k => $v) {
        $out .= "# param $k=$v\n";
    }
    foreach ($rows as $r) {
        $out .= (is_array($r) ? implode("\t", $r) : $r) . "\n";
    }
    $tmp = "$dir/.$file." . getmypid();
    if (file_put_contents($tmp, $out) !== strlen($out) || !rename($tmp, "$dir/$file")) {
        throw new RuntimeException("cannot write $dir/$file");
    }
}

/* Run as a script, this file prints the summary table of the figures recorded with bench_target() and bench_record(). */
if (PHP_SAPI === 'cli' && realpath($_SERVER['SCRIPT_FILENAME'] ?? '') === __FILE__) {
    $file = $argv[1] ?? getenv('BENCH_SUMMARY');
    if (!$file || !is_file($file)) {
        exit(0);
    }
    $rows = [];
    $met = $all = 0;
    foreach (file($file, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $l) {
        [$section, $figure, $value, $target, $ok] = json_decode($l, true);
        $rows[] = [$section, $figure, $value, $target, $ok === null ? '-' : ($ok ? 'yes' : 'NO')];
        if ($ok !== null) {   /* a figure without a target (bench_record) */
            $all++;
            $met += $ok ? 1 : 0;
        }
    }
    echo "Targets: $met of $all met", count($rows) > $all ? ' (a figure with target "-" has none: it is reported, not judged)' : '', "\n";
    echo bench_table(['section', 'figure', 'measured', 'target', 'met?'], $rows, 2);
}

/**
 * Reads what the children write until $done($kids) or the deadline
 * (hrtime ns); true if $done.
 */
function bench_pump(array &$kids, int $deadline, callable $done): bool
{
    while (!$done($kids)) {
        $read = [];
        foreach ($kids as $i => $k) {
            if (!$k['eof']) {
                $read[$i] = $k['out'];
            }
        }
        if (!$read) {
            return false;
        }
        /* past the deadline: one last look that does not wait */
        $left = max(0, $deadline - hrtime(true));
        $w = $e = null;
        if (@stream_select($read, $w, $e, intdiv($left, 1000000000), intdiv($left % 1000000000, 1000)) === false) {
            $read = []; /* EINTR */
        }
        foreach ($read as $i => $s) {
            $d = fread($s, 8192);
            if ($d !== false && $d !== '') {
                $kids[$i]['buf'] .= $d;
            } elseif (feof($s)) {
                $kids[$i]['eof'] = true;
            }
        }
        if ($left === 0) {
            return $done($kids);
        }
    }
    return true;
}

/**
 * Ends the children (proc, out, buf, eof) in $kids and empties it: reads them
 * until all have exited or $graceS has passed, then kills those still running.
 * Returns 'last' (the last line each wrote => how many), 'killed', 'failed'
 * (exited with a non-zero status), 'drained' (all had exited within $graceS)
 * and 'pumped_ns' (hrtime when the reading stopped, before any kill).
 *
 * @return array{last: array<string, int>, killed: int, failed: int, drained: bool, pumped_ns: int}
 */
function bench_reap_children(array &$kids, float $graceS): array
{
    $drained = bench_pump($kids, hrtime(true) + (int)($graceS * 1e9), fn($ks) => !array_filter($ks, fn($k) => !$k['eof']));
    $pumped = hrtime(true);
    $last = [];
    $killed = $failed = 0;
    foreach ($kids as $i => $k) {
        if (!$k['eof']) {
            proc_terminate($k['proc'], 9);
            $killed++;
        }
        fclose($k['out']);
        $rc = proc_close($k['proc']);
        $failed += $k['eof'] && $rc !== 0 ? 1 : 0;
        $lines = explode("\n", trim($k['buf']));
        $l = (string)end($lines);
        $last[$l] = ($last[$l] ?? 0) + 1;
        unset($kids[$i]);
    }
    return ['last' => $last, 'killed' => $killed, 'failed' => $failed, 'drained' => $drained, 'pumped_ns' => $pumped];
}

/** Kills each child process (proc, out) in $kids and empties it: whatever happens to a bench, its children do not outlive it. */
function bench_kill_children(array &$kids): void
{
    foreach ($kids as $i => $k) {
        if (is_resource($k['proc'])) {
            proc_terminate($k['proc'], 9);
            if (is_resource($k['out'])) {
                fclose($k['out']);
            }
            proc_close($k['proc']);
        }
        unset($kids[$i]);
    }
}

/** redis-benchmark -c 1 on one command; requests/s, or null when it is not installed */
function bench_redis_benchmark(array $target, int $n, array $command): ?float
{
    $bin = trim((string)shell_exec('command -v redis-benchmark 2>/dev/null'));
    if ($bin === '') {
        return null;
    }
    $p = proc_open(array_merge([$bin], $target, ['-c', '1', '-n', (string)$n, '-q'], $command),
        [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $out = stream_get_contents($pipes[1]);
    stream_get_contents($pipes[2]);
    proc_close($p);
    /* -q prints progress lines ending in \r, then "NAME: 12345.67 requests per second, ..." */
    return preg_match_all('/([\d.]+) requests per second/', $out, $m) ? (float)end($m[1]) : null;
}

/* ---------------------------------------------------------------- rounds */

/**
 * Runs each client of $runs (label => fn(int $cycles): mixed) $rounds times,
 * $cycles($label) cycles a round, the rounds interleaved: the order rotates
 * each round, so no client always goes first or last and a machine that
 * drifts (frequency, a noisy neighbour) favours none. Returns label =>
 * [the result of each round]. The warm-up is the caller's, before.
 */
function bench_interleaved_rounds(array $runs, int $rounds, callable $cycles): array
{
    $results = array_fill_keys(array_keys($runs), []);
    $labels = array_keys($runs);
    for ($r = 0; $r < $rounds; $r++) {
        $order = array_merge(array_slice($labels, $r % count($labels)), array_slice($labels, 0, $r % count($labels)));
        foreach ($order as $label) {
            $results[$label][] = $runs[$label]($cycles($label));
        }
    }
    return $results;
}
