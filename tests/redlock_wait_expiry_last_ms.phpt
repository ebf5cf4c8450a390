--TEST--
Redlock, waiting behind a lock over 3 masters in the last millisecond of its lifetime (a master's PTTL answers 0 while the key still exists): the waiter retries at the expiry, not a whole block period (5 s) later; a 5 ms hold written on every master over and over puts tries in that millisecond
--SKIPIF--
<?php require __DIR__ . '/skipif_masters.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/redlock_helpers.inc';
$servers = rl_test_masters(3);
$name = rl_unique('redlock-last-ms');
$raws = rl_raws($servers);
$waiter = new RedisLock($servers);

// the waiter's timeout (4 s) is shorter than the longest block (5 s): a waiter that blocks one misses the lock
$failed = null;
$taken = 0;
for ($i = 0; $i < 60 && $failed === null; $i++) {
    // another holder for 5 ms, written by hand: RedisLock's own 5 ms lock gives each read a tenth of
    // its lifetime, which slow builds miss; the waiter under test is the extension's all the same
    $held = 0;
    foreach ($raws as $raw) {
        $held += $raw->cmd('SET', "Lock:$name", 'another-holder', 'PX', '5', 'NX') === 'OK' ? 1 : 0;
    }
    if ($held < 2) {
        continue;   // the waiter's lock of the round before must be gone from a quorum: no round
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
