<?php
/**
 * 1. Uncontended lock+unlock, one process, one connection per client: cycles
 * per second and client CPU per cycle (getrusage user+sys around the loop) of
 *
 *   - the redislock extension:  $l->lock($name, 0, 15); $l->unlock($name);
 *   - the careful userland lock on phpredis (bench/userland/PhpRedisLock.php):
 *     SET NX PX + EVALSHA compare-and-delete;
 *   - symfony/lock's RedisStore on phpredis (Debian's php-symfony-lock):
 *     $factory->createLock($name, 15), acquire(), release(); and the same
 *     factory over the bridge's RedisLockStore (bridge/);
 *   - Laravel's Illuminate\Cache\RedisLock on phpredis (Debian's
 *     php-laravel-framework), a lock object per use: get(), release(); and the
 *     bridge's RedisLockProvider the same way (left out without Laravel);
 *   - the same two commands as raw RESP on a PHP stream (fwrite/fgets, no lock
 *     bookkeeping): the floor for any lock written in PHP;
 *   - the protocol floor: bench/floor.c, a plain C program on hiredis sending
 *     the same two commands (measures itself, no PHP at all);
 *   - redis-benchmark -c 1 running SET NX PX and EVALSHA, combined as
 *     1 / (1/set + 1/evalsha): an older C reference, kept because it is cheap
 *     (its SET is refused after the first one and its EVALSHA deletes nothing,
 *     so it is slightly less work than a real cycle).
 *
 * Every client runs --rounds times after a warm-up, the rounds interleaved
 * (the order rotates each round, so no client always runs first or after the
 * same one); the tables show the median round. symfony/lock sends four scripts
 * per cycle, so it runs --symfony-cycles (default --cycles / 4) per round.
 *
 * With --data-dir DIR (bench/run.sh passes it for the plots, bench/plots.sh) it
 * also writes DIR/uncontended-PLACE.tsv (PLACE: the first word of --placement,
 * or "unpinned"): per client a key, a short label, the median and the best
 * round's cycles/s and the median client CPU us/cycle; what it prints is the same.
 *
 *   php -n -d extension=modules/redislock.so -d extension=igbinary.so -d extension=redis.so \
 *       bench/cycles.php --server tcp://127.0.0.1:PORT [--cycles 10000] [--rounds 7] \
 *       [--floor /path/to/floor] [--rb-rounds 3] [--data-dir DIR]
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';
require __DIR__ . '/userland/PhpRedisLock.php';

use Symfony\Component\Lock\LockFactory;
use Symfony\Component\Lock\Store\RedisStore;

$o = bench_options(['server' => null, 'cycles' => 10000, 'rounds' => 7, 'symfony-cycles' => 0,
                    'floor' => '', 'rb-rounds' => 3, 'placement' => '', 'data-dir' => ''], ['server' => 'tcp://host:port', 'floor' => 'PATH']);
$server = $o['server'];
$cycles = $o['cycles'];
$rounds = $o['rounds'];
$symCycles = $o['symfony-cycles'] ?: max(100, intdiv($cycles, 4));
if ($cycles < 100 || $rounds < 1 || $symCycles < 1) {
    bench_usage('--cycles must be >= 100, --rounds and --symfony-cycles >= 1');
}
if (!class_exists('RedisLock')) {
    bench_usage('the redislock extension is not loaded (-d extension=/path/to/redislock.so)');
}
$addr = bench_parse_server($server);
bench_require_symfony();
bench_require_bridge();

$tag = getmypid() . ':' . bin2hex(random_bytes(3));
$check = bench_phpredis($server);

/* ---- the clients, each with its own connection and its own key */

$ext = new RedisLock($server);
$extName = "bench:ext:$tag";
/* issue 24: the same lock with the fencing option (its take is a script that counts the fence);
 * not in a build from before it (an old-against-new run, RL_EXT) */
$fenced = method_exists('RedisLock', 'fence') ? new RedisLock($server, ['fencing' => true]) : null;
$fencedName = "bench:ext-fenced:$tag";

$user = new PhpRedisLock(bench_phpredis($server));
$userName = "bench:userland:$tag";

/* symfony/lock as its documentation shows it: a factory over a store, a lock
 * object per use, with a TTL. A cycle is four scripts, each sent in full with
 * EVAL: acquire() saves the key, then puts off its expiration (because of the
 * TTL); release() deletes it, then checks it is gone. Both Symfony stores here
 * (this one and the bridge's) get the locks' TTL as their initial TTL, as an
 * app whose locks live 15 s configures them (Symfony's defaults, 300 s for
 * the store and the lock, are the same case). */
$factory = new LockFactory(new RedisStore(bench_phpredis($server), 15));
$symName = "bench:symfony:$tag";
$symCycle = function () use ($factory, $symName): bool {
    $lock = $factory->createLock($symName, 15);
    if (!$lock->acquire()) {
        return false;
    }
    $lock->release();
    return true;
};

/* the floor in PHP: the same two round trips over a stream socket, no lock logic */
$unlockLua = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";
$sha = $check->script('load', $unlockLua);
$raw = stream_socket_client($server, $errno, $errstr, 2.0);
if (!$raw) {
    throw new RuntimeException("cannot connect to $server: $errstr");
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

/* the C floor: a separate process that times itself; its own warm-up is in the same run */
$floorKey = "Lock:bench:floor:$tag";
$floorRun = function (int $n) use ($o, $addr, $floorKey): array {
    $cmd = [$o['floor'], '-n', (string)$n, '-w', (string)min(2000, $n), '-k', $floorKey];
    array_push($cmd, ...($addr['socket'] !== null ? ['-s', $addr['socket']] : ['-h', $addr['host'], '-p', (string)$addr['port']]));
    $p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => STDERR], $pipes);
    $out = stream_get_contents($pipes[1]);
    if (proc_close($p) !== 0
        || !preg_match('/cycles_per_s=([\d.]+) cpu_us_per_cycle=([\d.]+) user_us_per_cycle=([\d.]+)/', $out, $m)) {
        throw new RuntimeException("bench/floor.c failed: $out");
    }
    return ['rate' => (float)$m[1], 'cpu_us' => (float)$m[2], 'user_us' => (float)$m[3]];
};

/* Sanity: the fenced client counts a fence per acquisition. */
$fences = [];
for ($i = 0; $fenced && $i < 2; $i++) {
    if (!$fenced->lock($fencedName, 0, 15) || !is_int($fences[] = $fenced->fence($fencedName)) || !$fenced->unlock($fencedName)) {
        throw new RuntimeException('fencing: a cycle did not take a fence and release the lock');
    }
}
if ($fenced && $fences[1] <= $fences[0]) {
    throw new RuntimeException('fencing: the fences did not grow: ' . json_encode($fences));
}

/* Sanity: the PHP clients really lock (a key with a TTL) and really unlock. */
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
/* the same, over the bridge's store (bridge/src/Symfony/RedisLockStore.php): one RedisLock, the Key's owner */
$bridgeFactory = new LockFactory(new RedisLock\Bridge\Symfony\RedisLockStore($server, [], 15));
$bridgeName = "bench:symfony-bridge:$tag";
$bridgeCycle = function () use ($bridgeFactory, $bridgeName): bool {
    $lock = $bridgeFactory->createLock($bridgeName, 15);
    if (!$lock->acquire()) {
        return false;
    }
    $lock->release();
    return true;
};

/* Laravel's cache lock as Cache::lock() gives it on a redis store (Illuminate\Cache\RedisLock: SET
 * EX NX, then EVAL of its release script), and the bridge's (RedisLockProvider): a lock object
 * per use with a random owner, get(), release() */
$laravel = bench_require_laravel();
if ($laravel) {
    $laravelConn = bench_laravel_connection($server);
    $laravelName = "bench:laravel:$tag";
    $laravelCycle = function () use ($laravelConn, $laravelName): bool {
        $lock = new Illuminate\Cache\RedisLock($laravelConn, $laravelName, 15);
        return $lock->get() && $lock->release();
    };
    $provider = new RedisLock\Bridge\Laravel\RedisLockProvider($server);
    $laravelBridgeName = "bench:laravel-bridge:$tag";
    $laravelBridgeCycle = function () use ($provider, $laravelBridgeName): bool {
        $lock = $provider->lock($laravelBridgeName, 15);
        return $lock->get() && $lock->release();
    };
    foreach (['laravel' => [$laravelCycle, $laravelName], 'laravel bridge' => [$laravelBridgeCycle, "Lock:$laravelBridgeName"]] as $label => [$cycle, $key]) {
        if (!$cycle() || $check->exists($key)) {
            throw new RuntimeException("$label: a cycle did not take and release the lock");
        }
    }
}
if (!$bridgeCycle() || $check->exists("Lock:$bridgeName")) {
    throw new RuntimeException('symfony/lock on the bridge: a cycle did not take and release the lock');
}
$sl = $factory->createLock($symName, 15);
if (!$sl->acquire() || $check->zCard($symName) < 1 || $check->pttl($symName) <= 0) {
    throw new RuntimeException('symfony/lock: acquire() did not take the lock');
}
$sl->release();
if ($check->exists($symName)) {
    throw new RuntimeException('symfony/lock: release() did not delete the key');
}

$E = 'redislock RedisLock';
$U = 'userland lock on phpredis (SET NX PX + EVALSHA)';
$S = 'symfony/lock RedisStore on phpredis';
$SB = 'symfony/lock on the bridge (RedisLockStore)';
$LV = 'Laravel RedisLock on phpredis';
$LB = 'Laravel lock on the bridge (RedisLockProvider)';
$P = 'raw RESP on a PHP stream (same 2 commands)';
$F = 'C floor: hiredis, same 2 commands (bench/floor.c)';
/* issue 21: the same cycle with a timeout (the local hand-over needs one), the mode off and on */
$T = 'redislock RedisLock, $timeout 10 s';
$L = 'redislock RedisLock, $timeout 10 s, local hand-over on';
$FE = 'redislock RedisLock, fencing option on';
$withMode = function (bool $on, int $n) use ($ext, $extName): array {
    ini_set('redislock.local_handover', $on ? '1' : '0');
    try {
        return bench_measure(fn() => $ext->lock($extName, 10, 15) && $ext->unlock($extName), $n);
    } finally {
        ini_set('redislock.local_handover', '0');
    }
};
$clients = [
    $E => fn(int $n) => bench_measure(fn() => $ext->lock($extName, 0, 15) && $ext->unlock($extName), $n),
    $T => fn(int $n) => $withMode(false, $n),
    $L => fn(int $n) => $withMode(true, $n),
    $U => fn(int $n) => bench_measure(fn() => $user->lock($userName, 0, 15) && $user->unlock($userName), $n),
    $S => fn(int $n) => bench_measure($symCycle, $n),
    $SB => fn(int $n) => bench_measure($bridgeCycle, $n),
    $P => fn(int $n) => bench_measure($rawCycle, $n),
];
if ($fenced) {
    $clients[$FE] = fn(int $n) => bench_measure(fn() => $fenced->lock($fencedName, 0, 15) && $fenced->unlock($fencedName), $n);
}
if ($laravel) {
    $clients[$LV] = fn(int $n) => bench_measure($laravelCycle, $n);
    $clients[$LB] = fn(int $n) => bench_measure($laravelBridgeCycle, $n);
}
if ($o['floor'] !== '') {
    $clients[$F] = $floorRun;
}
$perRound = fn(string $label) => $label === $S ? $symCycles : $cycles;

/* warm-up (connections, script cache, opcache-less PHP paths, CPU frequency) */
foreach ($clients as $label => $run) {
    if ($label !== $F) {
        $run(min(2000, $perRound($label)));
    }
}
$results = bench_interleaved_rounds($clients, $rounds, $perRound);

/* ---- redis-benchmark: the two commands from a C client, one connection */


$rb = [];
if ($o['rb-rounds'] > 0) {
    $target = $addr['socket'] !== null ? ['-s', $addr['socket']] : ['-h', $addr['host'], '-p', (string)$addr['port']];
    $benchKey = "Lock:bench:redis-benchmark:$tag";
    for ($r = 0; $r < $o['rb-rounds']; $r++) {
        $set = bench_redis_benchmark($target, $cycles, ['SET', $benchKey, str_repeat('a', 32), 'NX', 'PX', '15000']);
        $eval = bench_redis_benchmark($target, $cycles, ['EVALSHA', $sha, '1', $benchKey, str_repeat('b', 32)]);
        if ($set === null || $eval === null) {
            $rb = [];
            break;
        }
        $rb[] = 1 / (1 / $set + 1 / $eval);
    }
    $check->del($benchKey);
}
$check->del($rawKey, $floorKey, "rl:{Lock:$fencedName}:lf");

/* ---- report */

printf("1. Uncontended lock+unlock: one process, one connection per client; %d rounds x %s cycles\n"
    . "   (symfony/lock %s), median round%s\n\n", $rounds, bench_fmt($cycles), bench_fmt($symCycles),
    $o['placement'] !== '' ? "; CPU placement {$o['placement']}" : '');

$med = fn(string $label, string $k) => bench_median(array_column($results[$label], $k));
$rows = [];
foreach ($results as $label => $v) {
    $rate = $med($label, 'rate');
    $rows[] = [$label, bench_fmt($rate), bench_fmt(max(array_column($v, 'rate'))),
               bench_fmt(1e6 / $rate, 1), bench_fmt($med($label, 'cpu_us'), 1), bench_fmt($med($label, 'user_us'), 1)];
}
if ($rb) {
    $rows[] = ['redis-benchmark -c 1, SET NX PX + EVALSHA combined', bench_fmt(bench_median($rb)), bench_fmt(max($rb)),
               bench_fmt(1e6 / bench_median($rb), 1), 'n/a', 'n/a'];
}
echo bench_table(['client', 'cycles/s', 'best round', 'wall us/cycle', 'client CPU us/cycle', 'of which user'], $rows);
echo "(client CPU = getrusage user + sys of the client process around the loop; sys is mostly the kernel's\n"
    . " socket and loopback work, the same for every client; user is PHP, the client library, the extension.\n"
    . " The total is exact; the kernel splits it into user and sys by sampling ticks: a rough split)\n";

/* the summary names the placement: split and same CPU give different ratios */
$sec = 'uncontended lock' . ($o['placement'] !== '' ? ', ' . strtok($o['placement'], ' ') : '');
$ratio = fn(string $a, string $b, string $k = 'rate') => bench_ratio($med($a, $k), $med($b, $k));
/* the same ratio between the best rounds (highest rate, lowest CPU): noise
 * from other work on the machine only ever slows a round down, so when this
 * column and the medians disagree, the run was disturbed */
$best = function (string $a, string $b, string $k = 'rate') use ($results): float {
    $pick = $k === 'rate' ? 'max' : 'min';
    return bench_ratio($pick(array_column($results[$a], $k)), $pick(array_column($results[$b], $k)));
};
$rows = [];
$add = function (string $label, string $a, string $b, string $k, ?array $target = null) use (&$rows, $ratio, $best, $sec): void {
    $v = $ratio($a, $b, $k);
    /* no "best" for the user part alone: a tick-sampled share has no meaningful minimum */
    $row = [$label, $target !== null ? bench_fmt_vs($v, $target[2]) : bench_fmt($v, 2),
            $k === 'user_us' ? '-' : bench_fmt($best($a, $b, $k), 2)];
    if ($target !== null) {
        [$short, $op, $t] = $target;
        array_push($row, ...bench_target($sec, $short, $v, $op, $t));
    }
    $rows[] = $row;
};
if (isset($results[$F])) {
    $add('extension / C floor, cycles/s', $E, $F, 'rate', ['ext / C floor, cycles/s', '>=', 0.95]);
}
$add('extension / userland, cycles/s', $E, $U, 'rate', ['ext / userland, cycles/s', '>=', 1.0]);
if (isset($results[$F])) {
    $add('local hand-over on / C floor, cycles/s', $L, $F, 'rate', ['ext, local hand-over / C floor, cycles/s', '>=', 0.95]);
}
$add('local hand-over on / off, $timeout 10 s, cycles/s', $L, $T, 'rate');
$add('extension / symfony, cycles/s', $E, $S, 'rate', ['ext / symfony, cycles/s', '>=', 3.0]);
/* issue 24: the fencing option's cost on the free path */
if ($fenced) {
    $add('fencing option on / off, cycles/s', $FE, $E, 'rate', ['fencing on / off, cycles/s', '>=', 0.95]);
}
/* issue 22: each framework on the bridge against its own Redis lock */
$add('symfony/lock: bridge / its RedisStore, cycles/s', $SB, $S, 'rate', ['symfony bridge / RedisStore, cycles/s', '>=', 1.0]);
if ($laravel) {
    $add('Laravel: bridge / its RedisLock, cycles/s', $LB, $LV, 'rate', ['laravel bridge / RedisLock, cycles/s', '>=', 1.0]);
}
$add('extension / userland, client CPU per cycle', $E, $U, 'cpu_us', ['ext / userland, client CPU per cycle', '<=', 0.85]);
$add('extension / userland, client user CPU per cycle', $E, $U, 'user_us');
$add('extension / raw RESP in PHP, cycles/s', $E, $P, 'rate');
if (isset($results[$F])) {
    $add('extension / C floor, client CPU per cycle', $E, $F, 'cpu_us');
}
if ($rb) {
    $rows[] = ['extension / redis-benchmark, cycles/s', bench_fmt(bench_ratio($med($E, 'rate'), bench_median($rb)), 2),
               bench_fmt(max(array_column($results[$E], 'rate')) / max($rb), 2)];
}
echo "\n", bench_table(['ratio', 'of medians', 'of best rounds', 'target (medians)', 'met?'], $rows);

if ($o['data-dir'] !== '') {
    /* the first table's figures, for the plots: a key and a label short enough for an axis */
    $keys = [$E => ['ext', 'redislock'], $T => ['ext-timeout', 'redislock, $timeout 10 s'],
             $L => ['ext-local', 'redislock, local hand-over'], $FE => ['ext-fencing', 'redislock, fencing on'],
             $U => ['userland', 'userland lock (phpredis)'],
             $S => ['symfony', 'symfony/lock'], $SB => ['symfony-bridge', 'symfony/lock on the bridge'],
             $LV => ['laravel', 'Laravel RedisLock'], $LB => ['laravel-bridge', 'Laravel on the bridge'],
             $P => ['raw', 'raw RESP in PHP'], $F => ['floor', 'C floor (floor.c)']];
    $data = [];
    foreach ($results as $label => $v) {
        $data[] = [...$keys[$label], sprintf('%.1f', $med($label, 'rate')), sprintf('%.1f', max(array_column($v, 'rate'))),
                   sprintf('%.2f', $med($label, 'cpu_us'))];
    }
    if ($rb) {
        $data[] = ['redis-benchmark', 'redis-benchmark -c 1', sprintf('%.1f', bench_median($rb)), sprintf('%.1f', max($rb)), 'NaN'];
    }
    $place = $o['placement'] !== '' ? strtok($o['placement'], ' ') : 'unpinned';
    bench_write_data($o['data-dir'], "uncontended-$place.tsv",
        'uncontended lock+unlock: key, label, cycles/s (median round), cycles/s (best round), client CPU us/cycle (median)',
        ['placement' => $o['placement'] !== '' ? $o['placement'] : 'not pinned', 'rounds' => $rounds,
         'cycles' => $cycles, 'symfony_cycles' => $symCycles], $data);
}
