--TEST--
lockWrite() hand-over from writer to writer, the path "rw release" takes before its prelude: the writer queued behind a writer gets the lock within 1 s of the release (its check-in is 5 s away), its token in the key, nothing granted twice, the queue empty after it; the same when the reader set keeps a member whose end passed (written by the test: the API leaves none beside a writer; the release then takes the full path, which clears it); a writer behind with a lifetime under a check-in period (the full path, which tells the next head) and one that wants a fence (counted: its fence is above the counter before) get it the same way; a writer's release with nobody queued leaves nothing
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$k = rl_slowdown();
$soon = min(2.5, 1.0 * $k);

/** "ok" if worker result $r is true without exception and came within $bound s of hrtime $t. */
function got(array $r, int $t, float $bound): string
{
    if ($r['r'] !== true || $r['e'] !== null) {
        return 'failed: ' . json_encode($r);
    }
    $took = ($r['t1'] - $t) / 1e9;
    return $took < $bound ? 'ok' : "late: $took s";
}

[$h, $w] = RlWorker::warmedUp(2, 'lock');
$fenced = RlWorker::warmedUp(1, 'lock', null, ['fencing' => true])[0];
foreach ([[$h, 'h'], [$w, 'w'], [$fenced, 'f']] as [$x, $tag]) {   // every script once: no EVAL below
    $warm = rl_unique("rw-handover-warm-$tag");
    $x->calls(['lock', 'lockRead', $warm, 0, 5], ['lock', 'lockWrite', $warm, 0, 5], ['lock', 'unlock', $warm]);
    $x->results();
}

foreach (['plain' => 0, 'stale reader' => 1, 'short lifetime' => 2, 'fenced' => 3] as $case => $n) {
    echo "-- $case\n";
    $name = rl_unique("rw-handover-$n");
    $key = "Lock:$name";
    $keys = rl_rw_wait_keys($key);
    var_dump($h->call('lock', 'lockWrite', $name, 0, 30)['r']);
    if ($case === 'stale reader') {
        // a member whose end passed, which the scripts' prelude removes (the API leaves none beside
        // a writer: the set and the readers' marker end together, and a writer needs the marker gone)
        var_dump($raw->cmd('ZADD', $keys['readers'], '1000', 'stale'), $raw->cmd('PEXPIRE', $keys['readers'], '60000'));
    }
    $waiter = $case === 'fenced' ? $fenced : $w;
    $waiter->calls(['lock', 'lockWrite', $name, 20 * $k, $case === 'short lifetime' ? 4.5 : 30]);
    rl_wait_queue_len($raw, $keys['queue'], 1);
    var_dump(rl_wait_until(fn () => rl_blocked_in_blpop($raw, $waiter->pid)));
    $before = $case === 'fenced' ? (int)$raw->cmd('GET', "rl:{Lock:$name}:lf") : 0;
    $t = hrtime(true);
    var_dump($h->call('lock', 'unlock', $name)['r']);
    echo got($waiter->results()[0], $t, $soon), "\n";
    var_dump($raw->cmd('LLEN', $keys['queue']), $raw->cmd('EXISTS', $keys['readers']));
    var_dump($waiter->call('lock', 'isLocking', $name)['r'], $h->call('lock', 'isLocking', $name)['r']);
    if ($case === 'fenced') {
        $f = $fenced->call('lock', 'fence', $name)['r'];
        var_dump(is_int($f) && $f > $before);
    }
    var_dump($waiter->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
}
$h->finish();
$w->finish();
$fenced->finish();
?>
--EXPECT--
-- plain
bool(true)
bool(true)
bool(true)
ok
int(0)
int(0)
bool(true)
bool(false)
bool(true)
int(0)
-- stale reader
bool(true)
int(1)
int(1)
bool(true)
bool(true)
ok
int(0)
int(0)
bool(true)
bool(false)
bool(true)
int(0)
-- short lifetime
bool(true)
bool(true)
bool(true)
ok
int(0)
int(0)
bool(true)
bool(false)
bool(true)
int(0)
-- fenced
bool(true)
bool(true)
bool(true)
ok
int(0)
int(0)
bool(true)
bool(false)
bool(true)
bool(true)
int(0)
