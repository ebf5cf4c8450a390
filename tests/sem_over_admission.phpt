--TEST--
RedisSemaphore under contention: 32 processes (8 under valgrind) hammer a limit-4 semaphore for 3 s; never more than 4 inside, and it is saturated
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('hammer');
[$holders, $deadlines] = $keys = sem_keys($name);
$inside = "$name:inside";          // INCR on entry, DECR on exit: the processes inside right now
$violations = "$name:violations";  // INCR'd by any process that found more than 4 inside
const LIMIT = 4;
// in the valgrind pass 8 of them run the same code, the first RlWorker::TRACED traced (32 traced cost minutes of CPU)
define('PROCS', rl_under_valgrind() ? 8 : 32);
const SECONDS = 3.0;

$code = rl_child_prelude() . sprintf('$name = %s; $inside = %s; $violations = %s; $limit = %d; $seconds = %F;',
    var_export($name, true), var_export($inside, true), var_export($violations, true), LIMIT, SECONDS) . '
$s = new RedisSemaphore(RL_TEST_SERVER);
$raw = new RawRedis();
$s->count($name);                    // connect before the start
echo "ready\n";
fgets(STDIN);
$stats = ["acquired" => 0, "timeouts" => 0, "max" => 0, "lost" => 0];
$end = microtime(true) + $seconds;
while (microtime(true) < $end) {
    $id = $s->acquire($name, $limit, 10, 2);
    if ($id === false) {
        $stats["timeouts"]++;
        continue;
    }
    $stats["acquired"]++;
    $n = $raw->cmd("INCR", $inside);
    $stats["max"] = max($stats["max"], $n);
    if ($n > $limit) {
        $raw->cmd("INCR", $violations);
    }
    usleep(2000);
    $raw->cmd("DECR", $inside);
    if (!$s->release($name, $id)) {
        $stats["lost"]++;
    }
}
echo json_encode($stats), "\n";
';

// start them all, wait until every one is connected, then release them together
$children = [];
for ($i = 0; $i < PROCS; $i++) {
    $children[] = new SemChild($code, traced: $i < RlWorker::TRACED);
}
$ready = 0;
foreach ($children as $c) {
    $ready += $c->line() === 'ready';
}
foreach ($children as $c) {
    $c->write("go\n");
}
// meanwhile, watch the semaphore from outside
$t0 = microtime(true);
$samples = 0;
$maxHolders = 0;
$full = 0;
while (microtime(true) - $t0 < SECONDS - 0.2) {
    $n = max($raw->cmd('ZCARD', $holders), $raw->cmd('ZCARD', $deadlines));
    $maxHolders = max($maxHolders, $n);
    $full += $n === LIMIT;
    $samples++;
    usleep(5000);
}
$total = ['acquired' => 0, 'timeouts' => 0, 'max' => 0, 'lost' => 0];
$failed = [];
foreach ($children as $i => $c) {
    [$rc, $out] = $c->finish();
    $r = json_decode(trim($out), true);
    if ($rc !== 0 || !is_array($r)) {
        $failed[] = "child $i (exit $rc): $out";
        continue;
    }
    foreach ($r as $k => $v) {
        $total[$k] = $k === 'max' ? max($total[$k], $v) : $total[$k] + $v;
    }
}
echo implode("\n", $failed);
var_dump($ready === PROCS);
var_dump((int)$raw->cmd('GET', $violations));                     // never more than 4 inside
var_dump($total['max']);                                           // ... and 4 were inside at some point
var_dump($total['acquired'] > 3 * PROCS ? 'several acquisitions per process' : "only {$total['acquired']} acquisitions");
var_dump($total['lost']);                                          // no slot expired under its holder
var_dump($maxHolders <= LIMIT, $full > 0);                         // seen from outside too
var_dump((int)$raw->cmd('GET', $inside), $raw->cmd('EXISTS', ...$keys));
$raw->cmd('DEL', $inside, $violations);
?>
--EXPECT--
bool(true)
int(0)
int(4)
string(32) "several acquisitions per process"
int(0)
bool(true)
bool(true)
int(0)
int(0)
