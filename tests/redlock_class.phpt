--TEST--
RedLock (seed API): lock() returns ['validity', 'resource', 'token'] with validity in (0, ttl) and the key exactly $resource on every master; unlock() true then false; a held resource fails after the retries (retryDelay 100, retryCount 3: about 150-300 ms); a waiting retry is woken early by an unlock; argument errors are exact
--SKIPIF--
<?php require __DIR__ . '/skipif_masters.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/redlock_helpers.inc';
$k = rl_slowdown();
$servers = rl_test_masters(3);
$raws = rl_raws($servers);
$triples = rl_redlock_triples($servers, 1);

echo "-- lock/unlock\n";
$r = new RedLock($triples);
$res = rl_unique('redlock');
$lk = $r->lock($res, 10000);
var_dump(array_keys($lk), is_int($lk['validity']) && $lk['validity'] > 9000 - 1000 * $k && $lk['validity'] <= 9898);
var_dump($lk['resource'] === $res, (bool)preg_match('/^[0-9a-f]{32}$/D', $lk['token']));
var_dump(rl_count_holding($raws, $res, $lk['token']), rl_pttl_between($raws, $res, 9000 - 1000 * $k, 10000));
var_dump(json_encode(rl_exists_all($raws, "Lock:$res")));
// a short ttl: validity below it
$short = rl_unique('redlock');
$s = $r->lock($short, 1000);
var_dump($s['validity'] > 0 && $s['validity'] < 1000, $r->unlock($s));

echo "-- held: false after the retries\n";
$r2 = new RedLock($triples, 100, 3);
$t = hrtime(true);
var_dump($r2->lock($res, 10000));
echo 'retries took ', rl_within((hrtime(true) - $t) / 1e9, 0.1, 1.0 * $k), "\n";
var_dump(rl_count_holding($raws, $res, $lk['token']));
// a RedisLock with the empty prefix uses the same key: the two exclude each other
$l = new RedisLock($servers, ['prefix' => '']);
var_dump($l->lock($res, 0, 10));

echo "-- unlock\n";
var_dump($r->unlock($lk), json_encode(rl_exists_all($raws, $res)), $r->unlock($lk));
$lk2 = $r2->lock($res, 10000);
var_dump(is_array($lk2) && $lk2['token'] !== $lk['token'], $r->unlock($lk), rl_count_holding($raws, $res, $lk2['token']));
// lost on two masters: unlock() false, the third deleted too
$raws[0]->cmd('DEL', $res);
$raws[1]->cmd('DEL', $res);
var_dump($r2->unlock($lk2), json_encode(rl_exists_all($raws, $res)));

echo "-- server forms: no timeout, timeout 0, a float timeout\n";
foreach ([null, 0, 0.5] as $timeout) {
    $x = new RedLock(rl_redlock_triples($servers, $timeout), 0, 1);
    $xl = $x->lock($res, 5000);
    echo json_encode([is_array($xl), is_array($xl) ? rl_count_holding($raws, $res, $xl['token']) : null, is_array($xl) && $x->unlock($xl)]), "\n";
}

echo "-- a waiting retry is woken early by an unlock\n";
$res3 = rl_unique('redlock');
// the worker started before the lock is taken, and the lock held longer than the wait for the
// waiter's BLPOP below: a traced start beside CI's other lanes took over 10 s, the 10 s the lock
// once lived, and the waiter then took the expired lock at its first try (valgrind, a load of 5)
$w = new RlMultiWorker($servers, [], [$triples, 2000, 3]);   // between rounds: 1000 to 2000 ms unless woken
$w->warmUp();
$hl = $r->lock($res3, (int) (30000 * $k));
$w->calls(['redlock', 'lock', $res3, 10000]);
// the unlock must find the waiter between two rounds, blocked in its BLPOP on a master: 0.3 s after the
// call was sent, a traced worker on a loaded machine (valgrind, a load of 8) had not yet tried once,
// and took the lock 10 s later as a plain first try
if (!rl_wait_until(fn () => array_filter($raws, fn ($raw) => rl_blocked_in_blpop($raw, $w->pid)) !== [], 15 * $k)) {
    echo "the waiter never blocked between rounds\n";
}
$t = hrtime(true);
var_dump($r->unlock($hl));
$got = $w->results(30 * $k)[0];
echo 'waiter: ', json_encode([is_array($got['r']), $got['e']]), ' ', rl_within(($got['t1'] - $t) / 1e9, 0, 0.8 * $k), "\n";
var_dump(rl_count_holding($raws, $res3, $got['r']['token'] ?? ''));
[$rc, $out] = $w->finish();   // request end releases RedLock's locks too
var_dump($rc, $out, json_encode(rl_exists_all($raws, $res3)));

echo "-- argument errors\n";
function check(callable $call): void
{
    try {
        $r = $call();
        echo 'no exception: ', json_encode($r), "\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
check(fn () => new RedLock([]));
check(fn () => new RedLock(['tcp://127.0.0.1:1']));
check(fn () => new RedLock([['127.0.0.1', 1, 1], 5]));
check(fn () => new RedLock([['127.0.0.1']]));
check(fn () => new RedLock([['127.0.0.1', 1, 1], []]));
check(fn () => new RedLock($triples, -1));
check(fn () => new RedLock($triples, 200, 0));
check(fn () => new RedLock($triples, 200, -3));
$off = new RedLock([['127.0.0.1', 1, 1], ['127.0.0.1', 2, 1], ['127.0.0.1', 3, 1]]);   // nothing listens: nothing is sent
foreach ([$r, $off] as $o) {
    check(fn () => $o->lock('', 100));
    check(fn () => $o->lock('x', 0));
    check(fn () => $o->lock('x', -5));
    check(fn () => $o->unlock([]));
    check(fn () => $o->unlock(['resource' => 'x']));
    check(fn () => $o->unlock(['resource' => 1, 'token' => 'abc']));
    check(fn () => $o->unlock(['resource' => 'x', 'token' => null]));
}
?>
--EXPECT--
-- lock/unlock
array(3) {
  [0]=>
  string(8) "validity"
  [1]=>
  string(8) "resource"
  [2]=>
  string(5) "token"
}
bool(true)
bool(true)
bool(true)
int(3)
bool(true)
string(7) "[0,0,0]"
bool(true)
bool(true)
-- held: false after the retries
bool(false)
retries took ok
int(3)
bool(false)
-- unlock
bool(true)
string(7) "[0,0,0]"
bool(false)
bool(true)
bool(false)
int(3)
bool(false)
string(7) "[0,0,0]"
-- server forms: no timeout, timeout 0, a float timeout
[true,3,true]
[true,3,true]
[true,3,true]
-- a waiting retry is woken early by an unlock
bool(true)
waiter: [true,null] ok
int(3)
int(0)
string(0) ""
string(7) "[0,0,0]"
-- argument errors
ValueError: RedLock::__construct(): Argument #1 ($servers) must not be empty
TypeError: RedLock::__construct(): Argument #1 ($servers) element #1 must be of type array, string given
TypeError: RedLock::__construct(): Argument #1 ($servers) element #2 must be of type array, int given
ValueError: RedLock::__construct(): Argument #1 ($servers) element #1 must be [host, port, timeout]
ValueError: RedLock::__construct(): Argument #1 ($servers) element #2 must be [host, port, timeout]
ValueError: RedLock::__construct(): Argument #2 ($retryDelay) must be between 0 and 3600000 (milliseconds)
ValueError: RedLock::__construct(): Argument #3 ($retryCount) must be between 1 and 1000000
ValueError: RedLock::__construct(): Argument #3 ($retryCount) must be between 1 and 1000000
ValueError: RedLock::lock(): Argument #1 ($resource) must not be empty
ValueError: RedLock::lock(): Argument #2 ($ttl) must be greater than 0 and at most 1000000000000 (milliseconds)
ValueError: RedLock::lock(): Argument #2 ($ttl) must be greater than 0 and at most 1000000000000 (milliseconds)
ValueError: RedLock::unlock(): Argument #1 ($lock) must have string elements "resource" and "token"
ValueError: RedLock::unlock(): Argument #1 ($lock) must have string elements "resource" and "token"
ValueError: RedLock::unlock(): Argument #1 ($lock) must have string elements "resource" and "token"
ValueError: RedLock::unlock(): Argument #1 ($lock) must have string elements "resource" and "token"
ValueError: RedLock::lock(): Argument #1 ($resource) must not be empty
ValueError: RedLock::lock(): Argument #2 ($ttl) must be greater than 0 and at most 1000000000000 (milliseconds)
ValueError: RedLock::lock(): Argument #2 ($ttl) must be greater than 0 and at most 1000000000000 (milliseconds)
ValueError: RedLock::unlock(): Argument #1 ($lock) must have string elements "resource" and "token"
ValueError: RedLock::unlock(): Argument #1 ($lock) must have string elements "resource" and "token"
ValueError: RedLock::unlock(): Argument #1 ($lock) must have string elements "resource" and "token"
ValueError: RedLock::unlock(): Argument #1 ($lock) must have string elements "resource" and "token"
