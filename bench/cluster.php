<?php
/**
 * 7. Sentinel and Cluster: uncontended cycles per second of one process on the
 * deployments of issue 11, next to one plain redis-server, all in one run:
 *
 *   - RedisLock lock+unlock ($l->lock($name, 0, 15); $l->unlock($name)) on
 *       one server (--single tcp://h:p),
 *       a Redis Cluster (--cluster cluster://h:p,h:p,h:p: bench/run.sh starts 3
 *         masters, no replicas),
 *       a Sentinel group (--sentinel sentinel://h:p,.../name: a master, one
 *         replica, Sentinels), and the same with min_replicas => 1 (a WAIT for
 *         the replica behind every lock);
 *   - RedisSemaphore acquire+release ($s->acquire($name, 4, 10); $s->release($name, $id))
 *       on one server and on the cluster;
 *   each with persistent => false and persistent => true;
 *   - the C floor (bench/floor.c: SET NX PX + EVALSHA compare-and-delete on
 *       hiredis, one connection, no PHP) on the single server, on one cluster
 *       master (a key of its slots) and on the Sentinel group's master: what
 *       one round trip per command costs on each kind of node.
 *
 * Every client takes its names in turn from --names names of its own (one name
 * per cycle), so the cluster clients spread over the 3 masters (the table
 * prints how many of the names each master owns, and the commands each one
 * served). Every client runs --rounds rounds of --cycles cycles after a
 * warm-up, the rounds interleaved (the order rotates each round); the tables
 * show the median round and the best. Before measuring, each client is checked
 * on the servers themselves: the key is where the slot map says (with a token
 * and a TTL; on the replica too with min_replicas), and gone after the unlock.
 *
 *   php <flags> bench/cluster.php --single tcp://127.0.0.1:P --cluster cluster://127.0.0.1:A,127.0.0.1:B,127.0.0.1:C
 *       --sentinel sentinel://127.0.0.1:S1,127.0.0.1:S2/name [--floor PATH] [--cycles N] [--rounds N]
 *       [--names N] [--placement TEXT] [--quick]
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';

$o = bench_options(['single' => null, 'cluster' => null, 'sentinel' => null, 'floor' => '',
                    'cycles' => 0, 'rounds' => 0, 'names' => 64, 'placement' => '', 'quick' => false], ['single' => 'tcp://h:p', 'cluster' => 'cluster://h:p,h:p,h:p', 'sentinel' => 'sentinel://h:p,h:p/name', 'floor' => 'PATH']);
$quick = $o['quick'];
$cycles = $o['cycles'] ?: ($quick ? 500 : 1500);
$rounds = $o['rounds'] ?: ($quick ? 3 : 7);
$nNames = $o['names'];
if ($cycles < 10 || $rounds < 1 || $nNames < 1) {
    bench_usage('--cycles must be >= 10, --rounds and --names >= 1');
}
if (!class_exists('RedisLock') || !class_exists('RedisSemaphore')) {
    bench_usage('the redislock extension is not loaded (-d extension=/path/to/redislock.so)');
}
if (!preg_match('~^cluster://([^/]+)$~', $o['cluster'], $cm)) {
    bench_usage('--cluster must be cluster://host:port[,host:port...]');
}
if (!preg_match('~^sentinel://([^/]+)/(.+)$~', $o['sentinel'], $sm)) {
    bench_usage('--sentinel must be sentinel://host:port[,host:port...]/name');
}
$seeds = array_map(fn($hp) => "tcp://$hp", explode(',', $cm[1]));
$sentinels = array_map(fn($hp) => "tcp://$hp", explode(',', $sm[1]));
$masterName = $sm[2];
$singleAddr = bench_parse_server($o['single']);

$sectionT0 = hrtime(true);
$tag = getmypid() . ':' . bin2hex(random_bytes(3));
$warnings = [];
if (function_exists('pcntl_async_signals')) {
    pcntl_async_signals(true);
    foreach ([SIGINT, SIGTERM, SIGHUP] as $sig) {
        pcntl_signal($sig, function () { exit(130); });
    }
}

/* ------------------------------------------------------------ topology */

$single = bench_phpredis($o['single']);

/* the cluster: its slot map as the nodes say it (CLUSTER SLOTS of the first seed) */
$seedConn = bench_phpredis($seeds[0]);
$slots = $seedConn->rawCommand('CLUSTER', 'SLOTS');
if (!is_array($slots) || !$slots) {
    throw new RuntimeException("CLUSTER SLOTS on {$seeds[0]}: " . var_export($slots, true));
}
$ranges = [];     /* [start, end, "tcp://ip:port"] */
$nodes = [];      /* "tcp://ip:port" => Redis */
foreach ($slots as $s) {
    $addr = "tcp://{$s[2][0]}:{$s[2][1]}";
    $ranges[] = [(int)$s[0], (int)$s[1], $addr];
    $nodes[$addr] ??= bench_phpredis($addr);
}
ksort($nodes);
if (count($nodes) < 2) {
    $warnings[] = 'the cluster has ' . count($nodes) . ' master(s): the names cannot spread over several';
}
/** the master that owns $key's slot */
$owner = function (string $key) use ($seedConn, $ranges): string {
    $slot = $seedConn->rawCommand('CLUSTER', 'KEYSLOT', $key);
    foreach ($ranges as [$a, $b, $addr]) {
        if ($slot >= $a && $slot <= $b) {
            return $addr;
        }
    }
    throw new RuntimeException("no master owns slot $slot of $key");
};

/* the Sentinel group: its master as the Sentinels say it, the master's replica as the master says it */
$sc = bench_phpredis($sentinels[0]);
$ma = $sc->rawCommand('SENTINEL', 'get-master-addr-by-name', $masterName);
if (!is_array($ma) || count($ma) !== 2) {
    throw new RuntimeException("SENTINEL get-master-addr-by-name $masterName on {$sentinels[0]}: " . var_export($ma, true));
}
$sentinelMasterAddr = "tcp://{$ma[0]}:{$ma[1]}";
$sentinelMaster = bench_phpredis($sentinelMasterAddr);
$role = $sentinelMaster->rawCommand('ROLE');
if (!is_array($role) || $role[0] !== 'master' || empty($role[2])) {
    throw new RuntimeException("ROLE of the Sentinel master $sentinelMasterAddr: " . var_export($role, true)
        . ' (a master with a replica expected)');
}
$replicaAddr = "tcp://{$role[2][0][0]}:{$role[2][0][1]}";
$replica = bench_phpredis($replicaAddr);

/* ------------------------------------------------------------- clients */

/**
 * id => [kind (lock|sem), where (single|cluster|sentinel|sentinel-mr), persistent, object, names].
 * The order here is the order of the table.
 */
$addrOf = ['single' => $o['single'], 'cluster' => $o['cluster'], 'sentinel' => $o['sentinel'], 'sentinel-mr' => $o['sentinel']];
$specs = [];
foreach ([false, true] as $p) {
    foreach (['single', 'cluster', 'sentinel', 'sentinel-mr'] as $where) {
        $specs[] = ['lock', $where, $p];
    }
    foreach (['single', 'cluster'] as $where) {
        $specs[] = ['sem', $where, $p];
    }
}
$clients = [];
foreach ($specs as [$kind, $where, $p]) {
    $id = "$kind:$where:" . ($p ? 'p' : 'np');
    $opts = ['persistent' => $p] + ($where === 'sentinel-mr' ? ['min_replicas' => 1] : []);
    $obj = $kind === 'lock' ? new RedisLock($addrOf[$where], $opts) : new RedisSemaphore($addrOf[$where], $opts);
    $names = [];
    for ($i = 0; $i < $nNames; $i++) {
        $names[] = "bench:cl:$kind:$where:" . ($p ? 'p' : 'np') . ":$tag:$i";
    }
    $clients[$id] = ['kind' => $kind, 'where' => $where, 'persistent' => $p, 'obj' => $obj, 'names' => $names];
}

/** the key that tells on the server that $name is held: the lock key, or the semaphore's holders */
function held_key(string $kind, string $name): string
{
    return $kind === 'lock' ? "Lock:$name" : "{Sem:$name}:holders";
}

/** the connection to the node that holds $name's keys for $client, and its address */
$nodeFor = function (array $c, string $name) use ($single, $sentinelMaster, $nodes, $owner, $o, $sentinelMasterAddr): array {
    return match ($c['where']) {
        'single' => [$single, $o['single']],
        'cluster' => [$nodes[$a = $owner(held_key($c['kind'], $name))], $a],
        default => [$sentinelMaster, $sentinelMasterAddr],
    };
};

/* names per cluster master, for each cluster client */
$spread = [];
foreach ($clients as $id => $c) {
    if ($c['where'] === 'cluster') {
        $spread[$id] = array_fill_keys(array_keys($nodes), 0);
        foreach ($c['names'] as $n) {
            $spread[$id][$owner(held_key($c['kind'], $n))]++;
        }
    }
}

/* One cycle of a client, on the next of its names. */
function make_cycle(array $c): callable
{
    $obj = $c['obj'];
    $names = $c['names'];
    $n = count($names);
    $i = 0;
    if ($c['kind'] === 'lock') {
        return function () use ($obj, $names, $n, &$i): bool {
            $name = $names[$i];
            $i = ($i + 1) % $n;
            return $obj->lock($name, 0, 15) && $obj->unlock($name);
        };
    }
    return function () use ($obj, $names, $n, &$i): bool {
        $name = $names[$i];
        $i = ($i + 1) % $n;
        $id = $obj->acquire($name, 4, 10);
        return $id !== false && $obj->release($name, $id);
    };
}

/*
 * Sanity, on the servers themselves: for each client, one name per node it
 * uses (each cluster master) is taken: the key is on that node (a lock: a
 * 32-hex token and a TTL of at most 15 s; with min_replicas, on the replica
 * too), then released: the key is gone.
 */
foreach ($clients as $id => $c) {
    $byNode = [];
    foreach ($c['names'] as $name) {
        [, $addr] = $nodeFor($c, $name);
        $byNode[$addr] ??= $name;
    }
    foreach ($byNode as $addr => $name) {
        [$conn] = $nodeFor($c, $name);
        $key = held_key($c['kind'], $name);
        if ($c['kind'] === 'lock') {
            if (!$c['obj']->lock($name, 0, 15)) {
                throw new RuntimeException("$id: cannot take an uncontended lock on $addr");
            }
            $token = $conn->get($key);
            $pttl = $conn->pttl($key);
            if (!is_string($token) || !preg_match('/^[0-9a-f]{32}$/', $token) || $pttl <= 0 || $pttl > 15000) {
                throw new RuntimeException("$id: unexpected $key on $addr after lock(): " . var_export([$token, $pttl], true));
            }
            if ($c['where'] === 'sentinel-mr' && $replica->get($key) !== $token) {
                throw new RuntimeException("$id: lock() returned true but $key is not on the replica $replicaAddr");
            }
            if (!$c['obj']->unlock($name) || $conn->exists($key)) {
                throw new RuntimeException("$id: unlock() did not delete $key on $addr");
            }
        } else {
            $sid = $c['obj']->acquire($name, 4, 10);
            if ($sid === false || $conn->zCard($key) !== 1 || $c['obj']->count($name) !== 1) {
                throw new RuntimeException("$id: acquire() did not take a slot of $name on $addr");
            }
            if (!$c['obj']->release($name, $sid) || $conn->zCard($key) !== 0) {
                throw new RuntimeException("$id: release() did not free the slot of $name on $addr");
            }
        }
    }
}

/* the C floor: a separate process timing itself (its own warm-up in the same run) */
$floorRun = function (string $host, int $port, string $key) use ($o): callable {
    return function (int $n) use ($o, $host, $port, $key): array {
        $p = proc_open([$o['floor'], '-h', $host, '-p', (string)$port, '-n', (string)$n, '-w', (string)max(10, intdiv($n, 5)),
            '-k', $key], [1 => ['pipe', 'w'], 2 => STDERR], $pipes);
        $out = stream_get_contents($pipes[1]);
        if (proc_close($p) !== 0
            || !preg_match('/cycles_per_s=([\d.]+) cpu_us_per_cycle=([\d.]+) user_us_per_cycle=([\d.]+)/', $out, $m)) {
            throw new RuntimeException("bench/floor.c failed on $host:$port: $out");
        }
        return ['rate' => (float)$m[1], 'cpu_us' => (float)$m[2], 'user_us' => (float)$m[3]];
    };
};
/*
 * The data nodes a client talks to, and the requests they read (INFO stats
 * total_reads_processed: one per request, or per pipelined batch) less the
 * REPLCONF ACKs they read from a replica (INFO commandstats: a WAIT makes the
 * master ask its replica for one): its delta over a run, less the one INFO per
 * node it takes, is the client's round trips (a WAIT behind a SET in the same
 * batch is one).
 */
$serversOf = ['single' => [$single], 'cluster' => array_values($nodes), 'sentinel' => [$sentinelMaster],
              'sentinel-mr' => [$sentinelMaster]];
$reads = function (array $conns): int {
    $n = 0;
    foreach ($conns as $c) {
        $text = (string)$c->rawCommand('INFO', 'stats', 'commandstats');   /* one request (Redis 7: several sections) */
        if (!preg_match('/^total_reads_processed:(\d+)/m', $text, $m)) {
            throw new RuntimeException('INFO stats: no total_reads_processed');
        }
        $n += (int)$m[1];
        if (preg_match('/^cmdstat_replconf:calls=(\d+)/m', $text, $m)) {
            $n -= (int)$m[1];
        }
    }
    return $n;
};
$runs = [];
foreach ($clients as $id => $c) {
    $cycle = make_cycle($c);
    $conns = $serversOf[$c['where']];
    $runs[$id] = function (int $n) use ($cycle, $conns, $reads): array {
        $r0 = $reads($conns);
        $m = bench_measure($cycle, $n);
        return $m + ['trips' => ($reads($conns) - $r0 - count($conns)) / $n];
    };
}
$floorKeys = [];
if ($o['floor'] !== '') {
    $floorKeys['floor:single'] = [$o['single'], "Lock:bench:cl:floor:single:$tag"];
    /* a key of the first master's slots: the floor talks to that node alone, as a plain client would */
    $first = array_key_first($nodes);
    for ($i = 0; $owner($k = "Lock:bench:cl:floor:cluster:$tag:$i") !== $first; $i++) {
    }
    $floorKeys['floor:cluster'] = [$first, $k];
    $floorKeys['floor:sentinel'] = [$sentinelMasterAddr, "Lock:bench:cl:floor:sentinel:$tag"];
    foreach ($floorKeys as $id => [$addr, $key]) {
        $a = bench_parse_server($addr);
        $runs[$id] = $floorRun($a['host'], $a['port'], $key);
    }
}

/* ------------------------------------------------------------- measure */

$allConns = ['single' => $single] + $nodes + ['sentinel master' => $sentinelMaster];
/** calls of each command on each server (INFO commandstats) */
$cmdstats = function () use ($allConns): array {
    $out = [];
    foreach ($allConns as $label => $conn) {
        foreach (bench_info($conn, 'commandstats') as $k => $v) {
            if (str_starts_with($k, 'cmdstat_') && preg_match('/calls=(\d+)/', $v, $m)) {
                $out[$label][substr($k, 8)] = (int)$m[1];
            }
        }
    }
    return $out;
};

fwrite(STDERR, sprintf("==> 7. %d clients + %d floors x %d rounds x %s cycles\n", count($clients), count($floorKeys),
    $rounds, bench_fmt($cycles)));
foreach ($clients as $id => $c) {
    $runs[$id](max(10, intdiv($cycles, 5)));   /* warm-up: connections, slot map, master look-up, scripts */
}
$stats0 = $cmdstats();
$results = bench_interleaved_rounds($runs, $rounds, fn() => $cycles);
$stats1 = $cmdstats();
if ($floorKeys) {
    $single->del($floorKeys['floor:single'][1]);
    $nodes[$floorKeys['floor:cluster'][0]]->del($floorKeys['floor:cluster'][1]);
    $sentinelMaster->del($floorKeys['floor:sentinel'][1]);
}

/* commands each server ran during the rounds (every command but INFO), and WAITs on the Sentinel master */
$served = [];
foreach ($stats1 as $label => $calls) {
    $served[$label] = 0;
    foreach ($calls as $cmd => $n) {
        if ($cmd !== 'info') {
            $served[$label] += $n - ($stats0[$label][$cmd] ?? 0);
        }
    }
}
$waits = ($stats1['sentinel master']['wait'] ?? 0) - ($stats0['sentinel master']['wait'] ?? 0);
$mrCycles = $rounds * $cycles * 2;   /* the two sentinel-mr clients */

/* -------------------------------------------------------------- report */

$describe = [
    'single' => 'one server',
    'cluster' => 'cluster://, ' . count($nodes) . ' masters',
    'sentinel' => 'sentinel://',
    'sentinel-mr' => 'sentinel://, min_replicas => 1',
];
printf("7. Sentinel and Cluster: uncontended cycles/s, one process, one client object each; %d rounds x %s cycles,\n"
    . "   interleaved, median round%s.\n", $rounds, bench_fmt($cycles),
    $o['placement'] !== '' ? "; CPU placement {$o['placement']}" : '');
printf("   one server: %s (a plain redis-server); Cluster: %s (%d masters, no replicas);\n"
    . "   Sentinel: %s (master %s, replica %s, %d Sentinels).\n",
    $o['single'], $o['cluster'], count($nodes), $o['sentinel'], substr($sentinelMasterAddr, 6), substr($replicaAddr, 6),
    count($sentinels));
$spreadText = function (array $counts): string {
    return implode(' / ', array_values($counts));
};
printf("   Each client cycles over %d names of its own; of the cluster clients' names, per master (%s):\n",
    $nNames, implode(', ', array_map(fn($a) => substr($a, 6), array_keys($nodes))));
foreach ($spread as $id => $counts) {
    printf("     %-30s %s\n", $id, $spreadText($counts));
}
echo "\n";

$med = fn(string $id, string $k) => bench_median(array_column($results[$id], $k));
$best = fn(string $id) => max(array_column($results[$id], 'rate'));
$rows = [];
$lastKind = null;
foreach ([false, true] as $p) {
    foreach ($clients as $id => $c) {
        if ($c['persistent'] !== $p) {
            continue;
        }
        if ($lastKind !== null && $lastKind !== $c['kind'] . $p) {
            $rows[] = ['-'];
        }
        $lastKind = $c['kind'] . $p;
        $rate = $med($id, 'rate');
        $trips = array_sum(array_column($results[$id], 'trips')) / $rounds;
        $rows[] = [$c['kind'] === 'lock' ? 'RedisLock lock+unlock' : 'RedisSemaphore acquire+release', $describe[$c['where']],
            $p ? 'true' : 'false', bench_fmt($rate), bench_fmt($best($id)), bench_fmt(1e6 / $rate, 1),
            bench_fmt($med($id, 'cpu_us'), 1), bench_fmt($trips, 2)];
    }
}
$floorText = [
    'floor:single' => 'one server',
    'floor:cluster' => 'one cluster master (' . substr($floorKeys['floor:cluster'][0] ?? '', 6) . '), a key of its slots',
    'floor:sentinel' => 'the Sentinel master (1 replica attached)',
];
if ($floorKeys) {
    $rows[] = ['-'];
    foreach ($floorKeys as $id => $_) {
        $rate = $med($id, 'rate');
        $rows[] = ['C floor (bench/floor.c)', $floorText[$id], 'n/a', bench_fmt($rate), bench_fmt($best($id)),
            bench_fmt(1e6 / $rate, 1), bench_fmt($med($id, 'cpu_us'), 1), '2'];
    }
}
echo bench_table(['client', 'server', 'persistent', 'cycles/s', 'best round', 'wall us/cycle', 'client CPU us/cycle',
    'round trips/cycle'], $rows, 3);
echo "(round trips/cycle: the requests the deployment's data nodes read during the client's rounds (INFO stats\n"
    . " total_reads_processed, less the replica's REPLCONF ACKs), per cycle; a WAIT sent behind its SET is in the same one)\n";

/* ratios: each deployment against one server, for both persistent settings */
$ratioRows = [];
$recorded = [];
$ratio = function (string $label, string $a, string $b, ?string $summary = null) use (&$ratioRows, &$recorded, $med, $best, $results): void {
    $cells = [$label];
    $vals = [];
    foreach (['np', 'p'] as $suffix) {
        [$x, $y] = [str_replace('*', $suffix, $a), str_replace('*', $suffix, $b)];
        if (!isset($results[$x], $results[$y])) {
            array_push($cells, '-', '-');
            continue;
        }
        $v = bench_ratio($med($x, 'rate'), $med($y, 'rate'));
        $vals[] = bench_fmt($v, 2);
        array_push($cells, bench_fmt($v, 2), bench_fmt(bench_ratio($best($x), $best($y)), 2));
    }
    $ratioRows[] = $cells;
    if ($summary !== null) {
        $recorded[] = [$summary, implode(' / ', $vals)];
    }
};
$ratio('RedisLock: cluster / one server', 'lock:cluster:*', 'lock:single:*', 'RedisLock cluster / one server, cycles/s');
$ratio('RedisLock: sentinel / one server', 'lock:sentinel:*', 'lock:single:*', 'RedisLock sentinel / one server, cycles/s');
$ratio('RedisLock: sentinel, min_replicas 1 / one server', 'lock:sentinel-mr:*', 'lock:single:*',
    'RedisLock sentinel min_replicas 1 / one server, cycles/s');
$ratio('RedisSemaphore: cluster / one server', 'sem:cluster:*', 'sem:single:*', 'RedisSemaphore cluster / one server, cycles/s');
$ratioRows[] = ['-'];
$ratio('RedisLock one server / C floor one server', 'lock:single:*', 'floor:single');
$ratio('RedisLock cluster / C floor one cluster master', 'lock:cluster:*', 'floor:cluster');
$ratio('RedisLock sentinel / C floor Sentinel master', 'lock:sentinel:*', 'floor:sentinel');
$ratio('C floor: one cluster master / one server', 'floor:cluster', 'floor:single');
$ratio('C floor: Sentinel master / one server', 'floor:sentinel', 'floor:single');
/* the floor has no persistent setting: its ratios to each other show under both columns */
echo "\n", bench_table(['ratio of cycles/s', 'persistent false: medians', 'best rounds', 'persistent true: medians',
    'best rounds'], $ratioRows);
foreach ($recorded as [$figure, $value]) {
    bench_record('sentinel, cluster', "$figure (persistent false / true)", $value);
}

$clusterServed = array_intersect_key($served, $nodes);
printf("   Commands the cluster masters ran during the rounds (INFO commandstats, all but INFO, those scripts ran\n"
    . "   included): %s, %s per cluster cycle.\n",
    implode(' / ', array_map(fn($n) => bench_fmt($n), $clusterServed)),
    bench_fmt(array_sum($clusterServed) / ($rounds * $cycles * 4), 2));
printf("   WAITs on the Sentinel master: %s per min_replicas cycle.\n", bench_fmt(bench_ratio($waits, $mrCycles), 2));
if (array_filter($clusterServed, fn($n) => $n === 0)) {
    $warnings[] = 'a cluster master served no command during the rounds: the names did not spread';
}
if (abs($waits - $mrCycles) > $mrCycles * 0.01) {
    $warnings[] = "min_replicas => 1: $waits WAITs for $mrCycles cycles (one per lock() expected)";
}
printf("   This section took %s s.\n", bench_fmt((hrtime(true) - $sectionT0) / 1e9, 1));
foreach ($warnings as $w) {
    echo "WARNING: $w\n";
}
