--TEST--
Cluster seeds: a dead seed (nothing listening) before live ones is skipped; replicas alone as seeds are enough (the masters come from their slot map); a seed that is no cluster node (a plain redis-server) before live ones is skipped; all seeds dead, or only a plain server: RedisLockException from lock() and acquire(), quickly, naming no password; the same object works once given a live cluster
--SKIPIF--
<?php require __DIR__ . '/skipif_cluster.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/cluster_helpers.inc';
$c = RlClusterView::shared();
$k = rl_slowdown();
$live = substr(RL_TEST_CLUSTER, strlen('cluster://'));
$dead1 = rl_dead_port();
$dead2 = rl_dead_port();
[, $plainPort] = rl_test_endpoint();
$opts = ['connect_timeout' => 0.5 * $k, 'read_timeout' => 1.0 * $k];

/** lock + isLocking + unlock of a name on each master, through $server; "ok" or what happened */
function cycle(string $server, array $opts, RlClusterView $c): string
{
    try {
        $l = new RedisLock($server, $opts);
        $out = [];
        foreach ($c->masters() as $port) {
            $name = $c->nameOnNode($port, 'seed');
            $r = [$l->lock($name, 0, 5), $c->raw($port)->cmd('EXISTS', "Lock:$name"), $l->isLocking($name), $l->unlock($name)];
            if ($r !== [true, 1, true, true]) {
                $out[] = "$port: " . json_encode($r);
            }
        }
        $s = new RedisSemaphore($server, $opts);
        $name = rl_unique('seed-sem');
        $id = $s->acquire($name, 1, 5);
        if (!is_string($id) || $s->count($name) !== 1 || !$s->release($name, $id)) {
            $out[] = 'semaphore';
        }
        return $out ? implode('; ', $out) : 'ok';
    } catch (Throwable $e) {
        return get_class($e) . ': ' . $e->getMessage();
    }
}

echo "-- a dead seed first\n";
echo cycle("cluster://127.0.0.1:$dead1,$live", $opts, $c), "\n";
echo cycle("cluster://127.0.0.1:$dead1,127.0.0.1:$dead2,$live", $opts, $c), "\n";
echo "-- replicas only\n";
$replicas = array_values(array_filter($c->ports(), fn ($p) => $c->role($p) === 'slave'));
var_dump(count($replicas));
echo cycle('cluster://' . implode(',', array_map(fn ($p) => "127.0.0.1:$p", $replicas)), $opts, $c), "\n";
echo cycle("cluster://127.0.0.1:{$replicas[0]}", $opts, $c), "\n";
echo "-- a plain redis-server first\n";
echo cycle("cluster://127.0.0.1:$plainPort,$live", $opts, $c), "\n";

echo "-- no seed answers\n";
$secret = 'pw-' . bin2hex(random_bytes(6));
foreach (["cluster://127.0.0.1:$dead1", "cluster://127.0.0.1:$dead1,127.0.0.1:$dead2", "cluster://127.0.0.1:$plainPort"] as $server) {
    foreach ([
        'lock' => fn () => (new RedisLock($server, $opts + ['password' => $secret]))->lock('x', 0, 5),
        'acquire' => fn () => (new RedisSemaphore($server, $opts + ['password' => $secret]))->acquire('x', 1, 5),
    ] as $what => $call) {
        $t = microtime(true);
        try {
            $r = $call();
            echo "$what: no exception: ", json_encode($r), "\n";
        } catch (RedisLockException $e) {
            $took = microtime(true) - $t;
            echo "$what: RedisLockException", str_contains($e->getMessage(), $secret) ? ' WITH THE PASSWORD' : '',
                $e->getMessage() === '' ? ' without a message' : '', $took < 3.0 * $k ? '' : " after $took s", "\n";
        } catch (Throwable $e) {
            echo "$what: ", get_class($e), ': ', $e->getMessage(), "\n";
        }
    }
}
// the message says what was tried
try {
    (new RedisLock("cluster://127.0.0.1:$dead1", $opts))->lock('x');
} catch (RedisLockException $e) {
    var_dump(str_contains($e->getMessage(), (string)$dead1));
}
// the same object, later: the failure is not cached, the next call looks again (on a free port, where the test then
// starts the cluster: a privileged dead port cannot be bound by a user who is not root)
$later = rl_free_port();
$l = new RedisLock("cluster://127.0.0.1:$later", $opts);
try {
    $l->lock('x');
    echo "no exception\n";
} catch (RedisLockException $e) {
    echo "RedisLockException\n";
}
$pc = new PrivateCluster(1, 0, null, [$later]);
try {
    echo json_encode([$l->lock('x', 0, 5), $pc->raw($later)->cmd('EXISTS', 'Lock:x'), $l->unlock('x')]), "\n";
} catch (Throwable $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--EXPECT--
-- a dead seed first
ok
ok
-- replicas only
int(3)
ok
ok
-- a plain redis-server first
ok
-- no seed answers
lock: RedisLockException
acquire: RedisLockException
lock: RedisLockException
acquire: RedisLockException
lock: RedisLockException
acquire: RedisLockException
bool(true)
RedisLockException
[true,1,true]
