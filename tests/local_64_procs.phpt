--TEST--
Local hand-over: 64 processes x 20 acquisitions of one key, an independent check of overlaps: all complete, none overlap, the key and the segment are left empty, and Redis does a fraction of the global protocol's work
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

// a server of the test's own: its command counts are this test's alone
$srv = new PrivateRedis();
$server = $srv->server();
$raw = $srv->raw();
$prefix = rl_lb_prefix('64');
$opts = ['prefix' => $prefix];
$seg = rl_lb_segment_for($server, $prefix);
$name = rl_unique('64');
$counter = rl_unique('64-inside');
$procs = 64;
$each = 20;
$slow = rl_slowdown();

$commands = function () use ($raw): int {
    // every command but the contenders' own INCR and DECR (the overlap check) and this INFO
    $n = 0;
    foreach (explode("\n", (string)$raw->cmd('INFO', 'commandstats')) as $line) {
        if (preg_match('/^cmdstat_([a-z|]+):calls=(\d+)/', trim($line), $m) && !in_array($m[1], ['incr', 'decr', 'info'], true)) {
            $n += (int)$m[2];
        }
    }
    return $n;
};
$before = $commands();
$t = microtime(true);
$sum = rl_lb_contend($procs, RL_LB_ON, rl_lb_contender_code($server, $opts, $name, $counter, $each, 120 * $slow, 30, 300),
    300 * $slow);
$took = microtime(true) - $t;
$perAcquisition = ($commands() - $before) / max(1, $sum['ok']);
echo "reports: {$sum['reports']} of $procs; acquisitions: {$sum['ok']} of ", $procs * $each, "; overlaps: {$sum['overlaps']}; ",
    "not acquired: {$sum['notAcquired']}; lost: {$sum['lost']}; errors: ", count($sum['errors']),
    $sum['bad'] || $sum['errors'] ? ': ' . json_encode($sum) : '', "\n";
echo "counter: ", var_export($raw->cmd('GET', $counter), true), "; key left: ", $raw->cmd('EXISTS', $prefix . $name), "\n";
echo "segment: ", json_encode(rl_lb_segment_usage($seg)), "\n";
// a bound, not a speed: the global protocol alone costs about 11 commands per contended acquisition
// (README, bench/contended.php; measured here: 11.1, and 4.2 with the hand-over: INFO counts the
// commands of scripts too); the hand-over costs one refresh, and a global round every 16
echo "Redis commands per acquisition: ", $perAcquisition < 8 ? 'fewer than 8' : sprintf('%.1f', $perAcquisition), "\n";
echo "took: ", $took < 60 * $slow ? 'in time' : sprintf('%.1f s', $took), "\n";
?>
--EXPECT--
reports: 64 of 64; acquisitions: 1280 of 1280; overlaps: 0; not acquired: 0; lost: 0; errors: 0
counter: '0'; key left: 0
segment: {"slots":0,"waiters":0}
Redis commands per acquisition: fewer than 8
took: in time
