--TEST--
min_replicas: a lock() or acquire() refused for want of replicas is undone, but a failover can bring the write back on the new master (the undo went to the old one). The object keeps the refused token out of sight (isLocking/unlock/remaining false, unlockAll()/releaseAll() true, release() without id false) and deletes such a ghost: at unlockAll(), at releaseAll(), and before the next lock()/acquire() of the name (which otherwise would queue behind its own ghost until its TTL)
--SKIPIF--
<?php require __DIR__ . '/skipif_sentinel.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sentinel_helpers.inc';
$g = new PrivateSentinel();            // its replica is stopped: disturbs no other test
$k = rl_slowdown();
$mport = $g->masterPort();
$server = "tcp://127.0.0.1:$mport";  // min_replicas works on the master as a plain server too
$m = $g->nodeRaw($mport);
$opts = ['min_replicas' => 1, 'replica_timeout' => 0.2 * $k];
$l = new RedisLock($server, $opts);
$sem = new RedisSemaphore($server, $opts);
$mon = new RlMonitor($server);
$a = rl_unique('ghost');
$b = rl_unique('ghost');
$s = rl_unique('ghostsem');

$g->stopReplica();
$mon->commands();
var_dump($l->lock($a, 0, 30), $l->lock($b, 0, 30), $sem->acquire($s, 1, 30));
// the tokens the refused writes carried, as the master ran them
$tokens = [];
$slot = null;
foreach ($mon->commands() as $c) {
    if ($c[1] === 'set' && in_array($c[2], ["Lock:$a", "Lock:$b"], true)) {
        $tokens[$c[2]] = $c[3];
    }
    if (in_array($c[1], ['evalsha', 'eval'], true) && $slot === null) {
        foreach ($c as $arg) {
            if (preg_match('/^[0-9a-f]{32}\.\d+$/D', (string)$arg)) {
                $slot = $arg;   // the refused holder id
            }
        }
    }
}
var_dump(count($tokens), is_string($slot));
var_dump($m->cmd('EXISTS', "Lock:$a", "Lock:$b"), $m->cmd('ZCARD', "{Sem:$s}:holders"));   // undone
// not held, as far as the user is told; no round trip
var_dump($l->isLocking($a), $l->remaining($a), $l->expire($a, 5), $l->unlock($a), $sem->release($s));
$g->startReplica();

// a failover brings the refused writes back
$m->cmd('SET', "Lock:$a", $tokens["Lock:$a"], 'PX', '30000');
$m->cmd('SET', "Lock:$b", $tokens["Lock:$b"], 'PX', '30000');
[$now] = $m->cmd('TIME');
$m->cmd('ZADD', "{Sem:$s}:holders", '1', $slot);
$m->cmd('ZADD', "{Sem:$s}:deadlines", (string)(((int)$now + 30) * 1000), $slot);
var_dump($sem->count($s));

// the next lock() of the name deletes its ghost first, then takes the lock at once
$t = microtime(true);
var_dump($l->lock($a, 5, 30), microtime(true) - $t < 2 * $k, $m->cmd('GET', "Lock:$a") !== $tokens["Lock:$a"]);
// the next acquire() likewise, with a limit of 1
var_dump(is_string($sem->acquire($s, 1, 30, 2)), $sem->count($s));
// unlockAll() deletes the other ghost, and reports only what the user held (all released)
var_dump($l->unlockAll(), $m->cmd('EXISTS', "Lock:$a", "Lock:$b"));
var_dump($sem->releaseAll(), $sem->count($s));
?>
--EXPECT--
bool(false)
bool(false)
bool(false)
int(2)
bool(true)
int(0)
int(0)
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)
int(1)
bool(true)
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
int(0)
bool(true)
int(0)
