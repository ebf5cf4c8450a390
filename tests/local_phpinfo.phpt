--TEST--
Local hand-over: phpinfo()'s "local hand-over" row: off (the INI's default), on (php -i, -d, ini_set()), and why a planted bad segment was refused, until it is gone
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

$on = 'on (one server, no min_replicas; others take the global protocol)';
$show = fn (string $label, string $row) => print("$label: " . ($row === $on ? 'ON' : $row) . "\n");
$rowOf = function (string $out) use ($on): string {
    $rows = preg_match_all('/^row (.*)$/m', $out, $m) ? implode(' | ', str_replace($on, 'ON', $m[1])) : "no row in: $out";
    // and whether the lock and unlock of the child (if it made one) worked
    $locks = substr_count($out, "\nlock ") + (str_starts_with($out, 'lock ') ? 1 : 0);
    $good = substr_count($out, "lock true unlock true\n");
    return $rows . ($locks ? ($locks === $good ? ' (lock+unlock ok)' : " (LOCK FAILED: $out)") : '');
};

// php -i, with the INI off (its default) and on
foreach (['default' => [], '-d local_handover=1' => ['-d', 'redislock.local_handover=1'],
          '-d local_handover=0' => ['-d', 'redislock.local_handover=0']] as $label => $d) {
    $p = proc_open([RL_TEST_PHP, '-n', '-d', 'extension=' . RL_TEST_EXT, ...$d, '-i'],
        [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes, null, rl_child_env());
    $out = stream_get_contents($pipes[1]);
    fclose($pipes[1]);
    proc_close($p);
    $show("php -i, $label", preg_match('/^local hand-over => (.*)$/m', $out, $m) ? $m[1] : 'no row');
    // the INI entry is listed with the others
    if ($label === 'default') {
        echo "INI row: ", preg_match('/^redislock\.local_handover => (Off|0) => (Off|0)$/m', $out) ? 'listed, off' : 'MISSING', "\n";
    }
}

// ini_set() at run time (PHP_INI_ALL): off, then on
[$rc, $out] = rl_lb_run(RL_LB_PRINT_ROW . '
var_dump(ini_set("redislock.local_handover", "1"));' . RL_LB_PRINT_ROW . '
ini_set("redislock.local_handover", "0");' . RL_LB_PRINT_ROW);
$show('ini_set: off, on, off again', $rowOf($out) . ($rc ? " (exit $rc)" : ''));

// on, a lock taken and released through a fresh segment: still on, and the segment is mapped
$prefix = rl_lb_prefix('phpinfo');
$seg = rl_lb_segment_for(RL_TEST_SERVER, $prefix);
echo "segment: ", preg_match(RL_LB_SEG_RE, $seg, $m) && (int)$m[2] === rl_lb_euid() ? 'redislock-<euid>-<16 hex>' : $seg,
    ', mode ', decoct(fileperms($seg) & 0777), ', owner is us: ', var_export(fileowner($seg) === rl_lb_euid(), true), "\n";
$lockCode = '$l = new RedisLock(RL_TEST_SERVER, ["prefix" => ' . var_export($prefix, true) . ']);
$n = "row-" . getmypid();
echo "lock ", var_export($l->lock($n, 1, 5), true), " unlock ", var_export($l->unlock($n), true), "\n";';
[$rc, $out] = rl_lb_run($lockCode . RL_LB_PRINT_ROW, RL_LB_ON);
$show('on, after a lock through a good segment', $rowOf($out));

// a bad segment planted under that name (garbage for its magic): the row says why, once a lock() met it
$good = file_get_contents($seg);
$fh = fopen($seg, 'r+');
fwrite($fh, 'NOTMAGIC');
fclose($fh);
[$rc, $out] = rl_lb_run(RL_LB_PRINT_ROW . $lockCode . RL_LB_PRINT_ROW . RL_LB_PRINT_MAPS . '
ini_set("redislock.local_handover", "0");' . RL_LB_PRINT_ROW, RL_LB_ON);
$show('planted bad magic: before a lock, after it, INI off', $rowOf($out));
echo "segment mapped: ", var_export(str_contains($out, 'seg '), true), "\n";
echo "planted file untouched: ", var_export(file_get_contents($seg) === 'NOTMAGIC' . substr($good, 8), true), "\n";

// a file of the wrong size, and one of mode 0644
file_put_contents($seg, substr($good, 0, 4096));
chmod($seg, 0600);
[$rc, $out] = rl_lb_run($lockCode . RL_LB_PRINT_ROW, RL_LB_ON);
$show('planted, wrong size', $rowOf($out));
file_put_contents($seg, $good);
chmod($seg, 0644);
[$rc, $out] = rl_lb_run($lockCode . RL_LB_PRINT_ROW, RL_LB_ON);
$show('planted, mode 0644', $rowOf($out));

// the bad segment removed while a process runs: its next lock() maps a new one, and the row is on again
file_put_contents($seg, 'NOTMAGIC' . substr($good, 8));
chmod($seg, 0600);
$c = new RlChild(rl_child_prelude() . $lockCode . RL_LB_PRINT_ROW . '
echo "waiting\n";
fgets(STDIN);' . $lockCode . RL_LB_PRINT_ROW . RL_LB_PRINT_MAPS, RL_LB_ON);
$first = [];
while (($line = $c->line()) !== 'waiting') {
    $first[] = $line;
}
unlink($seg);
$c->write("go\n");
[$rc, $rest] = $c->finish();
$show('bad segment, then removed: first lock', $rowOf(implode("\n", $first)));
$show('bad segment, then removed: next lock', $rowOf($rest));
echo "a new segment mapped: ", var_export(str_contains($rest, "seg $seg\n"), true), "\n";
echo "mode of the new one: ", decoct(fileperms($seg) & 0777), "\n";
?>
--EXPECT--
php -i, default: off (redislock.local_handover)
INI row: listed, off
php -i, -d local_handover=1: ON
php -i, -d local_handover=0: off (redislock.local_handover)
ini_set: off, on, off again: off (redislock.local_handover) | ON | off (redislock.local_handover)
segment: redislock-<euid>-<16 hex>, mode 600, owner is us: true
on, after a lock through a good segment: ON (lock+unlock ok)
planted bad magic: before a lock, after it, INI off: ON | the shared segment has the wrong magic, version or size | off (redislock.local_handover) (lock+unlock ok)
segment mapped: false
planted file untouched: true
planted, wrong size: the shared segment has the wrong size (lock+unlock ok)
planted, mode 0644: the shared segment is not ours (owner or mode) (lock+unlock ok)
bad segment, then removed: first lock: the shared segment has the wrong magic, version or size (lock+unlock ok)
bad segment, then removed: next lock: ON (lock+unlock ok)
a new segment mapped: true
mode of the new one: 600
