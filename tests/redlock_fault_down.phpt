--TEST--
Redlock faults: one master of three down (connection refused): every method works, each call bounded by connect_timeout + 1 s, a waiter is still woken; a majority down: lock() throws RedisLockException naming the failed masters and leaves no key on the live one; isLocking()/unlock() throw and keep the record, which a later unlock() uses
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
$ct = 1.0;
$opts = ['connect_timeout' => $ct];
$bound = $ct + 1.0 * $k;
// the waiter of the section below, started and connected first: a traced child's start-up (valgrind, a
// loaded machine: seen at a load of 8) outlasted the 10 s lock it is to wait for, and then it took the
// expired lock before the unlock that should wake it; and once started after $held was taken, its
// start outlasted $held's 10 s (isLocking() false with master #3 down)
$w = new RlMultiWorker($servers, $opts);
$w->warmUp();
$a = new RedisLock($servers, $opts);
$held = rl_unique('held');
var_dump($a->lock($held, 0, 10 * $k));
$tok = rl_common_token($raws, "Lock:$held");

echo "-- master #3 down\n";
$m[2]->stop();
$raws = array_slice($raws, 0, 2);
$name = rl_unique('down');
$key = "Lock:$name";
$b = new RedisLock($servers, $opts);
foreach ([
    'lock' => fn () => $a->lock($name, 0, 10),
    'isLocking' => fn () => $a->isLocking($held),
    'expire' => fn () => $a->expire($held, 20),
    'remaining' => fn () => $a->remaining($held) > 15,
    'other lock' => fn () => $b->lock($name, 0, 10),
    'other lock, timeout 0.3' => fn () => $b->lock($name, 0.3, 10),
    'unlock' => fn () => $a->unlock($held),
] as $what => $call) {
    [$r, $e, $took] = rl_timed($call);
    echo "$what: ", json_encode([$r, $e]), ' ', ($what === 'other lock, timeout 0.3' ? rl_within($took, 0.3, $bound + 0.3) : rl_within($took, 0, $bound)), "\n";
}
echo 'keys: ', holders_line($raws, "Lock:$held", $tok), ' ', json_encode(array_map(fn ($r) => strlen((string)$r->cmd('GET', $key)), $raws)), "\n";
var_dump(rl_pttl_between($raws, $key, 5000, 10000));

function holders_line(array $raws, string $key, string $tok): string
{
    return implode('', array_map(fn ($v) => $v === null ? '-' : ($v === $tok ? 'T' : '?'), rl_get_all($raws, $key)));
}

// a waiter in another process is woken by the unlock with a master down
$w->calls(['lock', 'lock', $name, 10 * $k, 10]);
usleep(300000);
$t = hrtime(true);
[$r, $e, $took] = rl_timed(fn () => $a->unlock($name));
echo 'unlock: ', json_encode([$r, $e]), ' ', rl_within($took, 0, $bound), "\n";
$res = $w->results(30 * $k)[0];
echo 'waiter: ', json_encode([$res['r'], $res['e']]), ' ', rl_within(($res['t1'] - $t) / 1e9, 0, 1.0 * $k), "\n";
var_dump(strlen(rl_common_token($raws, $key)));
[$r, $e, $took] = rl_timed(fn () => $a->unlockAll());
echo 'unlockAll: ', json_encode([$r, $e]), ' ', rl_within($took, 0, $bound), "\n";
[$rc, $out] = $w->finish();
var_dump($rc, $out, json_encode(rl_exists_all($raws, $key)));

echo "-- a majority down\n";
$kept = rl_unique('kept');
var_dump($a->lock($kept, 0, 30));
$ktok = rl_common_token($raws, "Lock:$kept");
$m[1]->stop();
$name = rl_unique('majority');
[$r, $e, $took] = rl_timed(fn () => $a->lock($name, 0, 10));
var_dump($r, $e !== null && rl_names_all($e, [$servers[1], $servers[2]]));
echo rl_within($took, 0, $bound), "\n";
var_dump($raws[0]->cmd('EXISTS', "Lock:$name"));
[$r, $e, $took] = rl_timed(fn () => $a->lock($name, 0.5, 10));
var_dump($r, $e !== null && rl_names_all($e, [$servers[1], $servers[2]]), $raws[0]->cmd('EXISTS', "Lock:$name"));
echo rl_within($took, 0, $bound + 0.5), "\n";
foreach (['isLocking' => fn () => $a->isLocking($kept), 'unlock' => fn () => $a->unlock($kept)] as $what => $call) {
    [$r, $e, $took] = rl_timed($call);
    echo "$what: ", var_export($r, true), ' ', var_export($e !== null && rl_names_all($e, [$servers[1], $servers[2]]), true),
        ' ', rl_within($took, 0, $bound), "\n";
}
// the live master ran its compare-and-delete; put the key back as if it had not, to see that the record was kept
var_dump($raws[0]->cmd('EXISTS', "Lock:$kept"), $raws[0]->cmd('SET', "Lock:$kept", $ktok, 'PX', '30000'));

echo "-- masters back (empty: no persistence): the kept record is released where it still is\n";
$m[1]->start();
$m[2]->start();
// only master #1 holds it now: the kept record's unlock() says false (no majority), and deletes it there
var_dump($a->unlock($kept), $raws[0]->cmd('EXISTS', "Lock:$kept"), $a->isLocking($kept));
$name = rl_unique('back');
var_dump($a->lock($name, 0, 10), json_encode(rl_exists_all(rl_raws($m), "Lock:$name")), $a->unlock($name));
?>
--EXPECT--
bool(true)
-- master #3 down
lock: [true,null] ok
isLocking: [true,null] ok
expire: [true,null] ok
remaining: [true,null] ok
other lock: [false,null] ok
other lock, timeout 0.3: [false,null] ok
unlock: [true,null] ok
keys: -- [32,32]
bool(true)
unlock: [true,null] ok
waiter: [true,null] ok
int(32)
unlockAll: [true,null] ok
int(0)
string(0) ""
string(5) "[0,0]"
-- a majority down
bool(true)
NULL
bool(true)
ok
int(0)
NULL
bool(true)
int(0)
ok
isLocking: NULL true ok
unlock: NULL true ok
int(0)
string(2) "OK"
-- masters back (empty: no persistence): the kept record is released where it still is
bool(false)
int(0)
bool(false)
bool(true)
string(7) "[1,1,1]"
bool(true)
