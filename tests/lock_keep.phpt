--TEST--
lock($releaseAtRequestEnd = false): a lock kept outlives its process's request and its object (destruction, exit), with or without an owner; the end of the object still releases the others and counts only them (released_at_request_end); another process releases a kept lock given its owner (or its token), and a waiter queued on it is woken; unlockAll() releases kept locks too; a later lock() of the name by the same object says again whether it is kept
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('keep');

[$rc, $out] = rl_run_php(rl_child_prelude() . '$n = ' . var_export($name, true) . ';
$l = new RedisLock(RL_TEST_SERVER);
var_dump($l->lock("$n-owner", 0, 30, 100000, "job-1", false));
var_dump($l->lock("$n-token", 0, 30, 100000, null, false));
echo $l->owner("$n-token"), "\n";
var_dump($l->lock("$n-plain", 0, 30));
$gone = new RedisLock(RL_TEST_SERVER);
var_dump($gone->lock("$n-object", 0, 30, 100000, "job-2", false), $gone->lock("$n-object-plain", 0, 30));
unset($gone);
register_shutdown_function(fn () => print(json_encode(RedisLock::stats()["released_at_request_end"]) . "\n"));
');
[$o1, $o2, $token, $o3, $o4, $o5] = explode("\n", $out);
echo "$o1\n$o2\n$o3\n$o4\n$o5\n";
foreach (['owner', 'token', 'plain', 'object', 'object-plain'] as $k) {
    echo "$k: ", $raw->cmd('EXISTS', "Lock:$name-$k"), "\n";
}
echo "released at the object's end: ", explode("\n", $out)[6], "\n";

echo "-- released elsewhere, a waiter woken\n";
$l = new RedisLock(RL_TEST_SERVER);
$w = new RlWorker();
$w->warmUp();
['queue' => $queue] = rl_lock_wait_keys("Lock:$name-owner");
$w->calls(['lock', 'lock', "$name-owner", 30 * rl_slowdown(), 30]);
rl_wait_queue_len($raw, $queue, 1);
$t = hrtime(true);
var_dump($l->unlock("$name-owner", 'job-1'));
$r = $w->results()[0];
var_dump($r['r'], ($r['t1'] - $t) / 1e9 < 1.0 * rl_slowdown() ? 'woken' : 'late');
var_dump($w->call('lock', 'unlock', "$name-owner")['r']);
var_dump($l->unlock("$name-token", $token), $l->unlock("$name-object", 'job-2'));
foreach (['owner', 'token', 'object'] as $k) {
    echo "$k: ", $raw->cmd('EXISTS', "Lock:$name-$k"), "\n";
}

echo "-- unlockAll() releases kept locks\n";
var_dump($l->lock("$name-a", 0, 30, 100000, 'x', false), $l->lock("$name-b", 0, 30, 100000, null, false));
var_dump($l->unlockAll(), $raw->cmd('EXISTS', "Lock:$name-a"), $raw->cmd('EXISTS', "Lock:$name-b"));

echo "-- the latest lock() of a name says\n";
[$rc, $out] = rl_run_php(rl_child_prelude() . '$n = ' . var_export($name, true) . ';
$l = new RedisLock(RL_TEST_SERVER);
var_dump($l->lock("$n-again", 0, 30, 100000, null, false), $l->lock("$n-again", 0, 30));
var_dump($l->lock("$n-again2", 0, 30), $l->lock("$n-again2", 0, 30, 100000, null, false));
');
echo $out;
echo "again: ", $raw->cmd('EXISTS', "Lock:$name-again"), ", again2: ", $raw->cmd('EXISTS', "Lock:$name-again2"), "\n";
var_dump($l->forceUnlock("$name-again2"));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
owner: 1
token: 1
plain: 0
object: 1
object-plain: 0
released at the object's end: 1
-- released elsewhere, a waiter woken
bool(true)
bool(true)
string(5) "woken"
bool(true)
bool(true)
bool(true)
owner: 0
token: 0
object: 0
-- unlockAll() releases kept locks
bool(true)
bool(true)
bool(true)
int(0)
int(0)
-- the latest lock() of a name says
bool(true)
bool(true)
bool(true)
bool(true)
again: 0, again2: 1
bool(true)
