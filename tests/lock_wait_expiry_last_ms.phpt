--TEST--
lock() waiting behind a lock in the last millisecond of its lifetime (PTTL answers 0 while the key still exists): the waiter, the queue's head, blocks until the expiry and takes the lock, not a whole check-in period (5 s) later; a 1 ms lock taken over and over puts joins and visits in that millisecond
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('last-ms');
$holder = new RedisLock(RL_TEST_SERVER);
$waiter = new RedisLock(RL_TEST_SERVER);
rl_warm_up($holder);
rl_warm_up($waiter);

// a live key answers PTTL 0 through its last millisecond (the case under test): seen here first
$zero = false;
for ($i = 0; $i < 2000 && !$zero; $i++) {
    $raw->cmd('SET', "probe:$name", '1', 'PX', '1');
    while (($left = $raw->cmd('EVAL', "if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('PTTL', KEYS[1]) end return -2", 1, "probe:$name")) >= 0) {
        $zero = $zero || $left === 0;
    }
}
var_dump($zero);

// the waiter's timeout (4 s) is shorter than a check-in period (5 s): a head that blocks one misses the lock
$rounds = 40;   // each about a server tick (100 ms at hz 10): the waiter's block of PTTL+1 ends on one
$failed = null;
for ($i = 0; $i < $rounds && $failed === null; $i++) {
    if (!$holder->lock($name, 2, 0.001)) {   // 1 ms: it ends on its own, while the waiter waits
        $failed = "round $i: the holder did not get the lock";
        break;
    }
    usleep(($i % 4) * 300);   // joins at every point of the millisecond and just after
    $t = hrtime(true);
    $got = $waiter->lock($name, 4, 5);
    $took = (hrtime(true) - $t) / 1e9;
    if ($took > 2) {
        // its 4 s timeout ran out, and leaving took the lock: the head had blocked a check-in period
        $failed = sprintf("round %d: the waiter had the lock after %.2f s", $i, $took);
    } elseif (!$got) {
        $failed = sprintf("round %d: the waiter gave up after %.2f s", $i, $took);
    } elseif (!$waiter->unlock($name)) {
        $failed = "round $i: the waiter's lock was gone before its unlock()";
    }
}
echo $failed ?? "every round taken", "\n";
?>
--EXPECT--
bool(true)
every round taken
