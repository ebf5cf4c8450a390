<?php
/**
 * 6. Multi-master (Redlock) mode over 3 independent masters: the extension's
 * parallel fan-out, new RedisLock([$m1, $m2, $m3]), against a careful userland
 * Redlock on phpredis (bench/userland/PhpRedisRedlock.php: seed 003's
 * algorithm, one master after the other). Four parts, all in one run:
 *
 *   a. lock+unlock cycles/s on bare loopback: one process, one connection per
 *      master, --rounds interleaved rounds of --cycles cycles, median round;
 *      with, for reference, the single-server extension cycle, the C floor
 *      (bench/floor.c: the same SET NX PX + EVALSHA cycle on hiredis, one
 *      master: what a parallel fan-out cannot beat; a third of it is what 3
 *      masters in turn cannot beat) and redis-benchmark -c 1 on one master (SET
 *      NX PX and EVALSHA, combined as 1 / (1/set + 1/evalsha)). --pin-client
 *      CPU pins this process (and so the C clients) for parts a and b, and
 *      --pin-proxies CPU the proxies; bench/run.sh pins the masters on CPU 0,
 *      the client on CPU 1 as in section 1's "split", and the proxies on CPU 1
 *      too (the client sleeps while they work; on CPU 0 they would queue
 *      behind the masters, and a fan-out waits for the slowest of the three).
 *   b. the same behind one delay proxy per master (bench/delay_proxy.c,
 *      --delay-us each way, so ~2 ms more per round trip): the masters are then
 *      "a network away", as real Redlock masters are. --proxy-cycles per round.
 *      The C floor and redis-benchmark through one proxy: the protocol limit of
 *      a fan-out (two round trips a cycle); a sequential Redlock's is a third.
 *   c. the waiting cost: --waiting-procs processes wait for a lock held over the
 *      3 masters for a --window: the extension's lock($name, 30, 15) vs
 *      userland pollers (one round of the seed's algorithm, SET NX on each
 *      master then the rollback script on each, every --interval-ms ms). Redis
 *      commands/s summed over the 3 masters (INFO commandstats, calls of every
 *      command but INFO, so the commands scripts run count too), net of an idle
 *      window with no client.
 *   d. handover latency: --handover-procs + 1 processes take turns on one lock
 *      (each holds it --hold-ms, unlocks, and waits again once another process
 *      has taken it), so --handover-procs wait whenever one unlocks; the time
 *      from the holder's unlock() call to the next holder's lock() return, over
 *      --handovers handovers. Extension: lock($name, 60, 15, 2000000); userland: PhpRedisRedlock::lock() with
 *      the seed's retryDelay (200 ms: a random 100..200 ms pause per round).
 *
 *   php <flags> bench/redlock.php --masters tcp://127.0.0.1:P1,tcp://127.0.0.1:P2,tcp://127.0.0.1:P3
 *       [--proxy /path/to/delay_proxy] [--floor /path/to/floor] [--delay-us 1000]
 *       [--parts a,b,c,d] [--quick]
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';
require __DIR__ . '/userland/PhpRedisRedlock.php';

$o = bench_options([
    'masters' => null, 'proxy' => '', 'floor' => '', 'delay-us' => 1000,
    'pin-client' => -1, 'pin-proxies' => -1,
    'cycles' => 0, 'proxy-cycles' => 0, 'rounds' => 0, 'rb-rounds' => -1,
    'waiting-procs' => 16, 'window' => 0.0, 'idle-window' => 0.0, 'settle' => 2.0, 'interval-ms' => 100,
    'handovers' => 0, 'handover-procs' => 16, 'hold-ms' => 10, 'parts' => 'a,b,c,d', 'quick' => false,
    /* child side (set by the parent) */
    'child' => '', 'name' => '', 'timeout' => 30.0, 'expire' => 15.0, 'stop' => '',
], ['masters' => 'tcp://h:p,tcp://h:p,tcp://h:p', 'proxy' => 'PATH', 'floor' => 'PATH', 'pin-client' => 'CPU',
    'pin-proxies' => 'CPU', 'parts' => 'LIST',
    'child' => null, 'name' => null, 'timeout' => null, 'expire' => null, 'stop' => null]);

$masters = array_values(array_filter(explode(',', $o['masters'])));
$masterAddrs = array_map('bench_parse_server', $masters);

/* ------------------------------------------------------------------ child */

/** phpredis-style [host, port, timeout] triples of $addrs (tcp only) */
function triples(array $addrs): array
{
    return array_map(fn($a) => [$a['host'], $a['port'], 2.0], $addrs);
}

/** One line to the parent, at once. */
function say(string $line): void
{
    fwrite(STDOUT, "$line\n");
    fflush(STDOUT);
}

if ($o['child'] !== '') {
    $name = $o['name'];
    $deadline = hrtime(true) + (int)($o['timeout'] * 1e9);
    $expireMs = (int)ceil($o['expire'] * 1000);
    $warm = "$name:warm:" . getmypid();
    switch ($o['child']) {
        case 'wait-ext':     /* c: waits once, as built */
            $l = new RedisLock($masters);
            if (!$l->lock($warm, 0, 15) || !$l->unlock($warm)) {
                fwrite(STDERR, "redlock child: warm-up lock/unlock failed\n");
                exit(1);
            }
            say('ready');
            $ok = $l->lock($name, $o['timeout'], $o['expire']);
            if ($ok && !$l->unlock($name)) {
                fwrite(STDERR, "redlock child: unlock after the wait found the lock lost\n");
                exit(1);
            }
            say($ok ? 'acquired' : 'timeout');
            exit(0);
        case 'wait-user':    /* c: polls: one round of the seed's algorithm every --interval-ms */
            $l = new PhpRedisRedlock(triples($masterAddrs), 200, 1);
            if (!($w = $l->tryLock($warm, 15000)) || !$l->unlock($w)) {
                fwrite(STDERR, "redlock child: warm-up lock/unlock failed\n");
                exit(1);
            }
            $intervalUs = $o['interval-ms'] * 1000;
            say('ready');
            usleep(random_int(0, $intervalUs - 1)); /* spread the phases over one interval */
            while (!($ok = $l->tryLock($name, $expireMs)) && hrtime(true) < $deadline) {
                usleep($intervalUs);
            }
            if ($ok && !$l->unlock($ok)) {
                fwrite(STDERR, "redlock child: unlock after the wait found the lock lost\n");
                exit(1);
            }
            say($ok ? 'acquired' : 'timeout');
            exit(0);
        case 'hand-ext':     /* d: takes turns until the stop file appears */
        case 'hand-user':
            $ext = $o['child'] === 'hand-ext';
            if ($ext) {
                $l = new RedisLock($masters);
                $ok = $l->lock($warm, 0, 15) && $l->unlock($warm);
            } else {
                /* the seed's defaults (retryDelay 200 ms), enough rounds for the whole timeout */
                $l = new PhpRedisRedlock(triples($masterAddrs), 200, (int)ceil($o['timeout'] * 1000 / 100));
                $ok = ($w = $l->tryLock($warm, 15000)) && $l->unlock($w);
            }
            if (!$ok) {
                fwrite(STDERR, "redlock child: warm-up lock/unlock failed\n");
                exit(1);
            }
            /* to see the next holder come: the releaser waits again only once another process has the
             * key (on the first master), so that it does not take the lock straight back */
            $watch = bench_phpredis($masters[0]);
            $key = $ext ? "Lock:$name" : $name;
            say('ready');
            while (!is_file($o['stop']) && hrtime(true) < $deadline) {
                $lock = $ext ? $l->lock($name, $o['timeout'], $o['expire'], 2000000) : $l->lock($name, $expireMs);
                $t = hrtime(true);
                if (!$lock) {
                    say('T');
                    continue;
                }
                say("A $t");
                usleep($o['hold-ms'] * 1000);
                say('R ' . hrtime(true));
                if (!($ext ? $l->unlock($name) : $l->unlock($lock))) {
                    fwrite(STDERR, "redlock child: unlock found the lock lost\n");
                    exit(1);
                }
                $until = hrtime(true) + 5 * 1000000000;
                while ($watch->get($key) === false && hrtime(true) < $until && !is_file($o['stop'])) {
                    usleep(1000);
                }
            }
            exit(0);
        default:
            bench_usage('--child must be wait-ext, wait-user, hand-ext or hand-user');
    }
}

/* ----------------------------------------------------------------- parent */

$quick = $o['quick'];
$cycles = $o['cycles'] ?: ($quick ? 1000 : 5000);
$proxyCycles = $o['proxy-cycles'] ?: ($quick ? 100 : 250);
$rounds = $o['rounds'] ?: ($quick ? 3 : 5);
$rbRounds = $o['rb-rounds'] >= 0 ? $o['rb-rounds'] : ($quick ? 1 : 3);
$window = $o['window'] ?: ($quick ? 5.0 : 10.0);
$idleWindow = $o['idle-window'] ?: max(2.0, $window / 2);
$handovers = $o['handovers'] ?: ($quick ? 20 : 50);
$parts = array_values(array_filter(explode(',', $o['parts'])));
if (count($masters) < 3 || count(array_unique($masters)) !== count($masters)
    || array_filter($masterAddrs, fn($a) => $a['socket'] !== null)) {
    bench_usage('--masters must list 3 or more distinct tcp:// masters');
}
if ($cycles < 10 || $proxyCycles < 10 || $rounds < 1 || $o['waiting-procs'] < 1 || $window <= 0
    || $handovers < 1 || $o['handover-procs'] < 1 || $o['interval-ms'] < 1 || $o['hold-ms'] < 0
    || array_diff($parts, ['a', 'b', 'c', 'd'])) {
    bench_usage('counts must be positive; --parts: some of a,b,c,d');
}
if (in_array('b', $parts, true) && ($o['proxy'] === '' || !is_executable($o['proxy']))) {
    bench_usage('part b needs --proxy, the built bench/delay_proxy.c');
}

$sectionT0 = hrtime(true);
$tag = getmypid() . ':' . bin2hex(random_bytes(3));
$warnings = [];
$checks = array_map('bench_phpredis', $masters);
$unlockLua = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";
$sha = $checks[0]->script('load', $unlockLua);
foreach ($checks as $c) {
    $c->script('load', $unlockLua);
}

/* The extension in multi-master mode, if this build has it (not before issue 10's core). */
$extMulti = false;
if (class_exists('RedisLock')) {
    try {
        new RedisLock($masters);
        $extMulti = true;
    } catch (Throwable $e) {
        $warnings[] = 'the extension has no multi-master mode (' . get_class($e) . ': ' . $e->getMessage()
            . '): its rows are left out';
    }
} else {
    $warnings[] = 'the redislock extension is not loaded: its rows are left out';
}
$hasRedLockClass = $extMulti && class_exists('RedLock');

/** @var array<int, array> children and proxies alive, killed whatever happens to this script */
$kids = [];
$proxies = [];
register_shutdown_function(function () use (&$kids, &$proxies): void {
    bench_kill_children($kids);
    bench_kill_children($proxies);
});
if (function_exists('pcntl_async_signals')) {
    pcntl_async_signals(true);
    foreach ([SIGINT, SIGTERM, SIGHUP] as $sig) {
        pcntl_signal($sig, function () { exit(130); });
    }
}

/** Deletes the lock key of $name (and the extension's wait keys) on every master. */
function del_everywhere(array $checks, string ...$keys): void
{
    foreach ($checks as $c) {
        $c->del(...$keys);
    }
}
/** The keys the extension may leave for lock name $name: the lock and its wait keys (prefix Lock:). */
function ext_keys(string $name): array
{
    return ["Lock:$name", "rl:{Lock:$name}:rw", "rl:{Lock:$name}:rt"];
}

/* ---------------------------------------------------- a, b: lock+unlock */


/** median of $rounds redis-benchmark runs of SET NX PX + EVALSHA on host:port, combined */
function rb_cycle(string $host, int $port, int $n, int $rounds, string $sha, string $key): ?float
{
    $v = [];
    for ($r = 0; $r < $rounds; $r++) {
        $t = ['-h', $host, '-p', (string)$port];
        $set = bench_redis_benchmark($t, $n, ['SET', $key, str_repeat('a', 32), 'NX', 'PX', '15000']);
        $eval = bench_redis_benchmark($t, $n, ['EVALSHA', $sha, '1', $key, str_repeat('b', 32)]);
        if ($set === null || $eval === null) {
            return null;
        }
        $v[] = 1 / (1 / $set + 1 / $eval);
    }
    return $v ? bench_median($v) : null;
}

/** median cycles/s of $rounds runs of bench/floor.c (SET NX PX + EVALSHA on hiredis, one connection) on host:port */
function floor_cycle(string $bin, string $host, int $port, int $n, int $rounds, string $key): ?float
{
    if ($bin === '') {
        return null;
    }
    $v = [];
    for ($r = 0; $r < $rounds; $r++) {
        $p = proc_open([$bin, '-h', $host, '-p', (string)$port, '-n', (string)$n, '-w', (string)max(10, intdiv($n, 5)),
            '-k', $key], [1 => ['pipe', 'w'], 2 => STDERR], $pipes);
        $out = stream_get_contents($pipes[1]);
        if (proc_close($p) !== 0 || !preg_match('/cycles_per_s=([\d.]+)/', $out, $m)) {
            throw new RuntimeException("bench/floor.c failed: $out");
        }
        $v[] = (float)$m[1];
    }
    return bench_median($v);
}

/** Pins process $pid (all its threads) to the CPUs $cpus (taskset syntax); false if it could not. */
function pin(int $pid, string $cpus): bool
{
    exec('taskset -apc ' . escapeshellarg($cpus) . ' ' . $pid . ' 2>&1', $out, $rc);
    return $rc === 0;
}

/** Starts a delay proxy to $port; its port. */
function start_proxy(string $bin, int $port, int $delayUs, array &$proxies, int $cpu): int
{
    $p = proc_open([$bin, '0', (string)$port, (string)$delayUs, '3600'], [0 => ['file', '/dev/null', 'r'],
        1 => ['pipe', 'w'], 2 => STDERR], $pipes);
    if (!is_resource($p)) {
        throw new RuntimeException("cannot start $bin");
    }
    $line = (string)fgets($pipes[1]);
    $proxies[] = ['proc' => $p, 'out' => $pipes[1]];
    if ($cpu >= 0) {
        pin((int)proc_get_status($p)['pid'], (string)$cpu);
    }
    if (!preg_match('/^port=(\d+)$/', trim($line), $m)) {
        throw new RuntimeException("$bin did not say its port: " . var_export($line, true));
    }
    return (int)$m[1];
}

/**
 * A client of the seed's Redlock API (lock($resource, $ttl ms) returns a lock
 * array or false, unlock($lock)) on lock $name, and its check for the sanity
 * pass: [cycles => time, [lock, unlock, key, masters]].
 */
function seed_api_client(object $redlock, string $name, int $masters): array
{
    $held = null;
    return [
        fn(int $k) => bench_measure(function () use ($redlock, $name) {
            $l = $redlock->lock($name, 15000);
            return $l && $redlock->unlock($l);
        }, $k),
        [function () use ($redlock, $name, &$held) { return (bool)($held = $redlock->lock($name, 15000)); },
            function () use ($redlock, &$held) { return $redlock->unlock($held); }, $name, $masters],
    ];
}

/**
 * Runs the lock+unlock clients over $targets (tcp:// addresses of the 3
 * masters, bare or proxied): rounds interleaved, median. Returns [label => [rounds...]].
 */
function run_cycles(array $targets, array $checks, int $n, int $rounds, string $tag, bool $extMulti,
                    bool $redLockClass, string $where): array
{
    $addrs = array_map('bench_parse_server', $targets);
    $clients = [];
    $verify = [];
    if ($extMulti) {
        $ext = new RedisLock($targets);
        $en = "bench:redlock:ext:$where:$tag";
        $clients['ext3'] = fn(int $k) => bench_measure(fn() => $ext->lock($en, 0, 15) && $ext->unlock($en), $k);
        $verify['ext3'] = [fn() => $ext->lock($en, 0, 15), fn() => $ext->unlock($en), "Lock:$en", count($targets)];
    }
    $un = "Lock:bench:redlock:userland:$where:$tag";
    [$clients['user3'], $verify['user3']] = seed_api_client(new PhpRedisRedlock(triples($addrs), 200, 1), $un, count($targets));
    if ($redLockClass) {
        $rn = "Lock:bench:redlock:RedLock:$where:$tag";
        [$clients['redlock3'], $verify['redlock3']] = seed_api_client(new RedLock(triples($addrs), 200, 1), $rn, count($targets));
    }
    if (class_exists('RedisLock')) {
        $one = new RedisLock($targets[0]);
        $on = "bench:redlock:one:$where:$tag";
        $clients['ext1'] = fn(int $k) => bench_measure(fn() => $one->lock($on, 0, 15) && $one->unlock($on), $k);
        $verify['ext1'] = [fn() => $one->lock($on, 0, 15), fn() => $one->unlock($on), "Lock:$on", 1];
    }

    /* Sanity: each client really sets its key (a token with a TTL) on the masters, and really deletes it. */
    foreach ($verify as $label => [$lock, $unlock, $key, $nMasters]) {
        if (!$lock()) {
            throw new RuntimeException("$label ($where): cannot take an uncontended lock");
        }
        for ($i = 0; $i < $nMasters; $i++) {
            $token = $checks[$i]->get($key);
            $pttl = $checks[$i]->pttl($key);
            if (!is_string($token) || !preg_match('/^[0-9a-f]{32}$/', $token) || $pttl <= 0 || $pttl > 15000) {
                throw new RuntimeException("$label ($where): unexpected key on master " . ($i + 1) . ': '
                    . var_export([$token, $pttl], true));
            }
        }
        if (!$unlock()) {
            throw new RuntimeException("$label ($where): unlock() returned false");
        }
        for ($i = 0; $i < $nMasters; $i++) {
            if ($checks[$i]->exists($key)) {
                throw new RuntimeException("$label ($where): unlock() left the key on master " . ($i + 1));
            }
        }
    }

    foreach ($clients as $run) {
        $run(max(10, intdiv($n, 5)));   /* warm-up */
    }
    return bench_interleaved_rounds($clients, $rounds, fn() => $n);
}

$cycleResults = [];
$rb = $floors = [];
/* parts a and b: this process (and the C clients it starts) on --pin-client, if given */
$pinned = false;
if ($o['pin-client'] >= 0 && array_intersect(['a', 'b'], $parts)) {
    $pinned = pin(getmypid(), (string)$o['pin-client']);
    if (!$pinned) {
        $warnings[] = "could not pin the client to CPU {$o['pin-client']} (taskset)";
    }
}
if (in_array('a', $parts, true)) {
    fwrite(STDERR, "==> 6a. lock+unlock on bare loopback\n");
    $cycleResults['bare'] = run_cycles($masters, $checks, $cycles, $rounds, $tag, $extMulti, $hasRedLockClass, 'bare');
    $floors['bare'] = floor_cycle($o['floor'], $masterAddrs[0]['host'], $masterAddrs[0]['port'], $cycles, $rounds,
        "Lock:bench:redlock:floor:$tag");
    if ($rbRounds > 0) {
        $rb['bare'] = rb_cycle($masterAddrs[0]['host'], $masterAddrs[0]['port'], $cycles, $rbRounds, $sha,
            "Lock:bench:redlock:rb:$tag");
    }
}
$proxyPorts = [];
if (in_array('b', $parts, true)) {
    fwrite(STDERR, "==> 6b. lock+unlock behind delay proxies ({$o['delay-us']} us each way)\n");
    foreach ($masterAddrs as $a) {
        $proxyPorts[] = start_proxy($o['proxy'], $a['port'], $o['delay-us'], $proxies, $o['pin-proxies']);
    }
    $proxied = array_map(fn($p) => "tcp://127.0.0.1:$p", $proxyPorts);
    /* the round trip a proxy adds, measured: PINGs through it vs direct */
    $pingUs = function (Redis $r): float {
        $r->ping();
        $t = hrtime(true);
        for ($i = 0; $i < 50; $i++) {
            $r->ping();
        }
        return (hrtime(true) - $t) / 50 / 1000;
    };
    $rttProxy = $pingUs(bench_phpredis($proxied[0]));
    $rttBare = $pingUs($checks[0]);
    $cycleResults['proxy'] = run_cycles($proxied, $checks, $proxyCycles, $rounds, $tag, $extMulti, $hasRedLockClass,
        'proxy');
    $floors['proxy'] = floor_cycle($o['floor'], '127.0.0.1', $proxyPorts[0], $proxyCycles, $rounds,
        "Lock:bench:redlock:floorp:$tag");
    if ($rbRounds > 0) {
        $rb['proxy'] = rb_cycle('127.0.0.1', $proxyPorts[0], max(200, $proxyCycles), 1, $sha,
            "Lock:bench:redlock:rbp:$tag");
    }
    bench_kill_children($proxies);
}
if ($pinned) {
    /* parts c and d: their processes go where the scheduler puts them */
    pin(getmypid(), '0-' . (max(1, (int)shell_exec('nproc')) - 1));
}
del_everywhere($checks, "Lock:bench:redlock:rb:$tag", "Lock:bench:redlock:rbp:$tag", "Lock:bench:redlock:floor:$tag",
    "Lock:bench:redlock:floorp:$tag");

/* ------------------------------------------------------ c: waiting cost */


/** Starts $n children of this script with $args; waits until each has said "ready" (30 s at most). */
function spawn_kids(int $n, array $args, array &$kids, string $what): float
{
    $t0 = hrtime(true);
    for ($i = 0; $i < $n; $i++) {
        $c = bench_spawn(__FILE__, $args);
        stream_set_blocking($c['out'], false);
        $kids[$i] = $c + ['pid' => (int)proc_get_status($c['proc'])['pid'], 'buf' => '', 'eof' => false];
    }
    $ready = fn(array $ks) => array_reduce($ks, fn($a, $k) => $a && str_starts_with($k['buf'], "ready\n"), true);
    bench_pump($kids, hrtime(true) + 30 * 1000000000, fn($ks) => $ready($ks) || array_filter($ks, fn($k) => $k['eof']));
    foreach ($kids as $i => $k) {
        if (!str_starts_with($k['buf'], "ready\n")) {
            throw new RuntimeException("$what: child $i did not start (" . var_export($k['buf'], true) . ')');
        }
    }
    return (hrtime(true) - $t0) / 1e9;
}

/**
 * Calls of every command but INFO, summed over the masters, and per command.
 *
 * @return array{total: int, by: array<string, int>}
 */
function commandstats(array $checks): array
{
    $total = 0;
    $by = [];
    foreach ($checks as $c) {
        foreach (bench_info($c, 'commandstats') as $k => $v) {
            if (!str_starts_with($k, 'cmdstat_') || $k === 'cmdstat_info' || !preg_match('/calls=(\d+)/', $v, $m)) {
                continue;
            }
            $cmd = substr($k, 8);
            $by[$cmd] = ($by[$cmd] ?? 0) + (int)$m[1];
            $total += (int)$m[1];
        }
    }
    return ['total' => $total, 'by' => $by];
}

function blocked_clients(array $checks): int
{
    $n = 0;
    foreach ($checks as $c) {
        $n += (int)(bench_info($c, 'clients')['blocked_clients'] ?? 0);
    }
    return $n;
}

/** Commands/s over the masters during $seconds, in total and per command. */
function measure_commands(array $checks, float $seconds): array
{
    $c0 = commandstats($checks);
    $t0 = hrtime(true);
    bench_sleep_until($t0 + (int)($seconds * 1e9));
    $c1 = commandstats($checks);
    $wall = (hrtime(true) - $t0) / 1e9;
    $by = [];
    foreach ($c1['by'] as $cmd => $n) {
        $d = ($n - ($c0['by'][$cmd] ?? 0)) / $wall;
        if ($d > 0) {
            $by[$cmd] = $d;
        }
    }
    arsort($by);
    return ['rate' => ($c1['total'] - $c0['total']) / $wall, 'by' => $by, 'wall' => $wall];
}

$waitResults = [];
if (in_array('c', $parts, true)) {
    $procs = $o['waiting-procs'];
    fwrite(STDERR, sprintf("==> 6c. waiting cost: idle %s s, then %d processes x %s s x %d implementations\n",
        bench_fmt($idleWindow, 1), $procs, bench_fmt($window, 1), $extMulti ? 2 : 1));
    $waitResults['idle'] = measure_commands($checks, $idleWindow);
    foreach ($extMulti ? ['ext', 'user'] : ['user'] as $impl) {
        $name = "bench:redlock:waiting:$impl:$tag";
        if ($impl === 'ext') {
            $holder = new RedisLock($masters);
            $held = $holder->lock($name, 0, 60);
            $key = "Lock:$name";
        } else {
            $holder = new PhpRedisRedlock(triples($masterAddrs), 200, 1);
            $held = $holder->tryLock("Lock:$name", 60000);
            $key = "Lock:$name";
        }
        if (!$held) {
            throw new RuntimeException("$impl: the holder cannot take $name");
        }
        $spawn = spawn_kids($procs, ['--masters', $o['masters'], '--child', "wait-$impl", '--name',
            $impl === 'ext' ? $name : $key, '--timeout', 30, '--expire', 15, '--interval-ms', $o['interval-ms']],
            $kids, "waiting $impl");
        usleep((int)($o['settle'] * 1e6));
        $blocked0 = blocked_clients($checks);
        $m = measure_commands($checks, $window);
        $blocked1 = blocked_clients($checks);
        bench_pump($kids, hrtime(true), fn() => false);
        $waiting = count(array_filter($kids, fn($k) => !$k['eof'] && $k['buf'] === "ready\n"));
        $stillHeld = 0;
        foreach ($checks as $c) {
            $stillHeld += is_string($c->get($key)) ? 1 : 0;
        }
        if ($waiting < $procs) {
            $warnings[] = "waiting, $impl: only $waiting of $procs processes were still waiting at the end of the window";
        }
        if ($stillHeld < count($checks)) {
            $warnings[] = "waiting, $impl: the holder's key was gone from a master before the end of the window";
        }
        /* release: the waiters take the lock one after the other and exit */
        $t0 = hrtime(true);
        $released = $impl === 'ext' ? $holder->unlock($name) : $holder->unlock($held);
        if (!$released) {
            $warnings[] = "waiting, $impl: the holder's release found the lock lost";
        }
        $reap = bench_reap_children($kids, 20.0);
        $drain = (hrtime(true) - $t0) / 1e9;
        if ($reap['killed'] || $reap['failed'] || ($reap['last']['acquired'] ?? 0) !== $procs) {
            $warnings[] = "waiting, $impl: after the release, " . json_encode($reap['last'])
                . " (last lines), {$reap['killed']} killed, {$reap['failed']} failed";
        }
        unset($holder);
        del_everywhere($checks, ...ext_keys($name));
        $waitResults[$impl] = $m + ['waiting' => $waiting, 'blocked0' => $blocked0, 'blocked1' => $blocked1,
            'spawn' => $spawn, 'drain' => $drain, 'valid' => $waiting === $procs && $stillHeld === count($checks)];
    }
}

/* -------------------------------------------------- d: handover latency */

$handResults = [];
if (in_array('d', $parts, true)) {
    $hp = $o['handover-procs'] + 1;
    foreach ($extMulti ? ['ext', 'user'] : ['user'] as $impl) {
        fwrite(STDERR, "==> 6d. handover latency, $impl: $hp processes take turns, $handovers handovers\n");
        $name = "bench:redlock:handover:$impl:$tag";
        $key = $impl === 'ext' ? $name : "Lock:$name";
        $stop = sys_get_temp_dir() . "/redlock-bench-stop-" . getmypid() . "-$impl";
        @unlink($stop);
        /* the first holder is this process: all children wait before the first handover */
        if ($impl === 'ext') {
            $holder = new RedisLock($masters);
            $held = $holder->lock($name, 0, 60);
        } else {
            $holder = new PhpRedisRedlock(triples($masterAddrs), 200, 1);
            $held = $holder->tryLock($key, 60000);
        }
        if (!$held) {
            throw new RuntimeException("handover, $impl: the first holder cannot take the lock");
        }
        spawn_kids($hp, ['--masters', $o['masters'], '--child', "hand-$impl", '--name', $key, '--timeout', 60,
            '--expire', 15, '--hold-ms', $o['hold-ms'], '--stop', $stop], $kids, "handover $impl");
        usleep((int)($o['settle'] * 1e6));
        $t0 = hrtime(true);
        $impl === 'ext' ? $holder->unlock($name) : $holder->unlock($held);
        $count = fn(array $ks) => array_sum(array_map(fn($k) => substr_count($k['buf'], "\nA "), $ks));
        $ok = bench_pump($kids, hrtime(true) + 120 * 1000000000, fn($ks) => $count($ks) >= $handovers
            || array_filter($ks, fn($k) => $k['eof']));
        touch($stop);
        $wall = (hrtime(true) - $t0) / 1e9;
        /* events: the first release (this process), then every child's */
        $events = [[$t0, 'R', -1]];
        $intervals = [];
        $timeouts = 0;
        bench_pump($kids, hrtime(true) + 200000000, fn() => false);
        foreach ($kids as $i => $k) {
            $open = null;
            foreach (explode("\n", $k['buf']) as $line) {
                if (preg_match('/^([AR]) (\d+)$/', $line, $mm)) {
                    $events[] = [(int)$mm[2], $mm[1], $i];
                    if ($mm[1] === 'A') {
                        $open = (int)$mm[2];
                    } elseif ($open !== null) {
                        $intervals[] = [$open, (int)$mm[2]];
                        $open = null;
                    }
                } elseif ($line === 'T') {
                    $timeouts++;
                }
            }
        }
        $reap = bench_reap_children($kids, 0.5);
        unset($holder);
        del_everywhere($checks, ...ext_keys($name));
        @unlink($stop);
        usort($events, fn($a, $b) => $a[0] <=> $b[0] ?: strcmp($b[1], $a[1])); /* R before A at the same ns */
        $lat = [];
        $lastR = null;
        $bad = 0;
        foreach ($events as [$t, $kind]) {
            if ($kind === 'R') {
                $lastR = $t;
            } elseif ($lastR !== null) {
                $lat[] = ($t - $lastR) / 1e6;
                $lastR = null;
            } else {
                $bad++;   /* an acquisition with no release before it: two holders */
            }
        }
        $lat = array_slice($lat, 0, $handovers);
        $sweep = bench_sweep($intervals, 1);
        if (!$ok || count($lat) < $handovers) {
            $warnings[] = "handover, $impl: only " . count($lat) . " of $handovers handovers in the time allowed";
        }
        if ($bad || $sweep['over']) {
            $warnings[] = "handover, $impl: MUTUAL EXCLUSION BROKEN: $bad acquisitions without a release before them,"
                . " {$sweep['over']} overlapping holds";
        }
        if ($timeouts || $reap['failed']) {
            $warnings[] = "handover, $impl: $timeouts lock() calls timed out, {$reap['failed']} children failed";
        }
        $handResults[$impl] = ['lat' => $lat, 'wall' => $wall, 'n' => count($lat)];
    }
}

/* ----------------------------------------------------------------- report */

$N = count($masters);
$names = [
    'ext3' => "redislock RedisLock([$N masters]), parallel fan-out",
    'redlock3' => "redislock RedLock([$N masters]) (seed API)",
    'user3' => "userland Redlock on phpredis, $N masters in turn",
    'ext1' => 'redislock RedisLock(one server), for reference',
];
$sec = 'redlock';
printf("6. Multi-master (Redlock) mode over %d masters (%d extra redis-servers), one process, one connection\n"
    . "   per master per client; %d rounds, median round.\n   Placement in 6a and 6b: %s.\n", $N, $N, $rounds,
    $pinned ? "the client on CPU {$o['pin-client']}" . ($o['pin-proxies'] >= 0 && in_array('b', $parts, true)
        ? ", the proxies on CPU {$o['pin-proxies']}" : '') . ' (the masters: as bench/run.sh put them)'
    : 'the client not pinned');
if (isset($rttProxy)) {
    printf("   Delay proxies: %s us each way (bench/delay_proxy.c); a PING round trip measured %s us through a\n"
        . "   proxy vs %s us direct.\n", bench_fmt($o['delay-us']), bench_fmt($rttProxy), bench_fmt($rttBare));
}
echo "\n";
$med = fn(array $res, string $label, string $k) => bench_median(array_column($res[$label], $k));
foreach ($cycleResults as $where => $res) {
    $n = $where === 'bare' ? $cycles : $proxyCycles;
    $title = $where === 'bare' ? '6a. bare loopback' : '6b. behind one delay proxy per master (~2 ms per round trip)';
    echo "$title: ", bench_fmt($n), " cycles per round\n";
    $rows = [];
    foreach ($res as $label => $v) {
        $rate = $med($res, $label, 'rate');
        $rows[] = [$names[$label], bench_fmt($rate), bench_fmt(max(array_column($v, 'rate'))),
            bench_fmt(1e6 / $rate, 1), bench_fmt($med($res, $label, 'cpu_us'), 1)];
    }
    $via = $where === 'proxy' ? ' via its proxy' : '';
    if (!empty($floors[$where])) {
        $rows[] = ['-'];
        $rows[] = ["C floor (bench/floor.c), one master$via: fan-out limit", bench_fmt($floors[$where]), '',
            bench_fmt(1e6 / $floors[$where], 1), 'n/a'];
        $rows[] = ["the same / $N: limit of $N masters in turn", bench_fmt($floors[$where] / $N), '',
            bench_fmt(1e6 / ($floors[$where] / $N), 1), 'n/a'];
    }
    if (!empty($rb[$where])) {
        $rows[] = ['-'];
        $rows[] = ["redis-benchmark -c 1, one master$via, SET NX PX + EVALSHA", bench_fmt($rb[$where]), '',
            bench_fmt(1e6 / $rb[$where], 1), 'n/a'];
    }
    echo bench_table(['client', 'cycles/s', 'best round', 'wall us/cycle', 'client CPU us/cycle'], $rows);
    $rows = [];
    if (isset($res['ext3'])) {
        $r = bench_ratio($med($res, 'ext3', 'rate'), $med($res, 'user3', 'rate'));
        $best = bench_ratio(max(array_column($res['ext3'], 'rate')), max(array_column($res['user3'], 'rate')));
        $t = $where === 'bare' ? 1.0 : 2.7;
        $rows[] = ['extension / userland Redlock, cycles/s', bench_fmt_vs($r, $t), bench_fmt($best, 2),
            ...bench_target($sec, "ext / userland Redlock, cycles/s, $where" . ($where === 'proxy' ? ' (~2 ms RTT)' : ' loopback'),
                $r, '>=', $t)];
        $rows[] = ['extension / userland Redlock, client CPU per cycle',
            bench_fmt(bench_ratio($med($res, 'ext3', 'cpu_us'), $med($res, 'user3', 'cpu_us')), 2), '', '', ''];
        if (isset($res['ext1'])) {
            $rows[] = ["extension: $N masters / one server, cycles/s",
                bench_fmt(bench_ratio($med($res, 'ext3', 'rate'), $med($res, 'ext1', 'rate')), 2), '', '', ''];
        }
        if (!empty($floors[$where])) {
            $rows[] = ['extension / fan-out limit (C floor, one master), cycles/s',
                bench_fmt(bench_ratio($med($res, 'ext3', 'rate'), $floors[$where]), 2), '', '', ''];
        }
        if (isset($res['redlock3'])) {
            $rows[] = ['RedLock class / userland Redlock, cycles/s',
                bench_fmt(bench_ratio($med($res, 'redlock3', 'rate'), $med($res, 'user3', 'rate')), 2), '', '', ''];
        }
    }
    if (!empty($floors[$where])) {
        $rows[] = ["userland / limit of $N masters in turn (C floor / $N), cycles/s",
            bench_fmt(bench_ratio($med($res, 'user3', 'rate'), $floors[$where] / $N), 2), '', '', ''];
    }
    echo bench_table(['ratio', 'of medians', 'of best rounds', 'target (medians)', 'met?'], $rows), "\n";
}

if ($waitResults) {
    printf("6c. Waiting cost: %d processes wait for a lock held over the %d masters; %s s window after all have\n"
        . "   started and %s s of settling. redislock: lock(\$name, 30, 15) (as built: no polling with several\n"
        . "   masters); userland: one round of the seed's algorithm (SET NX PX on each master, then the\n"
        . "   compare-and-delete script on each) every %d ms. Redis commands/s: INFO commandstats, every command\n"
        . "   but INFO (commands run by scripts included), summed over the %d masters; idle: a %s s window with\n"
        . "   no client.\n\n",
        $o['waiting-procs'], $N, bench_fmt($window, 1), bench_fmt($o['settle'], 1), $o['interval-ms'], $N,
        bench_fmt($idleWindow, 1));
    $idle = $waitResults['idle']['rate'];
    $net = fn(string $impl) => max(0.0, $waitResults[$impl]['rate'] - $idle);
    $top = function (array $by): string {
        $parts = [];
        foreach (array_slice($by, 0, 4, true) as $cmd => $r) {
            $parts[] = "$cmd " . bench_fmt($r, $r < 10 ? 1 : 0);
        }
        return implode(', ', $parts) ?: '-';
    };
    $rows = [['idle (no clients)', bench_fmt($idle, 1), '', '', '', $top($waitResults['idle']['by'])]];
    foreach (['ext' => 'redislock, 3 masters', 'user' => 'userland pollers, 3 masters'] as $impl => $label) {
        if (isset($waitResults[$impl])) {
            $w = $waitResults[$impl];
            $rows[] = [$label, bench_fmt($w['rate'], 1), bench_fmt($net($impl), 1),
                $w['blocked0'] . ' / ' . $w['blocked1'], $w['waiting'], $top($w['by'])];
        }
    }
    echo bench_table(['waiters', 'commands/s', 'net of idle', 'blocked clients start/end', 'waiting at end',
        'busiest commands, /s'], $rows);
    if (isset($waitResults['ext'], $waitResults['user'])) {
        $r = bench_ratio($net('ext'), $net('user'));
        $valid = $waitResults['ext']['valid'] && $waitResults['user']['valid'];
        printf("   redislock / userland pollers, commands/s net of idle: %s%s\n", bench_fmt($r, 3),
            $valid ? '' : ' (NOT VALID: see the warnings)');
        $expected = $o['waiting-procs'] * 1000 / $o['interval-ms'] * $N * 3;
        printf("   Check: %d pollers every %d ms, each round SET + EVALSHA + the script's GET on %d masters: about\n"
            . "   %s commands/s expected (a little less: each pause comes after the round trips); measured %s.\n",
            $o['waiting-procs'], $o['interval-ms'], $N, bench_fmt($expected), bench_fmt($net('user')));
    }
    foreach (['ext', 'user'] as $impl) {
        if (isset($waitResults[$impl])) {
            printf("   %s: waiters started in %s s; drain after the release %s s\n", $impl,
                bench_fmt($waitResults[$impl]['spawn'], 1), bench_fmt($waitResults[$impl]['drain'], 2));
        }
    }
    echo "\n";
}

if ($handResults) {
    printf("6d. Handover latency: %d processes take turns on one lock over the %d masters (each holds it %d ms,\n"
        . "   unlocks, and waits again once another has taken it: %d wait at each unlock); from the holder's\n"
        . "   unlock() call to the next holder's lock() return, first %d handovers.\n"
        . "   redislock: lock(\$name, 60, 15, 2000000); userland: the seed's lock() with retryDelay 200\n"
        . "   (a random 100..200 ms pause after each lost round).\n\n",
        $o['handover-procs'] + 1, $N, $o['hold-ms'], $o['handover-procs'], $handovers);
    $rows = [];
    foreach (['ext' => 'redislock, 3 masters', 'user' => 'userland Redlock, 3 masters'] as $impl => $label) {
        if (isset($handResults[$impl])) {
            $l = $handResults[$impl]['lat'];
            $rows[] = [$label, (string)count($l), bench_fmt(bench_percentile($l, 50), 2),
                bench_fmt(bench_percentile($l, 90), 2), bench_fmt($l ? max($l) : NAN, 2),
                bench_fmt($l ? array_sum($l) / count($l) : NAN, 2)];
        }
    }
    echo bench_table(['client', 'handovers', 'p50 ms', 'p90 ms', 'max ms', 'mean ms'], $rows);
    echo "\n";
}

printf("   This section took %s s.\n", bench_fmt((hrtime(true) - $sectionT0) / 1e9, 1));
foreach ($warnings as $w) {
    echo "WARNING: $w\n";
}
