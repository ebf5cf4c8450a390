--TEST--
Cluster: names (and prefixes) with braces of every shape and binary bytes: the lock key is exactly prefix . name on the master of its slot; a waiter queues in that slot (its wait keys on the same node: no CROSSSLOT) and gets the lock when the holder unlocks; a waiting parent is woken by a child's unlock; no key stays behind; a semaphore with such names acquires, counts and releases
--SKIPIF--
<?php require __DIR__ . '/skipif_cluster.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/cluster_helpers.inc';
$c = RlClusterView::shared();
$k = rl_slowdown();
$u = bin2hex(random_bytes(3));   // keeps this run's keys apart from an earlier one's
$cases = [
    ['Lock:', '{'], ['Lock:', '}'], ['Lock:', '{}'], ['Lock:', "a{b$u}c"], ['Lock:', "{{x$u}}"], ['Lock:', "}$u{"],
    ['Lock:', "{a$u}{b}"], ['Lock:', "{}{x$u}"], ['Lock:', "\0{\xff$u}\r\n"], ['Lock:', '}}{{' . $u], ['Lock:', "{\0$u}"],
    ['{app}:', "n$u"], ['p{', "q$u}r"], ['', "{bare$u}"],
];
$w = new RlWorker(RL_TEST_CLUSTER);
$w->warmUp();
$workers = [];
foreach ($cases as $i => [$prefix, $name]) {
    if ($prefix !== 'Lock:') {
        $workers[$prefix] ??= new RlWorker(RL_TEST_CLUSTER, ['prefix' => $prefix]);
    }
}
$lines = [];
foreach ($cases as $i => [$prefix, $name]) {
    $key = $prefix . $name;
    $slot = $c->slotOf($key);
    $port = $c->nodeForSlot($slot);
    $raw = $c->raw($port);
    $a = new RedisLock(RL_TEST_CLUSTER, ['prefix' => $prefix]);
    $ww = $prefix === 'Lock:' ? $w : $workers[$prefix];
    $r = [];
    try {
        $r['lock'] = $a->lock($name, 0, 10);
        $r['key'] = $c->nodesHolding($key) === [$port] && strlen((string)$raw->cmd('GET', $key)) === 32;
        // a child waits for it: its wait keys appear in the lock's slot, on the same node
        $ww->calls(['lock', 'lock', $name, 10 * $k, 10]);
        $r['queued'] = rl_wait_until(fn () => count($raw->cmd('CLUSTER', 'GETKEYSINSLOT', (string)$slot, '100')) > 1, 10 * $k);
        $inSlot = $raw->cmd('CLUSTER', 'GETKEYSINSLOT', (string)$slot, '100');
        $r['queue key'] = in_array(rl_lock_wait_keys($key, $prefix)['queue'], $inSlot, true);
        $t = hrtime(true);
        $r['unlock'] = $a->unlock($name);
        [$res] = $ww->results(20 * $k);
        $r['child got it'] = [$res['r'], $res['e']];
        $r['soon'] = ($res['t1'] - $t) / 1e9 < 1.0 * $k;
        $r['child key'] = strlen((string)$raw->cmd('GET', $key)) === 32;
        // the other way round: the child holds it for 0.2 s, the parent waits
        $ww->calls(['php', 'usleep', 200000], ['lock', 'unlock', $name]);
        $t = hrtime(true);
        $r['parent waits'] = $a->lock($name, 10 * $k, 10);
        $got = hrtime(true);
        [, $un] = $ww->results(20 * $k);
        $r['child unlock'] = [$un['r'], $un['e']];
        // causal, not a duration (a slow parent under valgrind may enter lock() late in the child's
        // 0.2 s): it was waiting before the child's unlock began, and had the lock soon after
        $r['woken'] = $t < $un['t0'] && $got >= $un['t0'] && ($got - $un['t1']) / 1e9 < 1.0 * $k
            ?: sprintf('lock() from %.3f s to %.3f s, the child\'s unlock from %.3f s to %.3f s', 0.0, ($got - $t) / 1e9,
                ($un['t0'] - $t) / 1e9, ($un['t1'] - $t) / 1e9);
        $r['isLocking'] = $a->isLocking($name);
        $r['unlock again'] = $a->unlock($name);
        $r['slot empty'] = rl_wait_until(fn () => $raw->cmd('CLUSTER', 'GETKEYSINSLOT', (string)$slot, '100') === [], 3 * $k);
    } catch (Throwable $e) {
        $r['exception'] = get_class($e) . ': ' . $e->getMessage();
    }
    $ok = $r === ['lock' => true, 'key' => true, 'queued' => true, 'queue key' => true, 'unlock' => true,
        'child got it' => [true, null], 'soon' => true, 'child key' => true, 'parent waits' => true,
        'child unlock' => [true, null], 'woken' => true, 'isLocking' => true, 'unlock again' => true, 'slot empty' => true];
    $lines[] = "#$i " . ($ok ? 'ok' : bin2hex($key) . ' ' . json_encode($r, JSON_INVALID_UTF8_SUBSTITUTE));
}
echo implode("\n", $lines), "\n";

echo "-- semaphores\n";
$s = new RedisSemaphore(RL_TEST_CLUSTER);
$t = new RedisSemaphore(RL_TEST_CLUSTER);
foreach ($cases as $i => [, $name]) {
    try {
        $id = $s->acquire($name, 1, 10);
        $r = [is_string($id), $t->acquire($name, 1, 10), $t->count($name), $s->release($name, $id), $t->count($name)];
        $ok = $r === [true, false, 1, true, 0];
    } catch (Throwable $e) {
        $r = get_class($e) . ': ' . $e->getMessage();
        $ok = false;
    }
    echo "#$i ", $ok ? 'ok' : json_encode($r), "\n";
}
?>
--EXPECT--
#0 ok
#1 ok
#2 ok
#3 ok
#4 ok
#5 ok
#6 ok
#7 ok
#8 ok
#9 ok
#10 ok
#11 ok
#12 ok
#13 ok
-- semaphores
#0 ok
#1 ok
#2 ok
#3 ok
#4 ok
#5 ok
#6 ok
#7 ok
#8 ok
#9 ok
#10 ok
#11 ok
#12 ok
#13 ok
