--TEST--
lockRead()/lockWrite() and the request's end: a process that ends (normally, by exit(), by an uncaught exception) without unlocking releases its read and write locks (and its lock() beside them): nothing is left and another object takes each at once; a waiter queued behind a reader or a writer is woken by its holder's end within 1 s; with $releaseAtRequestEnd false a write lock (with an owner, or without one) outlives its process and another process releases it given its owner (or its token), waking a reader queued on it, and a read lock outlives its process until its lifetime ends on the server, a writer queued behind it getting it then; a promotion or a demotion says anew whether the lock is kept; unlockAll() releases kept read and write locks
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$base = rl_unique('rw-end');
$life = 30 * rl_slowdown();
$timeout = 20 * rl_slowdown();
$soon = min(2.5, 1.0 * rl_slowdown());
$l = new RedisLock(RL_TEST_SERVER);

function rw_keys(string $name): array
{
    return ['key' => "Lock:$name"] + rl_rw_wait_keys("Lock:$name");
}

/** What the server holds for $name: "free", "readers <n>", "writer [<owner> ]<token>" (", queued" when its queue exists). */
function held(RawRedis $raw, string $name): string
{
    $k = rw_keys($name);
    $v = $raw->cmd('GET', $k['key']);
    $n = $raw->cmd('ZCARD', $k['readers']);
    $q = $raw->cmd('EXISTS', $k['queue']) ? ', queued' : '';
    if ($v === null) {
        return ($n === 0 ? 'free' : "no key, $n members") . $q;
    }
    if ($v === '*r') {
        return "readers $n$q";
    }
    $sp = strrpos($v, ' ');
    $tok = $sp === false ? $v : substr($v, $sp + 1);
    // (the 'W' a writer's token starts with is checked by tests/rwlock_basic.phpt and rwlock_promote_release.phpt)
    $shown = ($sp === false ? '' : substr($v, 0, $sp + 1)) . (strlen($tok) === 32 ? '<token>' : $tok);
    return "writer $shown" . ($n ? ", $n members" : '') . $q;
}

/** "ok" if $r (a worker's result) is true, without exception, and ended within $bound s of hrtime $t. */
function got(array $r, int $t, float $bound): string
{
    if ($r['r'] !== true || $r['e'] !== null) {
        return 'failed: ' . json_encode($r);
    }
    $took = ($r['t1'] - $t) / 1e9;
    return $took < $bound ? 'ok' : "late: $took s";
}

echo "-- the request's end releases read and write locks\n";
foreach (['return' => '', 'exit' => 'exit(0);', 'exception' => 'throw new Exception("end");'] as $end => $code) {
    $n = "$base-$end";
    [$rc, $out] = rl_run_php(rl_child_prelude() . '$n = ' . var_export($n, true) . ';
$l = new RedisLock(RL_TEST_SERVER);
$m = new RedisLock(RL_TEST_SERVER);
echo json_encode([$l->lockRead("$n-r", 0, 30), $m->lockRead("$n-r", 0, 30), $l->lockWrite("$n-w", 0, 30),
    $l->lockRead("$n-ro", 0, 30, "job"), $l->lockWrite("$n-wo", 0, 30, "job"), $l->lock("$n-p", 0, 30)]), "\n";
' . $code);
    echo "$end: rc $rc, ", strtok($out, "\n"), str_contains($out, 'Uncaught Exception: end') ? ', uncaught' : '', "\n";
    foreach (['r', 'w', 'ro', 'wo', 'p'] as $s) {
        echo "  $s: ", held($raw, "$n-$s"), "\n";
    }
    var_dump($l->lockWrite("$n-r", 0, 10), $l->lockRead("$n-w", 0, 10), $l->lockWrite("$n-wo", 0, 10), $l->unlockAll());
}

echo "-- a waiter is woken by its holder's end\n";
$n = "$base-wake";
$k = rw_keys($n);
[$a, $b] = RlWorker::warmedUp(2);
foreach ([['lockRead', 'lockWrite'], ['lockWrite', 'lockRead']] as [$hold, $wait]) {
    var_dump($a->call('lock', $hold, $n, 0, $life)['r']);
    $b->calls(['lock', $wait, $n, $timeout, $life]);
    rl_wait_queue_len($raw, $k['queue'], 1);
    $t = hrtime(true);
    [$rc, $out] = $a->finish();
    echo "$hold held, $wait waits: ", got($b->results()[0], $t, $soon), ", holder rc $rc", $out === '' ? '' : ": $out", "\n";
    echo '  ', held($raw, $n), "\n";
    var_dump($b->call('lock', 'unlock', $n)['r']);
    [$a, $b] = [$b, new RlWorker()];
    $b->warmUp();
}
$a->finish();
$b->finish();

echo "-- \$releaseAtRequestEnd false\n";
$n = "$base-keep";
// the kept reader's lifetime: long enough for this test to look at it, then waited out
$readLife = 3 * rl_slowdown();
[$rc, $out] = rl_run_php(rl_child_prelude() . '$n = ' . var_export($n, true) . ';
$l = new RedisLock(RL_TEST_SERVER);
$r = [$l->lockWrite("$n-wo", 0, 30, "job-1", false), $l->lockWrite("$n-wt", 0, 30, null, false),
    $l->lockRead("$n-rk", 0, ' . var_export($readLife, true) . ', null, false), $l->lockRead("$n-r", 0, 30),
    $l->lockWrite("$n-w", 0, 30)];
// a demotion and a promotion say anew whether the lock is kept
$r[] = $l->lockWrite("$n-d1", 0, 30, null, false) && $l->lockRead("$n-d1", 0, 30);
$r[] = $l->lockWrite("$n-d2", 0, 30) && $l->lockRead("$n-d2", 0, ' . var_export($readLife, true) . ', null, false);
$r[] = $l->lockRead("$n-p1", 0, 30, null, false) && $l->lockWrite("$n-p1", 0, 30);
$r[] = $l->lockRead("$n-p2", 0, 30) && $l->lockWrite("$n-p2", 0, 30, null, false);
echo json_encode($r), "\n", $l->owner("$n-wt"), "\n";
');
[$o1, $token] = explode("\n", $out);
echo "rc $rc, $o1\n";
var_dump(strlen($token), $token[0]);
foreach (['wo', 'wt', 'rk', 'r', 'w', 'd1', 'd2', 'p1', 'p2'] as $s) {
    echo "  $s: ", held($raw, "$n-$s"), "\n";
}
// another process releases the kept writers given the owner (or the token): a reader queued is woken
$w = new RlWorker();
$w->warmUp();
$w->calls(['lock', 'lockRead', "$n-wo", $timeout, $life]);
rl_wait_queue_len($raw, rw_keys("$n-wo")['queue'], 1);
$t = hrtime(true);
var_dump($l->isLocking("$n-wo"), $l->isLocking("$n-wo", 'job-1'), $l->unlock("$n-wo", 'job-1'));
echo 'reader queued on it: ', got($w->results()[0], $t, $soon), "\n";
var_dump($w->call('lock', 'unlock', "$n-wo")['r']);
var_dump($l->unlock("$n-wt", $token), $l->forceUnlock("$n-p2"));
// the kept readers: nobody can release them from outside; a writer gets each when its lifetime ends
var_dump($l->lockWrite("$n-rk"), $l->forceUnlock("$n-rk"), $l->owner("$n-rk"));
$w->calls(['lock', 'lockWrite', "$n-rk", $timeout, $life]);
rl_wait_queue_len($raw, rw_keys("$n-rk")['queue'], 1);
$r = $w->results()[0];
var_dump($r['r'], $r['e'], held($raw, "$n-rk"), $w->call('lock', 'unlock', "$n-rk")['r']);
var_dump($l->lockWrite("$n-d2", $timeout, 10), $l->unlock("$n-d2"));
$w->finish();
foreach (['wo', 'wt', 'rk', 'd2', 'p2'] as $s) {
    echo "  $s: ", held($raw, "$n-$s"), "\n";
}

echo "-- unlockAll() releases kept read and write locks\n";
$n = "$base-all";
$m = new RedisLock(RL_TEST_SERVER);
var_dump($m->lockRead("$n-r", 0, 30, null, false), $m->lockRead("$n-r", 0, 30, 'job', false),
    $m->lockWrite("$n-w", 0, 30, null, false), $m->lockWrite("$n-wo", 0, 30, 'job', false), $m->lock("$n-p", 0, 30, 100000, null, false));
var_dump(held($raw, "$n-r"), $m->unlockAll());
foreach (['r', 'w', 'wo', 'p'] as $s) {
    echo "  $s: ", held($raw, "$n-$s"), "\n";
}

echo "-- nothing left\n";
unset($l, $m);
$left = $raw->cmd('KEYS', "*$base*");
var_dump(array_values(array_filter($left, fn ($key) => !str_ends_with($key, ':wt') && !str_contains($key, ':ww'))));
var_dump(array_values(array_filter($left, fn ($key) => $raw->cmd('PTTL', $key) < 0)));
?>
--EXPECT--
-- the request's end releases read and write locks
return: rc 0, [true,true,true,true,true,true]
  r: free
  w: free
  ro: free
  wo: free
  p: free
bool(true)
bool(true)
bool(true)
bool(true)
exit: rc 0, [true,true,true,true,true,true]
  r: free
  w: free
  ro: free
  wo: free
  p: free
bool(true)
bool(true)
bool(true)
bool(true)
exception: rc 255, [true,true,true,true,true,true], uncaught
  r: free
  w: free
  ro: free
  wo: free
  p: free
bool(true)
bool(true)
bool(true)
bool(true)
-- a waiter is woken by its holder's end
bool(true)
lockRead held, lockWrite waits: ok, holder rc 0
  writer <token>
bool(true)
bool(true)
lockWrite held, lockRead waits: ok, holder rc 0
  readers 1
bool(true)
-- $releaseAtRequestEnd false
rc 0, [true,true,true,true,true,true,true,true,true]
int(32)
string(1) "W"
  wo: writer job-1 <token>
  wt: writer <token>
  rk: readers 1
  r: free
  w: free
  d1: free
  d2: readers 1
  p1: free
  p2: writer <token>
bool(false)
bool(true)
bool(true)
reader queued on it: ok
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
string(2) "*r"
bool(true)
NULL
string(14) "writer <token>"
bool(true)
bool(true)
bool(true)
  wo: free
  wt: free
  rk: free
  d2: free
  p2: free
-- unlockAll() releases kept read and write locks
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
string(9) "readers 2"
bool(true)
  r: free
  w: free
  wo: free
  p: free
-- nothing left
array(0) {
}
array(0) {
}
