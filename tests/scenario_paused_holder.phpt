--TEST--
Scenario (issue 24), a holder paused past its lifetime, one server: holder A (a process) takes the fenced lock for a short lifetime and is stopped (SIGSTOP) while B waits in lock(); A's lifetime ends, B is handed the lock with a fence greater than A's and writes to a fenced store (accepted); A is resumed (SIGCONT) and, still believing it holds the lock, writes with its old fence: refused (the store keeps B's write), and its unlock() is false. The same run with unfenced writes: A's stale write lands over B's. What held: the fence (every acquisition's number greater than the earlier ones'; the store refused the late writer). Where the guarantee ends: the lease itself; a holder paused past its lifetime believes it holds the lock while another does. Checker: (a) 1 in both runs (A's belief overlapped B's, reported), (b) 0 with fences, 1 without
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/history.inc';
$k = rl_slowdown();
$raw = new RawRedis();
$opts = ['fencing' => true];

/** One run: A paused past its lifetime, B handed the lock; both write, fenced or not. */
function scenario(bool $fenced): void
{
    global $k, $raw, $opts;
    echo '-- ', $fenced ? 'writes checked against the fence' : 'unfenced writes', "\n";
    $name = rl_unique('paused');
    $keys = rl_lock_wait_keys("Lock:$name");
    $store = new RlFencedStore(RL_TEST_SERVER, rl_unique('store'));
    $h = new RlHistory();
    $a = new RlHistoryWorker('A', RL_TEST_SERVER, $opts, $h, $store);
    $b = new RlHistoryWorker('B', RL_TEST_SERVER, $opts, $h, $store);
    foreach ([$a, $b] as $w) {
        $w->calls(['warmUp']);
    }
    foreach ([$a, $b] as $w) {
        if (($r = $w->results()[0])['r'] !== true) {
            throw new Error('warm-up failed: ' . json_encode($r));
        }
    }
    $life = 1.0 * $k;
    $ra = $a->call('lock', $name, 0, $life);
    echo 'A lock: ', json_encode($ra['r']['ok']), ' fence: ', var_export(is_int($ra['r']['fence']), true), "\n";
    // B waits for it (queued, blocked in Redis), then writes at once when it is handed the lock
    $b->calls(['lock', $name, 30 * $k, 30], ['write', $name, 'B', $fenced]);
    rl_wait_queue_len($raw, $keys['queue'], 1);
    $a->signal(19);   // SIGSTOP: A's process stops, its lock's lifetime runs on
    $rb = $b->results(60 * $k);
    // B was handed the lock when A's lifetime ended (it began no earlier than A's lock() call)
    echo 'B lock: ', json_encode($rb[0]['r']['ok']), ' after A\'s lifetime: ',
        var_export(($rb[0]['t1'] - $ra['t0']) / 1e9 >= $life, true), "\n";
    echo 'B fence > A fence: ', var_export($rb[0]['r']['fence'] > $ra['r']['fence'], true), "\n";
    echo 'B write: ', $rb[1]['r']['accepted'] ? 'accepted' : 'refused', "\n";
    // (its lifetime ended while it was stopped: B was handed the lock only at that end)
    echo 'A stopped past its lifetime: ', var_export((hrtime(true) - $ra['t0']) / 1e9 > $life, true), "\n";
    $a->signal(18);   // SIGCONT: A resumes where it was, believing it holds the lock
    $a->calls(['write', $name, 'A', $fenced], ['unlock', $name]);
    $r = $a->results();
    echo 'A write: ', $r[0]['r']['accepted'] ? 'accepted' : 'refused', $r[0]['e'] ? " {$r[0]['e']}" : '', "\n";
    echo 'A unlock: ', json_encode($r[1]['r']), "\n";
    echo 'B unlock: ', json_encode($b->call('unlock', $name)['r']), "\n";
    $s = $store->state();
    echo "store keeps: {$s['value']} (written by {$s['writer']}, {$s['seq']} writes accepted)\n";
    $c = $h->check();
    echo $h->summary(), "\n";
    if ($c['a'] !== 1 || $c['b'] !== ($fenced ? 0 : 1)) {
        echo $h->dump();
    }
    foreach ([$a, $b] as $w) {
        [$rc, $out] = $w->finish();
        echo $out;
        if ($rc !== 0) {
            echo "worker {$w->who} exit $rc\n";
        }
    }
    // nothing left of the lock but its fence counter (no lifetime: it must outlive every fence given)
    // and what a hand-over leaves (the served list), which expires
    $left = $raw->cmd('KEYS', "*$name*");
    echo 'left: fence counter ', var_export(in_array(rl_lock_fence_key("Lock:$name"), $left, true), true),
        ', others without a lifetime: ', json_encode(array_values(array_filter($left,
            fn ($key) => $key !== rl_lock_fence_key("Lock:$name") && $raw->cmd('PTTL', $key) < 0))), "\n";
    $raw->cmd('DEL', rl_lock_fence_key("Lock:$name"));
    $store->delete();
}

scenario(true);
scenario(false);
?>
--EXPECT--
-- writes checked against the fence
A lock: true fence: true
B lock: true after A's lifetime: true
B fence > A fence: true
B write: accepted
A stopped past its lifetime: true
A write: refused
A unlock: false
B unlock: true
store keeps: B (written by B, 1 writes accepted)
checker: (a) 1 [A/B], (b) 0
left: fence counter true, others without a lifetime: []
-- unfenced writes
A lock: true fence: true
B lock: true after A's lifetime: true
B fence > A fence: true
B write: accepted
A stopped past its lifetime: true
A write: accepted
A unlock: false
B unlock: true
store keeps: A (written by A, 2 writes accepted)
checker: (a) 1 [A/B], (b) 1 [A after B]
left: fence counter true, others without a lifetime: []
