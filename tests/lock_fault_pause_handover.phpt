--TEST--
Faults: CLIENT PAUSE (WRITE and ALL) while a holder unlocks a lock a waiter is queued for: the unlock() waits for the pause (read_timeout longer) or throws RedisLockException by read_timeout ; the waiter never gets the lock while the release cannot run, gets it right after the pause, and never while the holder still holds it
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/fault_helpers.inc';
$srv = new PrivateRedis();   // a server of our own: pausing it disturbs no other test
$server = $srv->server();
$raw = $srv->raw();
$k = rl_slowdown();
// A's read timeout: shorter than the pause, with 1 s to spare (Redis ends a block on its timer tick, up to 1 s
// late at hz 1, and the slack of the bound on its failure), or longer than the pause
$short = 0.3 * $k;
$pause = $short + 1.0 + 0.5 * $k;
$long = 2 * $pause;
$b = new RlWorker($server, ['read_timeout' => 2 * $k]);
$b->warmUp();

/**
 * A holds a lock (taken at once, or after waiting for it: then its unlock() is the watched release), B waits for
 * it; the server is paused in $mode; A unlocks; the pause ends. One line of what happened, with every check.
 */
function pause_during_handover(string $mode, bool $waited, float $rt): string
{
    global $srv, $server, $raw, $b, $k, $pause;
    $name = rl_unique('pause');
    $queue = rl_lock_wait_keys("Lock:$name")['queue'];
    $a = new RedisLock($server, ['read_timeout' => $rt]);
    rl_warm_up($a, $server, ['read_timeout' => $rt]);
    if ($waited) {
        $raw->cmd('SET', "Lock:$name", 'an-earlier-owner', 'PX', '200');
        $locked = $a->lock($name, 5 * $k, 30);   // has it once the earlier owner's lifetime ends
    } else {
        $locked = $a->lock($name, 0, 30);
    }
    $b->calls(['lock', 'lock', $name, 30 * $k, 30]);
    rl_wait_queue_len($raw, $queue, 1, 10 * $k);
    $out = [];
    $check = function (bool $ok, string $what) use (&$out) {
        if (!$ok) {
            $out[] = "FAILED: $what";
        }
    };
    $check($locked, 'A took the lock');

    $raw->cmd('CLIENT', 'PAUSE', (string)(int)($pause * 1000), $mode);
    $unlock = rl_timed(fn () => $a->unlock($name));
    if ($unlock[1] !== null) {   // thrown while the pause lasts
        $check(!$b->pending(0), 'B has nothing while the pause lasts');
    }
    $raw->cmd('CLIENT', 'UNPAUSE');   // under ALL, this too waits for the pause's end
    $unpaused = hrtime(true);
    if ($rt < $pause) {
        // throws by its read timeout (the unlock of a lock it waited for blocks no more than any other)
        $out[] = rl_failure_line('unlock', $unlock, $server, $rt, $rt + 0.5 * $k);
    } else {
        // runs when the pause ends
        $out[] = 'unlock: ' . var_export($unlock[0], true) . ' ' . ($unlock[1] ?? '')
            . var_export($unlock[2] >= $pause - 0.1 && $unlock[2] < $pause + 0.5 * $k, true);
    }

    // B gets the lock right after the pause if A's release ran. If it did not (the server may drop the command it
    // held back with A's closed connection: both happen), A still holds it and B must not have it until A unlocks
    // again. An unlock() that returned true ran its release: B's answer is awaited then, however late it comes
    // (under ASan beside a busy loop, B, slowed, had not printed it 0.5 s x rl_slowdown() after the pause, and
    // the test took the release for one that had not run). Only after a throw does B's silence say so.
    if ($unlock[1] === null ? $unlock[0] === true : $b->pending(1.0 * $k)) {
        $r = $b->results(10 * $k)[0];
        $check($r['r'] === true && $r['e'] === null, 'B took the lock: ' . json_encode($r));
        $check(($r['t1'] - $unpaused) / 1e9 < 1.0 * $k, 'B took it within 1 s of the pause\'s end');
        $check($unlock[1] !== null || $unlock[0] === true, 'A\'s unlock() returned true');
        $check($a->isLocking($name) === false, 'A does not hold it');
    } else {
        $check($unlock[1] !== null, 'A\'s unlock() threw (its release did not run)');
        $check($a->isLocking($name) === true, 'A still holds it');
        $check($a->unlock($name) === true, 'A\'s second unlock()');
        $again = hrtime(true);
        $r = $b->results(10 * $k)[0];
        $check($r['r'] === true && $r['e'] === null, 'B took the lock: ' . json_encode($r));
        $check(($r['t1'] - $again) / 1e9 < 1.0 * $k, 'B took it within 1 s of the second unlock()');
        $check($a->isLocking($name) === false, 'A does not hold it');
    }
    $check($b->call('lock', 'isLocking', $name)['r'] === true, 'B holds it');
    $check($b->call('lock', 'unlock', $name)['r'] === true, 'B\'s unlock()');
    $check($raw->cmd('EXISTS', "Lock:$name") === 0, 'the lock is gone');
    $check($raw->cmd('LLEN', $queue) === 0, 'the queue is empty');
    return "$mode, " . ($waited ? 'watched unlock' : 'unlock') . ', read_timeout ' . ($rt < $pause ? 'shorter' : 'longer')
        . ': ' . implode('; ', $out);
}

foreach (['WRITE', 'ALL'] as $mode) {
    foreach ([false, true] as $waited) {
        foreach ([$short, $long] as $rt) {
            echo pause_during_handover($mode, $waited, $rt), "\n";
        }
    }
}
[$rc, $out] = $b->finish();
echo $out;
var_dump($rc);
?>
--EXPECT--
WRITE, unlock, read_timeout shorter: unlock: timed out true
WRITE, unlock, read_timeout longer: unlock: true true
WRITE, watched unlock, read_timeout shorter: unlock: timed out true
WRITE, watched unlock, read_timeout longer: unlock: true true
ALL, unlock, read_timeout shorter: unlock: timed out true
ALL, unlock, read_timeout longer: unlock: true true
ALL, watched unlock, read_timeout shorter: unlock: timed out true
ALL, watched unlock, read_timeout longer: unlock: true true
int(0)
