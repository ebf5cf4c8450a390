--TEST--
Scenario (issue 24), a holder paused past its lifetime, several masters: three masters of the test's own; holder A (a process whose RedisLock spans them, with the fencing option) takes the lock for a short lifetime and confirms its fence (fence(): on a quorum of masters, each counter raised to it), then is stopped (SIGSTOP) while B waits in lock() (blocked on the masters' wake lists); A's keys expire on all three, B takes the lock with a fence greater than A's and writes to a fenced store (accepted); A is resumed (SIGCONT) and, still believing it holds the lock, writes with its old fence: refused (the store keeps B's write), and its unlock() is false. The same run with unfenced writes: A's stale write lands over B's. What held: the fence. Where the guarantee ends: the lease itself; a holder paused past its lifetime believes it holds the lock while another does. Checker: (a) 1 in both runs (A's belief overlapped B's, reported), (b) 0 with fences, 1 without
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/history.inc';
require __DIR__ . '/scenario_redlock.inc';
$k = rl_slowdown();
$opts = ['fencing' => true, 'read_timeout' => 1.0 * $k, 'connect_timeout' => 1.0 * $k];
// masters of the test's own (the suite's five shared ones need not be there: README's make test)
$m = [new PrivateRedis(), new PrivateRedis(), new PrivateRedis()];
$servers = array_map(fn ($s) => $s->server(), $m);
$raws = array_map(fn ($s) => $s->raw(), $m);

/** One run: A paused past its lifetime, B takes the lock; both write, fenced or not. */
function scenario(bool $fenced): void
{
    global $k, $opts, $m, $servers, $raws;
    echo '-- ', $fenced ? 'writes checked against the fence' : 'unfenced writes', "\n";
    $name = rl_unique('paused');
    $key = "Lock:$name";
    $store = new RlFencedStore(RL_TEST_SERVER, rl_unique('store'));
    $h = new RlHistory();
    $a = new RlRedlockHistoryWorker('A', $servers, $opts, $h, $store);
    $b = new RlRedlockHistoryWorker('B', $servers, $opts, $h, $store);
    RlRedlockHistoryWorker::warmUpAll($a, $b);
    $life = 1.5 * $k;
    $ra = $a->call('lock', $name, 0, $life);
    $counters = array_map(fn ($raw) => $raw->cmd('GET', rl_lock_fence_key($key)), $raws);
    echo 'A lock: ', json_encode($ra['r']['ok']), ' fence: ', var_export(is_int($ra['r']['fence']), true),
        ', every counter at it: ', var_export($counters === array_fill(0, 3, (string)$ra['r']['fence']), true), "\n";
    // B waits for it (its someone-waits mark on every master, blocked on their wake lists), then writes at once
    $b->calls(['lock', $name, 30 * $k, 30], ['write', $name, 'B', $fenced]);
    $marker = rl_wait_marker('Lock:') . "{{$key}}:rt";
    rl_wait_until(fn () => array_map(fn ($raw) => $raw->cmd('EXISTS', $marker), $raws) === [1, 1, 1]);
    $a->signal(19);   // SIGSTOP: A's process stops, its keys' lifetime runs on
    $rb = $b->results(60 * $k);
    echo 'B lock: ', json_encode($rb[0]['r']['ok']), ' after A\'s lifetime: ',
        var_export(($rb[0]['t1'] - $ra['t0']) / 1e9 >= $life, true), "\n";
    echo 'B fence > A fence: ', var_export($rb[0]['r']['fence'] > $ra['r']['fence'], true), "\n";
    echo 'B write: ', $rb[1]['r']['accepted'] ? 'accepted' : 'refused', "\n";
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
    echo $a->end(), $b->end();
    echo 'left: ', rl_redlock_left($m, $name), "\n";
    $store->delete();
}

scenario(true);
scenario(false);
?>
--EXPECT--
-- writes checked against the fence
A lock: true fence: true, every counter at it: true
B lock: true after A's lifetime: true
B fence > A fence: true
B write: accepted
A stopped past its lifetime: true
A write: refused
A unlock: false
B unlock: true
store keeps: B (written by B, 1 writes accepted)
checker: (a) 1 [A/B], (b) 0
left: [] [] []
-- unfenced writes
A lock: true fence: true, every counter at it: true
B lock: true after A's lifetime: true
B fence > A fence: true
B write: accepted
A stopped past its lifetime: true
A write: accepted
A unlock: false
B unlock: true
store keeps: A (written by A, 2 writes accepted)
checker: (a) 1 [A/B], (b) 1 [A after B]
left: [] [] []
