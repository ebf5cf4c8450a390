--TEST--
Laravel RedisLockLock::block(): woken by a release in another process (at most 40 commands, and 15 more per 5 s check-in period, whatever betweenBlockedAttemptsSleepFor() says: no polling); with a callback: its value, run under the lock, released after; a free lock at once; LockTimeoutException when the seconds run out (block(0): one try), the callback not run
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; require __DIR__ . '/bridge_helpers.inc'; rl_bridge_skip_unless('laravel'); ?>
--FILE--
<?php
require __DIR__ . '/bridge_helpers.inc';
require __DIR__ . '/lock_helpers.inc';   // rl_blocked_in_blpop(), rl_wait_until()
rl_bridge_load('laravel');

use Illuminate\Contracts\Cache\LockTimeoutException;
use RedisLock\Bridge\Laravel\RedisLockProvider;

$raw = new RawRedis();
$probe = new RedisLock(RL_TEST_SERVER);
$locks = new RedisLockProvider(RL_TEST_SERVER);
$name = rl_unique('lv-block');
$rkey = "Lock:$name";

/**
 * Another process holding the lock (owner "child", 30 s): on "take" it takes it and says whether it
 * holds it; on "release" it releases it as soon as this process waits for it.
 */
$child = new RlChild(rl_bridge_child_prelude('laravel') . 'require ' . var_export(__DIR__ . '/lock_helpers.inc', true) . ';
$raw = new RawRedis();
$lock = (new RedisLock\Bridge\Laravel\RedisLockProvider(RL_TEST_SERVER))->lock(' . var_export($name, true) . ', 30, "child");
while (($line = fgets(STDIN)) !== false) {
    if ($line === "take\n") {
        echo $lock->get() ? "held\n" : "not held\n";
        continue;
    }
    echo rl_wait_until(fn () => rl_blocked_in_blpop($raw, ' . getmypid() . '), 30 * rl_slowdown()) ? "" : "parent not seen waiting\n";
    echo $lock->release() ? "released\n" : "not released\n";
}
');

echo "-- block(): woken by the release of another process, however long the pause between tries is set\n";
$child->write("take\n");
var_dump($child->line(60 * rl_slowdown()));
$lock = $locks->lock($name, 10)->betweenBlockedAttemptsSleepFor(3600 * 1000);
$child->write("release\n");
$before = rl_bridge_commands_run($raw);
$t = microtime(true);
var_dump($lock->block(60 * rl_slowdown()));
$cost = rl_bridge_commands_run($raw) - $before;
var_dump($child->line(), $cost <= rl_bridge_wait_budget(microtime(true) - $t) ? 'within the budget' : "$cost commands");
var_dump($lock->isOwnedByCurrentProcess());
$pttl = $raw->cmd('PTTL', $rkey);
var_dump($pttl > 9000 && $pttl <= 10000);   // the lock's own $seconds
var_dump($lock->release());
$child->write("take\n");
var_dump($child->line(10 * rl_slowdown()));   // the child holds it again

echo "-- block(\$seconds, \$callback): the callback's value, run under the lock, released after\n";
$child->write("release\n");
$inside = null;
var_dump($locks->lock($name, 10)->block(60 * rl_slowdown(), function () use ($probe, $name, &$inside) {
    $inside = $probe->owner($name);
    return 'the value';
}));
var_dump($child->line(), $inside !== false && $inside !== 'child', $raw->cmd('EXISTS', $rkey));
$child->write("take\n");
var_dump($child->line(10 * rl_slowdown()));

echo "-- the seconds run out: LockTimeoutException, the callback not run\n";
$ran = false;
$t = microtime(true);
try {
    $locks->lock($name, 10)->block(1, function () use (&$ran) {
        $ran = true;
    });
    echo "no exception\n";
} catch (LockTimeoutException $e) {
    echo get_class($e), "\n";
}
$took = microtime(true) - $t;
var_dump($ran, $took >= 0.95 && $took < 1 + 5 * rl_slowdown() ? 'after about 1 s' : "after $took s");
$t = microtime(true);
try {
    $locks->lock($name, 10)->block(0);
    echo "no exception\n";
} catch (LockTimeoutException $e) {
    echo get_class($e), "\n";
}
$took = microtime(true) - $t;
var_dump($took < 0.5 * rl_slowdown() ? 'one try' : "after $took s");
var_dump($probe->owner($name));   // still the child's
$child->closeInput();
var_dump($child->finish()[0]);
// the child's lock outlived its process (Laravel's locks are released by their owners)
var_dump($probe->owner($name), $locks->restoreLock($name, 'child')->release());

echo "-- block() on a free lock: at once\n";
$t = microtime(true);
$free = $locks->lock($name, 0);
var_dump($free->block(5), microtime(true) - $t < 2 * rl_slowdown(), $free->isOwnedByCurrentProcess(), $free->release());
var_dump($raw->cmd('EXISTS', $rkey));
?>
--EXPECT--
-- block(): woken by the release of another process, however long the pause between tries is set
string(4) "held"
bool(true)
string(8) "released"
string(17) "within the budget"
bool(true)
bool(true)
bool(true)
string(4) "held"
-- block($seconds, $callback): the callback's value, run under the lock, released after
string(9) "the value"
string(8) "released"
bool(true)
int(0)
string(4) "held"
-- the seconds run out: LockTimeoutException, the callback not run
Illuminate\Contracts\Cache\LockTimeoutException
bool(false)
string(15) "after about 1 s"
Illuminate\Contracts\Cache\LockTimeoutException
string(7) "one try"
string(5) "child"
int(0)
string(5) "child"
bool(true)
-- block() on a free lock: at once
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
