--TEST--
unlockAll() of locks with waiters: every release and its grant's check go in one pipelined write ([release][LREM] per lock), not a round trip more per lock someone waited for; a server that lost its scripts costs one write more for all of them, not one per lock; each waiter gets its lock, nothing stays behind
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/delay_proxy.inc';

$k = rl_slowdown();
$raw = new RawRedis();
$proxy = new RlDelayProxy(100, 90);
$a = new RedisLock($proxy->server());   // the holder: the proxy shows each write it sends
$workers = [new RlWorker(RL_TEST_SERVER), new RlWorker(RL_TEST_SERVER), new RlWorker(RL_TEST_SERVER)];

function batch_round(string $label, bool $flush): void
{
    global $k, $raw, $proxy, $a, $workers;
    $names = [rl_unique('batch-a'), rl_unique('batch-b'), rl_unique('batch-c')];
    $held = 0;
    foreach ($names as $i => $name) {
        $held += $a->lock($name, 0, 30) ? 1 : 0;
        $workers[$i]->calls(['lock', 'lock', $name, 10 * $k, 30], ['lock', 'isLocking', $name], ['lock', 'unlock', $name]);
    }
    $queued = 0;
    foreach ($names as $name) {
        $queued += count(rl_wait_queue_len($raw, rl_lock_wait_keys("Lock:$name")['queue'], 1, 10 * $k));
    }
    if ($flush) {
        $raw->cmd('SCRIPT', 'FLUSH');
    }
    $proxy->events();
    $all = $a->unlockAll();
    // each write the holder sent: its first command, and how many the proxy held back behind it
    $writes = array_filter($proxy->events(1.0), fn ($l) => str_starts_with($l, 'hold ') || str_starts_with($l, 'pass '));
    $writes = array_map(fn ($l) => preg_replace('/^(hold|pass) \d+ /', '$1 ', $l), $writes);
    $waiters = [];
    foreach ($workers as $w) {
        $waiters[] = json_encode(array_map(fn ($x) => [$x['r'], $x['e']], $w->results(10 * $k)));
    }
    $left = 0;
    foreach ($names as $name) {
        $left += $raw->cmd('EXISTS', "Lock:$name") + rl_wait_keys_without_ttl($raw, "Lock:$name");
    }
    echo "$label: held $held, queued $queued, unlockAll ", json_encode($all), "; ", count($writes), " write(s): ",
        implode(', ', $writes), "\n  waiters: ", implode(' ', $waiters), "\n  left behind: $left\n";
}

batch_round('scripts flushed', true);
batch_round('scripts loaded (by the round before)', false);
$proxy->finish();
?>
--EXPECT--
scripts flushed: held 3, queued 3, unlockAll true; 2 write(s): hold evalsha 5, hold eval 5
  waiters: [[true,null],[true,null],[true,null]] [[true,null],[true,null],[true,null]] [[true,null],[true,null],[true,null]]
  left behind: 0
scripts loaded (by the round before): held 3, queued 3, unlockAll true; 1 write(s): hold evalsha 5
  waiters: [[true,null],[true,null],[true,null]] [[true,null],[true,null],[true,null]] [[true,null],[true,null],[true,null]]
  left behind: 0
