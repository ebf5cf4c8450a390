--TEST--
lock() under contention: 6 processes loop lock (timeout 5 s, $waitIntervalUs 2000) / hold ~1 ms / unlock for 3 s on one lock with a 64 KiB binary name; an independent counter (INCR on entering, DECR on leaving) never sees two inside; every process gets the lock, every unlock() succeeds
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$name = random_bytes(65536);
$key = "Lock:$name";
$counter = rl_unique('stress-inside');
$code = rl_child_prelude() . '$name = base64_decode(' . var_export(base64_encode($name), true) . ');
$counter = ' . var_export($counter, true) . ';
$raw = new RawRedis();
$l = new RedisLock(RL_TEST_SERVER);
rl_warm_up($l);
echo "ready\n";
fgets(STDIN);
$acquired = $overlaps = $timeouts = $errors = 0;
$end = microtime(true) + 3.0;
while (microtime(true) < $end) {
    try {
        if (!$l->lock($name, 5, 10, 2000)) {
            $timeouts++;
            continue;
        }
        $acquired++;
        if ($raw->cmd("INCR", $counter) !== 1) {
            $overlaps++;
        }
        usleep(1000);
        $raw->cmd("DECR", $counter);
        if (!$l->unlock($name)) {
            $errors++;
        }
    } catch (Throwable $e) {
        $errors++;
        fwrite(STDERR, get_class($e) . ": " . $e->getMessage() . "\n");
    }
}
echo json_encode([$acquired, $overlaps, $timeouts, $errors]), "\n";
';
$children = [];
$n = rl_under_valgrind() ? 3 : 6;   // in the valgrind pass the first RlWorker::TRACED are traced
for ($i = 0; $i < $n; $i++) {
    $children[$i] = new RlChild($code, traced: $i < RlWorker::TRACED);
}
foreach ($children as $c) {
    if (($l = $c->line(30)) !== 'ready') {
        echo "not ready: $l\n";
    }
}
foreach ($children as $c) {
    $c->write("go\n");
}
$acquiredBy = $overlaps = $timeouts = $errors = [];
foreach ($children as $i => $c) {
    $l = $c->line(30);
    $r = json_decode($l, true);
    if (!is_array($r)) {
        echo "child $i: $l\n";
        continue;
    }
    [$acquiredBy[$i], $overlaps[$i], $timeouts[$i], $errors[$i]] = $r;
    [$rc, $out] = $c->finish();
    if ($rc !== 0 || $out !== '') {
        echo "child $i: exit $rc, $out\n";
    }
}
var_dump(count($acquiredBy) === $n, min($acquiredBy) > 0, array_sum($overlaps), array_sum($timeouts), array_sum($errors));
var_dump($raw->cmd('GET', $counter), $raw->cmd('EXISTS', $key), $raw->cmd('LLEN', rl_lock_wait_keys($key)['queue']));
$raw->cmd('DEL', $counter);
?>
--EXPECT--
bool(true)
bool(true)
int(0)
int(0)
int(0)
string(1) "0"
int(0)
int(0)
