--TEST--
Faults: requirepass changed while a persistent connection is idle: Redis keeps the authenticated connection, so the pooled one goes on working; once it is killed, the next call throws a RedisLockException saying authentication failed (at once, every time, never a silent false), nothing stale is pooled, and an object with the new password works
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/fault_helpers.inc';
$p1 = 'FirstPw' . bin2hex(random_bytes(6));
$p2 = 'SecondPw' . bin2hex(random_bytes(6));
$srv = new PrivateRedis(['--requirepass', $p1]);   // a server of our own: its password is ours to change
$server = $srv->server();
$raw = $srv->raw([$p1]);
$k = rl_slowdown();
$opts1 = ['password' => $p1, 'persistent' => true, 'read_timeout' => 1.0 * $k];
$opts2 = ['password' => $p2, 'persistent' => true, 'read_timeout' => 1.0 * $k];
$a = rl_unique('a');
$b = rl_unique('b');

/** "authentication failed" when the message says so, names the server and holds neither password. */
function auth_failure(array $result): string
{
    global $server, $p1, $p2, $k;
    [$r, $e, $took] = $result;
    if ($e === null) {
        return 'no exception: ' . var_export($r, true);
    }
    $ok = str_starts_with($e, "$server: authentication failed: WRONGPASS") && !str_contains($e, $p1)
        && !str_contains($e, $p2);
    return ($ok ? 'authentication failed' : $e) . ' ' . var_export($took < 1.0 * $k, true);
}

$l = new RedisLock($server, $opts1);
var_dump($l->lock($a, 0, 60));
$ids = rl_conn_ids($raw);
var_dump(count($ids));
var_dump($raw->cmd('CONFIG', 'SET', 'requirepass', $p2));
usleep(50000);   // idle past the 10 ms after which a pooled connection is checked before use

echo "-- the idle connection is not killed\n";
// Redis keeps a connection that authenticated: the pooled one still works, for this object and for a new object of
// the same configuration (same pool key), with no new connection
var_dump($l->isLocking($a));
$same = new RedisLock($server, $opts1);
var_dump($same->lock($b, 0, 60), $same->unlock($b), rl_conn_ids($raw) === $ids);
// a new connection with the old password is refused
$fresh = new RedisLock($server, ['password' => $p1, 'read_timeout' => 1.0 * $k]);
echo 'new connection, old password: ', auth_failure(rl_timed(fn () => $fresh->lock($b, 0, 60))), "\n";

echo "-- the idle connection is killed\n";
var_dump($raw->cmd('CLIENT', 'KILL', 'ID', (string)$ids[0]));
usleep(50000);
for ($i = 0; $i < 2; $i++) {   // the same each time: the failed connection is not kept
    echo 'isLocking: ', auth_failure(rl_timed(fn () => $l->isLocking($a))), "\n";
}
echo 'unlock: ', auth_failure(rl_timed(fn () => $l->unlock($a))), "\n";
var_dump(rl_conn_ids($raw));   // nothing of ours left open
// the new password works, in a new object (another pool key); $a is still held by $l
$l2 = new RedisLock($server, $opts2);
var_dump($l2->lock($a, 0, 60), $l2->lock($b, 0, 60), count(rl_conn_ids($raw)));
// the old-password object never borrows the new one's connection
echo 'lock: ', auth_failure(rl_timed(fn () => $l->lock($b, 0, 60))), "\n";
var_dump(count(rl_conn_ids($raw)));

echo "-- the old password back\n";
var_dump($raw->cmd('CONFIG', 'SET', 'requirepass', $p1));
// the old-password object connects again: its lock is still its own, its failed unlock() is still to do
var_dump($l->isLocking($a), $l->unlockAll(), $raw->cmd('EXISTS', "Lock:$a"));
// the new-password object's pooled connection stays authenticated until it is dropped
var_dump($l2->unlock($b), $raw->cmd('EXISTS', "Lock:$b"));
?>
--EXPECT--
bool(true)
int(1)
string(2) "OK"
-- the idle connection is not killed
bool(true)
bool(true)
bool(true)
bool(true)
new connection, old password: authentication failed true
-- the idle connection is killed
int(1)
isLocking: authentication failed true
isLocking: authentication failed true
unlock: authentication failed true
array(0) {
}
bool(false)
bool(true)
int(1)
lock: authentication failed true
int(1)
-- the old password back
string(2) "OK"
bool(true)
bool(true)
int(0)
bool(true)
int(0)
