--TEST--
lockRead()/lockWrite() with processes killed (SIGKILL): a reader killed while queued in a batch is granted with the live reader beside it, and its grant is undone by the release ("rw handed": out of the reader set, "x" on its wake list): the live reader holds alone within 1 s, the writer behind them waits for it and then gets the lock within 1 s; the same when the batch is granted by the visit of the live reader at its head after the writer's lifetime ended (not before that end, within 1 s after it); a writer killed at the head: its grant is undone and the reader behind it admitted within 1 s; a writer killed alone in the queue: the release leaves nothing held or queued (a newcomer's lockWrite() succeeds at once, not after the dead one's 30 s); a reader holding the lock killed: its lifetime ends on the server, and the writer queued behind gets the lock not before that end and within 1 s after it; never a writer's token beside a member of the reader set
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$base = rl_unique('rw-dead');
$life = 30 * rl_slowdown();
$timeout = 20 * rl_slowdown();
$soon = min(2.5, 1.0 * rl_slowdown());
$holder = new RedisLock(RL_TEST_SERVER);

function rw_keys(string $name): array
{
    return ['key' => "Lock:$name"] + rl_rw_wait_keys("Lock:$name");
}

/** "ok" if $r (a worker's result) is true, without exception, and ended within $bound s of hrtime $t. */
function got(array $r, int $t, float $bound): string
{
    if ($r['r'] !== true || $r['e'] !== null) {
        return 'failed: ' . json_encode($r);
    }
    $took = ($r['t1'] - $t) / 1e9;
    return $took < $bound ? 'ok' : "late: $took s";
}

/** Whether $w still has no reply after a short pause (it is still blocked). */
function waits(RlWorker $w): bool
{
    usleep((int)(200000 * min(rl_slowdown(), 3)));
    return !$w->pending();
}

/**
 * Who holds, as the server says: "readers <n>", "writer <token>", "free"; "BOTH" (a writer's token beside
 * members, or the marker without members) never.
 */
function holders(RawRedis $raw, array $k): string
{
    $v = $raw->cmd('GET', $k['key']);
    $n = $raw->cmd('ZCARD', $k['readers']);
    if ($v === null) {
        return $n === 0 ? 'free' : "BOTH: no key, $n members";
    }
    if ($v === '*r') {
        return $n > 0 ? "readers $n" : 'BOTH: the marker without members';
    }
    return $n === 0 ? 'writer' : "BOTH: $v beside $n members";
}

/** Kills $w (SIGKILL) and waits until the server has closed its connection. */
function kill(RawRedis $raw, RlWorker $w): void
{
    $w->signal(9);
    if (!rl_wait_until(fn () => rl_client_entries($raw, $w->pid) === [], 10.0 * rl_slowdown())) {
        echo "the connection of {$w->pid} stayed\n";
    }
}

/** The first queue entry's token, waiting until the queue holds $n entries. */
function nth_token(RawRedis $raw, array $k, int $n): string
{
    return substr(rl_wait_queue_len($raw, $k['queue'], $n)[$n - 1], 1);
}

echo "-- a reader killed while queued, granted in a batch with a live one\n";
$n = "$base-batch";
$k = rw_keys($n);
[$dead, $r2, $w3] = RlWorker::warmedUp(3);
var_dump($holder->lockWrite($n, 0, $life));
$dead->calls(['lock', 'lockRead', $n, $timeout, $life]);
$tDead = nth_token($raw, $k, 1);
$r2->calls(['lock', 'lockRead', $n, $timeout, $life]);
$tR2 = nth_token($raw, $k, 2);
$w3->calls(['lock', 'lockWrite', $n, $timeout, $life]);
$tW3 = nth_token($raw, $k, 3);
kill($raw, $dead);
$t = hrtime(true);
var_dump($holder->unlock($n));
echo 'R2: ', got($r2->results()[0], $t, $soon), "\n";
// the dead reader's grant was undone: the live one reads alone, the dead one was told "x"
echo holders($raw, $k), "\n";
var_dump($raw->cmd('ZRANGE', $k['readers'], '0', '-1') === [$tR2]);
var_dump($raw->cmd('LRANGE', $k['wake'] . $tDead, '0', '-1'), $raw->cmd('PTTL', $k['wake'] . $tDead) > 0);
var_dump(waits($w3), holders($raw, $k), rl_queue_tokens($raw->cmd('LRANGE', $k['queue'], '0', '-1')) === ["w$tW3"]);
$t = hrtime(true);
$r2->calls(['lock', 'unlock', $n]);
echo 'W3: ', got($w3->results()[0], $t, $soon), "\n";
var_dump($r2->results()[0]['r'], holders($raw, $k), $raw->cmd('GET', $k['key']) === $tW3);
var_dump($w3->call('lock', 'unlock', $n)['r'], $raw->cmd('EXISTS', $k['key'], $k['queue'], $k['readers']));
$dead->finish();

echo "-- a reader killed while queued, granted by the visit of the live reader ahead of it (the writer's lifetime ended)\n";
$n = "$base-visit";
$k = rw_keys($n);
$dead = new RlWorker();
$dead->warmUp();
// the writer never lets go: its lifetime ends, and the head's visit grants itself and the batch behind it
var_dump($holder->lockWrite($n, 0, 2.0 * rl_slowdown()));
$r2->calls(['lock', 'lockRead', $n, $timeout, $life]);
$tR2 = nth_token($raw, $k, 1);
$dead->calls(['lock', 'lockRead', $n, $timeout, $life]);
$tDead = nth_token($raw, $k, 2);
$w3->calls(['lock', 'lockWrite', $n, $timeout, $life]);
$tW3 = nth_token($raw, $k, 3);
kill($raw, $dead);
$p = $raw->cmd('PTTL', $k['key']);
$end = hrtime(true) + max(0, $p) * 1000000;
$r = $r2->results()[0];
$after = ($r['t1'] - $end) / 1e9;
var_dump($r['r'], $after >= -0.02 ? 'not before the writer\'s end' : "$after s after it",
    $after < $soon ? 'soon after it' : "$after s after it");
echo holders($raw, $k), "\n";
var_dump($raw->cmd('ZRANGE', $k['readers'], '0', '-1') === [$tR2], $raw->cmd('LRANGE', $k['wake'] . $tDead, '0', '-1'));
var_dump(waits($w3), rl_queue_tokens($raw->cmd('LRANGE', $k['queue'], '0', '-1')) === ["w$tW3"]);
$t = hrtime(true);
$r2->calls(['lock', 'unlock', $n]);
echo 'W3: ', got($w3->results()[0], $t, $soon), "\n";
var_dump($r2->results()[0]['r'], holders($raw, $k), $raw->cmd('GET', $k['key']) === $tW3);
var_dump($w3->call('lock', 'unlock', $n)['r'], $raw->cmd('EXISTS', $k['key'], $k['queue'], $k['readers']));
$dead->finish();

echo "-- a writer killed at the head, a reader behind it\n";
$n = "$base-head";
$k = rw_keys($n);
$dead = new RlWorker();
$dead->warmUp();
var_dump($holder->lockRead($n, 0, $life));
$dead->calls(['lock', 'lockWrite', $n, $timeout, $life]);
$tDead = nth_token($raw, $k, 1);
$r2->calls(['lock', 'lockRead', $n, $timeout, $life]);
$tR2 = nth_token($raw, $k, 2);
var_dump($tDead[0], waits($r2));
kill($raw, $dead);
$t = hrtime(true);
var_dump($holder->unlock($n));
echo 'R2: ', got($r2->results()[0], $t, $soon), "\n";
echo holders($raw, $k), "\n";
var_dump($raw->cmd('ZRANGE', $k['readers'], '0', '-1') === [$tR2], $raw->cmd('EXISTS', $k['queue']));
var_dump($raw->cmd('LRANGE', $k['wake'] . $tDead, '0', '-1'));
var_dump($r2->call('lock', 'unlock', $n)['r'], $raw->cmd('EXISTS', $k['key'], $k['queue'], $k['readers']));
$dead->finish();

echo "-- a writer killed alone in the queue\n";
$n = "$base-alone";
$k = rw_keys($n);
$dead = new RlWorker();
$dead->warmUp();
var_dump($holder->lockRead($n, 0, $life));
$dead->calls(['lock', 'lockWrite', $n, $timeout, $life]);
$tDead = nth_token($raw, $k, 1);
kill($raw, $dead);
var_dump($holder->unlock($n));
// undone by the release itself: nothing held, nobody queued
var_dump(holders($raw, $k), $raw->cmd('EXISTS', $k['queue']));
$r = $w3->call('lock', 'lockWrite', $n, 0, $life);
var_dump($r['r'], $raw->cmd('GET', $k['key']) !== $tDead, holders($raw, $k));
var_dump($w3->call('lock', 'unlock', $n)['r'], $raw->cmd('EXISTS', $k['key'], $k['queue'], $k['readers']));
$dead->finish();

echo "-- a reader holding the lock killed: the writer behind it gets the lock at its end\n";
$n = "$base-holder";
$k = rw_keys($n);
$dead = new RlWorker();
$dead->warmUp();
// a lifetime long enough for the writer to queue behind it (the head watches its end, checking in every 5 s meanwhile)
$lifetime = 2.0 * rl_slowdown();
var_dump($dead->call('lock', 'lockRead', $n, 0, $lifetime)['r']);
$w3->calls(['lock', 'lockWrite', $n, $timeout, $life]);
$tW3 = nth_token($raw, $k, 1);
kill($raw, $dead);
// the server's clock says when the reader's lifetime ends, as a moment of hrtime
$h0 = hrtime(true);
[$s, $us] = $raw->cmd('TIME');
$h1 = hrtime(true);
$now = (int)$s * 1000 + intdiv((int)$us, 1000);
$members = $raw->cmd('ZRANGE', $k['readers'], '0', '-1', 'WITHSCORES');
var_dump(count($members), holders($raw, $k));
$end = intdiv($h0 + $h1, 2) + ((int)$members[1] - $now) * 1000000;
$r = $w3->results()[0];
var_dump($r['r'], $r['e']);
$after = ($r['t1'] - $end) / 1e9;
var_dump($after >= -0.02 ? 'not before the reader\'s end' : "$after s after its end",
    $after < $soon ? 'soon after it' : "$after s after its end");
var_dump(holders($raw, $k), $raw->cmd('GET', $k['key']) === $tW3);
var_dump($w3->call('lock', 'unlock', $n)['r'], $raw->cmd('EXISTS', $k['key'], $k['queue'], $k['readers']));
$dead->finish();
$r2->finish();
$w3->finish();

echo "-- nothing left\n";
$left = $raw->cmd('KEYS', "*$base*");
var_dump(array_values(array_filter($left, fn ($key) => !str_ends_with($key, ':wt') && !str_contains($key, ':ww'))));
var_dump(array_values(array_filter($left, fn ($key) => $raw->cmd('PTTL', $key) < 0)));
?>
--EXPECT--
-- a reader killed while queued, granted in a batch with a live one
bool(true)
bool(true)
R2: ok
readers 1
bool(true)
array(1) {
  [0]=>
  string(1) "x"
}
bool(true)
bool(true)
string(9) "readers 1"
bool(true)
W3: ok
bool(true)
string(6) "writer"
bool(true)
bool(true)
int(0)
-- a reader killed while queued, granted by the visit of the live reader ahead of it (the writer's lifetime ended)
bool(true)
bool(true)
string(27) "not before the writer's end"
string(13) "soon after it"
readers 1
bool(true)
array(1) {
  [0]=>
  string(1) "x"
}
bool(true)
bool(true)
W3: ok
bool(true)
string(6) "writer"
bool(true)
bool(true)
int(0)
-- a writer killed at the head, a reader behind it
bool(true)
string(1) "W"
bool(true)
bool(true)
R2: ok
readers 1
bool(true)
int(0)
array(1) {
  [0]=>
  string(1) "x"
}
bool(true)
int(0)
-- a writer killed alone in the queue
bool(true)
bool(true)
string(4) "free"
int(0)
bool(true)
bool(true)
string(6) "writer"
bool(true)
int(0)
-- a reader holding the lock killed: the writer behind it gets the lock at its end
bool(true)
int(2)
string(9) "readers 1"
bool(true)
NULL
string(27) "not before the reader's end"
string(13) "soon after it"
string(6) "writer"
bool(true)
bool(true)
int(0)
-- nothing left
array(0) {
}
array(0) {
}
