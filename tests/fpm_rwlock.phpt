--TEST--
php-fpm: read and write locks (lockRead(), lockWrite(), a demotion, a promotion) held when a request ends, normally or by exit(), are released before the worker's next request, while a write lock taken with $releaseAtRequestEnd false outlives its request and the next request releases it given its owner
--SKIPIF--
<?php
require __DIR__ . "/skipif.inc";
require __DIR__ . "/fpm.inc";
if (rl_fpm_binary() === null) die("skip no php-fpm binary of this PHP build (version, ZTS, debug)");
?>
--FILE--
<?php
require __DIR__ . '/fpm.inc';
require __DIR__ . '/lock_helpers.inc';
$fpm = RlFpm::start();
$raw = new RawRedis();
$name = rl_unique('fpm-rw');
$first = $fpm->script(<<<'PHP'
    echo "pid=", getmypid(), "\n";
    $l = RedisLock::instance();
    $o = new RedisLock(RL_TEST_SERVER);
    $n = $_GET['name'];
    echo json_encode([$l->lockRead("$n-r", 0, 30), $o->lockRead("$n-r", 0, 30), $l->lockWrite("$n-w", 0, 30),
        $l->lockWrite("$n-d", 0, 30) && $l->lockRead("$n-d", 0, 30), $o->lockRead("$n-p", 0, 30) && $o->lockWrite("$n-p", 0, 30),
        $l->lockWrite("$n-k", 0, 30, 'job-3', false)]), "\n";
    if (($_GET['end'] ?? '') === 'exit') {
        exit(0);
    }
    PHP);
$second = $fpm->script(<<<'PHP'
    echo "pid=", getmypid(), "\n";
    $l = RedisLock::instance();
    $n = $_GET['name'];
    echo json_encode([$l->lockWrite("$n-r", 0, 10), $l->lockWrite("$n-d", 0, 10), $l->lockRead("$n-w", 0, 10),
        $l->lockRead("$n-p", 0, 10), $l->lockRead("$n-k", 0, 10), $l->unlock("$n-k", 'job-3'), $l->lockRead("$n-k", 0, 10)]), "\n";
    echo json_encode($l->unlockAll()), "\n";
    PHP);

/** What the server holds for $name: "free", "readers <n>", "writer [<owner> ]". */
function held(RawRedis $raw, string $name): string
{
    $v = $raw->cmd('GET', "Lock:$name");
    $n = $raw->cmd('ZCARD', rl_rw_wait_keys("Lock:$name")['readers']);
    if ($v === null) {
        return $n === 0 ? 'free' : "no key, $n members";
    }
    return $v === '*r' ? "readers $n" : 'writer' . (str_contains($v, ' ') ? ' ' . strtok($v, ' ') : '') . ($n ? ", $n members" : '');
}
foreach (['return', 'exit'] as $end) {
    $n = "$name-$end";
    $r1 = $fpm->request($first, ['name' => $n, 'end' => $end]);
    [$pid1, $taken] = explode("\n", $r1->body) + [1 => ''];
    echo "-- request 1 ($end): $taken\n";
    foreach (['r', 'w', 'd', 'p', 'k'] as $s) {
        echo "  $s: ", held($raw, "$n-$s"), "\n";
    }
    $r2 = $fpm->request($second, ['name' => $n]);
    [$pid2, $got, $all] = explode("\n", $r2->body) + [1 => '', 2 => ''];
    echo "-- request 2", $pid1 === $pid2 ? ', same worker' : ", another worker ($pid1, $pid2)", ": $got, unlockAll $all\n";
    foreach (['r', 'w', 'd', 'p', 'k'] as $s) {
        echo "  $s: ", held($raw, "$n-$s"), "\n";
    }
}
?>
--EXPECT--
-- request 1 (return): [true,true,true,true,true,true]
  r: free
  w: free
  d: free
  p: free
  k: writer job-3
-- request 2, same worker: [true,true,true,true,false,true,true], unlockAll true
  r: free
  w: free
  d: free
  p: free
  k: free
-- request 1 (exit): [true,true,true,true,true,true]
  r: free
  w: free
  d: free
  p: free
  k: writer job-3
-- request 2, same worker: [true,true,true,true,false,true,true], unlockAll true
  r: free
  w: free
  d: free
  p: free
  k: free
