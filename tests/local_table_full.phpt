--TEST--
Local hand-over: one process holds 300 names (more than the segment's 256 slots): all locked, the rest take the global protocol; contenders on the first and last names exclude and get them after unlockAll(); no slot stays taken; a key over 255 bytes takes the global protocol
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
$prefix = rl_lb_prefix('full');
$opts = ['prefix' => $prefix];
$seg = rl_lb_segment_for($server, $prefix);
$raw = new RawRedis();
$slow = rl_slowdown();
$base = rl_unique('full');
$names = array_map(fn ($i) => "$base:$i", range(0, 299));
$lockKeys = fn () => count($raw->cmd('KEYS', $prefix . '*'));
$usage = fn () => json_encode(rl_lb_segment_usage($seg));
$batch = function (RlLbWorker $w, array $calls): array {
    $w->calls(...$calls);
    return $w->results();
};

$h = new RlLbWorker($server, $opts);
$r = $batch($h, array_map(fn ($n) => ['lock', 'lock', $n, 5, 60], $names));
$ok = count(array_filter($r, fn ($x) => $x['r'] === true && $x['e'] === null));
echo "holder: $ok of 300 locked; keys in Redis: ", $lockKeys(), "; segment: ", $usage(), "\n";
echo "holder: isLocking() on all: ", var_export(array_column($batch($h, array_map(fn ($n) => ['lock', 'isLocking', $n], $names)), 'r') === array_fill(0, 300, true), true), "\n";

// contenders on the first two names (in slots of the segment) and the last two (none left for them)
$watched = [$names[0], $names[1], $names[298], $names[299]];
$cs = [];
foreach ($watched as $i => $n) {
    $cs[$i] = new RlLbWorker($server, $opts, traced: false);
    $cs[$i]->calls(['lock', 'lock', $n, 0.3, 30]);
}
foreach ($cs as $i => $c) {
    echo "contender on name ", array_search($watched[$i], $names), " cannot: ", rl_lb_result($c->results()[0], 0.29, 0.3 + 5 * $slow), "\n";
    $c->calls(['lock', 'lock', $watched[$i], 60 * $slow, 30]);
}
// the first two wait in the holder's slots, the last two in Redis (no slot for them, as for another host)
usleep((int)(300000 * $slow));
rl_wait_until(fn () => rl_blocked_in_blpop($raw, $cs[2]->pid) && rl_blocked_in_blpop($raw, $cs[3]->pid), 5 * $slow);
foreach ($cs as $i => $c) {
    echo "contender on name ", array_search($watched[$i], $names), ": still waiting ", var_export(!$c->pending(), true),
        ", in Redis ", var_export(rl_blocked_in_blpop($raw, $c->pid), true), "\n";
}
echo "segment while they wait: ", $usage(), "\n";
echo "holder: unlockAll(): ", rl_lb_result($h->call('lock', 'unlockAll')), "\n";
foreach ($cs as $i => $c) {
    $n = $watched[$i];
    echo "contender on name ", array_search($n, $names), ": gets it ", rl_lb_result($c->results()[0]),
        ", owns the key ", var_export($c->call('lock', 'isLocking', $n)['r'], true),
        ", unlocks ", rl_lb_result($c->call('lock', 'unlock', $n)), "\n";
}
echo "keys left: ", $lockKeys(), "; holder still holds any: ", var_export(in_array(true, array_column(
    $batch($h, array_map(fn ($n) => ['lock', 'isLocking', $n], $names)), 'r'), true), true), "\n";
echo "segment after: ", $usage(), "\n";

// 300 more names, each locked and unlocked, then the slots are there for the next hand-over
$more = array_map(fn ($i) => "$base:more:$i", range(0, 299));
$r = $batch($h, array_merge(...array_map(fn ($n) => [['lock', 'lock', $n, 5, 30], ['lock', 'unlock', $n]], $more)));
echo "300 more lock+unlock: ", count(array_filter($r, fn ($x) => $x['r'] === true)), " of 600 calls true; keys left: ",
    $lockKeys(), "; segment: ", $usage(), "\n";
$b = new RlLbWorker($server, $opts, traced: false);
rl_lb_exclusion('after', $h, $b, $server, $prefix . "$base:after", "$base:after");

// a key of 255 bytes is shared; one longer is not: the global protocol, as for another host
foreach ([255, 256, 400] as $len) {
    $n = "$base:" . str_repeat('L', $len - strlen($prefix . "$base:"));
    rl_lb_exclusion('key of ' . strlen($prefix . $n) . ' bytes', $h, $b, $server, $prefix . $n, $n);
}
echo "segment at the end: ", $usage(), "\n";
foreach ([$h, $b, ...$cs] as $c) {
    $c->finish();
}
?>
--EXPECT--
holder: 300 of 300 locked; keys in Redis: 300; segment: {"slots":256,"waiters":0}
holder: isLocking() on all: true
contender on name 0 cannot: false, in time
contender on name 1 cannot: false, in time
contender on name 298 cannot: false, in time
contender on name 299 cannot: false, in time
contender on name 0: still waiting true, in Redis false
contender on name 1: still waiting true, in Redis false
contender on name 298: still waiting true, in Redis true
contender on name 299: still waiting true, in Redis true
segment while they wait: {"slots":256,"waiters":2}
holder: unlockAll(): true
contender on name 0: gets it true, owns the key true, unlocks true
contender on name 1: gets it true, owns the key true, unlocks true
contender on name 298: gets it true, owns the key true, unlocks true
contender on name 299: gets it true, owns the key true, unlocks true
keys left: 0; holder still holds any: false
segment after: {"slots":0,"waiters":0}
300 more lock+unlock: 600 of 600 calls true; keys left: 0; segment: {"slots":0,"waiters":0}
after: A locks: true; key is a token: true
after: B cannot: false, in time
after: B waits in Redis: false; B still waiting: true
after: A unlocks: true
after: B gets it: true; B unlocks: true; key left: 0
key of 255 bytes: A locks: true; key is a token: true
key of 255 bytes: B cannot: false, in time
key of 255 bytes: B waits in Redis: false; B still waiting: true
key of 255 bytes: A unlocks: true
key of 255 bytes: B gets it: true; B unlocks: true; key left: 0
key of 256 bytes: A locks: true; key is a token: true
key of 256 bytes: B cannot: false, in time
key of 256 bytes: B waits in Redis: true; B still waiting: true
key of 256 bytes: A unlocks: true
key of 256 bytes: B gets it: true; B unlocks: true; key left: 0
key of 400 bytes: A locks: true; key is a token: true
key of 400 bytes: B cannot: false, in time
key of 400 bytes: B waits in Redis: true; B still waiting: true
key of 400 bytes: A unlocks: true
key of 400 bytes: B gets it: true; B unlocks: true; key left: 0
segment at the end: {"slots":0,"waiters":0}
