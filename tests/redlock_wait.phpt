--TEST--
Redlock waiting: a failed waiting attempt sets the "someone waits" marker (PX <= 6500) on every master; an unlock then pushes a note onto the wake list; a waiter (timeout 5, waitIntervalUs 2 s) gets the lock soon after the holder's unlock; a holder killed with SIGKILL: the waiter gets it about when the keys expire; the timeout is honoured
--SKIPIF--
<?php require __DIR__ . '/skipif_masters.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/fault_helpers.inc';
require __DIR__ . '/redlock_helpers.inc';
$k = rl_slowdown();
$servers = rl_test_masters(3);
$raws = rl_raws($servers);

echo "-- wait keys\n";
foreach (['Lock:', 'res:'] as $prefix) {
    $name = rl_unique('keys');
    $key = $prefix . $name;
    $wk = rl_redlock_wait_keys($key, $prefix);
    $h = new RedisLock($servers, ['prefix' => $prefix]);
    $o = new RedisLock($servers, ['prefix' => $prefix]);
    var_dump($h->lock($name, 0, 10));
    [$r, , $took] = rl_timed(fn () => $o->lock($name, 0.3, 10));
    echo "$prefix: ", var_export($r, true), ' ', rl_within($took, 0.3, 0.3 + 0.5 * $k),
        ' marker ', json_encode(rl_exists_all($raws, $wk['marker'])), ' ', var_export(rl_pttl_between($raws, $wk['marker'], 0, 6500), true), "\n";
    var_dump($h->unlock($name));
    echo "$prefix: wake ", json_encode(array_map(fn ($r) => $r->cmd('LLEN', $wk['wake']) >= 1, $raws)), "\n";
    rl_del_all($raws, $wk['marker'], $wk['wake']);
}

echo "-- the holder unlocks: the waiter gets the lock at once\n";
$name = rl_unique('wait');
$key = "Lock:$name";
$h = new RedisLock($servers);
var_dump($h->lock($name, 0, 30));
$htok = rl_common_token($raws, $key);
$w = new RlMultiWorker($servers);
$w->warmUp();
$w->calls(['lock', 'lock', $name, 5, 10, 2000000], ['lock', 'isLocking', $name]);
$marker = rl_redlock_wait_keys($key)['marker'];
var_dump(rl_wait_until(fn () => rl_exists_all($raws, $marker) === [1, 1, 1], 5 * $k));
usleep(200000);
$t = hrtime(true);
var_dump($h->unlock($name));
[$res, $is] = $w->results(30 * $k);
echo 'waiter: ', json_encode([$res['r'], $res['e'], $is['r']]), ' ', rl_within(($res['t1'] - $t) / 1e9, 0, 1.0 * $k),
    ' waited ', rl_within(($res['t1'] - $res['t0']) / 1e9, 0.2, 5), "\n";
$wtok = rl_common_token($raws, $key);
var_dump(strlen($wtok), $wtok !== $htok, $h->lock($name, 0, 10));
[$rc, $out] = $w->finish();   // its request ends: released on every master
var_dump($rc, $out, json_encode(rl_exists_all($raws, $key)));

echo "-- the holder is killed (SIGKILL, expire 1 s): the waiter gets the lock when the keys expire\n";
$name = rl_unique('dead');
$key = "Lock:$name";
// the waiter is started and connected first: a traced child's start-up (valgrind, a loaded machine) could outlast
// the holder's 1 s x k lifetime, and then it took the expired lock at once, never waiting
$w = new RlMultiWorker($servers);
$warm = rl_unique('warm');
$w->call('lock', 'lock', $warm, 0, 5);
$w->call('lock', 'unlock', $warm);
$holder = new RlChild(rl_child_prelude() . '$l = new RedisLock(' . var_export($servers, true) . ');
$ok = $l->lock(' . var_export($name, true) . ', 0, ' . var_export(1.0 * $k, true) . ');
echo ($ok ? "locked " : "failed "), hrtime(true), "\n";
sleep(60);
');
[$state, $tLocked] = explode(' ', $holder->line(30 * $k));
var_dump($state);
$tLocked = (int)$tLocked;
$w->calls(['lock', 'lock', $name, 5 * $k, 10]);
var_dump(rl_wait_until(fn () => rl_exists_all($raws, rl_redlock_wait_keys($key)['marker']) === [1, 1, 1], 5 * $k));
$holder->signal(9);
$res = $w->results(30 * $k)[0];
echo 'waiter: ', json_encode([$res['r'], $res['e']]), ' ', rl_within(($res['t1'] - $tLocked) / 1e9, 1.0 * $k - 0.1, 2.0 * $k), "\n";
var_dump(strlen(rl_common_token($raws, $key)));
[$rc, $out] = $w->finish();
var_dump($rc, $out, json_encode(rl_exists_all($raws, $key)));
$holder->finish();

echo "-- the timeout is honoured\n";
$name = rl_unique('timeout');
$h = new RedisLock($servers);
$o = new RedisLock($servers);
var_dump($h->lock($name, 0, 30));
foreach ([0.5, 0.05] as $timeout) {
    $t = hrtime(true);
    $r = $o->lock($name, $timeout, 10);
    echo "timeout $timeout: ", var_export($r, true), ' ', rl_within((hrtime(true) - $t) / 1e9, $timeout, $timeout + 0.5 * $k), "\n";
}
var_dump($o->isLocking($name), $h->isLocking($name), $h->unlock($name));
?>
--EXPECTF--
-- wait keys
bool(true)
Lock:: false ok marker [1,1,1] true
bool(true)
Lock:: wake [true,true,true]
bool(true)
res:: false ok marker [1,1,1] true
bool(true)
res:: wake [true,true,true]
-- the holder unlocks: the waiter gets the lock at once
bool(true)
bool(true)
bool(true)
waiter: [true,null,true] ok waited ok
int(32)
bool(true)
bool(false)
int(0)
string(0) ""
string(7) "[0,0,0]"
-- the holder is killed (SIGKILL, expire 1 s): the waiter gets the lock when the keys expire
string(6) "locked"
bool(true)
waiter: [true,null] ok
int(32)
int(0)
string(0) ""
string(7) "[0,0,0]"
-- the timeout is honoured
bool(true)
timeout 0.5: false ok
timeout 0.05: false ok
bool(false)
bool(true)
bool(true)
