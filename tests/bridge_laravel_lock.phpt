--TEST--
Laravel RedisLockProvider and RedisLockLock: lock(), get() with and without a callback, owner(), release() by its owner only, forceRelease(), isOwnedByCurrentProcess(), isOwnedBy(), isLocked(), refresh() (0: no lifetime), betweenBlockedAttemptsSleepFor(); $seconds = 0 (no lifetime); restoreLock() from another provider and another process (a lock taken by a process that ended is still held); owners the extension does not take are stored hashed; the same owner again renews; several masters refused when constructed (ValueError)
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; require __DIR__ . '/bridge_helpers.inc'; rl_bridge_skip_unless('laravel'); ?>
--FILE--
<?php
require __DIR__ . '/bridge_helpers.inc';
rl_bridge_load('laravel');

use Illuminate\Contracts\Cache\Lock as LockContract;
use Illuminate\Contracts\Cache\LockProvider;
use RedisLock\Bridge\Laravel\RedisLockProvider;

$raw = new RawRedis();
$probe = new RedisLock(RL_TEST_SERVER);   // owner(): who holds a name
$locks = new RedisLockProvider(RL_TEST_SERVER);
$name = rl_unique('lv-lock');
$rkey = "Lock:$name";

/** The extension's "no lifetime" is its longest one, 1e9 s (about 31 years; README, lock()). */
function lifetime(RawRedis $raw, string $key): string
{
    $pttl = $raw->cmd('PTTL', $key);
    return $pttl > 999990000000 ? 'none' : "$pttl ms";
}

echo "-- the contracts\n";
$lock = $locks->lock($name, 10);
var_dump($locks instanceof LockProvider, $lock instanceof LockContract, $lock instanceof Illuminate\Cache\Lock);

echo "-- get(): takes the lock for \$seconds under its owner; another owner cannot\n";
var_dump($lock->isLocked(), $lock->get());
$owner = $lock->owner();
// a drawn owner: the process's 16 random hex digits, then a counter (RedisLockLock::newOwner())
var_dump(preg_match('/^[0-9a-f]{17,32}$/D', $owner), $probe->owner($name) === $owner);
$pttl = $raw->cmd('PTTL', $rkey);
var_dump($pttl > 9000 && $pttl <= 10000);
$rival = $locks->lock($name, 10);
var_dump($rival->get(), $rival->owner() !== $owner);
var_dump($lock->isOwnedByCurrentProcess(), $rival->isOwnedByCurrentProcess());
var_dump($lock->isOwnedBy($owner), $lock->isOwnedBy($rival->owner()), $lock->isOwnedBy(null), $lock->isLocked());

echo "-- release(): only by its owner\n";
var_dump($rival->release(), $raw->cmd('EXISTS', $rkey));
var_dump($lock->release(), $raw->cmd('EXISTS', $rkey), $lock->release());
var_dump($lock->isOwnedByCurrentProcess(), $lock->isLocked());

echo "-- get(\$callback): runs it under the lock, releases after, returns its value\n";
$inside = null;
var_dump($locks->lock($name, 10)->get(function () use ($probe, $name, &$inside) {
    $inside = $probe->owner($name) !== false;
    return 'the value';
}));
var_dump($inside, $raw->cmd('EXISTS', $rkey));
$holder = $locks->lock($name, 10);
var_dump($holder->get());
$ran = false;
var_dump($locks->lock($name, 10)->get(function () use (&$ran) {
    $ran = true;
}), $ran);   // not acquired: not run
$other = rl_unique('lv-throws');
try {
    $locks->lock($other, 10)->get(function () {
        throw new RuntimeException('in the callback');
    });
} catch (RuntimeException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump($raw->cmd('EXISTS', "Lock:$other"));   // released all the same

echo "-- forceRelease(): whoever holds it\n";
var_dump($locks->lock($name, 10)->forceRelease());
var_dump($raw->cmd('EXISTS', $rkey), $holder->isOwnedByCurrentProcess(), $holder->release());

echo "-- \$seconds 0 (or less): no lifetime, held until released\n";
foreach ([0, -5] as $seconds) {
    $forever = $locks->lock($name, $seconds);
    var_dump($forever->get(), lifetime($raw, $rkey), $forever->release());
}
var_dump($locks->lock($name)->get(), lifetime($raw, $rkey));
$raw->cmd('DEL', $rkey);

echo "-- refresh(): a new lifetime for its owner only\n";
$lock = $locks->lock($name, 10);
var_dump($lock->get(), $lock->refresh(20));
$pttl = $raw->cmd('PTTL', $rkey);
var_dump($pttl > 19000 && $pttl <= 20000, $lock->refresh());
$pttl = $raw->cmd('PTTL', $rkey);
var_dump($pttl > 9000 && $pttl <= 10000, $locks->lock($name, 10)->refresh(30));
$pttl = $raw->cmd('PTTL', $rkey);
var_dump($pttl <= 10000, $lock->refresh(0), lifetime($raw, $rkey));   // 0: no lifetime any more, as Laravel 13's
var_dump($lock->release(), $lock->refresh());
$forever = $locks->lock($name);
var_dump($forever->get(), $forever->refresh(), lifetime($raw, $rkey), $forever->release(), $forever->refresh());

echo "-- betweenBlockedAttemptsSleepFor(): the lock itself, for chaining\n";
var_dump($lock->betweenBlockedAttemptsSleepFor(50) === $lock);

echo "-- restoreLock(): the owner's lock, from another provider too\n";
$lock = $locks->lock($name, 30);
var_dump($lock->get());
$restored = $locks->restoreLock($name, $lock->owner());
$elsewhere = (new RedisLockProvider(RL_TEST_SERVER))->restoreLock($name, $lock->owner());
var_dump($restored->owner() === $lock->owner(), $restored->isOwnedByCurrentProcess(), $elsewhere->isOwnedByCurrentProcess());
var_dump($elsewhere->release(), $lock->isOwnedByCurrentProcess(), $raw->cmd('EXISTS', $rkey));

echo "-- and from another process (a queued job releasing what the dispatcher took)\n";
var_dump($lock->get());
[$rc, $out] = rl_run_php(rl_bridge_child_prelude('laravel') . '
$lock = (new RedisLock\Bridge\Laravel\RedisLockProvider(RL_TEST_SERVER))->restoreLock('
    . var_export($name, true) . ', ' . var_export($lock->owner(), true) . ');
var_dump($lock->isOwnedByCurrentProcess(), $lock->release(), $lock->isOwnedByCurrentProcess());
');
echo $out;
var_dump($rc, $raw->cmd('EXISTS', $rkey));

echo "-- a lock taken by a process that ended is still held, and restored here\n";
[$rc, $out] = rl_run_php(rl_bridge_child_prelude('laravel') . '
var_dump((new RedisLock\Bridge\Laravel\RedisLockProvider(RL_TEST_SERVER))->lock('
    . var_export($name, true) . ', 30, "job-42")->get());
');
echo $out;
var_dump($rc, $raw->cmd('EXISTS', $rkey), $probe->owner($name));
$restored = $locks->restoreLock($name, 'job-42');
var_dump($restored->isOwnedByCurrentProcess(), $locks->lock($name, 30)->get(), $restored->release());

echo "-- owners the extension does not take: stored as ~ and their SHA-256, given back as they were\n";
foreach (['with space', str_repeat('x', 65), "caf\u{e9}", '', 42] as $o) {
    $l = $locks->lock($name, 10, $o);
    printf("%s: get %s, owner() the same %s, stored %s, isOwnedByCurrentProcess %s, restored %s, released %s\n",
        var_export($o, true), json_encode($l->get()), json_encode($l->owner() === (string)$o),
        preg_match('/^~[A-Za-z0-9_-]{43}$/D', (string)$probe->owner($name)) ? 'hashed' : var_export($probe->owner($name), true),
        json_encode($l->isOwnedByCurrentProcess()), json_encode($locks->restoreLock($name, $o)->isOwnedBy($o)),
        json_encode($locks->restoreLock($name, $o)->release()));
}
var_dump($raw->cmd('EXISTS', $rkey));

echo "-- the same owner again through the same provider renews; another provider cannot\n";
$a = $locks->lock($name, 10, 'renewing');
var_dump($a->get());
$raw->cmd('PEXPIRE', $rkey, '2000');
var_dump($locks->lock($name, 10, 'renewing')->get(), $raw->cmd('PTTL', $rkey) > 9000);
var_dump((new RedisLockProvider(RL_TEST_SERVER))->lock($name, 10, 'renewing')->get(), $a->release());
echo "-- several masters: refused when constructed (owners live on one server, Sentinel or Cluster)\n";
try {
    new RedisLockProvider([RL_TEST_SERVER, RL_TEST_SERVER . '0', RL_TEST_SERVER . '1']);
    echo "no exception\n";
} catch (ValueError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump(new RedisLockProvider([RL_TEST_SERVER]) instanceof RedisLockProvider);   // an array of one server is that server

?>
--EXPECT--
-- the contracts
bool(true)
bool(true)
bool(true)
-- get(): takes the lock for $seconds under its owner; another owner cannot
bool(false)
bool(true)
int(1)
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(false)
bool(true)
bool(false)
bool(false)
bool(true)
-- release(): only by its owner
bool(false)
int(1)
bool(true)
int(0)
bool(false)
bool(false)
bool(false)
-- get($callback): runs it under the lock, releases after, returns its value
string(9) "the value"
bool(true)
int(0)
bool(true)
bool(false)
bool(false)
RuntimeException: in the callback
int(0)
-- forceRelease(): whoever holds it
NULL
int(0)
bool(false)
bool(false)
-- $seconds 0 (or less): no lifetime, held until released
bool(true)
string(4) "none"
bool(true)
bool(true)
string(4) "none"
bool(true)
bool(true)
string(4) "none"
-- refresh(): a new lifetime for its owner only
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
string(4) "none"
bool(true)
bool(false)
bool(true)
bool(true)
string(4) "none"
bool(true)
bool(false)
-- betweenBlockedAttemptsSleepFor(): the lock itself, for chaining
bool(true)
-- restoreLock(): the owner's lock, from another provider too
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
int(0)
-- and from another process (a queued job releasing what the dispatcher took)
bool(true)
bool(true)
bool(true)
bool(false)
int(0)
int(0)
-- a lock taken by a process that ended is still held, and restored here
bool(true)
int(0)
int(1)
string(6) "job-42"
bool(true)
bool(false)
bool(true)
-- owners the extension does not take: stored as ~ and their SHA-256, given back as they were
'with space': get true, owner() the same true, stored hashed, isOwnedByCurrentProcess true, restored true, released true
'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx': get true, owner() the same true, stored hashed, isOwnedByCurrentProcess true, restored true, released true
'café': get true, owner() the same true, stored hashed, isOwnedByCurrentProcess true, restored true, released true
'': get true, owner() the same true, stored hashed, isOwnedByCurrentProcess true, restored true, released true
42: get true, owner() the same true, stored '42', isOwnedByCurrentProcess true, restored true, released true
int(0)
-- the same owner again through the same provider renews; another provider cannot
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
-- several masters: refused when constructed (owners live on one server, Sentinel or Cluster)
ValueError: RedisLock\Bridge\Laravel\RedisLockProvider::__construct(): Argument #1 ($server) must be one server, a sentinel:// or a cluster:// address, not several masters
bool(true)
