--TEST--
Cluster: lockRead()/lockWrite() on names of several slots, with a hash tag, with a "}" but no tag, and with a prefix holding the tag: two readers share ("*r" on the master of the lock key's slot), a writer of another process queues there and is handed the lock within 1 s when both let go, then is demoted and promoted again; the lock key, the queue, the served list, the reader set and the waiter's wake list all hash to the lock key's slot (CLUSTER KEYSLOT of the node) and live on that master (no CROSSSLOT); nothing is left held or queued
--SKIPIF--
<?php require __DIR__ . '/skipif_cluster.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/cluster_helpers.inc';
$c = RlClusterView::shared();
$life = 30 * rl_slowdown();
$timeout = 20 * rl_slowdown();
$soon = min(2.5, 1.0 * rl_slowdown());
$u = bin2hex(random_bytes(3));

// three plain names on three masters, then names with braces
$cases = [];
$ports = [];
for ($i = 0; count($ports) < 3 && $i < 200; $i++) {
    $name = rl_unique("cluster-rw-$i");
    $port = $c->nodeForKey("Lock:$name");
    if (!isset($ports[$port])) {
        $ports[$port] = true;
        $cases[] = ['Lock:', $name];
    }
}
echo count($cases), " plain names on ", count($ports), " masters\n";
array_push($cases, ['Lock:', "{rw$u}a"], ['Lock:', "x{rw$u}b"], ['Lock:', "a}b$u"], ['Lock:', "{}c$u"],
    ['{app}:', "n$u"]);

$workers = [];
foreach ($cases as [$prefix]) {
    $workers[$prefix] ??= new RlWorker(RL_TEST_CLUSTER, ['prefix' => $prefix]);
}
foreach ($workers as $w) {
    $w->warmUp();
}

foreach ($cases as $i => [$prefix, $name]) {
    $key = $prefix . $name;
    $slot = $c->slotOf($key);
    $port = $c->nodeForSlot($slot);
    $raw = $c->raw($port);
    $k = rl_rw_wait_keys($key, $prefix);
    $a = new RedisLock(RL_TEST_CLUSTER, ['prefix' => $prefix]);
    $b = new RedisLock(RL_TEST_CLUSTER, ['prefix' => $prefix]);
    $w = $workers[$prefix];
    $r = [];
    try {
        $r['read'] = [$a->lockRead($name, 0, $life), $b->lockRead($name, 0, $life)];
        $r['marker'] = [$raw->cmd('GET', $key), $raw->cmd('ZCARD', $k['readers']), $b->owner($name)];
        $w->calls(['lock', 'lockWrite', $name, $timeout, $life]);
        [$entry] = rl_wait_queue_len($raw, $k['queue'], 1, 10.0 * rl_slowdown());
        $wake = $k['wake'] . substr($entry, 1);
        // every key of the name, and the waiter's wake list, in the lock key's slot
        $slots = [];
        foreach ([$key, $k['queue'], $k['terms'], $k['readers'], $wake] as $x) {
            $slots[] = $raw->cmd('CLUSTER', 'KEYSLOT', $x) === $slot;
        }
        $r['one slot'] = $slots;
        $r['queued here'] = in_array($k['queue'], $raw->cmd('CLUSTER', 'GETKEYSINSLOT', (string)$slot, '100'), true);
        $r['unlock a'] = $a->unlock($name);
        usleep((int)(200000 * min(rl_slowdown(), 3)));
        $r['still waits'] = !$w->pending();
        $t = hrtime(true);
        $r['unlock b'] = $b->unlock($name);
        [$res] = $w->results();
        $took = ($res['t1'] - $t) / 1e9;
        $r['handed'] = [$res['r'], $res['e'], $took < $soon ?: $took, $raw->cmd('GET', $key) === substr($entry, 1)];
        $r['demote, promote'] = [$w->call('lock', 'lockRead', $name, 0, $life)['r'], $raw->cmd('GET', $key),
            $a->lockRead($name, 0, $life), $w->call('lock', 'lockWrite', $name, 0, $life)['r'], $a->unlock($name),
            $w->call('lock', 'lockWrite', $name, 0, $life)['r'], $raw->cmd('EXISTS', $k['readers'])];
        $r['release'] = [$w->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key, $k['queue'], $k['readers'])];
        // what stays a moment (the served list, a wake list) has a TTL
        $r['no key without TTL'] = array_values(array_filter($raw->cmd('CLUSTER', 'GETKEYSINSLOT', (string)$slot, '100'),
            fn ($x) => $raw->cmd('PTTL', $x) < 0));
    } catch (Throwable $e) {
        $r['exception'] = get_class($e) . ': ' . $e->getMessage();
    }
    $ok = $r === ['read' => [true, true], 'marker' => ['*r', 2, '*r'], 'one slot' => [true, true, true, true, true],
        'queued here' => true, 'unlock a' => true, 'still waits' => true, 'unlock b' => true,
        'handed' => [true, null, true, true], 'demote, promote' => [true, '*r', true, false, true, true, 0],
        'release' => [true, 0], 'no key without TTL' => []];
    echo "#$i ", $ok ? 'ok' : bin2hex($key) . ' ' . json_encode($r, JSON_INVALID_UTF8_SUBSTITUTE), "\n";
}
foreach ($workers as $w) {
    $w->finish();
}
?>
--EXPECT--
3 plain names on 3 masters
#0 ok
#1 ok
#2 ok
#3 ok
#4 ok
#5 ok
#6 ok
#7 ok
