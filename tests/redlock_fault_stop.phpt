--TEST--
Redlock faults: one master of three stopped (SIGSTOP): lock/isLocking/expire/remaining/unlock still succeed, each within about read_timeout; two stopped: lock() does not succeed, within about read_timeout, and leaves no key on the live master; resumed, the object works on all three again
--SKIPIF--
<?php require __DIR__ . '/skipif_masters.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/fault_helpers.inc';
require __DIR__ . '/redlock_helpers.inc';
$k = rl_slowdown();
$m = rl_private_masters(3);
$servers = rl_servers_of($m);
$raws = rl_raws($m);
$rt = 0.5 * $k;
$opts = ['read_timeout' => $rt, 'connect_timeout' => $rt];
$a = new RedisLock($servers, $opts);
rl_multi_warm_up($a, $servers, $opts);   // connected to all three, scripts loaded
$b = new RedisLock($servers, $opts);
rl_multi_warm_up($b, $servers, $opts);
$name = rl_unique('stop');
$key = "Lock:$name";
$bound = $rt + 0.5 * $k;

echo "-- master #3 stopped\n";
$lines = [];
rl_redis_signal($m[2], 19);
try {
    foreach ([
        'lock' => fn () => $a->lock($name, 0, 10),
        'keys' => fn () => rl_count_holding(array_slice($raws, 0, 2), $key, (string)$raws[0]->cmd('GET', $key)),
        'isLocking' => fn () => $a->isLocking($name),
        'other lock' => fn () => $b->lock($name, 0, 10),
        'expire' => fn () => $a->expire($name, 20),
        'pttl' => fn () => rl_pttl_between(array_slice($raws, 0, 2), $key, 15000, 20000),
        'remaining' => fn () => $a->remaining($name) > 15,
        'isLocking again' => fn () => $a->isLocking($name),
        'unlock' => fn () => $a->unlock($name),
        'gone' => fn () => json_encode(rl_exists_all(array_slice($raws, 0, 2), $key)),
        'lock again' => fn () => $b->lock($name, 0, 10),
        'unlockAll' => fn () => $b->unlockAll(),
    ] as $what => $call) {
        [$r, $e, $took] = rl_timed($call);
        // a failed lock() rolls back on the master that did not answer, over a new connection: a second read timeout
        $lines[] = "$what: " . json_encode([$r, $e]) . ' ' . rl_within($took, 0, $what === 'other lock' ? $bound + $rt : $bound);
    }
} finally {
    rl_redis_signal($m[2], 18);
}
echo implode("\n", $lines), "\n";
var_dump(json_encode(rl_exists_all(array_slice($raws, 0, 2), $key)));

echo "-- masters #2 and #3 stopped\n";
$name2 = rl_unique('stop2');
rl_redis_signal($m[1], 19);
rl_redis_signal($m[2], 19);
try {
    [$r, $e, $took] = rl_timed(fn () => $a->lock($name2, 0, 10));
    $live = $raws[0]->cmd('EXISTS', "Lock:$name2");
} finally {
    rl_redis_signal($m[1], 18);
    rl_redis_signal($m[2], 18);
}
var_dump($r !== true, $e === null || rl_names_all($e, [$servers[1], $servers[2]]), $live);
echo rl_within($took, 0, 2 * $rt + 0.5 * $k), "\n";
// the masters ran what they had read before the stop: wait for that, then for their lifetimes
rl_del_all($raws, "Lock:$name2");

echo "-- all resumed\n";
$name3 = rl_unique('resumed');
var_dump($a->lock($name3, 0, 10), strlen(rl_common_token($raws, "Lock:$name3")), $a->isLocking($name3));
var_dump($b->lock($name3, 0, 10), $a->unlock($name3), json_encode(rl_exists_all($raws, "Lock:$name3")));
?>
--EXPECT--
-- master #3 stopped
lock: [true,null] ok
keys: [2,null] ok
isLocking: [true,null] ok
other lock: [false,null] ok
expire: [true,null] ok
pttl: [true,null] ok
remaining: [true,null] ok
isLocking again: [true,null] ok
unlock: [true,null] ok
gone: ["[0,0]",null] ok
lock again: [true,null] ok
unlockAll: [true,null] ok
string(5) "[0,0]"
-- masters #2 and #3 stopped
bool(true)
bool(true)
int(0)
ok
-- all resumed
bool(true)
int(32)
bool(true)
bool(false)
bool(true)
string(7) "[0,0,0]"
