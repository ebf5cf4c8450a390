--TEST--
lockRead()/lockWrite() waiting, FIFO and fair: behind a reader, a writer W1 queues, then readers R2 and R3 queue behind it (not admitted although only a reader holds) and a writer W4 after them, and newcomers are refused while they wait; the holder's unlock() hands the lock to W1 alone (its token in the key), W1's unlock() to R2 and R3 together (both hold, the reader set is exactly theirs), their unlocks to W4 only after the last of them; each hand-over reaches its waiter within 1 s (a check-in is due every 5 s). A waiter costs its join and one block: a reader behind a writer sends EVALSHA (try), EVALSHA (join) + BRPOPLPUSH, a writer SET NX, EVALSHA + BRPOPLPUSH, nothing more while it waits 2 s and after its wake-up; a release is EVALSHA + LREM. A lockRead() that times out returns false after its timeout and leaves no queue entry nor wake list; a writer at the head that times out lets the readers behind it in at once; a writer's demotion lets the readers at the queue's head in (not a writer queued behind them); an end moved sooner (a reader's or a writer's expire() or re-lock, a demotion, a promotion, the last-ending reader left alone by an unlock()) wakes the writer at the head at the new end (not before it, soon after it, before its check-in); forceUnlock() of a writer and unlock() given a writer's owner from another object serve the read/write queue; 4 processes taking read and write locks 24 times over never believe to hold a write lock beside any other holder; the same with a binary name, a name with a "}" and no tag, no prefix, a prefix starting with "r" (wait keys marked "RL:")
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$base = rl_unique('rw-wait');
$life = 30 * rl_slowdown();
$timeout = 20 * rl_slowdown();
// a hand-over reaches its waiter "soon": well before the 5 s check-in that would find it otherwise
$soon = min(2.5, 1.0 * rl_slowdown());

/** The lock key and its wait keys (queue, served list, wake prefix, reader set) of $name. */
function rw_keys(string $name): array
{
    return ['key' => "Lock:$name"] + rl_rw_wait_keys("Lock:$name");
}

/** The queue's entries as "<kind><token>" (kind r or w), waiting until it holds $n of them. */
function queued(RawRedis $raw, array $k, int $n): array
{
    return rl_wait_queue_len($raw, $k['queue'], $n);
}

/** The sorted members of the reader set. */
function readers(RawRedis $raw, array $k): array
{
    $m = $raw->cmd('ZRANGE', $k['readers'], '0', '-1');
    sort($m);
    return $m;
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

/** Which of $workers have a reply pending after a short pause (they should still be blocked). */
function pending(array $workers): string
{
    usleep((int)(200000 * min(rl_slowdown(), 3)));
    $p = array_keys(array_filter($workers, fn ($w) => $w->pending()));
    return $p ? 'pending: ' . implode(',', $p) : 'none pending';
}

$workers = RlWorker::warmedUp(4);
// each worker runs every read/write script once on a name of its own, so none is sent by EVAL below
foreach ($workers as $i => $w) {
    $warm = "$base-warm-$i";
    $w->calls(['lock', 'lockRead', $warm, 0, 5], ['lock', 'lockWrite', $warm, 0, 5], ['lock', 'lockRead', $warm, 0, 5],
        ['lock', 'expire', $warm, 5], ['lock', 'remaining', $warm], ['lock', 'unlock', $warm]);
}
foreach ($workers as $i => $w) {
    foreach ($w->results() as $r) {
        if ($r['r'] === false || $r['e'] !== null) {
            echo "warm-up $i: ", json_encode($r), "\n";
        }
    }
}
[$w1, $r2, $r3, $w4] = $workers;
$holder = new RedisLock(RL_TEST_SERVER);
$other = new RedisLock(RL_TEST_SERVER);

echo "-- FIFO: W1, R2, R3, W4 behind a reader\n";
$n = "$base-fifo";
$k = rw_keys($n);
var_dump($holder->lockRead($n, 0, $life));
$w1->calls(['lock', 'lockWrite', $n, $timeout, $life], ['lock', 'isLocking', $n]);
queued($raw, $k, 1);
$r2->calls(['lock', 'lockRead', $n, $timeout, $life], ['lock', 'isLocking', $n]);
queued($raw, $k, 2);
$r3->calls(['lock', 'lockRead', $n, $timeout, $life], ['lock', 'isLocking', $n]);
queued($raw, $k, 3);
$w4->calls(['lock', 'lockWrite', $n, $timeout, $life], ['lock', 'isLocking', $n]);
$q = queued($raw, $k, 4);
echo 'queue: ', implode(' ', array_map(fn ($e) => $e[0], $q)), "\n";
$tok = array_map(fn ($e) => substr($e, 1), $q);   // W1, R2, R3, W4
var_dump(count(array_unique($tok)), $tok[0][0], $tok[3][0]);
// only the holder reads: the readers queued behind W1 were not admitted
var_dump($raw->cmd('GET', $k['key']), $raw->cmd('ZCARD', $k['readers']));
echo pending($workers), "\n";
// newcomers neither pass the queue nor join it with no time to wait
var_dump($other->lockRead($n), $other->lockWrite($n), $other->lock($n), $raw->cmd('LLEN', $k['queue']));

$t = hrtime(true);
var_dump($holder->unlock($n));
[$a, $b] = $w1->results();
echo 'W1: ', got($a, $t, $soon), ', isLocking ', var_export($b['r'], true), "\n";
var_dump($raw->cmd('GET', $k['key']) === $tok[0], $raw->cmd('EXISTS', $k['readers']));
echo pending([1 => $r2, 2 => $r3, 3 => $w4]), "\n";
echo 'queue: ', implode(' ', array_map(fn ($e) => $e[0], queued($raw, $k, 3))), "\n";

$t = hrtime(true);
$w1->calls(['lock', 'unlock', $n]);
[$a, $b] = $r2->results();
[$c, $d] = $r3->results();
echo 'R2: ', got($a, $t, $soon), ', isLocking ', var_export($b['r'], true), "\n";
echo 'R3: ', got($c, $t, $soon), ', isLocking ', var_export($d['r'], true), "\n";
var_dump($w1->results()[0]['r']);
// both hold at once (neither has let go yet): the reader set is exactly theirs
var_dump($raw->cmd('GET', $k['key']), readers($raw, $k) === [min($tok[1], $tok[2]), max($tok[1], $tok[2])]);
echo pending([3 => $w4]), "\n";
var_dump($other->lockRead($n), $raw->cmd('LLEN', $k['queue']));

var_dump($r2->call('lock', 'unlock', $n)['r']);
echo pending([3 => $w4]), "\n";
var_dump(readers($raw, $k) === [$tok[2]]);
$t = hrtime(true);
$r3->calls(['lock', 'unlock', $n]);
[$a, $b] = $w4->results();
echo 'W4: ', got($a, $t, $soon), ', isLocking ', var_export($b['r'], true), "\n";
var_dump($r3->results()[0]['r'], $raw->cmd('GET', $k['key']) === $tok[3], $raw->cmd('EXISTS', $k['readers']));
var_dump($w4->call('lock', 'unlock', $n)['r'], $raw->cmd('EXISTS', $k['key'], $k['queue'], $k['readers']));

echo "-- what a waiter and a release cost\n";
$n = "$base-cost";
$k = rw_keys($n);
$addr = [rl_client_addr($raw, $w1->pid), rl_client_addr($raw, $r2->pid)];
$mon = new RlMonitor();
var_dump($holder->lockWrite($n, 0, $life));
$mon->commands();
// (the workers ran every script before: each goes by EVALSHA)
$cmds = fn (array $seen, string $addr) => implode(' ', rl_commands_of($seen, $addr));
$r2->calls(['lock', 'lockRead', $n, $timeout, $life]);
queued($raw, $k, 1);
usleep(2000000);
$t = hrtime(true);
var_dump($holder->unlock($n));
echo 'R2: ', got($r2->results()[0], $t, $soon), "\n";
$seen = $mon->commands();
echo 'reader waiting 2 s: ', $cmds($seen, $addr[1]), "\n";
$w1->calls(['lock', 'lockWrite', $n, $timeout, $life]);
queued($raw, $k, 1);
usleep(2000000);
$t = hrtime(true);
$r2->calls(['lock', 'unlock', $n]);
echo 'W1: ', got($w1->results()[0], $t, $soon), "\n";
var_dump($r2->results()[0]['r']);
$seen = $mon->commands();
echo 'writer waiting 2 s: ', $cmds($seen, $addr[0]), "\n";
echo 'release handing over: ', $cmds($seen, $addr[1]), "\n";
$w1->calls(['lock', 'unlock', $n]);
var_dump($w1->results()[0]['r']);
echo 'release, nobody waiting: ', $cmds($mon->commands(), $addr[0]), "\n";
unset($mon);
var_dump($raw->cmd('EXISTS', $k['key'], $k['queue'], $k['readers']));

echo "-- timeouts\n";
$n = "$base-timeout";
$k = rw_keys($n);
var_dump($holder->lockWrite($n, 0, $life));
$r = $r2->call('lock', 'lockRead', $n, 0.5, $life);
$took = ($r['t1'] - $r['t0']) / 1e9;
var_dump($r['r'], $r['e'], $took >= 0.49 ? 'not before its timeout' : "after $took s",
    $took < 0.5 + $soon ? 'soon after it' : "after $took s");
var_dump($raw->cmd('EXISTS', $k['queue']), $raw->cmd('KEYS', $k['wake'] . '*'), $raw->cmd('EXISTS', $k['readers']));
var_dump($holder->unlock($n), $raw->cmd('EXISTS', $k['key']));
// a writer at the head gives up: the readers behind it come in at once (only readers hold)
var_dump($holder->lockRead($n, 0, $life));
$w1->calls(['lock', 'lockWrite', $n, 1.0 * rl_slowdown(), $life]);
queued($raw, $k, 1);
$r2->calls(['lock', 'lockRead', $n, $timeout, $life]);
queued($raw, $k, 2);
$a = $w1->results()[0];
var_dump($a['r'], $a['e']);
echo 'R2: ', got($r2->results()[0], $a['t1'], $soon), "\n";
var_dump($raw->cmd('ZCARD', $k['readers']), $raw->cmd('EXISTS', $k['queue']));
var_dump($r2->call('lock', 'unlock', $n)['r'], $holder->unlock($n), $raw->cmd('EXISTS', $k['key'], $k['queue'], $k['readers']));

echo "-- a demotion lets the readers at the head in, not the writer behind them\n";
$n = "$base-demote";
$k = rw_keys($n);
var_dump($holder->lockWrite($n, 0, $life));
$r2->calls(['lock', 'lockRead', $n, $timeout, $life]);
queued($raw, $k, 1);
$r3->calls(['lock', 'lockRead', $n, $timeout, $life]);
queued($raw, $k, 2);
$w4->calls(['lock', 'lockWrite', $n, $timeout, $life]);
[, , $tw4] = queued($raw, $k, 3);
$t = hrtime(true);
var_dump($holder->lockRead($n, 0, $life));
echo 'R2: ', got($r2->results()[0], $t, $soon), ', R3: ', got($r3->results()[0], $t, $soon), "\n";
var_dump($raw->cmd('GET', $k['key']), $raw->cmd('ZCARD', $k['readers']), queued($raw, $k, 1) === [$tw4]);
echo pending([3 => $w4]), "\n";
var_dump($r2->call('lock', 'unlock', $n)['r'], $r3->call('lock', 'unlock', $n)['r']);
echo pending([3 => $w4]), "\n";
$t = hrtime(true);
var_dump($holder->unlock($n));
echo 'W4: ', got($w4->results()[0], $t, $soon), "\n";
var_dump($w4->call('lock', 'unlock', $n)['r'], $raw->cmd('EXISTS', $k['key'], $k['queue'], $k['readers']));

echo "-- an end moved sooner is told to the writer at the head (it blocks a 5 s check-in behind 30 s)\n";
$second = new RedisLock(RL_TEST_SERVER);
$cuts = [
    "a reader's expire()" => ['lockRead', fn (string $n) => $holder->expire($n, 0.5)],
    "a reader's lockRead() again" => ['lockRead', fn (string $n) => $holder->lockRead($n, 0, 0.5)],
    "a writer's expire()" => ['lockWrite', fn (string $n) => $holder->expire($n, 0.5)],
    "a writer's lockWrite() again" => ['lockWrite', fn (string $n) => $holder->lockWrite($n, 0, 0.5)],
    'a demotion' => ['lockWrite', fn (string $n) => $holder->lockRead($n, 0, 0.5)],
    'a promotion' => ['lockRead', fn (string $n) => $holder->lockWrite($n, 0, 0.5)],
    // the other reader's 1.5 s is the readers' end once the 30 s one lets go
    "the last reader's unlock()" => ['lockRead', fn (string $n) => $holder->unlock($n)],
];
foreach (array_keys($cuts) as $i => $what) {
    [$take, $cut] = $cuts[$what];
    $n = "$base-cut-$i";
    $k = rw_keys($n);
    $ok = $holder->$take($n, 0, $life);
    if ($what === "the last reader's unlock()") {
        $ok = $ok && $second->lockRead($n, 0, 1.5);
    }
    $w1->calls(['lock', 'lockWrite', $n, $timeout, $life]);
    queued($raw, $k, 1);
    usleep(300000);
    $t = hrtime(true);
    $ok = $ok && $cut($n);
    // the new end, on the server's clock, as a moment of hrtime (now, if it passed already)
    $p = $raw->cmd('PTTL', $k['key']);
    $end = hrtime(true) + max(0, $p === -2 ? 0 : $p) * 1000000;
    $a = $w1->results()[0];
    $after = ($a['t1'] - $end) / 1e9;
    echo "$what: ", var_export($ok && $a['r'] === true, true), ', ',
        $after >= -0.02 ? 'not before the new end' : "$after s after it", ', ',
        $after < $soon ? 'soon after it' : "$after s after it", ', ',
        $after + ($end - $t) / 1e9 < 4.0 ? 'before the check-in' : 'at the check-in', "\n";
    $holder->unlock($n);
    $second->unlock($n);
    var_dump($w1->call('lock', 'unlock', $n)['r'], $raw->cmd('EXISTS', $k['key'], $k['queue'], $k['readers']));
}

echo "-- forceUnlock() of a writer, unlock() given a writer's owner: the read/write queue is served\n";
$n = "$base-force";
$k = rw_keys($n);
var_dump($holder->lockWrite($n, 0, $life));
$r2->calls(['lock', 'lockRead', $n, $timeout, $life]);
queued($raw, $k, 1);
$r3->calls(['lock', 'lockRead', $n, $timeout, $life]);
queued($raw, $k, 2);
$t = hrtime(true);
var_dump($other->forceUnlock($n));
echo 'R2: ', got($r2->results()[0], $t, $soon), ', R3: ', got($r3->results()[0], $t, $soon), "\n";
var_dump($holder->isLocking($n), $raw->cmd('GET', $k['key']), $raw->cmd('ZCARD', $k['readers']));
var_dump($other->forceUnlock($n), $r2->call('lock', 'unlock', $n)['r'], $r3->call('lock', 'unlock', $n)['r']);
var_dump($holder->lockWrite($n, 0, $life, 'job-7'));
$w1->calls(['lock', 'lockWrite', $n, $timeout, $life]);
queued($raw, $k, 1);
$t = hrtime(true);
var_dump($other->unlock($n, 'job-7'));
echo 'W1: ', got($w1->results()[0], $t, $soon), "\n";
var_dump($holder->isLocking($n, 'job-7'), $w1->call('lock', 'unlock', $n)['r']);
var_dump($raw->cmd('EXISTS', $k['key'], $k['queue'], $k['readers']));

echo "-- under contention: a writer never holds beside anyone\n";
$n = "$base-mutex";
$k = rw_keys($n);
$patterns = ['rrwrrw', 'rwrrwr', 'wrrwrr', 'rrrwww'];
foreach ($workers as $i => $w) {
    $calls = [];
    foreach (str_split($patterns[$i]) as $kind) {
        $calls[] = ['lock', $kind === 'r' ? 'lockRead' : 'lockWrite', $n, $timeout, $life];
        $calls[] = ['php', 'usleep', 20000];
        $calls[] = ['lock', 'unlock', $n];
    }
    $w->calls(...$calls);
}
$held = [];   // [worker, kind, from (the lock() returned), to (the unlock() began)]
$failed = [];
foreach ($workers as $i => $w) {
    $res = $w->results();
    foreach (str_split($patterns[$i]) as $j => $kind) {
        [$lock, , $unlock] = array_slice($res, 3 * $j, 3);
        if ($lock['r'] !== true || $unlock['r'] !== true || $lock['e'] !== null || $unlock['e'] !== null) {
            $failed[] = "worker $i #$j: " . json_encode([$lock, $unlock]);
        }
        $held[] = [$i, $kind, $lock['t1'], $unlock['t0']];
    }
}
$overlaps = [];
foreach ($held as $x => [$i, $kind, $from, $to]) {
    foreach ($held as $y => [$j, $kind2, $from2, $to2]) {
        if ($x < $y && $i !== $j && ($kind === 'w' || $kind2 === 'w') && $from < $to2 && $from2 < $to) {
            $overlaps[] = "worker $i ($kind) and worker $j ($kind2)";
        }
    }
}
var_dump(count($held), $failed, $overlaps);
var_dump($raw->cmd('EXISTS', $k['key'], $k['queue'], $k['readers']));

echo "-- names and prefixes: the wait keys where tests/lock_helpers.inc says (\"RL:\" for a prefix starting with \"r\")\n";
foreach ([['Lock:', "$base-bin\0\xff{x}"], ['rw:', "$base-r"], ['', "$base-bare"], ['Lock:', "$base-a}b"]] as [$prefix, $n]) {
    $key = $prefix . $n;
    $k = ['key' => $key] + rl_rw_wait_keys($key, $prefix);
    $l = new RedisLock(RL_TEST_SERVER, ['prefix' => $prefix]);
    $w = new RlWorker(RL_TEST_SERVER, ['prefix' => $prefix]);
    $w->warmUp();
    $r = [$l->lockRead($n, 0, $life), $raw->cmd('GET', $key), $raw->cmd('ZCARD', $k['readers'])];
    $w->calls(['lock', 'lockWrite', $n, $timeout, $life]);
    $r[] = count(queued($raw, $k, 1));
    $t = hrtime(true);
    $r[] = $l->unlock($n);
    $r[] = got($w->results()[0], $t, $soon);
    $r[] = $w->call('lock', 'unlock', $n)['r'];
    $r[] = $raw->cmd('EXISTS', $key, $k['queue'], $k['readers']);
    echo str_replace($base, '<base>', json_encode([$prefix, $n, $r], JSON_INVALID_UTF8_SUBSTITUTE)), "\n";
    $w->finish();
}

foreach ($workers as $w) {
    $w->finish();
}
echo "-- nothing left\n";
$left = $raw->cmd('KEYS', "*$base*");
var_dump(array_values(array_filter($left, fn ($key) => !str_ends_with($key, ':wt') && !str_contains($key, ':ww'))));
var_dump(array_values(array_filter($left, fn ($key) => $raw->cmd('PTTL', $key) < 0)));
?>
--EXPECT--
-- FIFO: W1, R2, R3, W4 behind a reader
bool(true)
queue: w r r w
int(4)
string(1) "W"
string(1) "W"
string(2) "*r"
int(1)
none pending
bool(false)
bool(false)
bool(false)
int(4)
bool(true)
W1: ok, isLocking true
bool(true)
int(0)
none pending
queue: r r w
R2: ok, isLocking true
R3: ok, isLocking true
bool(true)
string(2) "*r"
bool(true)
none pending
bool(false)
int(1)
bool(true)
none pending
bool(true)
W4: ok, isLocking true
bool(true)
bool(true)
int(0)
bool(true)
int(0)
-- what a waiter and a release cost
bool(true)
bool(true)
R2: ok
reader waiting 2 s: evalsha evalsha brpoplpush
W1: ok
bool(true)
writer waiting 2 s: set evalsha brpoplpush
release handing over: evalsha lrem
bool(true)
release, nobody waiting: evalsha lrem
int(0)
-- timeouts
bool(true)
bool(false)
NULL
string(22) "not before its timeout"
string(13) "soon after it"
int(0)
array(0) {
}
int(0)
bool(true)
int(0)
bool(true)
bool(false)
NULL
R2: ok
int(2)
int(0)
bool(true)
bool(true)
int(0)
-- a demotion lets the readers at the head in, not the writer behind them
bool(true)
bool(true)
R2: ok, R3: ok
string(2) "*r"
int(3)
bool(true)
none pending
bool(true)
bool(true)
none pending
bool(true)
W4: ok
bool(true)
int(0)
-- an end moved sooner is told to the writer at the head (it blocks a 5 s check-in behind 30 s)
a reader's expire(): true, not before the new end, soon after it, before the check-in
bool(true)
int(0)
a reader's lockRead() again: true, not before the new end, soon after it, before the check-in
bool(true)
int(0)
a writer's expire(): true, not before the new end, soon after it, before the check-in
bool(true)
int(0)
a writer's lockWrite() again: true, not before the new end, soon after it, before the check-in
bool(true)
int(0)
a demotion: true, not before the new end, soon after it, before the check-in
bool(true)
int(0)
a promotion: true, not before the new end, soon after it, before the check-in
bool(true)
int(0)
the last reader's unlock(): true, not before the new end, soon after it, before the check-in
bool(true)
int(0)
-- forceUnlock() of a writer, unlock() given a writer's owner: the read/write queue is served
bool(true)
bool(true)
R2: ok, R3: ok
bool(false)
string(2) "*r"
int(2)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
W1: ok
bool(false)
bool(true)
int(0)
-- under contention: a writer never holds beside anyone
int(24)
array(0) {
}
array(0) {
}
int(0)
-- names and prefixes: the wait keys where tests/lock_helpers.inc says ("RL:" for a prefix starting with "r")
["Lock:","<base>-bin\u0000\ufffd{x}",[true,"*r",1,1,true,"ok",true,0]]
["rw:","<base>-r",[true,"*r",1,1,true,"ok",true,0]]
["","<base>-bare",[true,"*r",1,1,true,"ok",true,0]]
["Lock:","<base>-a}b",[true,"*r",1,1,true,"ok",true,0]]
-- nothing left
array(0) {
}
array(0) {
}
