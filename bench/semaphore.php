<?php
/**
 * 3a. Uncontended acquire+release cycles per second (and client CPU per cycle)
 * of a counting semaphore, one process, one connection each:
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
 *       bench/semaphore.php --server tcp://127.0.0.1:PORT [--cycles 10000] [--rounds 7] [--limit 4]
 *
 * Every implementation runs --rounds times, interleaved, after a warm-up; the
 * table shows the median round (and the best). The contended semaphore is in
 * bench/contended.php --mode semaphore.
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';
require __DIR__ . '/userland/PhpRedisFairSemaphore.php';

$o = bench_options(['server' => null, 'cycles' => 10000, 'rounds' => 7, 'limit' => 4, 'placement' => ''], ['server' => 'tcp://host:port']);
$server = $o['server'];
$cycles = $o['cycles'];
$rounds = $o['rounds'];
$limit = $o['limit'];
if ($cycles < 100 || $rounds < 1 || $limit < 1) {
    bench_usage('--cycles must be >= 100, --rounds >= 1 and --limit >= 1');
}
if (!class_exists('RedisSemaphore')) {
    bench_usage('the redislock extension is not loaded (-d extension=/path/to/redislock.so)');
}

function reads_processed(Redis $check): int
{
    return (int)(bench_info($check, 'stats')['total_reads_processed'] ?? -1);
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

$redis = bench_phpredis($server);
$check = bench_phpredis($server);
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
    bench_measure($cycle, min(2000, $cycles));
}
$results = array_fill_keys(array_keys($contenders), []);
$labels = array_keys($contenders);
for ($r = 0; $r < $rounds; $r++) {
    /* alternate which one runs first */
    foreach ($r % 2 ? array_reverse($labels) : $labels as $label) {
        $results[$label][] = bench_measure($contenders[$label], $cycles);
    }
}
$rate = fn(string $label) => bench_median(array_column($results[$label], 'rate'));
$cpu = fn(string $label) => bench_median(array_column($results[$label], 'cpu_us'));
/* then, with nothing timed any more, count the commands under MONITOR */
$counts = [];
foreach ($contenders as $label => $cycle) {
    $counts[$label] = count_commands($check, $server, $cycle, 500);
}
$left = $ext->count($extName) + $check->zCard("{SemU:$userName}:timeout");
$check->del("{SemU:$userName}:timeout", "{SemU:$userName}:owner", "{SemU:$userName}:counter", "{SemU:$userName}:lock");

/* ---- report */

printf("3a. Uncontended semaphore acquire(limit %d)+release: one process, one connection per client;\n"
    . "    %d rounds x %s cycles, median round%s\n\n", $limit, $rounds, bench_fmt($cycles),
    $o['placement'] !== '' ? "; CPU placement {$o['placement']}" : '');

$head = ['client', 'cycles/s', 'best round', 'wall us/cycle', 'client CPU us/cycle', 'commands sent',
         '+ run by scripts', 'round trips'];
$rows = [];
foreach ($results as $label => $v) {
    [$sentN, $scriptN, , , $trips] = $counts[$label];
    $rows[] = [$label, bench_fmt($rate($label)), bench_fmt(max(array_column($v, 'rate'))),
               bench_fmt(1e6 / $rate($label), 1), bench_fmt($cpu($label), 1), bench_fmt($sentN, 2),
               bench_fmt($scriptN, 2), $trips === null ? '?' : bench_fmt($trips, 2)];
}
echo bench_table($head, $rows);
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
printf("\nextension / userland, cycles/s:                    %.2fx\n", bench_ratio($rate($extLabel), $rate($userLabel)));
printf("extension / userland, client CPU per cycle:        %.2f\n", bench_ratio($cpu($extLabel), $cpu($userLabel)));
printf("extension / userland, commands sent per cycle:     %.2f (%.2f vs %.2f)\n", $es / $us, $es, $us);
printf("extension / userland, commands run on the server:  %.2f (%.2f vs %.2f)\n", ($es + $ei) / ($us + $ui), $es + $ei, $us + $ui);
if ($et !== null && $ut > 0) {
    printf("extension / userland, round trips per cycle:       %.2f (%.2f vs %.2f)\n", $et / $ut, $et, $ut);
}
if ($left !== 0) {
    printf("WARNING: %d holders left after the run\n", $left);
    exit(1);
}
