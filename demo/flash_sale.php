<?php
/**
 * Flash sale: N worker processes race to buy the last items of a stock kept in
 * Redis. Every purchase is a read-modify-write (GET stock, check, SET stock-1,
 * INCR sold). With RedisLock around it the stock is never oversold; without it
 * (--mode nolock) lost updates sell more items than exist.
 *
 * --mode semaphore adds a checkout stage capped by RedisSemaphore: each attempt
 * first takes one of --checkout-limit checkout slots (waiting up to 5 s), calls
 * the "payment provider" (usleep --checkout-work µs, outside the lock), does the
 * locked stock decrement, then gives the slot back. An INCR/DECR counter around
 * the slot records how many checkouts ran at once: never more than the limit.
 *
 *   php -n -d extension=modules/redislock.so demo/flash_sale.php --server tcp://127.0.0.1:6379
 *       [--workers 32] [--stock 100] [--requests 20] [--mode all|lock|semaphore|nolock|both]
 *       [--interval 1000] [--checkout-limit 4] [--checkout-work 1000] [--ext path]
 *
 * --mode all (the default) runs lock, semaphore and nolock; both runs lock and
 * nolock. --requests is per worker; --interval is lock()'s retry interval in µs;
 * --ext defaults to the "-d extension=...redislock..." on this process's command line.
 *
 * Exit status: 0 if the lock and semaphore modes sold exactly what they could
 * (never more than the stock) and the semaphore never admitted more than
 * --checkout-limit checkouts at once; 1 if one oversold or over-admitted; 2 on
 * a usage or run error.
 * The demo's own Redis access (seeding, GET/SET/INCR) uses the tiny RESP client
 * of demo/web/resp.php, so it needs nothing but PHP and the extension.
 */

declare(strict_types=1);

require __DIR__ . '/web/resp.php'; // RlWebResp, the demos' tiny RESP client
require __DIR__ . '/cli.php';      // parse_args(), extension_path()

function usage(string $msg = ''): never
{
    usage_exit('flash_sale', $msg, "php -n -d extension=redislock.so demo/flash_sale.php --server tcp://host:port\n"
        . "       [--workers 32] [--stock 100] [--requests 20] [--mode all|lock|semaphore|nolock|both] [--interval 1000]\n"
        . "       [--checkout-limit 4] [--checkout-work 1000] [--ext path/to/redislock.so]");
}

function positive_int(array $opts, string $k, int $default): int
{
    if (!isset($opts[$k])) {
        return $default;
    }
    if (!preg_match('/^[1-9]\d{0,8}$/', $opts[$k])) {
        usage("--$k must be a positive integer");
    }
    return (int)$opts[$k];
}

/* ------------------------------------------------------------------ worker */

/**
 * One shopper process: waits for "go" on stdin, then makes $requests purchase
 * attempts and prints a JSON summary on stdout. $mode: lock, semaphore
 * (checkout slot + lock) or nolock.
 */
function worker(string $server, string $sale, int $requests, string $mode, int $intervalUs,
                int $checkoutLimit, int $checkoutWorkUs): void
{
    $redis = RlWebResp::connect($server);
    $lock = $mode !== 'nolock' ? new RedisLock($server) : null;
    $sem = $mode === 'semaphore' ? new RedisSemaphore($server) : null;
    $stockKey = "flash:$sale:stock";
    $soldKey = "flash:$sale:sold";
    $lockName = "item:$sale";
    $checkoutName = "checkout:$sale";
    $insideKey = "flash:$sale:checkouts";     /* INCR on entering checkout, DECR on leaving */
    $overKey = "flash:$sale:over_admitted";   /* INCR'd whenever more than the limit were inside */

    $slotWaits = [];   /* µs spent in acquire(), one per attempt */
    $slotTimeouts = 0;
    $slotsLost = 0;    /* release() false: the slot had expired while held */
    $maxInside = 0;    /* the highest checkout count this worker saw on entering */

    $waits = [];       /* µs spent in lock(), one per attempt */
    $bought = 0;
    $soldOut = 0;
    $timeouts = 0;
    $lost = 0;         /* unlock() false: the lock had expired while held */
    $lastSale = null;  /* microtime of this worker's last purchase */

    fgets(STDIN);      /* start barrier: the parent says go once every worker is up */
    for ($i = 0; $i < $requests; $i++) {
        $slot = null;
        if ($sem) {
            $t0 = hrtime(true);
            $slot = $sem->acquire($checkoutName, $checkoutLimit, 10, 5);   /* wait up to 5 s, hold at most 10 s */
            $slotWaits[] = (hrtime(true) - $t0) / 1000;
            if ($slot === false) {
                $slotTimeouts++;
                continue;
            }
            $inside = $redis->cmd('INCR', $insideKey);
            $maxInside = max($maxInside, $inside);
            if ($inside > $checkoutLimit) {
                $redis->cmd('INCR', $overKey);
            }
            usleep($checkoutWorkUs);                   /* payment provider call: slow, capped, not under the lock */
        }
        try {
            attempt_purchase($redis, $lock, $lockName, $stockKey, $soldKey, $intervalUs,
                $waits, $bought, $soldOut, $timeouts, $lost, $lastSale);
        } finally {
            if ($sem) {
                $redis->cmd('DECR', $insideKey);
                if (!$sem->release($checkoutName, $slot)) {
                    $slotsLost++;
                }
            }
        }
    }
    echo json_encode(['bought' => $bought, 'sold_out' => $soldOut, 'timeouts' => $timeouts, 'lost' => $lost,
                      'last_sale' => $lastSale, 'waits' => $waits, 'slot_waits' => $slotWaits,
                      'slot_timeouts' => $slotTimeouts, 'slots_lost' => $slotsLost, 'max_inside' => $maxInside]), "\n";
}

/** One purchase attempt: the read-modify-write of the stock, under the lock when there is one. */
function attempt_purchase(RlWebResp $redis, ?RedisLock $lock, string $lockName, string $stockKey, string $soldKey,
                          int $intervalUs, array &$waits, int &$bought, int &$soldOut, int &$timeouts, int &$lost,
                          ?float &$lastSale): void
{
    if ($lock) {
        $t0 = hrtime(true);
        $got = $lock->lock($lockName, 5, 5, $intervalUs);   /* wait up to 5 s, hold at most 5 s */
        $waits[] = (hrtime(true) - $t0) / 1000;
        if (!$got) {
            $timeouts++;
            return;
        }
    }
    try {
        $stock = (int)$redis->cmd('GET', $stockKey);
        if ($stock > 0) {
            usleep(200);                           /* payment check, order row, ... */
            $redis->cmd('SET', $stockKey, (string)($stock - 1));
            $redis->cmd('INCR', $soldKey);
            $bought++;
            $lastSale = microtime(true);
        } else {
            $soldOut++;
        }
    } finally {
        if ($lock && !$lock->unlock($lockName)) {
            $lost++;
        }
    }
}

/* ------------------------------------------------------------------ parent */

function percentile(array $sorted, float $p): float
{
    if (!$sorted) {
        return 0.0;
    }
    $idx = (int)ceil($p / 100 * count($sorted)) - 1;
    return $sorted[max(0, min(count($sorted) - 1, $idx))];
}

/** Runs one sale with $workers processes in $mode (lock, semaphore, nolock); returns its figures. */
function run_sale(string $server, ?string $ext, int $workers, int $stock, int $requests, string $mode, int $intervalUs,
                  int $checkoutLimit, int $checkoutWorkUs): array
{
    $redis = RlWebResp::connect($server);
    $sale = sprintf('%s-%d-%s', $mode, getmypid(), bin2hex(random_bytes(3)));
    $saleKeys = ["flash:$sale:stock", "flash:$sale:sold", "flash:$sale:checkouts", "flash:$sale:over_admitted"];
    $redis->cmd('SET', "flash:$sale:stock", (string)$stock);
    $redis->cmd('SET', "flash:$sale:sold", '0');

    $procs = [];
    for ($w = 0; $w < $workers; $w++) {
        $cmd = [PHP_BINARY, '-n', ...($ext !== null ? ['-d', "extension=$ext"] : []), __FILE__, '--worker',
                '--server', $server, '--sale', $sale, '--requests', (string)$requests,
                '--mode', $mode, '--interval', (string)$intervalUs,
                '--checkout-limit', (string)$checkoutLimit, '--checkout-work', (string)$checkoutWorkUs];
        $p = proc_open($cmd, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
        if (!is_resource($p)) {
            throw new RuntimeException('cannot start a worker');
        }
        $procs[] = [$p, $pipes];
    }
    /* Give the workers time to load PHP and connect, then start them together. */
    usleep(200000);
    $start = microtime(true);
    foreach ($procs as [$p, $pipes]) {
        fwrite($pipes[0], "go\n");
        fclose($pipes[0]);
    }
    $results = [];
    $errors = [];
    foreach ($procs as $i => [$p, $pipes]) {
        $out = stream_get_contents($pipes[1]);
        $err = stream_get_contents($pipes[2]);
        fclose($pipes[1]);
        fclose($pipes[2]);
        $rc = proc_close($p);
        $r = json_decode(trim($out), true);
        if ($rc !== 0 || !is_array($r)) {
            $errors[] = "worker $i (exit $rc): " . trim($out . $err);
            continue;
        }
        $results[] = $r;
    }
    $elapsed = microtime(true) - $start;
    if ($errors) {
        throw new RuntimeException("workers failed:\n" . implode("\n", $errors));
    }

    $sold = (int)$redis->cmd('GET', "flash:$sale:sold");
    $left = (int)$redis->cmd('GET', "flash:$sale:stock");
    $overAdmitted = (int)$redis->cmd('GET', "flash:$sale:over_admitted");
    $checkoutsAfter = (int)$redis->cmd('GET', "flash:$sale:checkouts");
    /* every checkout slot was given back: the semaphore's keys are gone */
    $slotKeysLeft = $redis->cmd('EXISTS', "{Sem:checkout:$sale}:holders", "{Sem:checkout:$sale}:deadlines",
                                "{Sem:checkout:$sale}:ticket");
    $redis->cmd('DEL', ...$saleKeys);

    $waits = $slotWaits = [];
    $lastSale = null;
    $bought = $soldOut = $timeouts = $lost = $slotTimeouts = $slotsLost = $maxInside = 0;
    foreach ($results as $r) {
        array_push($waits, ...$r['waits']);
        array_push($slotWaits, ...$r['slot_waits']);
        $bought += $r['bought'];
        $soldOut += $r['sold_out'];
        $timeouts += $r['timeouts'];
        $lost += $r['lost'];
        $slotTimeouts += $r['slot_timeouts'];
        $slotsLost += $r['slots_lost'];
        $maxInside = max($maxInside, $r['max_inside']);
        if ($r['last_sale'] !== null) {
            $lastSale = max($lastSale ?? 0, $r['last_sale']);
        }
    }
    sort($waits);
    sort($slotWaits);
    $sellTime = $lastSale !== null ? max($lastSale - $start, 1e-6) : null;
    return [
        'mode' => $mode,
        'lock' => $mode !== 'nolock',
        'sem' => $mode === 'semaphore',
        'workers' => $workers,
        'stock' => $stock,
        'attempts' => $workers * $requests,
        'sold' => $sold,
        'bought' => $bought,
        'left' => $left,
        'oversold' => max(0, $sold - $stock),
        'sold_out' => $soldOut,
        'timeouts' => $timeouts,
        'lost' => $lost,
        'elapsed' => $elapsed,
        'sell_time' => $sellTime,
        'pps' => $sellTime ? $sold / $sellTime : 0.0,
        'aps' => $elapsed > 0 ? ($workers * $requests) / $elapsed : 0.0,
        'waits' => $waits,
        'checkout_limit' => $checkoutLimit,
        'max_inside' => $maxInside,
        'over_admitted' => $overAdmitted,
        'checkouts_after' => $checkoutsAfter,
        'slot_keys_left' => $slotKeysLeft,
        'slot_timeouts' => $slotTimeouts,
        'slots_lost' => $slotsLost,
        'slot_waits' => $slotWaits,
    ];
}

function ms(float $us): string
{
    return number_format($us / 1000, 2, '.', '');
}

function print_table(array $runs): void
{
    $sem = fn(callable $f) => fn($r) => $r['sem'] ? $f($r) : '-';
    $rows = [
        ['workers', fn($r) => (string)$r['workers']],
        ['purchase attempts', fn($r) => (string)$r['attempts']],
        ['initial stock', fn($r) => (string)$r['stock']],
        ['sold (INCR sold)', fn($r) => (string)$r['sold']],
        ['stock left', fn($r) => (string)$r['left']],
        ['OVERSOLD', fn($r) => (string)$r['oversold']],
        ['"sold out" answers', fn($r) => (string)$r['sold_out']],
        ['lock timeouts', fn($r) => $r['lock'] ? (string)$r['timeouts'] : '-'],
        ['locks lost (unlock false)', fn($r) => $r['lock'] ? (string)$r['lost'] : '-'],
        ['checkout limit', $sem(fn($r) => (string)$r['checkout_limit'])],
        ['max concurrent checkouts', $sem(fn($r) => (string)$r['max_inside'])],
        ['OVER-ADMITTED checkouts', $sem(fn($r) => (string)$r['over_admitted'])],
        ['checkout slot timeouts', $sem(fn($r) => (string)$r['slot_timeouts'])],
        ['slots lost (release false)', $sem(fn($r) => (string)$r['slots_lost'])],
        ['time to last sale (s)', fn($r) => $r['sell_time'] === null ? '-' : number_format($r['sell_time'], 3)],
        ['purchases/s', fn($r) => number_format($r['pps'], 0, '.', '')],
        ['attempts/s (whole run)', fn($r) => number_format($r['aps'], 0, '.', '')],
        ['checkout slot wait p50 (ms)', $sem(fn($r) => ms(percentile($r['slot_waits'], 50)))],
        ['checkout slot wait p95 (ms)', $sem(fn($r) => ms(percentile($r['slot_waits'], 95)))],
        ['checkout slot wait max (ms)', $sem(fn($r) => ms($r['slot_waits'] ? end($r['slot_waits']) : 0))],
        ['lock wait p50 (ms)', fn($r) => $r['lock'] ? ms(percentile($r['waits'], 50)) : '-'],
        ['lock wait p95 (ms)', fn($r) => $r['lock'] ? ms(percentile($r['waits'], 95)) : '-'],
        ['lock wait p99 (ms)', fn($r) => $r['lock'] ? ms(percentile($r['waits'], 99)) : '-'],
        ['lock wait max (ms)', fn($r) => $r['lock'] ? ms($r['waits'] ? end($r['waits']) : 0) : '-'],
    ];
    $titles = ['lock' => 'with RedisLock', 'semaphore' => 'RedisSemaphore + RedisLock', 'nolock' => 'no lock'];
    $head = array_merge(['mode'], array_map(fn($r) => $titles[$r['mode']], $runs));
    $table = [$head];
    foreach ($rows as [$label, $f]) {
        $table[] = array_merge([$label], array_map($f, $runs));
    }
    $w = [];
    foreach ($table as $row) {
        foreach ($row as $i => $cell) {
            $w[$i] = max($w[$i] ?? 0, strlen($cell));
        }
    }
    $sep = '+' . implode('+', array_map(fn($n) => str_repeat('-', $n + 2), $w)) . '+';
    echo $sep, "\n";
    foreach ($table as $ri => $row) {
        $cells = [];
        foreach ($row as $i => $cell) {
            $cells[] = ' ' . ($i === 0 ? str_pad($cell, $w[$i]) : str_pad($cell, $w[$i], ' ', STR_PAD_LEFT)) . ' ';
        }
        echo '|', implode('|', $cells), "|\n";
        if ($ri === 0) {
            echo $sep, "\n";
        }
    }
    echo $sep, "\n";
}

$opts = parse_args($argv, ['server' => 'v', 'workers' => 'v', 'stock' => 'v', 'requests' => 'v',
                           'mode' => 'v', 'ext' => 'v', 'interval' => 'v', 'checkout-limit' => 'v',
                           'checkout-work' => 'v', 'worker' => 'flag', 'sale' => 'v', 'help' => 'flag']);
if (isset($opts['help'])) {
    usage();
}
$server = $opts['server'] ?? usage('--server is required (e.g. tcp://127.0.0.1:6379)');
$mode = $opts['mode'] ?? 'all';
$modes = ['all' => ['lock', 'semaphore', 'nolock'], 'both' => ['lock', 'nolock'],
          'lock' => ['lock'], 'semaphore' => ['semaphore'], 'nolock' => ['nolock']];
if (!isset($modes[$mode])) {
    usage('--mode must be all, lock, semaphore, nolock or both');
}
$requests = positive_int($opts, 'requests', 20);
$intervalUs = positive_int($opts, 'interval', 1000);            /* lock() retry interval, µs */
$checkoutLimit = positive_int($opts, 'checkout-limit', 4);      /* checkouts at once (semaphore mode) */
$checkoutWorkUs = isset($opts['checkout-work']) && $opts['checkout-work'] === '0'
    ? 0 : positive_int($opts, 'checkout-work', 1000);           /* µs of "payment provider" per checkout */

if (isset($opts['worker'])) {
    if (!isset($modes[$mode]) || count($modes[$mode]) !== 1) {
        usage('a worker runs one mode');
    }
    worker($server, $opts['sale'] ?? usage('--sale missing'), $requests, $mode, $intervalUs, $checkoutLimit, $checkoutWorkUs);
    exit(0);
}

$ext = extension_path($opts);
if ($mode !== 'nolock') {
    if (!class_exists('RedisLock') || !class_exists('RedisSemaphore')) {
        usage('the redislock extension is not loaded (php -n -d extension=/path/to/redislock.so ...)');
    }
    $ext ?? usage('cannot tell where redislock.so is: pass --ext /path/to/redislock.so');
}
$workers = positive_int($opts, 'workers', 32);
$stock = positive_int($opts, 'stock', 100);

printf("Flash sale on %s: %d workers x %d purchase attempts = %d attempts for %d items\n"
    . "critical section: GET stock, usleep(200), SET stock-1, INCR sold; lock(name, timeout 5 s, expire 5 s, retry every %d us)\n",
    $server, $workers, $requests, $workers * $requests, $stock, $intervalUs);
if (in_array('semaphore', $modes[$mode], true)) {
    printf("checkout stage (semaphore mode): acquire(checkout, limit %d, expire 10 s, timeout 5 s), usleep(%d) payment call,\n"
        . "  then the locked critical section, then release(); INCR/DECR around the slot counts checkouts at once\n",
        $checkoutLimit, $checkoutWorkUs);
}
echo "\n";
$runs = [];
try {
    foreach ($modes[$mode] as $m) {
        $runs[] = run_sale($server, $ext, $workers, $stock, $requests, $m, $intervalUs, $checkoutLimit, $checkoutWorkUs);
    }
} catch (Throwable $e) {
    fwrite(STDERR, 'flash_sale: ' . $e->getMessage() . "\n");
    exit(2);
}
print_table($runs);

$status = 0;
echo "\n";
foreach ($runs as $r) {
    $label = $r['sem'] ? 'with RedisSemaphore + RedisLock' : 'with RedisLock';
    if ($r['lock']) {
        if ($r['oversold'] > 0 || $r['sold'] + $r['left'] !== $r['stock'] || $r['sold'] !== $r['bought']) {
            printf("FAIL: %s %d items were sold out of %d (oversold by %d, %d left)\n",
                $label, $r['sold'], $r['stock'], $r['oversold'], $r['left']);
            $status = 1;
        } else {
            printf("%s: sold %d of %d, stock left %d, sold + left = stock: no item sold twice.\n",
                $label, $r['sold'], $r['stock'], $r['left']);
        }
    }
    if ($r['sem']) {
        if ($r['over_admitted'] > 0 || $r['max_inside'] > $r['checkout_limit'] || $r['checkouts_after'] !== 0
                || $r['slot_keys_left'] !== 0) {
            printf("FAIL: RedisSemaphore admitted up to %d checkouts at once (limit %d, %d over-admissions, "
                . "%d still counted inside, %d semaphore keys left)\n", $r['max_inside'], $r['checkout_limit'],
                $r['over_admitted'], $r['checkouts_after'], $r['slot_keys_left']);
            $status = 1;
        } else {
            printf("RedisSemaphore: at most %d checkouts at once (limit %d), never more; every slot given back.\n",
                $r['max_inside'], $r['checkout_limit']);
        }
    }
    if (!$r['lock']) {
        printf("without a lock: sold %d items out of %d (%s).\n", $r['sold'], $r['stock'],
            $r['oversold'] > 0 ? "oversold by {$r['oversold']}: lost updates" : 'no oversell this time, but nothing prevents it');
    }
}
exit($status);
