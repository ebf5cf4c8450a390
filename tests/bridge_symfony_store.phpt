--TEST--
Symfony RedisLockStore: save/exists/delete/putOffExpiration/waitAndSave (free lock) as Symfony's stores do; the owner token in the Key; two Keys of one name are two holders on one store; a lifetime run out while storing (LockExpiredException); TTL checks; options passed to RedisLock; Redis failures as Symfony's exceptions; locks outlive the store object and the request; several masters refused when constructed (ValueError)
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; require __DIR__ . '/bridge_helpers.inc'; rl_bridge_skip_unless('symfony'); ?>
--FILE--
<?php
require __DIR__ . '/bridge_helpers.inc';
require_once __DIR__ . '/host.inc';   // rl_dead_port()
rl_bridge_load('symfony');

use RedisLock\Bridge\Symfony\RedisLockStore;
use Symfony\Component\Lock\BlockingStoreInterface;
use Symfony\Component\Lock\Exception\InvalidTtlException;
use Symfony\Component\Lock\Exception\LockConflictedException;
use Symfony\Component\Lock\Exception\LockExpiredException;
use Symfony\Component\Lock\Key;
use Symfony\Component\Lock\PersistingStoreInterface;
use Symfony\Component\Lock\SharedLockStoreInterface;

$raw = new RawRedis();
$probe = new RedisLock(RL_TEST_SERVER);   // owner(): who holds a name
$store = new RedisLockStore(RL_TEST_SERVER);
$name = rl_unique('sf-store');
$rkey = "Lock:$name";

/** Runs $f, prints the class of what it throws (or "no exception"). */
function thrown(callable $f): void
{
    try {
        $f();
        echo "no exception\n";
    } catch (Throwable $e) {
        echo get_class($e), "\n";
    }
}

echo "-- the interfaces\n";
var_dump($store instanceof PersistingStoreInterface, $store instanceof BlockingStoreInterface,
    $store instanceof SharedLockStoreInterface);

echo "-- save(): the owner token is drawn into the Key's state\n";
$key = new Key($name);
var_dump($store->exists($key), $key->hasState(RedisLockStore::class));   // never stored
$store->save($key);
$token = $key->getState(RedisLockStore::class);
var_dump(preg_match('/^[0-9a-f]{32}$/D', $token), $probe->owner($name) === $token, $store->exists($key));
$pttl = $raw->cmd('PTTL', $rkey);
var_dump($pttl > 290000 && $pttl <= 300000);   // the initial TTL: 300 s
$left = $key->getRemainingLifetime();
var_dump($left > 290 && $left <= 300);

echo "-- save() again with the same Key: renewed, same owner\n";
$raw->cmd('PEXPIRE', $rkey, '100000');
$store->save($key);
var_dump($key->getState(RedisLockStore::class) === $token, $raw->cmd('PTTL', $rkey) > 290000);

echo "-- another Key of the same name is another holder, even on this store\n";
$other = new Key($name);
thrown(fn () => $store->save($other));
var_dump($store->exists($other), $store->exists($key), $probe->owner($name) === $token);
thrown(fn () => $store->putOffExpiration($other, 10));
$store->delete($other);   // not its lock: nothing happens
var_dump($store->exists($key), $probe->owner($name) === $token);

echo "-- putOffExpiration(): the new lifetime in Redis and in the Key\n";
$key->resetLifetime();
$store->putOffExpiration($key, 12.5);
$pttl = $raw->cmd('PTTL', $rkey);
$left = $key->getRemainingLifetime();
var_dump($pttl > 11500 && $pttl <= 12500, $left > 11.5 && $left <= 12.5);

echo "-- delete() releases; then the other Key takes it\n";
$store->delete($key);
var_dump($store->exists($key), $raw->cmd('EXISTS', $rkey));
$store->delete($key);   // released already: nothing happens
$store->save($other);
var_dump($store->exists($other), $probe->owner($name) === $other->getState(RedisLockStore::class));
thrown(fn () => $store->putOffExpiration($key, 5));   // its lock is gone
thrown(fn () => $store->putOffExpiration(new Key($name), 5));   // never stored
$store->delete($other);
var_dump($raw->cmd('EXISTS', $rkey));

echo "-- waitAndSave() on a free lock takes it at once\n";
$w = new Key($name);
$t = microtime(true);
$store->waitAndSave($w);
$took = microtime(true) - $t;
var_dump($store->exists($w), $took < 2 * rl_slowdown(), $raw->cmd('PTTL', $rkey) > 290000);
$left = $w->getRemainingLifetime();
var_dump($left > 290 && $left <= 300);
$store->delete($w);

echo "-- the lifetime ran out while storing: released, LockExpiredException\n";
$expired = new Key(rl_unique('sf-expired'));
$expired->reduceLifetime(0);
try {
    $store->save($expired);
    echo "no exception\n";
} catch (LockExpiredException $e) {
    echo get_class($e), ': ', $e->getMessage() === "Failed to store the \"$expired\" lock." ? 'the message' : $e->getMessage(), "\n";
}
var_dump($raw->cmd('EXISTS', "Lock:$expired"));

echo "-- TTLs\n";
foreach ([0.0, -1.0, NAN, INF, 2e9] as $ttl) {
    thrown(fn () => $store->putOffExpiration($key, $ttl));
}
thrown(fn () => new RedisLockStore(RL_TEST_SERVER, [], 0.0));
$short = new RedisLockStore(RL_TEST_SERVER, [], 2.5);
$k = new Key(rl_unique('sf-short'));
$short->save($k);
$pttl = $raw->cmd('PTTL', "Lock:$k");
var_dump($pttl > 2000 && $pttl <= 2500);
$short->delete($k);

echo "-- the options go to RedisLock\n";
$prefixed = new RedisLockStore(RL_TEST_SERVER, ['prefix' => 'SfBridge:']);
$k = new Key($name);
$prefixed->save($k);
var_dump($raw->cmd('EXISTS', "SfBridge:$name"), $raw->cmd('EXISTS', $rkey));
$prefixed->delete($k);
var_dump($raw->cmd('EXISTS', "SfBridge:$name"));
thrown(fn () => new RedisLockStore(RL_TEST_SERVER, ['no_such_option' => 1]));

echo "-- Redis unreachable: Symfony's exceptions, the extension's as their previous\n";
$dead = new RedisLockStore('tcp://127.0.0.1:' . rl_dead_port(), ['connect_timeout' => 1]);
foreach (['save', 'waitAndSave', 'putOffExpiration', 'exists', 'delete'] as $method) {
    $k = new Key($name);
    $k->setState(RedisLockStore::class, bin2hex(random_bytes(16)));
    try {
        $method === 'putOffExpiration' ? $dead->$method($k, 5) : $dead->$method($k);
        echo "$method: no exception\n";
    } catch (Throwable $e) {
        $previous = $e->getPrevious();
        echo "$method: ", get_class($e), ' <- ', $previous ? get_class($previous) . rl_error_kind($previous) : 'nothing', "\n";
    }
}

echo "-- a lock outlives its store object\n";
$kept = new Key(rl_unique('sf-kept'));
$s = new RedisLockStore(RL_TEST_SERVER);
$s->save($kept);
unset($s);
var_dump($raw->cmd('EXISTS', "Lock:$kept"), $store->exists($kept));
$store->delete($kept);
var_dump($raw->cmd('EXISTS', "Lock:$kept"));

echo "-- and the request: a child stores a Key and ends; the Key, sent back, releases it here\n";
$childName = rl_unique('sf-child');
[$rc, $out] = rl_run_php(rl_bridge_child_prelude('symfony') . '
$store = new RedisLock\Bridge\Symfony\RedisLockStore(RL_TEST_SERVER);
$key = new Symfony\Component\Lock\Key(' . var_export($childName, true) . ');
$store->save($key);
echo base64_encode(serialize($key));
');
var_dump($rc);
$fromChild = unserialize(base64_decode($out));
var_dump($fromChild instanceof Key, $raw->cmd('EXISTS', "Lock:$childName"), $store->exists($fromChild));
$pttl = $raw->cmd('PTTL', "Lock:$childName");
var_dump($pttl > 290000, $probe->owner($childName) === $fromChild->getState(RedisLockStore::class));
$store->delete($fromChild);
var_dump($store->exists($fromChild), $raw->cmd('EXISTS', "Lock:$childName"));
echo "-- several masters: refused when constructed (owners live on one server, Sentinel or Cluster)\n";
try {
    new RedisLockStore([RL_TEST_SERVER, RL_TEST_SERVER . '0', RL_TEST_SERVER . '1']);
    echo "no exception\n";
} catch (ValueError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump(new RedisLockStore([RL_TEST_SERVER]) instanceof RedisLockStore);   // an array of one server is that server

?>
--EXPECT--
-- the interfaces
bool(true)
bool(true)
bool(true)
-- save(): the owner token is drawn into the Key's state
bool(false)
bool(false)
int(1)
bool(true)
bool(true)
bool(true)
bool(true)
-- save() again with the same Key: renewed, same owner
bool(true)
bool(true)
-- another Key of the same name is another holder, even on this store
Symfony\Component\Lock\Exception\LockConflictedException
bool(false)
bool(true)
bool(true)
Symfony\Component\Lock\Exception\LockConflictedException
bool(true)
bool(true)
-- putOffExpiration(): the new lifetime in Redis and in the Key
bool(true)
bool(true)
-- delete() releases; then the other Key takes it
bool(false)
int(0)
bool(true)
bool(true)
Symfony\Component\Lock\Exception\LockConflictedException
Symfony\Component\Lock\Exception\LockConflictedException
int(0)
-- waitAndSave() on a free lock takes it at once
bool(true)
bool(true)
bool(true)
bool(true)
-- the lifetime ran out while storing: released, LockExpiredException
Symfony\Component\Lock\Exception\LockExpiredException: the message
int(0)
-- TTLs
Symfony\Component\Lock\Exception\InvalidTtlException
Symfony\Component\Lock\Exception\InvalidTtlException
Symfony\Component\Lock\Exception\InvalidTtlException
Symfony\Component\Lock\Exception\InvalidTtlException
Symfony\Component\Lock\Exception\InvalidTtlException
Symfony\Component\Lock\Exception\InvalidTtlException
bool(true)
-- the options go to RedisLock
int(1)
int(0)
int(0)
ValueError
-- Redis unreachable: Symfony's exceptions, the extension's as their previous
save: Symfony\Component\Lock\Exception\LockAcquiringException <- RedisLockException[CONNECT_FAILED]
waitAndSave: Symfony\Component\Lock\Exception\LockAcquiringException <- RedisLockException[CONNECT_FAILED]
putOffExpiration: Symfony\Component\Lock\Exception\LockStorageException <- RedisLockException[CONNECT_FAILED]
exists: Symfony\Component\Lock\Exception\LockStorageException <- RedisLockException[CONNECT_FAILED]
delete: Symfony\Component\Lock\Exception\LockReleasingException <- RedisLockException[CONNECT_FAILED]
-- a lock outlives its store object
int(1)
bool(true)
int(0)
-- and the request: a child stores a Key and ends; the Key, sent back, releases it here
int(0)
bool(true)
int(1)
bool(true)
bool(true)
bool(true)
bool(false)
int(0)
-- several masters: refused when constructed (owners live on one server, Sentinel or Cluster)
ValueError: RedisLock\Bridge\Symfony\RedisLockStore::__construct(): Argument #1 ($server) must be one server, a sentinel:// or a cluster:// address, not several masters
bool(true)
