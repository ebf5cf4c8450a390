<?php
/**
 * Uncontended acquire+release cycles per second of a counting semaphore, one
 * process, one connection each:
 *   (a) the redislock extension (RedisSemaphore: one server-side script per call)
 *   (b) a userland fair semaphore on phpredis (bench/userland/PhpRedisFairSemaphore.php):
 *       counter + owner zset + timeout zset, client-clock timestamps, guarded
 *       by a short SET NX PX lock released with an EVALSHA compare-and-delete
 * and, for each, the Redis commands per cycle: sent by the client and run by
 * server-side scripts (counted with MONITOR), and the round trips per cycle
 * (INFO stats total_reads_processed delta: one socket read per request or
 * pipelined batch).
 *
 *   php -n -d extension=modules/redislock.so -d extension=igbinary.so -d extension=redis.so \
 *       bench/semaphore.php --server tcp://127.0.0.1:6379 [--cycles 20000] [--rounds 5] [--limit 4]
 *
 * Every implementation runs --rounds times, interleaved, after a warm-up; the
 * table shows the median round (and the best).
 */

declare(strict_types=1);

require __DIR__ . '/userland/PhpRedisFairSemaphore.php';

function usage(string $msg = ''): never
{
    if ($msg !== '') {
        fwrite(STDERR, "semaphore: $msg\n");
    }
    fwrite(STDERR, "usage: php -n -d extension=redislock.so -d extension=redis.so bench/semaphore.php --server tcp://host:port [--cycles N] [--rounds N] [--limit N]\n");
    exit(2);
}

$opts = getopt('', ['server:', 'cycles:', 'rounds:', 'limit:', 'help']);
if (isset($opts['help'])) {
    usage();
}
$server = $opts['server'] ?? usage('--server is required');
$cycles = (int)($opts['cycles'] ?? 20000);
$rounds = (int)($opts['rounds'] ?? 5);
$limit = (int)($opts['limit'] ?? 4);
if ($cycles < 100 || $rounds < 1 || $limit < 1) {
    usage('--cycles must be >= 100, --rounds >= 1 and --limit >= 1');
}
if (preg_match('~^tcp://(\[[^\]]+\]|[^:/]+):(\d+)$~', $server, $m)) {
    $host = trim($m[1], '[]');
    $port = (int)$m[2];
    $socket = null;
} elseif (preg_match('~^unix://(/.+)$~', $server, $m)) {
    $host = $socket = $m[1];
    $port = 0;
} else {
    usage('--server must be tcp://host:port or unix:///path');
}
if (!class_exists('RedisSemaphore')) {
    usage('the redislock extension is not loaded (-d extension=/path/to/redislock.so)');
}
if (!class_exists('Redis')) {
    usage('phpredis is not loaded (-d extension=igbinary.so -d extension=redis.so on Debian)');
}

function fmt(float $v, int $dec = 0): string
{
    return number_format($v, $dec, '.', ',');
}

function median(array $v): float
{
    sort($v);
    $n = count($v);
    return $n % 2 ? $v[intdiv($n, 2)] : ($v[$n / 2 - 1] + $v[$n / 2]) / 2;
}

/** Times $n calls of $cycle (which must return true); returns cycles per second. */
function measure(callable $cycle, int $n): float
{
    $t0 = hrtime(true);
    for ($i = 0; $i < $n; $i++) {
        if (!$cycle()) {
            throw new RuntimeException("cycle $i failed");
        }
    }
    return $n / ((hrtime(true) - $t0) / 1e9);
}

function connect(?string $socket, string $host, int $port): Redis
{
    $r = new Redis();
    if ($socket !== null ? !$r->connect($socket) : !$r->connect($host, $port, 2.0)) {
        usage('phpredis cannot connect');
    }
    return $r;
}

function reads_processed(Redis $check): int
{
    return (int)($check->info('stats')['total_reads_processed'] ?? -1);
}

/**
 * Runs $n cycles under MONITOR and returns [commands sent per cycle, commands
 * run inside scripts per cycle, breakdown sent, breakdown in scripts, round
 * trips per cycle]. Round trips are the server's socket reads (INFO stats
 * total_reads_processed): one per request, or per pipelined batch. Nothing
 * else talks to the server while this runs but $check (INFO, ECHO: left out).
 */
function count_commands(Redis $check, string $server, callable $cycle, int $n): array
{
    $mon = stream_socket_client($server, $errno, $errstr, 2.0);
    if (!$mon) {
        throw new RuntimeException("MONITOR connection: $errstr");
    }
    stream_set_timeout($mon, 10);
    fwrite($mon, "*1\r\n\$7\r\nMONITOR\r\n");
    if (fgets($mon) !== "+OK\r\n") {
        throw new RuntimeException('MONITOR refused');
    }
    $reads0 = reads_processed($check);
    for ($i = 0; $i < $n; $i++) {
        if (!$cycle()) {
            throw new RuntimeException("cycle $i failed");
        }
    }
    $reads1 = reads_processed($check);
    $marker = 'bench-marker-' . bin2hex(random_bytes(4));
    $check->echo($marker);
    $sent = $inScripts = [];
    while (($line = fgets($mon)) !== false) {
        if (str_contains($line, $marker)) {
            break;
        }
        /* +1700000000.123456 [0 127.0.0.1:40000] "EVALSHA" "..." ... ; [0 lua] for commands run by a script */
        if (!preg_match('/^\+[\d.]+ \[\d+ ([^\]]+)\] "([^"]+)"/', $line, $m)) {
            continue;
        }
        $cmd = strtoupper($m[2]);
        if ($cmd === 'INFO' || $cmd === 'ECHO') {
            continue;
        }
        if ($m[1] === 'lua') {
            $inScripts[$cmd] = ($inScripts[$cmd] ?? 0) + 1;
        } else {
            $sent[$cmd] = ($sent[$cmd] ?? 0) + 1;
        }
    }
    fclose($mon);
    $perCycle = fn(array $a) => array_map(fn($c) => $c / $n, $a);
    $sent = $perCycle($sent);
    $inScripts = $perCycle($inScripts);
    arsort($sent);
    arsort($inScripts);
    /* the reads: the second INFO's own request is the only extra one */
    $trips = $reads0 >= 0 && $reads1 >= 0 ? ($reads1 - $reads0 - 1) / $n : null;
    return [array_sum($sent), array_sum($inScripts), $sent, $inScripts, $trips];
}

/* ---- the contenders, each with its own connection and its own semaphore */

$redis = connect($socket, $host, $port);
$check = connect($socket, $host, $port);
$user = new PhpRedisFairSemaphore($redis);
$ext = new RedisSemaphore($server);
$tag = getmypid() . ':' . bin2hex(random_bytes(3));
$extName = "bench:ext:$tag";
$userName = "bench:userland:$tag";

/* Sanity: both admit exactly $limit holders, refuse the next, free a slot on release, and clean up. */
foreach (['extension' => [$ext, $extName, 'Sem:'], 'userland' => [$user, $userName, 'SemU:']] as $label => [$s, $name, $prefix]) {
    $ids = [];
    for ($i = 0; $i < $limit; $i++) {
        $ids[] = $s->acquire($name, $limit, 10);
    }
    if (in_array(false, $ids, true) || count(array_unique($ids)) !== $limit) {
        throw new RuntimeException("$label: cannot take $limit slots of a free semaphore");
    }
    if ($s->acquire($name, $limit, 10) !== false) {
        throw new RuntimeException("$label: admitted more than $limit");
    }
    if (!$s->release($name, $ids[0]) || $s->release($name, $ids[0]) || !is_string($again = $s->acquire($name, $limit, 10))) {
        throw new RuntimeException("$label: release() does not free the slot (or releases twice)");
    }
    if ($s->acquire($name, $limit, 10) !== false) {
        throw new RuntimeException("$label: admitted more than $limit after a release");
    }
    $ids[0] = $again;
    foreach ($ids as $id) {
        if (!$s->release($name, $id)) {
            throw new RuntimeException("$label: release() of a live slot failed");
        }
    }
    $live = $prefix === 'Sem:' ? $ext->count($name) : $check->zCard('{' . $prefix . $name . '}:timeout');
    if ($live !== 0) {
        throw new RuntimeException("$label: $live holders left after releasing all");
    }
}

$contenders = [
    'redislock extension (RedisSemaphore)' =>
        fn() => is_string($id = $ext->acquire($extName, $limit, 10)) && $ext->release($extName, $id),
    'userland fair semaphore on phpredis' =>
        fn() => is_string($id = $user->acquire($userName, $limit, 10)) && $user->release($userName, $id),
];

/* warm-up (connections, script cache, CPU frequency) */
foreach ($contenders as $cycle) {
    measure($cycle, min(2000, $cycles));
}
$results = array_fill_keys(array_keys($contenders), []);
for ($r = 0; $r < $rounds; $r++) {
    foreach ($contenders as $label => $cycle) {
        $results[$label][] = measure($cycle, $cycles);
    }
}
/* then, with nothing timed any more, count the commands under MONITOR */
$counts = [];
foreach ($contenders as $label => $cycle) {
    $counts[$label] = count_commands($check, $server, $cycle, 500);
}
$left = $ext->count($extName) + $check->zCard("{SemU:$userName}:timeout");
$check->del("{SemU:$userName}:timeout", "{SemU:$userName}:owner", "{SemU:$userName}:counter", "{SemU:$userName}:lock");

/* ---- report */

printf("PHP %s, redislock %s, phpredis %s, redis-server %s, %s\n", PHP_VERSION,
    phpversion('redislock') ?: '?', phpversion('redis') ?: '?', $check->info('server')['redis_version'] ?? '?', $server);
printf("uncontended acquire(limit %d)+release cycles, one process, one connection; %d rounds x %s cycles, median round (best)\n\n",
    $limit, $rounds, fmt($cycles));

$head = ['', 'cycles/s', 'best', 'per cycle', 'commands sent', '+ run by scripts', 'round trips'];
$rows = [];
foreach ($results as $label => $v) {
    [$sentN, $scriptN, , , $trips] = $counts[$label];
    $rows[] = [$label, fmt(median($v)), fmt(max($v)), fmt(1e6 / median($v), 1) . ' us', fmt($sentN, 2),
               fmt($scriptN, 2), $trips === null ? '?' : fmt($trips, 2)];
}
$w = array_map(fn($i) => max(array_map(fn($r) => strlen($r[$i]), array_merge([$head], $rows))), range(0, count($head) - 1));
$line = function (array $r) use ($w): string {
    $out = '| ' . str_pad($r[0], $w[0]);
    for ($i = 1; $i < count($r); $i++) {
        $out .= ' | ' . str_pad($r[$i], $w[$i], ' ', STR_PAD_LEFT);
    }
    return $out . " |\n";
};
$sep = '+' . implode('+', array_map(fn($x) => str_repeat('-', $x + 2), $w)) . "+\n";
echo $sep, $line($head), $sep;
foreach ($rows as $r) {
    echo $line($r);
}
echo $sep;
echo "(commands, script commands and round trips are per acquire+release cycle, counted with MONITOR and\n"
    . " INFO stats total_reads_processed over 500 cycles)\n";

$list = fn(array $a) => $a ? implode(', ', array_map(
    fn($cmd, $n) => $cmd . ' ' . rtrim(rtrim(number_format($n, 2, '.', ''), '0'), '.'), array_keys($a), $a)) : '-';
echo "\ncommands per cycle:\n";
foreach ($counts as $label => [, , $sent, $inScripts]) {
    printf("  %s\n    sent:             %s\n    run by scripts:   %s\n", $label, $list($sent), $list($inScripts));
}

[$extLabel, $userLabel] = array_keys($contenders);
[$es, $ei, , , $et] = $counts[$extLabel];
[$us, $ui, , , $ut] = $counts[$userLabel];
printf("\nextension / userland, cycles/s:                    %.2fx\n", median($results[$extLabel]) / median($results[$userLabel]));
printf("extension / userland, commands sent per cycle:     %.2f (%.2f vs %.2f)\n", $es / $us, $es, $us);
printf("extension / userland, commands run on the server:  %.2f (%.2f vs %.2f)\n", ($es + $ei) / ($us + $ui), $es + $ei, $us + $ui);
if ($et !== null && $ut > 0) {
    printf("extension / userland, round trips per cycle:       %.2f (%.2f vs %.2f)\n", $et / $ut, $et, $ut);
}
if ($left !== 0) {
    printf("WARNING: %d holders left after the run\n", $left);
    exit(1);
}
