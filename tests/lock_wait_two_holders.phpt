--TEST--
lock() waiting through a delaying proxy (each pipelined write: first command at once, the rest 200 ms late): when the waiter takes an expired lock, or is handed it while its block's answer is in flight, a second client 80 ms later never holds the lock at the same time (the server's key is the waiter's token whenever it believes, and its unlock() succeeds)
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/delay_proxy.inc';
$raw = new RawRedis();
$proxy = new RlDelayProxy(200, 60);
$w = new RlWorker($proxy->server());   // the waiter: every write it pipelines arrives partly 200 ms late
$w->warmUp();
$h = new RedisLock(RL_TEST_SERVER);    // the holder
$s = new RedisLock(RL_TEST_SERVER);    // the second client
rl_warm_up($h);
rl_warm_up($s);

/**
 * One round: the lock is held (until it expires after 0.4 s, or until the holder unlocks while
 * the waiter's first pipelined write is half delivered); 80 ms after the waiter got (or was
 * handed) it, the second client tries, then waits 0.1 s. Returns "ok" or what went wrong.
 */
function one_round(string $mode, int $interval): string
{
    global $raw, $proxy, $w, $h, $s;
    $name = rl_unique("two-holders-$mode");
    $key = "Lock:$name";
    $problems = [];
    $proxy->events();
    if ($mode === 'expire') {
        $raw->cmd('SET', $key, 'dead-holder', 'PX', '400');
    } elseif (!$h->lock($name, 0, 30)) {
        return 'holder: no lock';
    }
    $w->calls(['lock', 'lock', $name, 5, 10, $interval]);
    $seen = null;
    if ($mode === 'expire') {
        // the waiter's check-in takes the expired lock: the key gets a new token
        $deadline = microtime(true) + 5;
        do {
            $v = $raw->cmd('GET', $key);
            if (is_string($v) && $v !== 'dead-holder') {
                $seen = $v;
                break;
            }
            usleep(300);
        } while (microtime(true) < $deadline);
        if ($seen === null) {
            return 'the waiter never took the expired lock';
        }
    } else {
        // the waiter's first write with commands held back (its queue visit is in flight): unlock now
        if ($proxy->nextHold(5) === null) {
            return 'the waiter pipelined nothing';
        }
        if (!$h->unlock($name)) {
            $problems[] = 'holder: unlock() false';
        }
    }
    $t0 = hrtime(true);
    usleep(max(0, 80000 - intdiv(hrtime(true) - $t0, 1000)));
    $r1 = $s->lock($name, 0);
    $r2 = $r1 ? null : $s->lock($name, 0.1, 10, $interval);
    $rw = null;
    if ($r1 || $r2) {
        // the second client believes it holds the lock: the waiter must not believe it too
        $sToken = $raw->cmd('GET', $key);
        if ($w->pending(0.6)) {
            $rw = $w->results()[0];
            if ($rw['r'] === true) {
                $problems[] = 'two holders: the waiter returned true while the second client held the lock (key: '
                    . ($raw->cmd('GET', $key) === $sToken ? "the second client's token" : 'another value') . ')';
            }
        }
        if ($raw->cmd('GET', $key) !== $sToken) {
            $problems[] = "the second client's token left the key while it believed it held the lock";
        }
        if (!$s->unlock($name)) {
            $problems[] = 'second client: unlock() false';
        }
    }
    $rw ??= $w->results(10)[0];
    if ($rw['r'] !== true || $rw['e'] !== null) {
        $problems[] = 'waiter: ' . json_encode($rw);
    } else {
        $now = $raw->cmd('GET', $key);
        if ($seen !== null && $now !== $seen) {
            $problems[] = 'the key is not the token the waiter took';
        }
        $u = $w->call('lock', 'unlock', $name);
        if ($u['r'] !== true) {
            $problems[] = 'waiter: unlock() ' . json_encode($u) . ': it believed it held a lock that was not its own';
        }
    }
    if ($raw->cmd('EXISTS', $key) !== 0) {
        $problems[] = 'the key is left';
        $raw->cmd('DEL', $key);
    }
    return $problems ? implode('; ', $problems) . ($r1 || $r2 ? ' [second client got it]' : '') : 'ok';
}

foreach ([['expire', 2000], ['expire', 100000], ['unlock', 2000], ['unlock', 100000], ['expire', 2000]] as [$mode, $interval]) {
    echo "$mode, waitIntervalUs $interval: ", one_round($mode, $interval), "\n";
}
var_dump($w->finish()[0], $proxy->finish()[0]);
?>
--EXPECT--
expire, waitIntervalUs 2000: ok
expire, waitIntervalUs 100000: ok
unlock, waitIntervalUs 2000: ok
unlock, waitIntervalUs 100000: ok
expire, waitIntervalUs 2000: ok
int(0)
int(0)
