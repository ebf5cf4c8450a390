--TEST--
Local hand-over: a segment that is not ours or not sound (bad magic, another server's, wrong size, mode 0644, empty) is refused and left as it is; the locks take the global protocol and still exclude; phpinfo() says why
--SKIPIF--
<?php
require __DIR__ . '/skipif.inc';
if (PHP_OS_FAMILY !== 'Linux' || !is_dir('/dev/shm')) die('skip Linux with /dev/shm only');
?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/local_helpers_b.inc';

$server = RL_TEST_SERVER;
$prefix = rl_lb_prefix('bad');
$opts = ['prefix' => $prefix];
$seg = rl_lb_segment_for($server, $prefix);          // the segment of ($server, $prefix), made by a lock
$good = file_get_contents($seg);
$other = rl_lb_segment_for($server, rl_lb_prefix('bad-other'));   // another prefix's: another identity
$otherSeg = file_get_contents($other);
$name = rl_unique('bad-seg');
$key = $prefix . $name;
$on = 'on (one server, no min_replicas; others take the global protocol)';

/** Plants $content (mode $mode) under the segment's name; nobody maps it now. */
$plant = function (string $content, int $mode = 0600) use ($seg): void {
    @unlink($seg);
    file_put_contents($seg, $content);
    chmod($seg, $mode);
};
/** A child with the hand-over on: lock+unlock, then phpinfo()'s row and whether it mapped a segment. */
$probe = function () use ($opts, $on): string {
    [$rc, $out] = rl_lb_run('$l = new RedisLock(RL_TEST_SERVER, ' . var_export($opts, true) . ');
        $n = "probe-" . getmypid();
        echo "lock ", var_export($l->lock($n, 1, 5), true), " ", var_export($l->unlock($n), true), "\n";'
        . RL_LB_PRINT_ROW . RL_LB_PRINT_MAPS, RL_LB_ON);
    return (str_contains($out, "lock true true\n") ? 'locks' : "LOCK FAILED ($out)") . ', row: '
        . (preg_match('/^row (.*)$/m', $out, $m) ? str_replace($on, 'ON', $m[1]) : 'none')
        . ', mapped: ' . (str_contains($out, "\nseg ") ? 'yes' : 'no') . ($rc ? " (exit $rc)" : '');
};
$unchanged = function (string $content, int $mode) use ($seg): string {
    clearstatcache();
    return var_export(file_get_contents($seg) === $content && (fileperms($seg) & 0777) === $mode, true);
};

// the control: with the segment sound, B waits behind A in the host's slot, not in Redis
$a = new RlLbWorker($server, $opts);
$b = new RlLbWorker($server, $opts);
rl_lb_exclusion('sound segment', $a, $b, $server, $key, $name);
$a->finish();
$b->finish();

$cases = [
    'bad magic' => ['NOTMAGIC' . substr($good, 8), 0600],
    'another server\'s' => [$otherSeg, 0600],
    'wrong size' => [substr($good, 0, 4096), 0600],
    'too big' => [$good . str_repeat("\0", 4096), 0600],
    'mode 0644' => [$good, 0644],
];
foreach ($cases as $label => [$content, $mode]) {
    $plant($content, $mode);
    echo "$label: ", $probe(), "\n";
    $a = new RlLbWorker($server, $opts);
    $b = new RlLbWorker($server, $opts);
    rl_lb_exclusion($label, $a, $b, $server, $key, $name);
    $a->finish();
    $b->finish();
    echo "$label: left as planted: ", $unchanged($content, $mode), "\n";
}

// the bad magic again, under contention: 4 processes x 25 acquisitions, an independent check of overlaps
$plant('NOTMAGIC' . substr($good, 8));
$counter = rl_unique('bad-seg-inside');
$sum = rl_lb_contend(4, RL_LB_ON, rl_lb_contender_code($server, $opts, $name, $counter, 25, 30 * rl_slowdown(), 10, 2000),
    120 * rl_slowdown());
echo "contention: {$sum['reports']} reports, {$sum['ok']} acquisitions, {$sum['overlaps']} overlaps, {$sum['notAcquired']} not acquired, ",
    "{$sum['lost']} lost, ", count($sum['errors']), " errors", $sum['bad'] || $sum['errors'] ? ': ' . json_encode($sum) : '', "\n";
echo "contention: left as planted: ", $unchanged('NOTMAGIC' . substr($good, 8), 0600), "; key left: ",
    (new RawRedis())->cmd('EXISTS', $key), "\n";

// a segment whose creator died before it set it up (all zeros, an old file): replaced by a sound one
$plant(str_repeat("\0", strlen($good)));
touch($seg, time() - 60);
echo "stale, never set up: ", $probe(), "; now sound: ",
    var_export(rl_lb_segment_usage($seg) === ['slots' => 0, 'waiters' => 0], true), "\n";

// an empty file (a creator that died between creating it and sizing it): the locks work, and do not
// pay for waiting on it at every lock() (at most 3 s for 30 lock+unlock: one wait of 0.2 s each is 6 s)
$plant('');
touch($seg, time() - 60);
[$rc, $out] = rl_lb_run('$l = new RedisLock(RL_TEST_SERVER, ' . var_export($opts, true) . ');
    $t = microtime(true);
    $ok = 0;
    for ($i = 0; $i < 30; $i++) { $ok += $l->lock("empty", 1, 5) && $l->unlock("empty"); }
    $took = microtime(true) - $t;
    echo "locks: $ok of 30, ", $took < 3.0 ? "in time" : sprintf("took %.3f s", $took), "\n";', RL_LB_ON);
echo "stale, empty: ", trim($out), "\n";

// two prefixes whose identities ("tcp|host|port|db|prefix") collide in PHP's string hash (DJBX33A:
// "Ez" and "FY" hash alike) are two identities all the same: a process that uses both maps a segment
// for each (a process that had only the second would map the second's: the first's is not ours)
$collide = rtrim(rl_lb_prefix('coll'), ':');
[$rc, $out] = rl_lb_run('foreach (["Ez:", "FY:"] as $p) {
        $l = new RedisLock(RL_TEST_SERVER, ["prefix" => ' . var_export($collide, true) . ' . $p]);
        echo "lock ", var_export($l->lock("n", 1, 5), true), " ", var_export($l->unlock("n"), true), "\n";
    }' . RL_LB_PRINT_MAPS, RL_LB_ON);
preg_match_all('~^seg (\S+)$~m', $out, $m);
rl_lb_forget_segments_at_end($m[1]);
echo "colliding prefixes: ", substr_count($out, "lock true true\n"), " locked, segments mapped: ", count(array_unique($m[1])), "\n";

@unlink($seg);
echo "removed: ", var_export(!file_exists($seg), true), "\n";
?>
--EXPECT--
sound segment: A locks: true; key is a token: true
sound segment: B cannot: false, in time
sound segment: B waits in Redis: false; B still waiting: true
sound segment: A unlocks: true
sound segment: B gets it: true; B unlocks: true; key left: 0
bad magic: locks, row: the shared segment has the wrong magic, version or size, mapped: no
bad magic: A locks: true; key is a token: true
bad magic: B cannot: false, in time
bad magic: B waits in Redis: true; B still waiting: true
bad magic: A unlocks: true
bad magic: B gets it: true; B unlocks: true; key left: 0
bad magic: left as planted: true
another server's: locks, row: the shared segment belongs to another server, mapped: no
another server's: A locks: true; key is a token: true
another server's: B cannot: false, in time
another server's: B waits in Redis: true; B still waiting: true
another server's: A unlocks: true
another server's: B gets it: true; B unlocks: true; key left: 0
another server's: left as planted: true
wrong size: locks, row: the shared segment has the wrong size, mapped: no
wrong size: A locks: true; key is a token: true
wrong size: B cannot: false, in time
wrong size: B waits in Redis: true; B still waiting: true
wrong size: A unlocks: true
wrong size: B gets it: true; B unlocks: true; key left: 0
wrong size: left as planted: true
too big: locks, row: the shared segment has the wrong size, mapped: no
too big: A locks: true; key is a token: true
too big: B cannot: false, in time
too big: B waits in Redis: true; B still waiting: true
too big: A unlocks: true
too big: B gets it: true; B unlocks: true; key left: 0
too big: left as planted: true
mode 0644: locks, row: the shared segment is not ours (owner or mode), mapped: no
mode 0644: A locks: true; key is a token: true
mode 0644: B cannot: false, in time
mode 0644: B waits in Redis: true; B still waiting: true
mode 0644: A unlocks: true
mode 0644: B gets it: true; B unlocks: true; key left: 0
mode 0644: left as planted: true
contention: 4 reports, 100 acquisitions, 0 overlaps, 0 not acquired, 0 lost, 0 errors
contention: left as planted: true; key left: 0
stale, never set up: locks, row: ON, mapped: yes; now sound: true
stale, empty: locks: 30 of 30, in time
colliding prefixes: 2 locked, segments mapped: 2
removed: true
