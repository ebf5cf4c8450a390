--TEST--
local hand-over (redislock.local_handover=1): 8 processes of one host x 150 lock/unlock on one key; an independent counter (INCR on entering must be 1, DECR before unlock) never sees two inside, every lock() and unlock() succeeds; Redis sees almost no wait-protocol blocks (BRPOPLPUSH/BLMOVE/BLPOP) against about one per acquisition with local_handover=0; the segment is /dev/shm/redislock-<euid>-<16 hex>, mode 0600; the key and its queue are gone at the end; 6 processes of this host and 2 of another (local_handover=0) on one key: never two inside, and the other host is not starved
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/local_helpers.inc';
$raw = new RawRedis();
$k = rl_slowdown();
$n = rl_under_valgrind() ? 3 : 8;        // in the valgrind pass the first RlWorker::TRACED are traced
$rounds = rl_under_valgrind() ? 40 : 150;

/** Calls so far of the commands a waiter blocks in (Redis 7: BRPOPLPUSH; later servers may count BLMOVE or BLPOP). */
function wait_blocks(RawRedis $raw): int
{
    // parsed without PCRE: its JIT code makes memcheck report uninitialised reads in the valgrind pass
    $sum = 0;
    foreach (explode("\n", $raw->cmd('INFO', 'commandstats')) as $line) {
        foreach (['brpoplpush', 'blmove', 'blpop'] as $c) {
            if (str_starts_with($line, "cmdstat_$c:calls=")) {
                $sum += (int)substr($line, strlen("cmdstat_$c:calls="));
            }
        }
    }
    return $sum;
}

/**
 * One run on a fresh key: a process per entry of $locals (true: local hand-over on) x $rounds;
 * returns [per-process results, wait blocks, [counter, EXISTS key, LLEN queue] at the end].
 */
function run(RawRedis $raw, array $locals, int $rounds, float $k): array
{
    $n = count($locals);
    $name = rl_unique('local-basic');
    $counter = rl_unique('local-basic-inside');
    $code = rl_child_prelude() . '$name = ' . var_export($name, true) . ';
$counter = ' . var_export($counter, true) . ';
$raw = new RawRedis();
$l = new RedisLock(RL_TEST_SERVER);
rl_warm_up($l);
echo "ready\n";
fgets(STDIN);
$acquired = $overlaps = $timeouts = $errors = 0;
for ($i = 0; $i < ' . $rounds . '; $i++) {
    try {
        if (!$l->lock($name, ' . 30 * $k . ', 10)) {
            $timeouts++;
            continue;
        }
        $acquired++;
        if ($raw->cmd("INCR", $counter) !== 1) {
            $overlaps++;
        }
        usleep(200);
        $raw->cmd("DECR", $counter);
        if (!$l->unlock($name)) {
            $errors++;
        }
    } catch (Throwable $e) {
        $errors++;
        fwrite(STDERR, get_class($e) . ": " . $e->getMessage() . "\n");
    }
}
// the segments this process mapped (parsed without PCRE, as wait_blocks())
$segs = [];
foreach (file("/proc/self/maps") ?: [] as $line) {
    if (($p = strpos($line, "/dev/shm/redislock-")) !== false) {
        $segs[rtrim(substr($line, $p))] = true;
    }
}
echo json_encode([$acquired, $overlaps, $timeouts, $errors, array_keys($segs)]), "\n";
';
    $children = [];
    for ($i = 0; $i < $n; $i++) {
        $children[$i] = new RlChild($code, rl_local_ini($locals[$i]), traced: $i < RlWorker::TRACED);
    }
    foreach ($children as $i => $c) {
        if (($l = $c->line(60 * $k)) !== 'ready') {
            echo "child $i not ready: $l\n";
        }
    }
    $before = wait_blocks($raw);
    foreach ($children as $c) {
        $c->write("go\n");
    }
    $res = [];
    foreach ($children as $i => $c) {
        $l = $c->line(300 * $k);
        $r = json_decode($l, true);
        if (!is_array($r)) {
            echo "child $i: $l\n";
            continue;
        }
        $res[$i] = $r;
        [$rc, $out] = $c->finish();
        if ($rc !== 0 || $out !== '') {
            echo "child $i: exit $rc, $out\n";
        }
    }
    $blocks = wait_blocks($raw) - $before;
    $key = "Lock:$name";
    $left = [$raw->cmd('GET', $counter), $raw->cmd('EXISTS', $key), $raw->cmd('LLEN', rl_lock_wait_keys($key)['queue'])];
    $raw->cmd('DEL', $counter);
    return [$res, $blocks, $left];
}

foreach ([true, false] as $local) {
    echo '-- local_handover=', (int)$local, "\n";
    [$res, $blocks[$local], $left] = run($raw, array_fill(0, $n, $local), $rounds, $k);
    $acq = array_sum(array_column($res, 0));
    $acquired[$local] = $acq;
    var_dump(count($res) === $n, $acq === $n * $rounds ?: "$acq acquisitions",
        array_sum(array_column($res, 1)), array_sum(array_column($res, 2)), array_sum(array_column($res, 3)));
    var_dump($left);
}
// the hand-overs went through shared memory: Redis saw a blocked waiter for at most a tenth of the acquisitions
// (in practice none: one process of the host at a time is in Redis, and it finds the key free), where the
// global protocol alone blocks for most of them
var_dump($blocks[1] * 10 <= $acquired[1] ? 'local: few blocks' : "local: {$blocks[1]} blocks for {$acquired[1]} acquisitions");
var_dump($blocks[0] > 2 * $blocks[1] + 10 ? 'global: more blocks'
    : "global: {$blocks[0]} blocks, local {$blocks[1]}, for {$acquired[0]} acquisitions");
// two hosts on one key: 6 processes of this host (local hand-over) and 2 of another (global protocol
// alone): never two inside, and the other host is not starved (the host gives the key back to Redis
// after 16 local hand-overs): every one of its lock() calls succeeds within its timeout
echo "-- 6 processes of this host, 2 of another\n";
$locals = rl_under_valgrind() ? [true, false, true] : [true, true, true, true, true, true, false, false];
[$res, , $left] = run($raw, $locals, $rounds, $k);
$byHost = [0, 0];
foreach ($res as $i => $r) {
    $byHost[(int)$locals[$i]] += $r[0];
}
var_dump(count($res) === count($locals), $byHost[0] === (count($locals) - array_sum($locals)) * $rounds ?: $byHost,
    $byHost[1] === array_sum($locals) * $rounds ?: $byHost,
    array_sum(array_column($res, 1)), array_sum(array_column($res, 2)), array_sum(array_column($res, 3)));
var_dump($left);
// the segment the local processes mapped (only theirs: other tests running beside this one plant
// segments of other modes under their own prefixes): this user's, mode 0600, named
// /dev/shm/redislock-<euid>-<16 hex> (or redislock-v<layout version>-<euid>-<16 hex>: a version in
// the name keeps builds with another layout apart)
$euid = (string)fileowner('/proc/self/status');
$mapped = [];
foreach ($res as $i => $r) {
    if ($locals[$i]) {
        foreach ($r[4] as $f) {
            $mapped[$f] = true;
        }
    }
}
$bad = [];
foreach (array_keys($mapped) as $f) {
    $parts = explode('-', basename($f));
    if (count($parts) === 4 && strlen($parts[1]) > 1 && $parts[1][0] === 'v' && strspn($parts[1], '0123456789', 1) === strlen($parts[1]) - 1) {
        array_splice($parts, 1, 1);
    }
    clearstatcache();
    $st = @stat($f);
    if (dirname($f) !== '/dev/shm' || count($parts) !== 3 || $parts[0] !== 'redislock' || $parts[1] !== $euid
        || strlen($parts[2]) !== 16 || strspn($parts[2], '0123456789abcdef') !== 16
        || $st === false || ($st['mode'] & 07777) !== 0600 || $st['uid'] !== (int)$euid) {
        $bad[] = $f . ($st === false ? ' (gone)' : sprintf(' (mode %04o, uid %d)', $st['mode'] & 07777, $st['uid']));
    }
}
var_dump(count($mapped) === 1 ?: array_keys($mapped), $bad === [] ?: $bad);
?>
--EXPECT--
-- local_handover=1
bool(true)
bool(true)
int(0)
int(0)
int(0)
array(3) {
  [0]=>
  string(1) "0"
  [1]=>
  int(0)
  [2]=>
  int(0)
}
-- local_handover=0
bool(true)
bool(true)
int(0)
int(0)
int(0)
array(3) {
  [0]=>
  string(1) "0"
  [1]=>
  int(0)
  [2]=>
  int(0)
}
string(17) "local: few blocks"
string(19) "global: more blocks"
-- 6 processes of this host, 2 of another
bool(true)
bool(true)
bool(true)
int(0)
int(0)
int(0)
array(3) {
  [0]=>
  string(1) "0"
  [1]=>
  int(0)
  [2]=>
  int(0)
}
bool(true)
bool(true)
