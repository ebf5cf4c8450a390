--TEST--
Symfony LockFactory on RedisLockStore: acquire(), isAcquired(), refresh(), getRemainingLifetime(), isExpired(), release(); two locks of one name from one factory; acquire(true) woken by a release in another process; autoRelease true and false; a Key serialized to a child process, saved again (its own lock), refreshed and released there
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; require __DIR__ . '/bridge_helpers.inc'; rl_bridge_skip_unless('symfony'); ?>
--FILE--
<?php
require __DIR__ . '/bridge_helpers.inc';
require __DIR__ . '/lock_helpers.inc';   // rl_blocked_in_blpop(), rl_wait_until()
rl_bridge_load('symfony');

use RedisLock\Bridge\Symfony\RedisLockStore;
use Symfony\Component\Lock\Key;
use Symfony\Component\Lock\LockFactory;

$raw = new RawRedis();
$factory = new LockFactory(new RedisLockStore(RL_TEST_SERVER));
$name = rl_unique('sf-factory');
$rkey = "Lock:$name";

echo "-- acquire(), isAcquired(), refresh(), getRemainingLifetime(), isExpired(), release()\n";
$lock = $factory->createLock($name, 10.0);
var_dump($lock->isAcquired(), $lock->acquire(), $lock->isAcquired());
$pttl = $raw->cmd('PTTL', $rkey);
$left = $lock->getRemainingLifetime();
var_dump($pttl > 9000 && $pttl <= 10000, $left > 9 && $left <= 10, $lock->isExpired());
$lock->refresh(20.0);
$pttl = $raw->cmd('PTTL', $rkey);
$left = $lock->getRemainingLifetime();
var_dump($pttl > 19000 && $pttl <= 20000, $left > 19 && $left <= 20);
var_dump($lock->acquire());   // again: still its own, renewed

echo "-- a second lock of the name from the same factory is another owner\n";
$second = $factory->createLock($name, 10.0);
var_dump($second->acquire(), $second->isAcquired(), $lock->isAcquired());
$second->release();   // not its lock: no error, the first still holds it
var_dump($lock->isAcquired());
$lock->release();
var_dump($lock->isAcquired(), $raw->cmd('EXISTS', $rkey));
var_dump($second->acquire(), $lock->acquire());
$second->release();

echo "-- acquire(true): waits, woken by the release of another process\n";
$child = new RlChild(rl_bridge_child_prelude('symfony') . 'require ' . var_export(__DIR__ . '/lock_helpers.inc', true) . ';
$lock = (new Symfony\Component\Lock\LockFactory(new RedisLock\Bridge\Symfony\RedisLockStore(RL_TEST_SERVER)))
    ->createLock(' . var_export($name, true) . ', 30.0);
echo $lock->acquire() ? "held\n" : "not held\n";
fgets(STDIN);
$raw = new RawRedis();
// released only once the parent waits in the queue
echo rl_wait_until(fn () => rl_blocked_in_blpop($raw, ' . getmypid() . '), 30 * rl_slowdown()) ? "" : "parent not seen waiting\n";
$lock->release();
echo "released\n";
');
var_dump($child->line(60 * rl_slowdown()));
$blocking = $factory->createLock($name, 30.0);
var_dump($blocking->acquire());   // held by the child
$child->write("release when the parent waits\n");
$before = rl_bridge_commands_run($raw);
$t = microtime(true);
var_dump($blocking->acquire(true));
$cost = rl_bridge_commands_run($raw) - $before;
$budget = rl_bridge_wait_budget(microtime(true) - $t);
var_dump($child->line(30 * rl_slowdown()), $child->finish()[0]);
var_dump($blocking->isAcquired(), $cost <= $budget ? 'within the budget' : "$cost commands");
$left = $blocking->getRemainingLifetime();
var_dump($left > 29 && $left <= 30);
$blocking->release();
var_dump($raw->cmd('EXISTS', $rkey));

echo "-- autoRelease: true releases on destruction, false leaves the lock held\n";
$auto = $factory->createLock($name, 30.0);
var_dump($auto->acquire());
unset($auto);
var_dump($raw->cmd('EXISTS', $rkey));
$kept = $factory->createLock($name, 30.0, false);
var_dump($kept->acquire());
unset($kept);
var_dump($raw->cmd('EXISTS', $rkey));
$raw->cmd('DEL', $rkey);

echo "-- a Key serialized to another process: refreshed and released there\n";
$key = new Key($name);
$lock = $factory->createLockFromKey($key, 30.0, false);
var_dump($lock->acquire());
[$rc, $out] = rl_run_php(rl_bridge_child_prelude('symfony') . '
$key = unserialize(base64_decode(' . var_export(base64_encode(serialize($key)), true) . '));
$lock = (new Symfony\Component\Lock\LockFactory(new RedisLock\Bridge\Symfony\RedisLockStore(RL_TEST_SERVER)))
    ->createLockFromKey($key, 30.0, false);
var_dump($lock->isAcquired());
var_dump($lock->acquire());   // saved again here: the same Key, so its own lock (as Symfony\'s stores do)
$lock->refresh(45.0);
$pttl = (new RawRedis())->cmd("PTTL", ' . var_export($rkey, true) . ');
var_dump($pttl > 44000 && $pttl <= 45000);
$lock->release();
var_dump($lock->isAcquired());
');
echo $out;
var_dump($rc, $raw->cmd('EXISTS', $rkey), $lock->isAcquired());
var_dump($lock->acquire());   // the same Key takes it again here
$lock->release();
var_dump($raw->cmd('EXISTS', $rkey));
?>
--EXPECT--
-- acquire(), isAcquired(), refresh(), getRemainingLifetime(), isExpired(), release()
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
-- a second lock of the name from the same factory is another owner
bool(false)
bool(false)
bool(true)
bool(true)
bool(false)
int(0)
bool(true)
bool(false)
-- acquire(true): waits, woken by the release of another process
string(4) "held"
bool(false)
bool(true)
string(8) "released"
int(0)
bool(true)
string(17) "within the budget"
bool(true)
int(0)
-- autoRelease: true releases on destruction, false leaves the lock held
bool(true)
int(0)
bool(true)
int(1)
-- a Key serialized to another process: refreshed and released there
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
int(0)
int(0)
bool(false)
bool(true)
int(0)
