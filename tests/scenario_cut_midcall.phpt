--TEST--
Scenario (issue 24), a client cut off mid-call and mid-wait, one server, through a fault proxy. Mid-call: the proxy drops the replies, so a fenced lock()'s take reaches the server but its answer is lost: RedisLockException (read timed out) within its read timeout; the key landed under the client's token (the client kept it: asked, isLocking() is true and fence() gives the count the lost take made; another client's lock() is refused), and once healed the client's unlockAll() deletes it (its token only), or its request end does; then another client takes the lock, with a fence above the one the lost take counted, and writes (accepted). Mid-wait: a waiter blocked in lock() through the proxy is cut (every connection closed): RedisLockException (connection lost) at once; the holder's unlock() hands the lock past the dead waiter's entry to the next waiter, within a second. What held: no second holder, the right exception, nothing left behind but the fence counter (and the served list, which expires). Where the guarantee ends: a take whose answer was lost blocks the name until the client's next unlockAll(), its request end or the lock's lifetime. Checker: (a) 0, (b) 0 in both
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/fault_helpers.inc';
require __DIR__ . '/fault_proxy.inc';
require __DIR__ . '/history.inc';
$k = rl_slowdown();
$raw = new RawRedis();
$opts = ['fencing' => true, 'read_timeout' => 1.0 * $k, 'connect_timeout' => 1.0 * $k];

/** Starts the workers side by side and warms them up (connected, scripts loaded). */
function workers(RlHistory $h, RlFencedStore $store, array $servers): array
{
    global $opts;
    $ws = [];
    foreach ($servers as $who => $server) {
        $ws[$who] = new RlHistoryWorker($who, $server, $opts, $h, $store);
        $ws[$who]->calls(['warmUp']);
    }
    foreach ($ws as $w) {
        if (($r = $w->results()[0])['r'] !== true) {
            throw new Error("warm-up of {$w->who} failed: " . json_encode($r));
        }
    }
    return $ws;
}

/** The name's keys left: the fence counter, and any other without a lifetime (there must be none). */
function left(string $name): string
{
    global $raw;
    $fk = rl_lock_fence_key("Lock:$name");
    $left = $raw->cmd('KEYS', "*$name*");
    return 'fence counter ' . var_export(in_array($fk, $left, true), true) . ', others without a lifetime: '
        . json_encode(array_values(array_filter($left, fn ($key) => $key !== $fk && $raw->cmd('PTTL', $key) < 0)));
}

function finish(RlHistoryWorker ...$ws): void
{
    foreach ($ws as $w) {
        [$rc, $out] = $w->finish();
        echo $out, $rc !== 0 ? "worker {$w->who} exit $rc\n" : '';
    }
}

echo "-- mid-call: the request written, the reply lost\n";
$px = new RlFaultProxy();
$h = new RlHistory();
$store = new RlFencedStore(RL_TEST_SERVER, rl_unique('store'));
['C' => $c, 'D' => $d] = workers($h, $store, ['C' => $px->server(), 'D' => RL_TEST_SERVER]);
$name = rl_unique('midcall');
$key = "Lock:$name";
$fk = rl_lock_fence_key($key);
echo RlFaultProxy::ack($px->dropReplies()), "\n";
echo rl_failure_line('C lock', rl_worker_result($c->call('lock', $name, 0, 30)), $px->server(), 1.0 * $k, 3.0 * $k), "\n";
echo 'replies dropped: ', var_export($px->stats()['dropped_down'] > 0, true), "\n";
echo RlFaultProxy::ack($px->heal()), "\n";
$counted = (int)$raw->cmd('GET', $fk);
echo 'the take landed: key ', $raw->cmd('EXISTS', $key), ', lifetime ', var_export($raw->cmd('PTTL', $key) > 20000, true),
    ', counter counted ', var_export($counted > 0, true), "\n";
// lock() threw, so C does not believe it holds the lock; it kept the token, so asking Redis tells the truth
// (README, "Errors"): the lock is C's, and its fence is the count the lost take made
echo 'C asks: isLocking ', json_encode($c->call('call', 'isLocking', $name)['r']),
    ', fence is the lost take\'s count ', var_export($c->call('call', 'fence', $name)['r'] === $counted, true), "\n";
echo 'D lock: ', json_encode($d->call('lock', $name, 0, 30)['r']['ok']), "\n";
echo 'C unlockAll: ', json_encode($c->call('unlockAll')['r']), ', key ', $raw->cmd('EXISTS', $key), "\n";
$r = $d->calls(['lock', $name, 0, 30], ['write', $name, 'D', true], ['unlock', $name]);
$r = $d->results();
echo 'D lock: ', json_encode($r[0]['r']['ok']), ', fence above the lost take\'s: ', var_export($r[0]['r']['fence'] > $counted, true),
    ', write ', $r[1]['r']['accepted'] ? 'accepted' : 'refused', ', unlock ', json_encode($r[2]['r']), "\n";

echo "-- mid-call again: the request end deletes the landed key\n";
[$c2] = array_values(workers($h, $store, ['C2' => $px->server()]));
$name2 = rl_unique('midcall-end');
echo RlFaultProxy::ack($px->dropReplies()), "\n";
echo rl_failure_line('C2 lock', rl_worker_result($c2->call('lock', $name2, 0, 30)), $px->server(), 1.0 * $k, 3.0 * $k), "\n";
echo RlFaultProxy::ack($px->heal()), "\n";
echo 'the take landed: key ', $raw->cmd('EXISTS', "Lock:$name2"), "\n";
finish($c2);   // its input closes: its request ends
echo 'after C2\'s request end: key ', $raw->cmd('EXISTS', "Lock:$name2"), "\n";
echo $h->summary(), "\n";
echo 'left: ', left($name), "\n";
echo 'left: ', left($name2), "\n";
finish($c, $d);
[$rc, $out] = $px->finish();
echo $out;

echo "-- mid-wait: a waiter's link cut\n";
$px = new RlFaultProxy();
$h = new RlHistory();
$store = new RlFencedStore(RL_TEST_SERVER, rl_unique('store'));
['H' => $holder, 'W1' => $w1, 'W2' => $w2] = workers($h, $store,
    ['H' => RL_TEST_SERVER, 'W1' => $px->server(), 'W2' => RL_TEST_SERVER]);
$m = rl_unique('midwait');
$keys = rl_lock_wait_keys("Lock:$m");
echo 'H lock: ', json_encode($holder->call('lock', $m, 0, 30)['r']['ok']), "\n";
$w1->calls(['lock', $m, 20 * $k, 30]);
[$w1t] = rl_wait_queue_len($raw, $keys['queue'], 1);
var_dump(rl_wait_until(fn () => rl_blocked_in_blpop($raw, $w1->pid)));
$w2->calls(['lock', $m, 20 * $k, 30], ['write', $m, 'W2', true], ['unlock', $m]);
$w2t = rl_wait_queue_len($raw, $keys['queue'], 2)[1];
echo RlFaultProxy::ack($px->cut()), "\n";
$cut = hrtime(true);
$r = $w1->results(30 * $k)[0];
echo 'W1 lock: ', $r['r'] === null && str_starts_with((string)$r['e'], 'RedisLockException: ' . $px->server() . ': connection lost')
    ? 'connection lost' : json_encode($r), ' ', var_export(($r['t1'] - $cut) / 1e9 < 1.0 * $k, true), "\n";
// the dead waiter's entry is still queued, ahead of W2's: the release meets it first
echo 'queued: ', json_encode(array_map(fn ($t) => [$w1t => 'W1', $w2t => 'W2'][$t] ?? $t,
    rl_queue_tokens($raw->cmd('LRANGE', $keys['queue'], '0', '-1')))), "\n";
$released = hrtime(true);
echo 'H unlock: ', json_encode($holder->call('unlock', $m)['r']), "\n";
$r = $w2->results(30 * $k);
echo 'W2 lock: ', json_encode($r[0]['r']['ok']), ' within a second: ', var_export(($r[0]['t1'] - $released) / 1e9 < 1.0 * $k, true),
    ', write ', $r[1]['r']['accepted'] ? 'accepted' : 'refused', ', unlock ', json_encode($r[2]['r']), "\n";
echo 'W1 believes: isLocking ', json_encode($w1->call('call', 'isLocking', $m)['r']), "\n";
echo 'queue left: ', $raw->cmd('EXISTS', $keys['queue']), "\n";
echo $h->summary(), "\n";
echo 'left: ', left($m), "\n";
finish($holder, $w1, $w2);
[$rc, $out] = $px->finish();
echo $out;
foreach ([$name, $name2, $m] as $n) {
    $raw->cmd('DEL', rl_lock_fence_key("Lock:$n"));
}
?>
--EXPECT--
-- mid-call: the request written, the reply lost
ok drop down
C lock: timed out true
replies dropped: true
ok heal
the take landed: key 1, lifetime true, counter counted true
C asks: isLocking true, fence is the lost take's count true
D lock: false
C unlockAll: true, key 0
D lock: true, fence above the lost take's: true, write accepted, unlock true
-- mid-call again: the request end deletes the landed key
ok drop down
C2 lock: timed out true
ok heal
the take landed: key 1
after C2's request end: key 0
checker: (a) 0, (b) 0
left: fence counter true, others without a lifetime: []
left: fence counter true, others without a lifetime: []
-- mid-wait: a waiter's link cut
H lock: true
bool(true)
ok cut
W1 lock: connection lost true
queued: ["W1","W2"]
H unlock: true
W2 lock: true within a second: true, write accepted, unlock true
W1 believes: isLocking false
queue left: 0
checker: (a) 0, (b) 0
left: fence counter true, others without a lifetime: []
