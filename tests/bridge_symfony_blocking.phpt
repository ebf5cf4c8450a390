--TEST--
Symfony RedisLockStore::waitAndSave(): woken by a release in another process (at most 40 commands, and 15 more per 5 s check-in period, however long the wait: no polling); the Key's lifetime counts from the hand-over; a wait ended by redislock.max_wait is a LockConflictedException
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; require __DIR__ . '/bridge_helpers.inc'; rl_bridge_skip_unless('symfony'); ?>
--FILE--
<?php
require __DIR__ . '/bridge_helpers.inc';
require __DIR__ . '/lock_helpers.inc';   // rl_blocked_in_blpop(), rl_wait_until()
rl_bridge_load('symfony');

use RedisLock\Bridge\Symfony\RedisLockStore;
use Symfony\Component\Lock\Exception\LockConflictedException;
use Symfony\Component\Lock\Key;

$raw = new RawRedis();
$ttl = 30.0;
$store = new RedisLockStore(RL_TEST_SERVER, [], $ttl);
$name = rl_unique('sf-wait');
$held = new Key($name);
$store->save($held);

echo "-- another process waits; the release here wakes it\n";
// the waiter connects and runs the store's scripts once before it waits, so what is counted is the wait
$child = new RlChild(rl_bridge_child_prelude('symfony') . '
$store = new RedisLock\Bridge\Symfony\RedisLockStore(RL_TEST_SERVER, [], ' . var_export($ttl, true) . ');
$warm = new Symfony\Component\Lock\Key(rl_unique("sf-warm"));
$store->waitAndSave($warm);
$store->delete($warm);
echo "ready\n";
fgets(STDIN);
$key = new Symfony\Component\Lock\Key(' . var_export($name, true) . ');
$store->waitAndSave($key);
printf("acquired %s %.3f\n", $store->exists($key) ? "held" : "not held", $key->getRemainingLifetime());
fgets(STDIN);
$store->delete($key);
echo $store->exists($key) ? "still held\n" : "released\n";
');
var_dump($child->line(60 * rl_slowdown()));
$before = rl_bridge_commands_run($raw);
$child->write("wait\n");
var_dump(rl_wait_until(fn () => rl_blocked_in_blpop($raw, $child->pid), 10 * rl_slowdown()));
$hold = 3.0 * rl_slowdown();   // polling every 100 ms, as Symfony's Lock does for a store that cannot block, would cost 30 tries
usleep((int)($hold * 1e6));
var_dump($child->pending());   // still waiting
$store->delete($held);
[$word, $state, $left] = explode(' ', $child->line(30 * rl_slowdown()));
$cost = rl_bridge_commands_run($raw) - $before;
var_dump($word, $state);
var_dump($cost <= rl_bridge_wait_budget($hold + 1.0) ? 'within the budget' : "$cost commands");
// counted from the start of the wait, it would have $ttl - $hold left
var_dump($left > $ttl - $hold / 2 ? 'lifetime from the hand-over' : "$left s left after a $hold s wait");
var_dump($store->exists($held), (new RedisLock(RL_TEST_SERVER))->owner($name) !== false);
$child->write("release\n");
var_dump($child->line(), $child->finish()[0], $raw->cmd('EXISTS', "Lock:$name"));

echo "-- a wait ended by redislock.max_wait: LockConflictedException, the lock still the holder's\n";
$store->save($held);
var_dump(ini_set('redislock.max_wait', '0.5') !== false);
$waiter = new Key($name);
$t = microtime(true);
try {
    $store->waitAndSave($waiter);
    echo "no exception\n";
} catch (LockConflictedException $e) {
    echo get_class($e), "\n";
}
$took = microtime(true) - $t;
var_dump($took >= 0.45 && $took < 0.5 + 5 * rl_slowdown() ? 'ended by max_wait' : "after $took s");
var_dump($store->exists($waiter), $store->exists($held));
$store->delete($held);
?>
--EXPECT--
-- another process waits; the release here wakes it
string(5) "ready"
bool(true)
bool(false)
string(8) "acquired"
string(4) "held"
string(17) "within the budget"
string(27) "lifetime from the hand-over"
bool(false)
bool(true)
string(8) "released"
int(0)
int(0)
-- a wait ended by redislock.max_wait: LockConflictedException, the lock still the holder's
bool(true)
Symfony\Component\Lock\Exception\LockConflictedException
string(17) "ended by max_wait"
bool(false)
bool(true)
