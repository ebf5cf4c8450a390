--TEST--
Symfony RedisLockStore as a SharedLockStoreInterface and BlockingSharedLockStoreInterface: saveRead() shares, save() excludes (read first, write first, as Symfony's shared-store tests do); promotion of the only reader (save() of a reading Key) and its refusal beside another reader; demotion (saveRead() of a writing Key) in one step; through LockFactory, acquireRead()/acquire()/release(); acquireRead(true) woken by a writer's release in another process and acquire(true) by the last reader's; readers that come after a waiting writer wait behind it
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; require __DIR__ . '/bridge_helpers.inc'; rl_bridge_skip_unless('symfony'); ?>
--FILE--
<?php
require __DIR__ . '/bridge_helpers.inc';
require __DIR__ . '/lock_helpers.inc';   // rl_blocked_in_blpop(), rl_wait_until()
rl_bridge_load('symfony');

use RedisLock\Bridge\Symfony\RedisLockStore;
use Symfony\Component\Lock\BlockingSharedLockStoreInterface;
use Symfony\Component\Lock\Exception\LockConflictedException;
use Symfony\Component\Lock\Key;
use Symfony\Component\Lock\LockFactory;
use Symfony\Component\Lock\SharedLockStoreInterface;

$raw = new RawRedis();
$probe = new RedisLock(RL_TEST_SERVER);
$store = new RedisLockStore(RL_TEST_SERVER);

/** "ok", or the short class of what $f threw. */
function outcome(callable $f): string
{
    try {
        $f();
        return 'ok';
    } catch (Throwable $e) {
        return substr(strrchr('\\' . get_class($e), '\\'), 1);
    }
}

/** Three Keys of one fresh name, and the name. */
function keys(string $what): array
{
    $name = rl_unique($what);
    return [new Key($name), new Key($name), new Key($name), $name];
}

var_dump($store instanceof SharedLockStoreInterface, $store instanceof BlockingSharedLockStoreInterface);

echo "-- read first: readers share, a writer is refused until the last reader is gone\n";
[$k1, $k2, $k3, $name] = keys('sf-shared-read');
echo outcome(fn () => $store->saveRead($k1)), ' ', outcome(fn () => $store->saveRead($k2)), "\n";
var_dump($store->exists($k1), $store->exists($k2), $store->exists($k3), $probe->owner($name));
echo outcome(fn () => $store->save($k3)), "\n";
$store->delete($k1);
echo outcome(fn () => $store->save($k3)), "\n";
$store->delete($k2);
echo outcome(fn () => $store->save($k3)), "\n";
var_dump($store->exists($k3), $store->exists($k1));
$store->delete($k3);

echo "-- write first: a reader is refused while the writer holds\n";
[$k1, $k2, , $name] = keys('sf-shared-write');
$store->save($k1);
echo outcome(fn () => $store->saveRead($k2)), "\n";
$store->delete($k1);
echo outcome(fn () => $store->saveRead($k2)), "\n";
var_dump($store->exists($k2));
$store->delete($k2);

echo "-- promotion: the only reader becomes the writer; beside another reader it is refused and still reads\n";
[$k1, $k2, $k3, $name] = keys('sf-shared-promote');
$store->saveRead($k1);
$store->saveRead($k2);
echo outcome(fn () => $store->save($k1)), "\n";
var_dump($store->exists($k1), $probe->owner($name));
$store->delete($k2);
echo outcome(fn () => $store->save($k1)), "\n";
var_dump($probe->owner($name) === $k1->getState(RedisLockStore::class));
echo outcome(fn () => $store->saveRead($k3)), "\n";
$store->delete($k1);

echo "-- demotion: the writer becomes a reader in one step; another reader joins, a writer cannot\n";
[$k1, $k2, $k3, $name] = keys('sf-shared-demote');
$store->save($k1);
echo outcome(fn () => $store->saveRead($k1)), "\n";
var_dump($probe->owner($name), $store->exists($k1));
echo outcome(fn () => $store->saveRead($k2)), ' ', outcome(fn () => $store->save($k3)), "\n";
$store->delete($k1);
$store->delete($k2);
var_dump($raw->cmd('EXISTS', "Lock:$name"));

echo "-- LockFactory: acquireRead(), acquire() (promotes), release()\n";
$factory = new LockFactory($store);
$name = rl_unique('sf-shared-factory');
$a = $factory->createLock($name, 30);
$b = $factory->createLock($name, 30);
var_dump($a->acquireRead(), $b->acquireRead(), $a->acquire(), $a->isAcquired());
$b->release();
var_dump($a->acquire(), $b->acquireRead());
$a->acquireRead();   // demoted
var_dump($b->acquireRead(), $probe->owner($name));
$a->release();
$b->release();
var_dump($raw->cmd('EXISTS', "Lock:$name"));

echo "-- blocking: acquireRead(true) woken by a writer's release in another process, and acquire(true) by the last reader's\n";
$name = rl_unique('sf-shared-block');
$child = new RlChild(rl_bridge_child_prelude('symfony') . '
$factory = new Symfony\Component\Lock\LockFactory(new RedisLock\Bridge\Symfony\RedisLockStore(RL_TEST_SERVER));
$warm = $factory->createLock(rl_unique("sf-warm"));
$warm->acquireRead(true);
$warm->release();
echo "ready\n";
while (($cmd = trim((string)fgets(STDIN))) !== "" && $cmd !== "end") {
    $lock ??= $factory->createLock(' . var_export($name, true) . ', 30);
    $t = microtime(true);
    $r = match ($cmd) { "read" => $lock->acquireRead(true), "write" => $lock->acquire(true), "release" => $lock->release() };
    printf("%s %s %.3f\n", $cmd, json_encode($r), microtime(true) - $t);
}
');
var_dump($child->line(60 * rl_slowdown()));
$writer = $factory->createLock($name, 30);
var_dump($writer->acquire());
$child->write("read\n");
var_dump(rl_wait_until(fn () => rl_blocked_in_blpop($raw, $child->pid), 10 * rl_slowdown()), $child->pending());
$writer->release();
[$cmd, $r, $took] = explode(' ', $child->line(30 * rl_slowdown()));
var_dump($cmd, $r, $took < 1.0 * rl_slowdown() ? 'woken' : "after $took s");
// the child reads; a writer here waits for it, and a reader that comes after that writer waits behind it
$late = new RedisLock(RL_TEST_SERVER);
$waiter = new RlChild(rl_bridge_child_prelude('symfony') . '
$store = new RedisLock\Bridge\Symfony\RedisLockStore(RL_TEST_SERVER);
$warm = new Symfony\Component\Lock\Key(rl_unique("sf-warm"));
$store->waitAndSave($warm);
$store->delete($warm);
echo "ready\n";
fgets(STDIN);
$key = new Symfony\Component\Lock\Key(' . var_export($name, true) . ');
$t = microtime(true);
$store->waitAndSave($key);
printf("write %.3f\n", microtime(true) - $t);
fgets(STDIN);
$store->delete($key);
echo "released\n";
');
var_dump($waiter->line(60 * rl_slowdown()));
$waiter->write("go\n");
var_dump(rl_wait_until(fn () => rl_blocked_in_blpop($raw, $waiter->pid), 10 * rl_slowdown()));
var_dump($late->lockRead($name, 0.3, 30));   // the writer queued first: this reader is not let in
$child->write("release\n");
[$cmd, $r] = explode(' ', $child->line(30 * rl_slowdown()));
var_dump($cmd, $r);
[$cmd, $took] = explode(' ', $waiter->line(30 * rl_slowdown()));
var_dump($cmd);
$waiter->write("release\n");
var_dump($waiter->line(30 * rl_slowdown()), $waiter->finish()[0]);
$child->write("end\n");
var_dump($child->finish()[0], $raw->cmd('EXISTS', "Lock:$name"));
?>
--EXPECT--
bool(true)
bool(true)
-- read first: readers share, a writer is refused until the last reader is gone
ok ok
bool(true)
bool(true)
bool(false)
string(2) "*r"
LockConflictedException
LockConflictedException
ok
bool(true)
bool(false)
-- write first: a reader is refused while the writer holds
LockConflictedException
ok
bool(true)
-- promotion: the only reader becomes the writer; beside another reader it is refused and still reads
LockConflictedException
bool(true)
string(2) "*r"
ok
bool(true)
LockConflictedException
-- demotion: the writer becomes a reader in one step; another reader joins, a writer cannot
ok
string(2) "*r"
bool(true)
ok LockConflictedException
int(0)
-- LockFactory: acquireRead(), acquire() (promotes), release()
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(false)
bool(true)
string(2) "*r"
int(0)
-- blocking: acquireRead(true) woken by a writer's release in another process, and acquire(true) by the last reader's
string(5) "ready"
bool(true)
bool(true)
bool(false)
string(4) "read"
string(4) "true"
string(5) "woken"
string(5) "ready"
bool(true)
bool(false)
string(7) "release"
string(4) "null"
string(5) "write"
string(8) "released"
int(0)
int(0)
int(0)
