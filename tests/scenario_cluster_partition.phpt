--TEST--
Scenario (issue 24), Cluster: a master cut off from the cluster bus and failed over while clients on both sides still reach their side. A cluster of the test's own: masters M (bound to 127.0.0.2, its own address), M2, M3 and M's replica R (127.0.0.1); every node announces its bus through a fault proxy (cluster-announce-bus-port), and M's outgoing bus connections come from 127.0.0.2 (bind-source-addr), so the proxies can cut M off: M's own proxy blackholed, the others isolating 127.0.0.2. Client X reaches the cluster through M only, client Y through M2; both have the fencing option and write to a fenced store. X locks a name of M's slots (fence F_X, replicated to R) and writes; M is cut off: the majority marks it failed and R takes over its slots (the replication link, outside the bus, stays up); M, in the minority, refuses commands (CLUSTERDOWN: X's isLocking() throws RedisLockException); Y, on the majority side, waits in lock() for X's key to expire on R, gets a fence greater than X's and writes (accepted); X, never told, writes with its old fence: refused. Healed: M comes back as R's replica, X's unlock() is false, Y's true. What held: the minority master stopped serving (no second lock taken there) and the fence refused the late write: (b) 0. Where the guarantee ends: X believed it held the lock while Y did ((a) 1, reported); it could not renew or check it, but a process that does not check writes late, which the fence refuses
--SKIPIF--
<?php
require __DIR__ . '/skipif.inc';
require_once __DIR__ . '/config.inc';
// a node bound to 127.0.0.2: any 127/8 address is loopback on Linux, not everywhere
$s = @stream_socket_server('tcp://127.0.0.2:0', $errno, $errstr);
if (!$s) die("skip cannot bind 127.0.0.2: $errstr");
fclose($s);
$v = shell_exec('redis-server --version');
if (!preg_match('/v=(\d+)\./', (string)$v, $m) || (int)$m[1] < 7) die('skip needs Redis 7 (bind-source-addr)');
?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/cluster_helpers.inc';
require __DIR__ . '/fault_proxy.inc';
require __DIR__ . '/history.inc';
require __DIR__ . '/cluster_partition.inc';
$k = rl_slowdown();

/** A step's result in a line: its value, or the exception's class and code (RedisLockException's by name). */
function res(array $r): string
{
    if ($r['e'] === null) {
        return json_encode($r['r']);
    }
    $class = strstr($r['e'], ':', true);
    $code = $class === 'RedisLockException'
        ? array_search($r['code'], (new ReflectionClass('RedisLockException'))->getConstants(), true) : $r['code'];
    return "$class $code";
}

$timeout = (int)(1000 * $k);   // cluster-node-timeout (ms)
$c = new BusProxiedCluster(['127.0.0.2', '127.0.0.1', '127.0.0.1', '127.0.0.1'], 3, $timeout);
[$m, $m2, , $r] = $c->ports();
echo 'cluster: ok, M\'s replica: ', var_export($c->role($r) === 'slave', true), "\n";
$name = $c->nameOnNode($m, 'cut');
$slot = $c->slotOf("Lock:$name");
$h = new RlHistory();
$store = new RlFencedStore(RL_TEST_SERVER, rl_unique('store'));
$opts = ['fencing' => true, 'read_timeout' => 1.0 * $k, 'connect_timeout' => 1.0 * $k];
$x = new RlHistoryWorker('X', $c->seed($m), $opts, $h, $store);
$y = new RlHistoryWorker('Y', $c->seed($m2), $opts, $h, $store);
foreach ([$x, $y] as $w) {
    $w->calls(['warmUp']);
}
foreach ([$x, $y] as $w) {
    if (($wr = $w->results()[0])['r'] !== true) {
        throw new Error("warm-up of {$w->who} failed: " . json_encode($wr));
    }
}

$life = 4 * $k;
$rx = $x->call('lock', $name, 0, $life);
echo 'X lock: ', json_encode($rx['r']['ok']), ', fence: ', var_export(is_int($rx['r']['fence']), true), "\n";
echo 'X write: ', $x->call('write', $name, 'X1', true)['r']['accepted'] ? 'accepted' : 'refused', "\n";
// (a replica answers reads of its master's keys only after READONLY)
$c->raw($r)->cmd('READONLY');
echo 'replicated to R: ', var_export(rl_wait_until(fn () => $c->raw($r)->cmd('EXISTS', "Lock:$name") === 1), true), "\n";

// M cut off from the bus both ways: nobody reaches its bus, its own connections go nowhere
$cut = [RlFaultProxy::ack($c->bus[$m]->blackhole())];
foreach ($c->bus as $port => $proxy) {
    if ($port !== $m) {
        $cut[] = RlFaultProxy::ack($proxy->isolate('127.0.0.2'));
    }
}
echo 'cut: ', implode(', ', $cut), "\n";
$t0 = microtime(true);
$failover = rl_wait_until(fn () => $c->ownerSeenBy($slot, $m2) === $r, 30 * $k);
echo 'failover: R serves M\'s slots (seen by M2): ', var_export($failover, true), "\n";
$down = rl_wait_until(fn () => str_contains((string)$c->raw($m)->cmd('CLUSTER', 'INFO'), "cluster_state:fail\r\n"), 30 * $k);
echo 'M: cluster_state fail: ', var_export($down, true), ', still thinks it is master: ',
    var_export($c->raw($m)->cmd('ROLE')[0] === 'master', true), "\n";
echo 'X isLocking (through M): ', res($x->call('call', 'isLocking', $name)), "\n";

// the majority side: Y waits until X's key (replicated) expires on R
$ry = $y->calls(['lock', $name, 20 * $k, 30], ['write', $name, 'Y', true]);
$ry = $y->results(60 * $k);
echo 'Y lock: ', json_encode($ry[0]['r']['ok']), ', fence above X\'s: ',
    var_export(is_int($ry[0]['r']['fence']) && $ry[0]['r']['fence'] > $rx['r']['fence'], true),
    ', after X\'s lifetime: ', var_export(($ry[0]['t1'] - $rx['t0']) / 1e9 >= $life, true), ', write: ',
    $ry[1]['r']['accepted'] ? 'accepted' : 'refused', "\n";
$wx = $x->call('write', $name, 'X2', true);
echo 'X write with its old fence: ', $wx['r']['accepted'] ? 'accepted' : 'refused', "\n";

// healed: M learns that R took its slots, and follows it
foreach ($c->bus as $proxy) {
    $proxy->heal();
}
$rejoined = rl_wait_until(fn () => $c->role($m) === 'slave' && $c->isOk(), 30 * $k);
echo 'healed: M is R\'s replica, the cluster ok: ', var_export($rejoined, true), "\n";
echo 'X unlock: ', res($x->call('unlock', $name)), "\n";
echo 'Y unlock: ', res($y->call('unlock', $name)), "\n";
$s = $store->state();
echo "store keeps: {$s['value']} (written by {$s['writer']}, {$s['seq']} writes accepted)\n";
$check = $h->check();
echo $h->summary(), "\n";
if ($check['b'] !== 0) {
    echo $h->dump();
}
foreach ([$x, $y] as $w) {
    [$rc, $out] = $w->finish();
    echo $out, $rc !== 0 ? "worker {$w->who} exit $rc\n" : '';
}
echo 'left on R: ', json_encode(array_values(array_filter($c->raw($r)->cmd('KEYS', "*$name*"),
    fn ($key) => $key !== rl_lock_fence_key("Lock:$name") && $c->raw($r)->cmd('PTTL', $key) < 0))), "\n";
$store->delete();
echo 'within a minute: ', var_export(microtime(true) - $t0 < 60, true), "\n";
?>
--EXPECT--
cluster: ok, M's replica: true
X lock: true, fence: true
X write: accepted
replicated to R: true
cut: ok blackhole both, ok isolate 127.0.0.2, ok isolate 127.0.0.2, ok isolate 127.0.0.2
failover: R serves M's slots (seen by M2): true
M: cluster_state fail: true, still thinks it is master: true
X isLocking (through M): RedisLockException TOO_MANY_REDIRECTS
Y lock: true, fence above X's: true, after X's lifetime: true, write: accepted
X write with its old fence: refused
healed: M is R's replica, the cluster ok: true
X unlock: false
Y unlock: true
store keeps: Y (written by Y, 2 writes accepted)
checker: (a) 1 [X/Y], (b) 0
left on R: []
within a minute: true
