--TEST--
Local hand-over under php-fpm: 6 workers recycled every 5 requests (pm.max_requests), 8 clients at once, each request lock/INCR-check/unlock on one key: every request answered, none overlaps, the key and the segment are left empty
--SKIPIF--
<?php
require __DIR__ . '/skipif.inc';
require __DIR__ . '/fpm.inc';
if (PHP_OS_FAMILY !== 'Linux' || !is_dir('/dev/shm')) die('skip Linux with /dev/shm only');
if (rl_fpm_binary() === null) die('skip no php-fpm binary of this PHP build (version, ZTS, debug)');
?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/fpm.inc';
require __DIR__ . '/local_helpers_b.inc';

$srv = new PrivateRedis();
$server = $srv->server();
$prefix = rl_lb_prefix('fpm');
$seg = rl_lb_segment_for($server, $prefix);
$workers = 6;
$clients = 8;
// in the valgrind pass every worker php-fpm starts is traced (seconds of CPU each): fewer requests
$each = rl_under_valgrind() ? 4 : 25;
/*
 * Under scripts/test-asan.sh: with pm.max_requests php-fpm's master records each worker it
 * starts (a calloc it never frees on exit) and its workers inherit those records: LeakSanitizer
 * reports them whatever the extension does, with every frame in php-fpm's stripped binary, which
 * a suppression could only match by naming the whole binary (the engine too). So this pool, and
 * only it, runs without leak detection; its other checks stay on, and the other fpm tests (no
 * recycling) keep leak detection for workers. (The valgrind pass suppresses the exact shapes:
 * scripts/valgrind/php-fpm.supp.)
 */
$asan = getenv('ASAN_OPTIONS');
if ($asan !== false && $asan !== '') {
    putenv('ASAN_OPTIONS=' . str_replace('detect_leaks=1', 'detect_leaks=0', $asan));
}
$fpm = RlFpm::start(["pm.max_children = $workers", 'pm.max_requests = 5', 'request_terminate_timeout = 120s'], RL_LB_ON);
if ($asan !== false && $asan !== '') {
    putenv("ASAN_OPTIONS=$asan");
}
$script = $fpm->script(<<<'PHP'
    echo "pid=", getmypid(), "\n";
    $l = new RedisLock($_GET['server'], ['prefix' => $_GET['prefix']]);
    $raw = new RawRedis($_GET['server']);
    if (isset($_GET['row'])) {
        ob_start(); phpinfo(INFO_MODULES); $info = ob_get_clean();
        // an HTML table under php-fpm
        echo preg_match('~>local hand-over\s*</td><td class="v">(.*?)\s*</td>~', $info, $m) ? html_entity_decode($m[1]) : 'no row', "\n";
        return;
    }
    // how many requests are in progress at once (the workers contend for the lock)
    echo "busy=", $raw->cmd('INCR', $_GET['counter'] . ':busy'), "\n";
    register_shutdown_function(fn () => $raw->cmd('DECR', $_GET['counter'] . ':busy'));
    if (!$l->lock($_GET['name'], 60, 10)) {
        echo "not acquired\n";
        return;
    }
    $in = $raw->cmd('INCR', $_GET['counter']);
    usleep(1000);
    $raw->cmd('DECR', $_GET['counter']);
    echo $in === 1 ? 'alone' : 'OVERLAP', ' ', $l->unlock($_GET['name']) ? 'unlocked' : 'LOST', "\n";
    PHP);
$name = rl_unique('fpm');
$counter = rl_unique('fpm-inside');
$query = ['server' => $server, 'prefix' => $prefix, 'name' => $name, 'counter' => $counter];

echo "row: ", explode("\n", $fpm->request($script, $query + ['row' => 1])->body)[1] ?? 'none', "\n";

// the clients: PHP children without the extension, each a FastCGI client of the same php-fpm
// (RlFpm's, made for the port php-fpm listens on), $each requests one after another
$code = rl_child_prelude() . 'require_once ' . var_export(__DIR__ . '/fpm.inc', true) . ';
$fpm = Closure::bind(fn () => new RlFpm(' . var_export($fpm->dir, true) . ', ' . $fpm->port . ', ' . var_export($fpm->errorLog, true) . '), null, RlFpm::class)();
echo "ready\n";
fgets(STDIN);
$out = [];
for ($i = 0; $i < ' . $each . '; $i++) {
    try {
        $r = $fpm->request(' . var_export($script, true) . ', ' . var_export($query, true) . ', 120);
        $out[] = $r->status . " " . preg_replace("/^(pid|busy)=\d+\n/m", "", $r->body) . "|" . (preg_match("/^pid=(\d+)$/m", $r->body, $m) ? $m[1] : "")
            . "|" . (preg_match("/^busy=(\d+)$/m", $r->body, $m) ? $m[1] : 0);
    } catch (Error $e) {
        $out[] = "no answer: " . $e->getMessage();
    }
}
echo json_encode($out), "\n";';
$cs = [];
for ($i = 0; $i < $clients; $i++) {
    $cs[] = new RlChild($code, helper: true);
}
foreach ($cs as $c) {
    if (($l = $c->line()) !== 'ready') {
        throw new Error("client: $l");
    }
}
foreach ($cs as $c) {
    $c->write("go\n");
}
$answers = [];
$pids = [];
$busy = 0;
foreach ($cs as $c) {
    $line = $c->line(300 * rl_slowdown());
    $c->finish();
    foreach (json_decode($line, true) ?? ["unreadable: $line"] as $a) {
        [$what, $pid, $b] = array_pad(explode('|', $a, 3), 3, '');
        $answers[$what] = ($answers[$what] ?? 0) + 1;
        $pids[$pid] = true;
        $busy = max($busy, (int)$b);
    }
}
ksort($answers);
$total = $clients * $each;
echo "answers: ", $answers === ["200 alone unlocked\n" => $total] ? "$total of $total alone and unlocked" : json_encode($answers), "\n";
echo "requests in progress at once: ", $busy >= 2 && $busy <= $workers ? "2 to $workers" : $busy, "\n";
echo "worker processes that served: ", count($pids) >= $total / 5 ? 'at least one per 5 requests' : count($pids), "\n";
echo "counter: ", var_export($srv->raw()->cmd('GET', $counter), true), "; key left: ", $srv->raw()->cmd('EXISTS', $prefix . $name), "\n";
echo "segment: ", json_encode(rl_lb_segment_usage($seg)), "\n";
if ($answers !== ["200 alone unlocked\n" => $total]) {
    echo $fpm->logs();
}
$fpm->stop();
echo "segment after php-fpm stopped: ", json_encode(rl_lb_segment_usage($seg)), "\n";
?>
--EXPECTF--
row: on (one server, no min_replicas; others take the global protocol)
answers: %d of %d alone and unlocked
requests in progress at once: 2 to 6
worker processes that served: at least one per 5 requests
counter: '0'; key left: 0
segment: {"slots":0,"waiters":0}
segment after php-fpm stopped: {"slots":0,"waiters":0}
