<?php
/**
 * Uncontended lock+unlock cycles per second, one process, one connection:
 *   (a) the redislock extension (RedisLock)
 *   (b) a userland lock on phpredis (bench/userland/PhpRedisLock.php):
 *       SET NX PX + EVALSHA compare-and-delete
 *   (c) the same two commands sent by hand over a PHP stream socket (RESP
 *       written with fwrite, replies read with fgets, no lock bookkeeping): the
 *       floor for any lock written in PHP with two round trips per cycle
 *   (d) redis-benchmark -c 1 on the same server running the same two commands
 *       (SET ... NX PX, EVALSHA of the compare-and-delete script), combined as
 *       1 / (1/set + 1/evalsha): what a C client with one connection gets.
 *
 *   php -n -d extension=modules/redislock.so -d extension=igbinary.so -d extension=redis.so \
 *       bench/cycles.php --server tcp://127.0.0.1:6379 [--cycles 20000] [--rounds 5]
 *
 * Every implementation runs --rounds times, interleaved, after a warm-up; the
 * table shows the median round (and the best).
 */

declare(strict_types=1);

require __DIR__ . '/userland/PhpRedisLock.php';

function usage(string $msg = ''): never
{
    if ($msg !== '') {
        fwrite(STDERR, "cycles: $msg\n");
    }
    fwrite(STDERR, "usage: php -n -d extension=redislock.so -d extension=redis.so bench/cycles.php --server tcp://host:port [--cycles N] [--rounds N]\n");
    exit(2);
}

$opts = getopt('', ['server:', 'cycles:', 'rounds:', 'help']);
if (isset($opts['help'])) {
    usage();
}
$server = $opts['server'] ?? usage('--server is required');
$cycles = (int)($opts['cycles'] ?? 20000);
$rounds = (int)($opts['rounds'] ?? 5);
if ($cycles < 100 || $rounds < 1) {
    usage('--cycles must be >= 100 and --rounds >= 1');
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
if (!class_exists('RedisLock')) {
    usage('the redislock extension is not loaded (-d extension=/path/to/redislock.so)');
}
if (!class_exists('Redis')) {
    usage('phpredis is not loaded (-d extension=igbinary.so -d extension=redis.so on Debian)');
}

function fmt(float $v): string
{
    return number_format($v, 0, '.', ',');
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

/* ---- the contenders, each with its own connection and its own key */

$redis = new Redis();
if ($socket !== null ? !$redis->connect($socket) : !$redis->connect($host, $port, 2.0)) {
    usage("phpredis cannot connect to $server");
}
$user = new PhpRedisLock($redis);
$ext = new RedisLock($server);
$tag = getmypid() . ':' . bin2hex(random_bytes(3));
$extName = "bench:ext:$tag";
$userName = "bench:userland:$tag";

$check = new Redis();
$socket !== null ? $check->connect($socket) : $check->connect($host, $port, 2.0);

/* Sanity: both really lock (key with a 32-hex token and a TTL) and really unlock. */
foreach (['extension' => [$ext, $extName], 'userland' => [$user, $userName]] as $label => [$l, $name]) {
    if (!$l->lock($name, 0, 15)) {
        throw new RuntimeException("$label: cannot take an uncontended lock");
    }
    $token = $check->get("Lock:$name");
    $pttl = $check->pttl("Lock:$name");
    if (!is_string($token) || !preg_match('/^[0-9a-f]{32}$/', $token) || $pttl <= 0 || $pttl > 15000) {
        throw new RuntimeException("$label: unexpected key after lock(): " . var_export([$token, $pttl], true));
    }
    if (!$l->unlock($name) || $check->exists("Lock:$name")) {
        throw new RuntimeException("$label: unlock() did not delete the key");
    }
}

/* (c) the protocol floor in PHP: the same two round trips, no lock logic */
$unlockLua = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";
$sha = $check->script('load', $unlockLua);
$raw = stream_socket_client($server, $errno, $errstr, 2.0);
if (!$raw) {
    usage("cannot connect to $server: $errstr");
}
stream_set_timeout($raw, 10);
$rawKey = "Lock:bench:raw:$tag";
$resp = function (string ...$argv): string {
    $out = '*' . count($argv) . "\r\n";
    foreach ($argv as $a) {
        $out .= '$' . strlen($a) . "\r\n" . $a . "\r\n";
    }
    return $out;
};
$rawCycle = function () use ($raw, $resp, $rawKey, $sha): bool {
    $token = bin2hex(random_bytes(16));
    fwrite($raw, $resp('SET', $rawKey, $token, 'NX', 'PX', '15000'));
    if (fgets($raw) !== "+OK\r\n") {
        return false;
    }
    fwrite($raw, $resp('EVALSHA', $sha, '1', $rawKey, $token));
    return fgets($raw) === ":1\r\n";
};

$contenders = [
    'redislock extension' => fn() => $ext->lock($extName, 0, 15) && $ext->unlock($extName),
    'userland on phpredis' => fn() => $user->lock($userName, 0, 15) && $user->unlock($userName),
    'raw RESP on a PHP stream (same 2 commands)' => $rawCycle,
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

/* ---- redis-benchmark: the same two commands from a C client, one connection */

function redis_benchmark(array $target, int $n, array $command): ?float
{
    $bin = trim((string)shell_exec('command -v redis-benchmark 2>/dev/null'));
    if ($bin === '') {
        return null;
    }
    $cmd = array_merge([$bin], $target, ['-c', '1', '-n', (string)$n, '-q'], $command);
    $p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $out = stream_get_contents($pipes[1]);
    stream_get_contents($pipes[2]);
    proc_close($p);
    /* -q prints progress lines ending in \r, then "NAME: 12345.67 requests per second, ..." */
    return preg_match_all('/([\d.]+) requests per second/', $out, $m) ? (float)end($m[1]) : null;
}

$target = $socket !== null ? ['-s', $socket] : ['-h', $host, '-p', (string)$port];
$benchKey = "Lock:bench:redis-benchmark:$tag";
$n = max($cycles, 20000);
$rbSet = $rbEvalsha = $rbSetPlain = [];
for ($r = 0; $r < min($rounds, 3); $r++) {
    /* after the first SET the key exists, so NX answers nil, the same work as a refused lock */
    $rbSet[] = redis_benchmark($target, $n, ['SET', $benchKey, str_repeat('a', 32), 'NX', 'PX', '15000']);
    $rbEvalsha[] = redis_benchmark($target, $n, ['EVALSHA', $sha, '1', $benchKey, str_repeat('b', 32)]);
    $rbSetPlain[] = redis_benchmark($target, $n, ['-t', 'set']);
}
$check->del($benchKey, 'key:__rand_int__', $rawKey);

/* ---- report */

printf("PHP %s, redislock %s, phpredis %s, redis-server %s, %s\n", PHP_VERSION,
    phpversion('redislock') ?: '?', phpversion('redis') ?: '?', $check->info('server')['redis_version'] ?? '?', $server);
printf("uncontended lock+unlock cycles, one process, one connection; %d rounds x %s cycles, median round (best)\n\n",
    $rounds, fmt($cycles));

$rows = [];
foreach ($results as $label => $v) {
    $rows[] = [$label, fmt(median($v)), fmt(max($v)), number_format(1e6 / median($v), 1) . ' us'];
}
$rawFloor = median($results['raw RESP on a PHP stream (same 2 commands)']);
$ratio = median($results['redislock extension']) / median($results['userland on phpredis']);
$haveRb = !in_array(null, $rbSet, true) && !in_array(null, $rbEvalsha, true);
if ($haveRb) {
    $floor = [];
    foreach ($rbSet as $i => $s) {
        $floor[] = 1 / (1 / $s + 1 / $rbEvalsha[$i]);
    }
    $rows[] = ['redis-benchmark, C client (SET NX PX + EVALSHA)', fmt(median($floor)), fmt(max($floor)),
               number_format(1e6 / median($floor), 1) . ' us'];
    $rows[] = ['  redis-benchmark SET k v NX PX 15000, req/s', fmt(median($rbSet)), fmt(max($rbSet)), ''];
    $rows[] = ['  redis-benchmark EVALSHA compare-and-delete, req/s', fmt(median($rbEvalsha)), fmt(max($rbEvalsha)), ''];
    if (!in_array(null, $rbSetPlain, true)) {
        $rows[] = ['  redis-benchmark -t set, req/s', fmt(median($rbSetPlain)), fmt(max($rbSetPlain)), ''];
    }
}
$head = ['', 'cycles/s', 'best', 'per cycle'];
$w = array_map(fn($i) => max(array_map(fn($r) => strlen($r[$i]), array_merge([$head], $rows))), range(0, 3));
$line = fn($r) => '| ' . str_pad($r[0], $w[0]) . ' | ' . str_pad($r[1], $w[1], ' ', STR_PAD_LEFT) . ' | '
    . str_pad($r[2], $w[2], ' ', STR_PAD_LEFT) . ' | ' . str_pad($r[3], $w[3], ' ', STR_PAD_LEFT) . " |\n";
$sep = '+' . implode('+', array_map(fn($x) => str_repeat('-', $x + 2), $w)) . "+\n";
echo $sep, $line($head), $sep;
foreach ($rows as $r) {
    echo $line($r);
}
echo $sep;
printf("\nextension / userland:               %.2fx\n", $ratio);
printf("extension / raw RESP in PHP:        %.0f%%\n", 100 * median($results['redislock extension']) / $rawFloor);
printf("userland  / raw RESP in PHP:        %.0f%%\n", 100 * median($results['userland on phpredis']) / $rawFloor);
if ($haveRb) {
    printf("extension / redis-benchmark (C):    %.0f%%\n", 100 * median($results['redislock extension']) / median($floor));
} else {
    echo "redis-benchmark not found: no C client reference\n";
}
