--TEST--
Redlock, waiting behind a lock over 3 masters in the last millisecond of its lifetime (a master's PTTL answers 0 while the key still exists): the waiter retries at the expiry, not a whole block period (5 s) later; a 5 ms lock taken over and over puts tries in that millisecond
--SKIPIF--
<?php require __DIR__ . '/skipif_masters.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/redlock_helpers.inc';
$servers = rl_test_masters(3);
$name = rl_unique('redlock-last-ms');
$holder = new RedisLock($servers);
$waiter = new RedisLock($servers);

// the waiter's timeout (4 s) is shorter than the longest block (5 s): a waiter that blocks one misses the lock
$failed = null;
$taken = 0;
for ($i = 0; $i < 60 && $failed === null; $i++) {
    if (!$holder->lock($name, 2, 0.005)) {   // 5 ms: it ends on its own, while the waiter waits
        continue;   // over 3 masters the holder's own validity may already be spent: no round
    }
    $taken++;
    usleep(($i % 6) * 1000);   // tries at every point of the lifetime and just after
    $t = hrtime(true);
    $got = $waiter->lock($name, 4, 5);
    $took = (hrtime(true) - $t) / 1e9;
    if ($took > 2) {
        $failed = sprintf("round %d: the waiter had %s after %.2f s", $i, $got ? 'the lock' : 'nothing', $took);
    } elseif (!$got) {
        $failed = sprintf("round %d: the waiter gave up after %.2f s", $i, $took);
    } elseif (!$waiter->unlock($name)) {
        $failed = "round $i: the waiter's lock was gone before its unlock()";
    }
}
echo $failed ?? "every round taken", "\n";
var_dump($taken >= 30 ? 'rounds enough' : "only $taken rounds");
?>
--EXPECT--
every round taken
string(13) "rounds enough"
