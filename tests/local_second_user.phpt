--TEST--
Local hand-over: another user (uid 65534) gets a segment of its own, cannot open root's, refuses one root planted under its name (even one it could write), and both users' processes exclude each other through Redis
--SKIPIF--
<?php
require __DIR__ . '/skipif.inc';
if (PHP_OS_FAMILY !== 'Linux' || !is_dir('/dev/shm')) die('skip Linux with /dev/shm only');
if (fileowner('/proc/self') !== 0) die('skip runs as root only (it starts processes as uid 65534)');
$setpriv = trim((string)shell_exec('command -v setpriv 2>/dev/null'));
if ($setpriv === '') die('skip no setpriv (util-linux)');
if (trim((string)shell_exec("$setpriv --reuid=65534 --regid=65534 --clear-groups id -u 2>&1")) !== '65534') {
    die('skip setpriv cannot run a process as uid 65534 here');
}
if ((fileperms(sys_get_temp_dir()) & 0001) === 0) {
    die('skip uid 65534 cannot enter ' . sys_get_temp_dir() . ', where the test puts what it must read');
}
?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/local_helpers_b.inc';

$server = RL_TEST_SERVER;
$nobody = 65534;
$asNobody = [trim(shell_exec('command -v setpriv')), "--reuid=$nobody", "--regid=$nobody", '--clear-groups'];
// what uid 65534 must read, in a directory of the test's own: the work tree and the build may be
// private to root (scripts/lib.sh makes the work dir with mktemp -d, mode 0700)
$dir = sys_get_temp_dir() . '/rllb-user-' . getmypid() . '-' . bin2hex(random_bytes(3));
mkdir($dir);
chmod($dir, 0755);
copy(__DIR__ . '/config.inc', "$dir/config.inc");
copy(RL_TEST_EXT, "$dir/redislock.so");
chmod("$dir/config.inc", 0644);
chmod("$dir/redislock.so", 0755);
register_shutdown_function(function () use ($dir) {
    foreach (glob("$dir/*") ?: [] as $f) {
        @unlink($f);
    }
    @rmdir($dir);
});
$prelude = '<?php require ' . var_export("$dir/config.inc", true) . ";\n";
$ext = "$dir/redislock.so";
$on = 'on (one server, no min_replicas; others take the global protocol)';

$prefix = rl_lb_prefix('user');
$opts = ['prefix' => $prefix];
$rootSeg = rl_lb_segment_for($server, $prefix);
$hash = substr($rootSeg, strrpos($rootSeg, '-') + 1);

/** A child of uid 65534 with the hand-over on: $code after the prelude; [exit code, output]. */
$runAsNobody = function (string $code) use ($asNobody, $dir, $prelude, $ext): array {
    $c = new RlLbCmd($asNobody, $dir, $prelude . $code, RL_LB_ON, $ext);
    return $c->finish();
};
$probeCode = '$l = new RedisLock(RL_TEST_SERVER, ' . var_export($opts, true) . ');
$n = "probe-" . getmypid();
echo "uid ", fileowner("/proc/self"), "\n";
echo "lock ", var_export($l->lock($n, 1, 5), true), " ", var_export($l->unlock($n), true), "\n";' . RL_LB_PRINT_ROW . RL_LB_PRINT_MAPS;
$describe = function (array $r) use ($on, $hash, $nobody): string {
    [$rc, $out] = $r;
    $seg = preg_match('/^seg (\S+)$/m', $out, $m) ? $m[1] : null;
    return 'uid ' . (preg_match('/^uid (\d+)$/m', $out, $u) ? $u[1] : '?')
        . ', ' . (str_contains($out, "lock true true\n") ? 'locks' : 'LOCK FAILED')
        . ', row: ' . (preg_match('/^row (.*)$/m', $out, $m) ? str_replace($on, 'ON', $m[1]) : 'none')
        . ', mapped: ' . ($seg === null ? 'none' : str_replace($hash, '<the same hash as root\'s>', rl_lb_unversioned($seg)))
        . ($rc ? " (exit $rc: $out)" : '');
};

// uid 65534's own segment: same identity, so the same hash, under its own uid, its own and mode 0600
$first = $runAsNobody($probeCode . '
$f = @fopen(' . var_export($rootSeg, true) . ', "r");
echo "root\'s segment opened: ", var_export($f !== false, true), "\n";');
$nobodySeg = rl_lb_seg_of_uid($rootSeg, $nobody);
rl_lb_forget_segments_at_end([$nobodySeg]);
echo "uid $nobody: ", $describe($first), "\n";
echo "uid $nobody: ", preg_match('/^root\'s segment opened: .*$/m', $first[1], $m) ? $m[0] : 'no answer', "\n";
clearstatcache();
echo "its segment: owner ", fileowner($nobodySeg), ', mode ', decoct(fileperms($nobodySeg) & 0777), "\n";
echo "root's segment: owner ", fileowner($rootSeg), ', mode ', decoct(fileperms($rootSeg) & 0777), "\n";
echo "root: ", $describe(rl_lb_run($probeCode, RL_LB_ON)), "\n";

// each user's processes wait in their own slot: for the other user's they are another host,
// met in Redis; exclusion both ways
$name = rl_unique('user');
$key = $prefix . $name;
$nobodyWorker = fn () => new RlLbCmd($asNobody, $dir, $prelude . 'rl_worker_main(' . var_export($server, true) . ', '
    . var_export($opts, true) . ");\n", RL_LB_ON, $ext);
$a = new RlLbWorker($server, $opts);
$b = $nobodyWorker();
rl_lb_exclusion('root holds, 65534 waits', $a, $b, $server, $key, $name);
rl_lb_exclusion('65534 holds, root waits', $b, $a, $server, $key, $name);
$a->finish();
$b->finish();

// both users, 3 processes each, 20 acquisitions each, an independent check of overlaps
$counter = rl_unique('user-inside');
$code = rl_lb_contender_code($server, $opts, $name, $counter, 20, 30 * rl_slowdown(), 10, 2000);
$sum = rl_lb_contend(6, RL_LB_ON, $code, 120 * rl_slowdown(), function (int $i) use ($code, $asNobody, $dir, $prelude, $ext) {
    return $i % 2 ? new RlLbCmd($asNobody, $dir, str_replace(rl_child_prelude(), $prelude, $code), RL_LB_ON, $ext)
        : new RlChild($code, RL_LB_ON, traced: $i < RlWorker::TRACED);
});
echo "contention: {$sum['reports']} reports, {$sum['ok']} acquisitions, {$sum['overlaps']} overlaps, {$sum['notAcquired']} not acquired, ",
    "{$sum['lost']} lost, ", count($sum['errors']), " errors", $sum['bad'] || $sum['errors'] ? ': ' . json_encode($sum) : '', "\n";
echo "key left: ", (new RawRedis())->cmd('EXISTS', $key), "\n";

// a file root planted under uid 65534's name: refused, left as it is, even one 65534 could write
// (a sound segment, mode 0666: only its owner tells it is not 65534's own)
$sound = file_get_contents($nobodySeg);
foreach (['root\'s, mode 0600' => 0600, 'root\'s, mode 0666' => 0666] as $label => $mode) {
    unlink($nobodySeg);
    file_put_contents($nobodySeg, $sound);
    chmod($nobodySeg, $mode);
    echo "planted $label: ", $describe($runAsNobody($probeCode)), "\n";
    clearstatcache();
    echo "planted $label: left as it is: ", var_export(fileowner($nobodySeg) === 0 && (fileperms($nobodySeg) & 0777) === $mode
        && file_get_contents($nobodySeg) === $sound, true), "\n";
}
unlink($nobodySeg);
?>
--EXPECT--
uid 65534: uid 65534, locks, row: ON, mapped: /dev/shm/redislock-65534-<the same hash as root's>
uid 65534: root's segment opened: false
its segment: owner 65534, mode 600
root's segment: owner 0, mode 600
root: uid 0, locks, row: ON, mapped: /dev/shm/redislock-0-<the same hash as root's>
root holds, 65534 waits: A locks: true; key is a token: true
root holds, 65534 waits: B cannot: false, in time
root holds, 65534 waits: B waits in Redis: true; B still waiting: true
root holds, 65534 waits: A unlocks: true
root holds, 65534 waits: B gets it: true; B unlocks: true; key left: 0
65534 holds, root waits: A locks: true; key is a token: true
65534 holds, root waits: B cannot: false, in time
65534 holds, root waits: B waits in Redis: true; B still waiting: true
65534 holds, root waits: A unlocks: true
65534 holds, root waits: B gets it: true; B unlocks: true; key left: 0
contention: 6 reports, 120 acquisitions, 0 overlaps, 0 not acquired, 0 lost, 0 errors
key left: 0
planted root's, mode 0600: uid 65534, locks, row: the shared segment is not ours, mapped: none
planted root's, mode 0600: left as it is: true
planted root's, mode 0666: uid 65534, locks, row: the shared segment is not ours (owner or mode), mapped: none
planted root's, mode 0666: left as it is: true
