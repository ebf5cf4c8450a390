--TEST--
Sentinels and data nodes that require passwords (requirepass on both, different passwords): sentinel_password authenticates to the Sentinels and password to the master, and only the right pair works (locks and slots written on the master); a missing or wrong password of either is a RedisLockException naming the master name and no password; sentinel_username "default" with the password works (ACL)
--SKIPIF--
<?php require __DIR__ . '/skipif_sentinel.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sentinel_helpers.inc';
$dataPw = 'data-' . bin2hex(random_bytes(5));
$sentPw = 'sent-' . bin2hex(random_bytes(5));
$wrong = 'wrong-' . bin2hex(random_bytes(5));
$g = new PrivateSentinel($dataPw, $sentPw);
$server = $g->server();
$m = $g->masterRaw();
$secrets = [$dataPw, $sentPw, $wrong];

// without the Sentinels' password they refuse to answer
var_dump((new RawRedis('tcp://' . $g->sentinels[0]->addr()))->cmd('SENTINEL', 'get-master-addr-by-name', 'rlmaster'));

$cases = [
    'no passwords' => [],
    'the data password only' => ['password' => $dataPw],
    'the Sentinel password only' => ['sentinel_password' => $sentPw],
    'the passwords swapped' => ['password' => $sentPw, 'sentinel_password' => $dataPw],
    'a wrong Sentinel password' => ['password' => $dataPw, 'sentinel_password' => $wrong],
    'a wrong data password' => ['password' => $wrong, 'sentinel_password' => $sentPw],
    'a wrong Sentinel user' => ['password' => $dataPw, 'sentinel_username' => 'nobody', 'sentinel_password' => $sentPw],
];
foreach ($cases as $label => $opts) {
    $n = rl_unique('n');
    foreach (['lock' => fn () => (new RedisLock($server, $opts))->lock($n, 0, 30),
              'acquire' => fn () => (new RedisSemaphore($server, $opts))->acquire($n, 1, 30)] as $what => $call) {
        try {
            $r = $call();
            echo "$label, $what: no exception: ", var_export($r, true), "\n";
        } catch (Throwable $e) {
            $msg = $e->getMessage();
            $shown = array_filter($secrets, fn ($s) => str_contains($msg, $s));
            $ok = $e instanceof RedisLockException && str_contains($msg, '"rlmaster"') && !$shown;
            echo "$label, $what: ", $ok ? 'ok' : get_class($e) . ": $msg", "\n";
        }
    }
    var_dump($m->cmd('KEYS', "*$n*"));   // nothing written
}

echo "-- the right pair\n";
$opts = ['password' => $dataPw, 'sentinel_password' => $sentPw];
$l = new RedisLock($server, $opts);
$sem = new RedisSemaphore($server, $opts);
$a = rl_unique('a');
var_dump($l->lock($a, 0, 30), preg_match('/^[0-9a-f]{32}$/D', (string)$m->cmd('GET', "Lock:$a")) === 1);
var_dump(is_string($sem->acquire($a, 2, 30)), $m->cmd('ZCARD', "{Sem:$a}:holders"));
var_dump($l->unlock($a), $sem->releaseAll(), $m->cmd('EXISTS', "Lock:$a"), $m->cmd('ZCARD', "{Sem:$a}:holders"));
// with the ACL user named
$u = new RedisLock($server, $opts + ['sentinel_username' => 'default', 'username' => 'default']);
var_dump($u->lock($a, 0, 30), $m->cmd('EXISTS', "Lock:$a"), $u->unlock($a));
// persistent connections too (keyed by credentials: a wrong one never reuses a good one)
$p = new RedisLock($server, $opts + ['persistent' => true]);
var_dump($p->lock($a, 0, 30));
try {
    (new RedisLock($server, ['password' => $wrong, 'sentinel_password' => $sentPw, 'persistent' => true]))->lock(rl_unique('p'), 0, 30);
    echo "no exception\n";
} catch (RedisLockException $e) {
    echo "wrong password, persistent: ok\n";
}
var_dump($p->unlock($a));
?>
--EXPECTF--
object(RawRedisError)#%d (1) {
  ["message"]=>
  string(31) "NOAUTH Authentication required."
}
no passwords, lock: ok
no passwords, acquire: ok
array(0) {
}
the data password only, lock: ok
the data password only, acquire: ok
array(0) {
}
the Sentinel password only, lock: ok
the Sentinel password only, acquire: ok
array(0) {
}
the passwords swapped, lock: ok
the passwords swapped, acquire: ok
array(0) {
}
a wrong Sentinel password, lock: ok
a wrong Sentinel password, acquire: ok
array(0) {
}
a wrong data password, lock: ok
a wrong data password, acquire: ok
array(0) {
}
a wrong Sentinel user, lock: ok
a wrong Sentinel user, acquire: ok
array(0) {
}
-- the right pair
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
bool(true)
int(0)
int(0)
bool(true)
int(1)
bool(true)
bool(true)
wrong password, persistent: ok
bool(true)
