--TEST--
Fencing tokens (issue 24) when the server loses its data: redis-server without persistence killed with SIGKILL and restarted empty while a fencing object holds a lock it took without waiting and a waiter in another process holds another it was granted by a release (its fence not asked yet): the counter is gone with the lock; every fence is max(the last one + 1, the server's clock in microseconds) (before the restart each is greater than the one before and within the server's clock (TIME) read before and after its acquisition, not consecutive), so the counter made anew starts at the server's clock and the next fences (without waiting, and by waiting) are greater than every fence given before the restart, each within the clock around its acquisition; the counter then set back by hand, no lock held, to the value it had after the first fence (as a restart from an older snapshot would bring it back) still gives a fence greater than every earlier one, which the store accepts; the old holder's fence() still answers its old fence (it does not know) and a fenced store that accepted the new holder's write refuses the old one's; the waiter's fence(), asked only now, is false (the lock it was granted is gone)
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
/** The server's clock in microseconds (TIME). */
function server_us(RawRedis $raw): int
{
    [$s, $us] = $raw->cmd('TIME');
    return (int)$s * 1000000 + (int)$us;
}

/**
 * Every fence is max(the last one + 1, the server's clock in microseconds): true if each
 * [since, fence, until] of $takes, in the order of the acquisitions (since and until: the
 * server's clock read before and after the step that gave it), has an int fence within
 * [since, until] and greater than the one before it (the first: than $above); else what is wrong.
 */
function fences_grow(array $takes, ?int $above = null): true|string
{
    $last = $above;
    foreach (array_values($takes) as $i => [$since, $f, $until]) {
        if (!is_int($f) || ($last !== null && $f <= $last) || $f < $since || $f > $until) {
            return "fence $i: " . json_encode([$since, $f, $until]) . ' after ' . json_encode($last);
        }
        $last = $f;
    }
    return true;
}

$srv = new PrivateRedis();   // --save '' --appendonly no: a restart loses everything
$server = $srv->server();
$raw = $srv->raw();
$k = rl_slowdown();
$opts = ['fencing' => true, 'read_timeout' => 1.0 * $k, 'connect_timeout' => 1.0 * $k];
$name = rl_unique('fence-lost-data');
$other = rl_unique('fence-lost-data-other');
$key = "Lock:$name";
$queue = rl_lock_wait_keys($key)['queue'];
$counter = rl_lock_fence_key($key);
$a = new RedisLock($server, $opts);
$b = new RedisLock($server, $opts);
$w = new RlWorker($server, $opts);
$w->warmUp();
// a store that accepts a write only with a fence greater than the last one it accepted (kept in this process)
$store = ['fence' => 0, 'data' => null];
$write = function (int|false $fence, string $data) use (&$store): bool {
    if ($fence === false || $fence <= $store['fence']) {
        return false;
    }
    $store = ['fence' => $fence, 'data' => $data];
    return true;
};

echo "-- before the restart\n";
$takes = [];   // [the server's clock before, fence, the clock after]
for ($i = 0; $i < 3; $i++) {
    foreach ([$a, $b] as $o) {
        $t0 = server_us($raw);
        $ok = $o->lock($name, 0, 60) && ($takes[] = [$t0, $o->fence($name), server_us($raw)]) && $o->unlock($name);
        if (!$ok) {
            echo "round $i: failed\n";
        }
    }
}
// the waiter is granted $name by $b's release (its fence not asked: the counter holds it); $a holds another name
$t0 = server_us($raw);
var_dump($b->lock($name, 0, 60), is_int($fb = $b->fence($name)));
$takes[] = [$t0, $fb, server_us($raw)];
$w->calls(['lock', 'lock', $name, 30 * $k, 60]);
rl_wait_queue_len($raw, $queue, 1, 10 * $k);
$t0 = server_us($raw);
var_dump($b->unlock($name), $w->results()[0]['r']);
$takes[] = [$t0, (int)$raw->cmd('GET', $counter), server_us($raw)];
$t0 = server_us($raw);
var_dump($a->lock($other, 0, 60), is_int($fa = $a->fence($other)), $write($fa, 'A1'));
$fences = array_column($takes, 1);
// each greater than the one before, within the server's clock around its acquisition; $other's counter began at the clock too
var_dump(fences_grow($takes), fences_grow([[$t0, $fa, server_us($raw)]]));

echo "-- SIGKILL, then a restart without the data\n";
$srv->kill();
usleep(2000);   // the clock moves on (the counter counted 8 in all: far less than the microseconds a restart takes)
$srv->start();
$raw = $srv->raw();
var_dump($raw->cmd('DBSIZE'));

echo "-- after the restart\n";
$before = max(array_merge($fences, [$fa]));
// the new holder of $other: a fence above every earlier one (the counter made anew starts at the server's clock),
// and the store takes its write
$t0 = server_us($raw);
var_dump($b->lock($other, 0, 60), fences_grow([[$t0, $fb = $b->fence($other), server_us($raw)]], $before), $write($fb, 'B1'));
// the old holder does not know: its fence() answers from its record, and the store refuses it
var_dump($a->fence($other) === $fa, $write($a->fence($other), 'A2'), $store['data']);
var_dump($a->isLocking($other), $a->fence($other), $b->unlock($other));
// the waiter granted before the restart: its lock is gone, and so is its fence
$w->calls(['lock', 'fence', $name], ['lock', 'isLocking', $name]);
echo json_encode(array_column($w->results(), 'r')), "\n";
// $name anew: without waiting, then by waiting (granted by a release)
$t0 = server_us($raw);
var_dump($a->lock($name, 0, 60), ($f1 = $a->fence($name)) > $before);
$after = [[$t0, $f1, server_us($raw)]];
$w->calls(['lock', 'lock', $name, 30 * $k, 60], ['lock', 'fence', $name], ['lock', 'unlock', $name]);
rl_wait_queue_len($raw, $queue, 1, 10 * $k);
$t0 = server_us($raw);
var_dump($a->unlock($name));
[$l, $f, $u] = $w->results();
$after[] = [$t0, $f['r'], server_us($raw)];
var_dump($l['r'], fences_grow($after, $before), $u['r'], $raw->cmd('GET', $counter) === (string)$f['r'], $raw->cmd('PTTL', $counter));

echo "-- the counter brought back behind (as from an older snapshot), no lock held\n";
// the value it had after the first fence before the restart: counting on from it would repeat the fences after it
$before = max($before, $f['r']);
var_dump($raw->cmd('EXISTS', $key), $raw->cmd('SET', $counter, (string)$fences[0]));
$t0 = server_us($raw);
var_dump($b->lock($name, 0, 60), fences_grow([[$t0, $fb = $b->fence($name), server_us($raw)]], $before), $write($fb, 'B2'),
    $raw->cmd('GET', $counter) === (string)$fb, $b->unlock($name));
[$rc, $out] = $w->finish();
echo $out;
var_dump($rc);
?>
--EXPECT--
-- before the restart
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
-- SIGKILL, then a restart without the data
int(0)
-- after the restart
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
string(2) "B1"
bool(false)
bool(false)
bool(true)
[false,false]
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(-1)
-- the counter brought back behind (as from an older snapshot), no lock held
int(0)
string(2) "OK"
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
