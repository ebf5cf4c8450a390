--TEST--
Sentinel discovery: the node a Sentinel names is checked with ROLE before use (a Sentinel naming a replica, e.g. one whose news is old, is passed over for the next Sentinel, and alone it is a RedisLockException saying so); a Sentinel that answers nil (unknown name), an error, a malformed reply or a dead address is skipped; the Sentinel that answered is asked first next time
--SKIPIF--
<?php require __DIR__ . '/skipif_sentinel.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sentinel_helpers.inc';
$p = rl_sentinel_parse(RL_TEST_SENTINEL);
$real = $p['sentinels'];
$master = rl_sentinel_master_raw();
$replicaAddr = (function () use ($p) {
    $f = rl_pairs(rl_sentinel_raw($p['sentinels'][0])->cmd('SENTINEL', 'replicas', $p['name'])[0]);
    return [$f['ip'], (int)$f['port']];
})();
$deadPort = rl_dead_port();
$answers = [
    'a replica' => rl_resp_addr(...$replicaAddr),
    'nil' => "*-1\r\n",
    'an error' => "-ERR no such thing\r\n",
    'a malformed reply' => ":42\r\n",
    'a one-element array' => "*1\r\n\$9\r\n127.0.0.1\r\n",
    'a bad port' => rl_resp_addr('127.0.0.1', 0),
    'a dead address' => rl_resp_addr('127.0.0.1', $deadPort),
];
foreach ($answers as $label => $answer) {
    echo "-- a Sentinel answering $label\n";
    [$fake, $addr] = rl_fake_sentinel($answer);
    // first, then the real ones: the lock is taken on the real master
    $l = new RedisLock("sentinel://$addr," . implode(',', $real) . '/' . $p['name'], ['read_timeout' => 2]);
    $n = rl_unique('n');
    try {
        var_dump($l->lock($n, 0, 30), $master->cmd('EXISTS', "Lock:$n"));
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
    $heard = rl_fake_sentinel_heard($fake);
    var_dump(in_array('SENTINEL get-master-addr-by-name ' . $p['name'], $heard, true));
    if ($label === 'a replica') {
        // the master is asked about again after a second: the Sentinel that answered first
        usleep(1200000);
        var_dump($l->lock("$n.2", 0, 30), $l->unlock("$n.2"), rl_fake_sentinel_heard($fake));
    }
    var_dump($l->unlock($n));
    // alone
    try {
        (new RedisLock("sentinel://$addr/" . $p['name'], ['read_timeout' => 2]))->lock($n, 0, 30);
        echo "no exception\n";
    } catch (RedisLockException $e) {
        echo str_replace([$addr, $replicaAddr[0] . ':' . $replicaAddr[1], "127.0.0.1:$deadPort"], ['FAKE', 'REPLICA', '127.0.0.1:DEAD'], $e->getMessage()), "\n";
    }
    var_dump($master->cmd('EXISTS', "Lock:$n"));
    $fake->finish();
}
?>
--EXPECT--
-- a Sentinel answering a replica
bool(true)
int(1)
bool(true)
bool(true)
bool(true)
array(0) {
}
bool(true)
sentinel://FAKE/rlmaster: no usable master "rlmaster": tcp://REPLICA is named the master but is not one (yet)
int(0)
-- a Sentinel answering nil
bool(true)
int(1)
bool(true)
bool(true)
sentinel://FAKE/rlmaster: the Sentinels know no master named "rlmaster": tcp://FAKE: does not know it
int(0)
-- a Sentinel answering an error
bool(true)
int(1)
bool(true)
bool(true)
sentinel://FAKE/rlmaster: no Sentinel answered for master "rlmaster": tcp://FAKE: ERR no such thing
int(0)
-- a Sentinel answering a malformed reply
bool(true)
int(1)
bool(true)
bool(true)
sentinel://FAKE/rlmaster: no Sentinel answered for master "rlmaster": tcp://FAKE: unexpected reply to SENTINEL get-master-addr-by-name
int(0)
-- a Sentinel answering a one-element array
bool(true)
int(1)
bool(true)
bool(true)
sentinel://FAKE/rlmaster: no Sentinel answered for master "rlmaster": tcp://FAKE: unexpected reply to SENTINEL get-master-addr-by-name
int(0)
-- a Sentinel answering a bad port
bool(true)
int(1)
bool(true)
bool(true)
sentinel://FAKE/rlmaster: no Sentinel answered for master "rlmaster": tcp://FAKE: unexpected reply to SENTINEL get-master-addr-by-name
int(0)
-- a Sentinel answering a dead address
bool(true)
int(1)
bool(true)
bool(true)
sentinel://FAKE/rlmaster: no usable master "rlmaster": tcp://127.0.0.1:DEAD: cannot connect: Connection refused
int(0)
