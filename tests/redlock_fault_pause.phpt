--TEST--
Redlock faults: two of three masters paused (CLIENT PAUSE 300 WRITE) while lock() acquires with a 0.2 s lifetime: their budget (ttl/10) runs out, lock() returns false, rolls back on the live master at once, and once the pause ends no key of ours is anywhere; then the lock works again
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
$ctl = rl_raws($m);   // connections that pause (a paused server still answers them for non-writes)
$a = new RedisLock($servers);   // read_timeout 2 s: the budget is min(2 s, ttl/10)
rl_multi_warm_up($a, $servers);

foreach (['WRITE', 'ALL'] as $mode) {
    echo "-- CLIENT PAUSE $mode on masters #1 and #2\n";
    $name = rl_unique('pause');
    $key = "Lock:$name";
    $pauseMs = (int)(300 * $k);
    $start = microtime(true);
    $ctl[0]->cmd('CLIENT', 'PAUSE', (string)$pauseMs, $mode);
    $ctl[1]->cmd('CLIENT', 'PAUSE', (string)$pauseMs, $mode);
    [$r, $e, $took] = rl_timed(fn () => $a->lock($name, 0, 0.2 * $k));
    $third = $raws[2]->cmd('EXISTS', $key);   // the live master said yes: rolled back before lock() returned
    var_dump($r, $e, $third);
    // the paused masters' budget is ttl/10 (20 ms), not the read timeout (2 s): lock() returns long before the pause ends
    echo rl_within($took, 0, 0.25 * $k), "\n";
    var_dump($a->isLocking($name), $a->remaining($name));
    // the pause ends at $start + $pauseMs; a SET run then would live 200 ms: look 50 ms after
    usleep(max(0, (int)(($start + $pauseMs / 1000 + 0.05 * $k - microtime(true)) * 1e6)));
    echo 'after the pause: ', json_encode(rl_exists_all($raws, $key)), "\n";
    var_dump(rl_wait_until(fn () => rl_exists_all($raws, $key) === [0, 0, 0], 2.0 * $k));
    var_dump($a->lock($name, 0, 10), strlen(rl_common_token($raws, $key)), $a->unlock($name), json_encode(rl_exists_all($raws, $key)));
}

echo "-- every operation is a parallel fan-out: two masters paused 300 ms (ALL) cost 300 ms, not 600\n";
$name = rl_unique('fanout');
var_dump($a->lock($name, 0, 30));
foreach (['isLocking' => fn () => $a->isLocking($name), 'expire' => fn () => $a->expire($name, 30),
          'unlock' => fn () => $a->unlock($name)] as $what => $call) {
    $ctl[0]->cmd('CLIENT', 'PAUSE', '300', 'ALL');
    $ctl[1]->cmd('CLIENT', 'PAUSE', '300', 'ALL');
    [$r, $e, $took] = rl_timed($call);
    echo "$what: ", json_encode([$r, $e]), ' ', rl_within($took, 0.25, 0.55 * $k), "\n";
    usleep(50000);
}
var_dump(json_encode(rl_exists_all($raws, "Lock:$name")));
?>
--EXPECT--
-- CLIENT PAUSE WRITE on masters #1 and #2
bool(false)
NULL
int(0)
ok
bool(false)
bool(false)
after the pause: [0,0,0]
bool(true)
bool(true)
int(32)
bool(true)
string(7) "[0,0,0]"
-- CLIENT PAUSE ALL on masters #1 and #2
bool(false)
NULL
int(0)
ok
bool(false)
bool(false)
after the pause: [0,0,0]
bool(true)
bool(true)
int(32)
bool(true)
string(7) "[0,0,0]"
-- every operation is a parallel fan-out: two masters paused 300 ms (ALL) cost 300 ms, not 600
bool(true)
isLocking: [true,null] ok
expire: [true,null] ok
unlock: [true,null] ok
string(7) "[0,0,0]"
