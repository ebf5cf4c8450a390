<?php
/**
 * The shop of the web demo (demo/web/sale.php) and of tests/web_*.phpt, run by
 * php-fpm behind nginx: one purchase attempt per request on one item whose stock
 * is a Redis key.
 *
 *   lock('item:1', timeout 10 s, expire 5 s)
 *   GET stock; if > 0: usleep(work) (the "1 ms of work": payment, order row...),
 *                      DECR stock, RPUSH orders <request id>
 *   unlock('item:1')
 *
 * Answers 200 "sold", "soldout" or "busy" (the lock was not had within its
 * timeout), 500 on any exception. Set up by the environment php-fpm passes on:
 *   RLWEB_LOCK     ext (RedisLock, configured by the redislock.* INI settings),
 *                  userland (bench/userland/PhpRedisLock.php on phpredis, pconnect)
 *                  or none (the same read-modify-write without a lock: it oversells)
 *   RLWEB_REDIS    tcp://host:port of the shop's Redis (stock, orders; the userland lock)
 *   RLWEB_PREFIX   key prefix of the stock and orders (default "shop:")
 *   RLWEB_WORK_US  the work under the lock, µs (default 1000)
 *   RLWEB_RUN_DIR  if set, each request appends "<outcome> <lock wait µs> <unlock>"
 *                  to <dir>/req-<pid>.log: measured outside Redis, so that it
 *                  adds nothing to Redis's figures
 *                  (demo/web/requests.php reads it back), and each worker leaves
 *                  its extension counters there for /metrics (demo/web/metrics.php)
 * ?warm=1 connects everything (a lock and unlock of a name of this worker's own,
 * a GET) without touching the stock: the demo warms every worker up before it
 * measures.
 */

declare(strict_types=1);

require_once __DIR__ . '/resp.php';

function rlweb_buy(): array
{
    $kind = getenv('RLWEB_LOCK') ?: 'ext';
    $server = getenv('RLWEB_REDIS') ?: 'tcp://127.0.0.1:6379';
    $prefix = getenv('RLWEB_PREFIX') ?: 'shop:';
    $workUs = (int)(getenv('RLWEB_WORK_US') ?: 1000);
    $name = 'item:1';
    if ($kind === 'userland') {
        require_once __DIR__ . '/../../bench/userland/PhpRedisLock.php';
    }

    $db = RlWebResp::persistent($server);
    $lock = match ($kind) {
        'ext', 'ext-local' => new RedisLock(),   // ext-local: the pool sets redislock.local_handover=1
        'userland' => new PhpRedisLock(rlweb_phpredis($server)),
        'none' => null,
        default => throw new RuntimeException("RLWEB_LOCK must be ext, userland or none, not $kind"),
    };
    if (isset($_GET['warm'])) {
        $own = 'warm:' . getmypid();
        if ($lock && (!$lock->lock($own, 1, 5) || !$lock->unlock($own))) {
            throw new RuntimeException("warm-up: cannot lock and unlock $own");
        }
        $db->cmd('GET', $prefix . 'stock');
        return ['warm', -1, '-'];
    }

    $waitUs = -1;
    if ($lock) {
        $t0 = hrtime(true);
        $got = $lock->lock($name, 10, 5);
        $waitUs = intdiv(hrtime(true) - $t0, 1000);
        if (!$got) {
            return ['busy', $waitUs, '-'];
        }
    }
    $unlocked = '-';
    try {
        $stock = (int)$db->cmd('GET', $prefix . 'stock');
        if ($stock > 0) {
            usleep($workUs);
            $db->cmd('DECR', $prefix . 'stock');
            $db->cmd('RPUSH', $prefix . 'orders', $_SERVER['REQUEST_ID'] ?? uniqid('', true));
            $outcome = 'sold';
        } else {
            $outcome = 'soldout';
        }
    } finally {
        if ($lock) {
            $unlocked = $lock->unlock($name) ? '1' : '0';   // 0: the lock had expired under us
        }
    }
    return [$outcome, $waitUs, $unlocked];
}

/** phpredis, persistent: the userland lock's connection, kept by this worker across requests. */
function rlweb_phpredis(string $server): Redis
{
    if (!preg_match('~^tcp://([^:/]+):(\d+)$~', $server, $m)) {
        throw new RuntimeException("RLWEB_REDIS must be tcp://host:port for phpredis, not $server");
    }
    $r = new Redis();
    if (!$r->pconnect($m[1], (int)$m[2], 2.0, 'rlweb-lock')) {
        throw new RuntimeException("phpredis cannot connect to $server");
    }
    return $r;
}

try {
    [$outcome, $waitUs, $unlocked] = rlweb_buy();
    $body = $outcome === 'warm' ? 'warm ' . getmypid() . "\n" : "$outcome\n";
} catch (Throwable $e) {
    http_response_code(500);
    [$outcome, $waitUs, $unlocked] = ['error', -1, '-'];
    $body = 'error: ' . get_class($e) . ': ' . $e->getMessage() . "\n";
    error_log('buy.php: ' . trim($body));
}
// a length, so that nginx keeps ab's HTTP/1.0 keep-alive connection open
header('Content-Length: ' . strlen($body));
header('Content-Type: text/plain');
echo $body;
if (($run = getenv('RLWEB_RUN_DIR')) && $outcome !== 'warm') {
    file_put_contents("$run/req-" . getmypid() . '.log', "$outcome $waitUs $unlocked\n", FILE_APPEND);
}
if ($run && extension_loaded('redislock')) {
    // this worker's counters for /metrics (demo/web/metrics.php), after every request, warm-ups included
    require_once __DIR__ . '/prometheus.php';
    rlweb_stats_save($run);
}
