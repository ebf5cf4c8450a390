--TEST--
Scenario (issue 24), Sentinel: the master cut off from its replica and its Sentinels (their links blackholed by fault proxies) while clients still reach it, until the Sentinels fail it over to the replica; client O on the old master's address, client N through sentinel:// once it is failed over; then healed (the old master becomes a replica of the new one). With min_replicas 1: the old master's takes are refused (no replica acknowledges), so are the new master's until the old one replicates it, then N takes the lock, its fence above O's first and within the new master's clock (TIME) read before and after its lock() (every fence is max(the last one + 1, the server's clock in microseconds)); no second holder, every accepted write in acquisition order: checker (a) 0, (b) 0. With min_replicas 0 (where the lock's guarantee ends), the interleaving forced: O takes and releases the lock, then takes it again on the old master (fences growing, within the old master's clock); the new master's counter is the replica's, behind by those two counts (O's first fence), yet N, granted the lock later in real time, gets a fence above O's current one (the clock, not the counter, gives it), within the new master's clock; N writes (accepted), then O (refused: its fence is below N's, which the store keeps): checker (a) 1 (O and N both believed they held it), (b) 0, no fence that did not grow
--SKIPIF--
<?php require __DIR__ . '/skipif_sentinel.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sentinel_helpers.inc';
require __DIR__ . '/fault_proxy.inc';
require __DIR__ . '/partition_helpers.inc';
require __DIR__ . '/history.inc';
$k = rl_slowdown();

/** The server's clock in microseconds (TIME). */
function server_us(RawRedis $raw): int
{
    [$s, $us] = $raw->cmd('TIME');
    return (int)$s * 1000000 + (int)$us;
}

/** A step's result in a line: its return value, or the exception's kind ("READONLY", or the message). */
function res(array $r): string
{
    if ($r['e'] !== null) {
        return str_contains($r['e'], 'READONLY') ? 'READONLY' : $r['e'];
    }
    return is_array($r['r']) && array_key_exists('ok', $r['r']) ? json_encode($r['r']['ok'])
        : (is_array($r['r']) && array_key_exists('accepted', $r['r']) ? ($r['r']['accepted'] ? 'accepted' : 'refused')
        : json_encode($r['r']));
}

function scenario(int $minReplicas): void
{
    global $k;
    echo "-- min_replicas $minReplicas\n";
    $g = new RlPartitionedSentinel();
    $opts = ['fencing' => true, 'min_replicas' => $minReplicas, 'replica_timeout' => 0.2 * $k,
        'read_timeout' => 1.0 * $k, 'connect_timeout' => 1.0 * $k];
    $h = new RlHistory();
    $store = new RlFencedStore(RL_TEST_SERVER, rl_unique('store'));
    $name = rl_unique('partition');
    $o = new RlHistoryWorker('O', $g->master->server(), $opts, $h, $store);
    if (($r = $o->call('warmUp'))['r'] !== true) {
        throw new Error('warm-up failed: ' . json_encode($r));
    }
    // before the partition: one acquisition, its count replicated
    $o->calls(['lock', $name, 0, 60], ['write', $name, 'O0', true], ['unlock', $name]);
    $r = $o->results();
    $f0 = $r[0]['r']['fence'];
    // (a bare WAIT on a connection that wrote nothing answered at once: a replica that still held
    // O's first lock made N's lock() false in CI)
    echo 'before: O lock ', res($r[0]), ', write ', res($r[1]), ', unlock ', res($r[2]), ', replicated ',
        var_export(rl_wait_replicated($g->master->raw()) === 1, true), "\n";

    $g->partition();
    echo "-- partitioned: the old master reaches neither its replica nor its Sentinels\n";
    if ($minReplicas === 0) {
        // every fence is max(the last one + 1, the server's clock in microseconds): within the old master's clock
        // (clients still reach it) read before and after
        $oldRaw = $g->master->raw();
        $t0 = server_us($oldRaw);
        $o->calls(['lock', $name, 0, 60], ['unlock', $name], ['lock', $name, 0, 60]);
        $r = $o->results();
        $t1 = server_us($oldRaw);
        [$f1, $fo] = [$r[0]['r']['fence'], $r[2]['r']['fence']];
        echo 'O on the old master: lock ', res($r[0]), ', unlock ', res($r[1]), ', lock ', res($r[2]),
            ', fences growing from the first: ', var_export(is_int($f1) && is_int($fo) && $f0 < $f1 && $f1 < $fo, true),
            ', within its clock: ', var_export($f1 >= $t0 && $fo <= $t1, true), "\n";
    } else {
        echo 'O on the old master: lock ', res($o->call('lock', $name, 0, 60)), "\n";
    }
    if (!$g->waitFailedOver()) {
        echo "no failover\n", $g->logs();
        return;
    }
    echo "failed over to the replica\n";
    $n = new RlHistoryWorker('N', $g->server(), $opts, $h, $store);
    $newRaw = $g->replica->raw();
    if ($minReplicas === 0) {
        // the new master's counter is the replica's: O's first fence, without the two counts made since
        echo 'the new master\'s counter is O\'s first fence: ',
            var_export($newRaw->cmd('GET', rl_lock_fence_key("Lock:$name")) === (string)$f0, true), "\n";
        $t0 = server_us($newRaw);
        $n->calls(['lock', $name, 0, 60], ['write', $name, 'N', true]);
        $r = $n->results();
        $t1 = server_us($newRaw);
        $fn = $r[0]['r']['fence'];
        // the clock, not the counter behind: N, granted later in real time, gets a fence above O's
        echo 'N through Sentinel: lock ', res($r[0]), ', fence above O\'s: ', var_export(is_int($fn) && $fn > $fo, true),
            ', within the new master\'s clock: ', var_export($fn >= $t0 && $fn <= $t1, true), ', write ', res($r[1]), "\n";
        $o->calls(['write', $name, 'O', true], ['unlock', $name]);
        $r = $o->results();
        echo 'O on the old master: write ', res($r[0]), ' (the store keeps N\'s fence: ',
            var_export($store->state()['fence'] === $fn, true), '), unlock ', res($r[1]), "\n";
        echo 'N: unlock ', res($n->call('unlock', $name)), "\n";
        $g->heal();
        echo 'healed: the old master replicates the new one ', var_export($g->waitDemoted(), true), "\n";
    } else {
        echo 'N through Sentinel: lock ', res($n->call('lock', $name, 0, 60)), "\n";
        $g->heal();
        echo 'healed: the old master replicates the new one ', var_export($g->waitDemoted(), true), "\n";
        $t0 = server_us($newRaw);
        $n->calls(['lock', $name, 0, 60], ['write', $name, 'N', true], ['unlock', $name]);
        $r = $n->results();
        $t1 = server_us($newRaw);
        $fn = $r[0]['r']['fence'];
        echo 'N through Sentinel: lock ', res($r[0]), ', fence above the first: ', var_export(is_int($fn) && $fn > $f0, true),
            ', within the new master\'s clock: ', var_export($fn >= $t0 && $fn <= $t1, true),
            ', write ', res($r[1]), ', unlock ', res($r[2]), "\n";
        echo 'O on the old master: lock ', res($o->call('lock', $name, 0, 60)), "\n";
    }
    $s = $store->state();
    echo "store keeps: {$s['value']} ({$s['seq']} writes accepted)\n";
    $c = $h->check();
    echo $h->summary(), ', fences that did not grow: ', $c['inversions'], "\n";
    foreach ([$o, $n] as $w) {
        [$rc, $out] = $w->finish();
        echo $out, $rc !== 0 ? "worker {$w->who} exit $rc\n" : '';
    }
    $store->delete();
}

scenario(1);
scenario(0);
?>
--EXPECT--
-- min_replicas 1
before: O lock true, write accepted, unlock true, replicated true
-- partitioned: the old master reaches neither its replica nor its Sentinels
O on the old master: lock false
failed over to the replica
N through Sentinel: lock false
healed: the old master replicates the new one true
N through Sentinel: lock true, fence above the first: true, within the new master's clock: true, write accepted, unlock true
O on the old master: lock READONLY
store keeps: N (2 writes accepted)
checker: (a) 0, (b) 0, fences that did not grow: 0
-- min_replicas 0
before: O lock true, write accepted, unlock true, replicated true
-- partitioned: the old master reaches neither its replica nor its Sentinels
O on the old master: lock true, unlock true, lock true, fences growing from the first: true, within its clock: true
failed over to the replica
the new master's counter is O's first fence: true
N through Sentinel: lock true, fence above O's: true, within the new master's clock: true, write accepted
O on the old master: write refused (the store keeps N's fence: true), unlock true
N: unlock true
healed: the old master replicates the new one true
store keeps: N (2 writes accepted)
checker: (a) 1 [O/N], (b) 0, fences that did not grow: 0
