--TEST--
Cluster: contended waiting is woken, not polled: a child holds a lock 1.5 s; the parent's lock($name, 10 s, waitIntervalUs 50 ms) returns true soon after the child's unlock, having blocked (BRPOPLPUSH) on the master that owns the lock and sent a handful of commands there (a poller would send 30); three queued children get the lock in arrival order; a semaphore waiter is woken by a release; a waiter with nobody unlocking gives up at its timeout
--SKIPIF--
<?php require __DIR__ . '/skipif_cluster.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/cluster_helpers.inc';
$c = RlClusterView::shared();
$k = rl_slowdown();
$masters = $c->masters();

echo "-- one waiter, woken\n";
$port = $masters[1];
$name = $c->nameOnNode($port, 'wait');
$key = "Lock:$name";
$a = new RedisLock(RL_TEST_CLUSTER);
rl_warm_up($a, RL_TEST_CLUSTER);   // every script loaded, connections made (on some node)
$warm = $c->nameOnNode($port, 'warm');   // and a connection to this lock's node
var_dump($a->lock($warm, 0, 5) && $a->unlock($warm));
$w = new RlWorker(RL_TEST_CLUSTER);
$w->warmUp();
var_dump($w->call('lock', 'lock', $name, 0, 30)['r']);
$mon = new RlMonitor($c->address($port));
$w->calls(['php', 'usleep', 1500000], ['lock', 'unlock', $name]);
$t0 = hrtime(true);
$got = $a->lock($name, 10 * $k, 10, 50000);
$t1 = hrtime(true);
[, $un] = $w->results(30 * $k);
$cmds = $mon->commands();
var_dump($got, $un['r'], $un['e']);
$waited = ($t1 - $t0) / 1e9;
$late = ($t1 - $un['t1']) / 1e9;
echo $waited > 1.0 ? "waited\n" : "waited only $waited s\n";
echo $late < 0.5 * $k ? "woken soon after the unlock\n" : "returned $late s after the unlock\n";
// the commands clients sent to the owning master during the wait (scripts' own calls are client "lua")
$client = array_values(array_filter($cmds, fn ($e) => $e[0] !== 'lua'
    && !in_array($e[1], ['echo', 'ping', 'replconf', 'info', 'cluster', 'client', 'monitor'], true)));
$names = array_map(fn ($e) => $e[1], $client);
echo in_array('brpoplpush', $names, true) ? "blocked on the owning master\n" : 'no BRPOPLPUSH there: ' . implode(' ', $names) . "\n";
echo count($client) <= 12 ? "at most 12 commands\n" : count($client) . ' commands: ' . implode(' ', $names) . "\n";
var_dump(strlen((string)$c->raw($port)->cmd('GET', $key)), $a->unlock($name));

echo "-- three children queued, served in order\n";
$name = rl_unique('fifo');
$key = "Lock:$name";
$raw = $c->rawForKey($key);
var_dump($a->lock($name, 0, 30));
$queue = rl_lock_wait_keys($key)['queue'];
$ws = [];
for ($i = 0; $i < 3; $i++) {
    $ws[$i] = $i === 0 ? $w : new RlWorker(RL_TEST_CLUSTER);
    $ws[$i]->calls(['lock', 'lock', $name, 20 * $k, 30], ['php', 'usleep', 100000], ['lock', 'unlock', $name]);
    rl_wait_queue_len($raw, $queue, $i + 1, 10 * $k);
}
var_dump($a->unlock($name));
$order = [];
foreach ($ws as $i => $x) {
    [$l, , $u] = $x->results(30 * $k);
    $order[$i] = $l['t1'];
    if ($l['r'] !== true || $u['r'] !== true) {
        echo "child $i: ", json_encode([$l, $u]), "\n";
    }
}
asort($order);
var_dump(array_keys($order), $raw->cmd('EXISTS', $key));

echo "-- semaphore waiter\n";
$name = rl_unique('semwait');
$s = new RedisSemaphore(RL_TEST_CLUSTER);
$id = $w->call('sem', 'acquire', $name, 1, 30)['r'];
var_dump(is_string($id));
$w->calls(['php', 'usleep', 500000], ['sem', 'release', $name]);
$t0 = hrtime(true);
$mine = $s->acquire($name, 1, 10, 10 * $k);
$t1 = hrtime(true);
[, $rel] = $w->results(30 * $k);
var_dump(is_string($mine), $rel['r']);
echo ($t1 - $t0) / 1e9 > 0.3 && ($t1 - $rel['t1']) / 1e9 < 0.5 * $k ? "woken soon after the release\n"
    : sprintf("waited %.3f s, %.3f s after the release\n", ($t1 - $t0) / 1e9, ($t1 - $rel['t1']) / 1e9);
var_dump($s->release($name, $mine), $s->count($name));

echo "-- nobody unlocks: the wait ends at its timeout\n";
$name = rl_unique('timeout');
var_dump($w->call('lock', 'lock', $name, 0, 30)['r']);
$t0 = microtime(true);
var_dump($a->lock($name, 1.0, 10));
$took = microtime(true) - $t0;
echo $took >= 0.95 && $took < 1.0 + 0.5 * $k ? "gave up at the timeout\n" : "gave up after $took s\n";
var_dump($w->call('lock', 'unlock', $name)['r']);
?>
--EXPECT--
-- one waiter, woken
bool(true)
bool(true)
bool(true)
bool(true)
NULL
waited
woken soon after the unlock
blocked on the owning master
at most 12 commands
int(32)
bool(true)
-- three children queued, served in order
bool(true)
bool(true)
array(3) {
  [0]=>
  int(0)
  [1]=>
  int(1)
  [2]=>
  int(2)
}
int(0)
-- semaphore waiter
bool(true)
bool(true)
bool(true)
woken soon after the release
bool(true)
int(0)
-- nobody unlocks: the wait ends at its timeout
bool(true)
bool(false)
gave up at the timeout
bool(true)
