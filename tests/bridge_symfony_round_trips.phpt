--TEST--
Symfony RedisLockStore: what Symfony's Lock costs Redis (a server of the test's own, INFO commandstats, against the extension's own calls): acquire() with a TTL equal to the store's initial TTL costs the take alone (its refresh right after the save is answered by the save: the Key's lifetime is the save's, within 1 % of the TTL, and Redis holds the lock at least that long and never past the TTL); with another TTL the refresh is the extension's extend; a refresh() later always is; release() costs the unlock alone (its exists() check right after the delete is answered by the delete); exists() otherwise asks Redis (a lock deleted through another Key object of the same owner, a copy of the Key saved again elsewhere); a refresh that is not the call right after the save asks Redis
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; require __DIR__ . '/bridge_helpers.inc'; rl_bridge_skip_unless('symfony'); ?>
--FILE--
<?php
require __DIR__ . '/bridge_helpers.inc';
require __DIR__ . '/lock_helpers.inc';
rl_bridge_load('symfony');

use RedisLock\Bridge\Symfony\RedisLockStore;
use Symfony\Component\Lock\Key;
use Symfony\Component\Lock\LockFactory;

$srv = new PrivateRedis();
$raw = $srv->raw();
// the store's TTL: Symfony's default, whose 1 % (the most a save's lifetime may have run when its
// refresh is answered by it) is room enough for a slow run (valgrind)
$ttl = 300.0;
$store = new RedisLockStore($srv->server(), [], $ttl);
$factory = new LockFactory($store);
$name = 'sf-round-trips';
$rkey = "Lock:$name";

/** Commands the server ran since the last call (scripts' own calls included), but the test's INFO. */
function commands(RawRedis $raw): int
{
    static $last = 0;
    preg_match_all('/^cmdstat_([^:]+):calls=(\d+)/m', $raw->cmd('INFO', 'commandstats'), $m, PREG_SET_ORDER);
    $now = 0;
    foreach ($m as [, $cmd, $calls]) {
        $now += $cmd === 'info' ? 0 : (int)$calls;
    }
    $d = $now - $last;
    $last = $now;
    return $d;
}

// what the extension's own calls cost, the yardstick: a write lock taken free, its extend, its
// release, a check; measured the second time round, as everything below (a connection's first
// command and a script's first call on it cost more: CLIENT SETNAME, EVAL)
$bare = new RedisLock($srv->server());
for ($round = 0; $round < 2; $round++) {
    commands($raw);
    $bare->lockWrite($name, 0, 20, 'x', false);
    $take = commands($raw);
    $bare->expire($name, 7, 'x');
    $extend = commands($raw);
    $checked = $bare->isLocking($name, 'x');
    $check = commands($raw);
    $bare->unlock($name, 'x');
    $release = commands($raw);
}
var_dump($checked);
echo "yardstick: take $take, extend $extend, release $release, check $check\n";
$warm = $factory->createLock($name, 7.0);
$warm->acquire();
$warm->refresh();
$store->exists(new Key($name));
$warm->release();

echo "-- acquire() with the store's TTL: one request\n";
$lock = $factory->createLock($name, $ttl);
commands($raw);
$t0 = microtime(true);
var_dump($lock->acquire());
$t1 = microtime(true);
var_dump(commands($raw) === $take);
$before = microtime(true);
$left = $lock->getRemainingLifetime();
$after = microtime(true);
$pttl = $raw->cmd('PTTL', $rkey);
// the Key: the save's lifetime, counted from a moment of the acquire() call
var_dump($left >= $t0 + $ttl - $after && $left <= $t1 + $ttl - $before);
// Redis: at least what the Key says, never more than the TTL
var_dump($pttl >= (int)floor($left * 1000) - 5 && $pttl <= $ttl * 1000);

echo "-- release(): one request, nothing left\n";
commands($raw);
$lock->release();
var_dump(commands($raw) === $release, $lock->isAcquired(), $raw->cmd('EXISTS', $rkey));

echo "-- acquire() with another TTL: the refresh is a round trip that sets it\n";
$other = $factory->createLock($name, 7.0);
commands($raw);
var_dump($other->acquire(), commands($raw) === $take + $extend);
$pttl = $raw->cmd('PTTL', $rkey);
var_dump($pttl > 5000 && $pttl <= 7000, $other->getRemainingLifetime() <= 7.0);

echo "-- refresh() later: always a round trip\n";
usleep(100000);
commands($raw);
$other->refresh(7.0);
var_dump(commands($raw) === $extend);
$pttl = $raw->cmd('PTTL', $rkey);
var_dump($pttl > 5000 && $pttl <= 7000);
$other->release();

echo "-- exists() asks Redis, but right after this key's own release\n";
$key = new Key($name);
$store->save($key);
commands($raw);
var_dump($store->exists($key), commands($raw) === $check);
// deleted through another Key object carrying the same owner: this one's exists() asks Redis
$copy = unserialize(serialize($key));
$store->delete($copy);
commands($raw);
var_dump($store->exists($key), commands($raw) > 0);
// held again under the same owner (a copy saved elsewhere) right after this key's delete: only a
// later exists() sees it, the one right after the delete answers from the delete
$store->save($key);
$store->delete($key);
(new RedisLockStore($srv->server(), [], $ttl))->save($copy);
var_dump($store->exists($key), $store->exists($key));
$store->delete($key);
var_dump($raw->cmd('EXISTS', $rkey));

echo "-- a save whose refresh is not the next call: the refresh asks Redis\n";
$key = new Key($name);
$store->save($key);
$store->exists($key);
commands($raw);
$key->resetLifetime();
$store->putOffExpiration($key, $ttl);
var_dump(commands($raw) > 0);
$store->delete($key);
?>
--EXPECTF--
bool(true)
yardstick: take %d, extend %d, release %d, check %d
-- acquire() with the store's TTL: one request
bool(true)
bool(true)
bool(true)
bool(true)
-- release(): one request, nothing left
bool(true)
bool(false)
int(0)
-- acquire() with another TTL: the refresh is a round trip that sets it
bool(true)
bool(true)
bool(true)
bool(true)
-- refresh() later: always a round trip
bool(true)
bool(true)
-- exists() asks Redis, but right after this key's own release
bool(true)
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)
int(0)
-- a save whose refresh is not the next call: the refresh asks Redis
bool(true)
