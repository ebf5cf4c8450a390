--TEST--
lockWrite() promoting the only reader: the key then holds a writer's value (its token starts with "W", after the owner and its space when there is one), so a release from outside serves the read/write queue: forceUnlock() and unlock() given the owner from another object hand the lock to the writer queued on it within 1 s (its check-in is 5 s away), as the promoted writer's own unlock() does
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$base = rl_unique('rw-promoted');
$life = 30 * rl_slowdown();
$timeout = 20 * rl_slowdown();
$soon = min(2.5, 1.0 * rl_slowdown());
$a = new RedisLock(RL_TEST_SERVER);
$b = new RedisLock(RL_TEST_SERVER);
[$w] = RlWorker::warmedUp(1);

/** "ok" if $r (a worker's result) is true, without exception, and ended within $bound s of hrtime $t. */
function got(array $r, int $t, float $bound): string
{
    if ($r['r'] !== true || $r['e'] !== null) {
        return 'failed: ' . json_encode($r);
    }
    $took = ($r['t1'] - $t) / 1e9;
    return $took < $bound ? 'ok' : sprintf('late: %.1f s', $took);
}

foreach (['own unlock()' => null, 'forceUnlock()' => null, 'unlock() given the owner' => 'job-5'] as $how => $owner) {
    echo "-- $how\n";
    $n = "$base-" . strtok($how, '(');
    $key = "Lock:$n";
    $queue = rl_rw_wait_keys($key)['queue'];
    var_dump($a->lockRead($n, 0, $life, $owner), $a->lockWrite($n, 0, $life, $owner));
    $value = $raw->cmd('GET', $key);
    $token = $owner === null ? $value : substr($value, strlen($owner) + 1);
    var_dump($value !== '*r', strlen($token), $token[0]);
    $w->calls(['lock', 'lockWrite', $n, $timeout, $life]);
    rl_wait_queue_len($raw, $queue, 1);
    $t = hrtime(true);
    var_dump(match ($how) {
        'own unlock()' => $a->unlock($n, $owner),
        'forceUnlock()' => $b->forceUnlock($n),
        default => $b->unlock($n, $owner),
    });
    echo 'the writer queued: ', got($w->results()[0], $t, $soon), "\n";
    var_dump($a->isLocking($n, $owner), $w->call('lock', 'unlock', $n)['r'], $raw->cmd('EXISTS', $key, $queue));
}
?>
--EXPECT--
-- own unlock()
bool(true)
bool(true)
bool(true)
int(32)
string(1) "W"
bool(true)
the writer queued: ok
bool(false)
bool(true)
int(0)
-- forceUnlock()
bool(true)
bool(true)
bool(true)
int(32)
string(1) "W"
bool(true)
the writer queued: ok
bool(false)
bool(true)
int(0)
-- unlock() given the owner
bool(true)
bool(true)
bool(true)
int(32)
string(1) "W"
bool(true)
the writer queued: ok
bool(false)
bool(true)
int(0)
