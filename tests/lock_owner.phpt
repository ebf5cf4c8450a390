--TEST--
lock() with an owner: the key holds "<owner> <32 hex>"; two owners of one name in one object are two holders (the second is refused, and waits out its timeout); the same owner re-locks (renews) in its object; another object (and another process) given the owner acts on the lock without having taken it: isLocking(), remaining(), expire(), unlock(); a wrong owner changes nothing; owner() reads the holder (an owner, or the token of a lock taken without one, which works as an owner); two processes waiting under one owner never both hold (each acquisition has its own value)
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('owner');
$key = "Lock:$name";
$a = new RedisLock(RL_TEST_SERVER);
$b = new RedisLock(RL_TEST_SERVER);

echo "-- two owners in one object\n";
var_dump($a->lock($name, 0, 10, 100000, 'alice'));
$value = $raw->cmd('GET', $key);
var_dump(preg_match('/^alice [0-9a-f]{32}$/D', $value));
var_dump($a->lock($name, 0, 10, 100000, 'bob'));
$t = hrtime(true);
var_dump($a->lock($name, 0.3, 10, 100000, 'bob'), (hrtime(true) - $t) / 1e9 >= 0.29);
// nor is the object's own (ownerless) lock the owner's
var_dump($a->lock($name), $a->isLocking($name), $a->isLocking($name, 'bob'));
var_dump($a->isLocking($name, 'alice'), $a->owner($name));
// the same owner in the same object renews, keeping its value
var_dump($a->lock($name, 0, 20, 100000, 'alice'), $raw->cmd('GET', $key) === $value, $raw->cmd('PTTL', $key) > 19000);

echo "-- another object given the owner\n";
var_dump($b->lock($name, 0, 10, 100000, 'alice'));   // not its acquisition: the lock is held
var_dump($b->isLocking($name, 'alice'), $b->isLocking($name, 'bob'), $b->isLocking($name));
$left = $b->remaining($name, 'alice');
var_dump($left > 19 && $left <= 20, $b->remaining($name, 'bob'));
var_dump($b->expire($name, 5, 'alice'), $raw->cmd('PTTL', $key) <= 5000);
var_dump($b->expire($name, 50, 'bob'), $b->unlock($name, 'bob'), $raw->cmd('GET', $key) === $value);
var_dump($b->unlock($name, 'alice'), $raw->cmd('EXISTS', $key));
// its taker's record found the lock gone: false, and it can take it again
var_dump($a->isLocking($name, 'alice'), $a->unlock($name, 'alice'));
var_dump($a->lock($name, 0, 10, 100000, 'alice'), $a->unlock($name, 'alice'), $raw->cmd('EXISTS', $key));

echo "-- another process given the owner, and a taker's record of an older acquisition\n";
var_dump($a->lock($name, 0, 10, 100000, 'carol'));
[$rc, $out] = rl_run_php(rl_child_prelude() . '$l = new RedisLock(RL_TEST_SERVER);
var_dump($l->owner(' . var_export($name, true) . '), $l->unlock(' . var_export($name, true) . ', "carol"));');
echo $out;
var_dump($raw->cmd('EXISTS', $key));
// carol again, elsewhere: the record of $a names the older value, and the owner still reaches the new one
var_dump($b->lock($name, 0, 10, 100000, 'carol'));
var_dump($a->remaining($name, 'carol') > 9, $a->unlock($name, 'carol'), $raw->cmd('EXISTS', $key));
var_dump($b->isLocking($name, 'carol'));

echo "-- owner() of a lock taken without one: its token, usable as the owner\n";
var_dump($a->owner($name));
var_dump($a->lock($name, 0, 10));
$token = $b->owner($name);
var_dump($token === $raw->cmd('GET', $key), strlen($token));
var_dump($b->isLocking($name, $token), $b->unlock($name, $token), $raw->cmd('EXISTS', $key), $a->isLocking($name));

echo "-- two processes waiting under one owner\n";
[$w1, $w2] = RlWorker::warmedUp(2);
var_dump($a->lock($name, 0, 30, 100000, 'dave'));
['queue' => $queue] = rl_lock_wait_keys($key);
$w1->calls(['lock', 'lock', $name, 20 * rl_slowdown(), 30, 100000, 'dave'], ['lock', 'isLocking', $name, 'dave']);
rl_wait_queue_len($raw, $queue, 1);
$w2->calls(['lock', 'lock', $name, 20 * rl_slowdown(), 30, 100000, 'dave'], ['lock', 'isLocking', $name, 'dave']);
rl_wait_queue_len($raw, $queue, 2);
$t = hrtime(true);
var_dump($a->unlock($name, 'dave'));
[$l1, $i1] = $w1->results();
var_dump($l1['r'], $i1['r']);
// the second waiter still waits: the first holds (by its own value), and lets go 0.5 s later
usleep(500000);
var_dump($raw->cmd('LLEN', $queue));
$t1 = hrtime(true);
var_dump($w1->call('lock', 'unlock', $name)['r'], $w1->call('lock', 'unlock', $name, 'dave')['r']);
[$l2, $i2] = $w2->results();
var_dump($l2['r'], $i2['r'], $l2['t1'] >= $t1);
var_dump($w2->call('lock', 'unlock', $name, 'dave')['r'], $raw->cmd('EXISTS', $key));
?>
--EXPECT--
-- two owners in one object
bool(true)
int(1)
bool(false)
bool(false)
bool(true)
bool(false)
bool(false)
bool(false)
bool(true)
string(5) "alice"
bool(true)
bool(true)
bool(true)
-- another object given the owner
bool(false)
bool(true)
bool(false)
bool(false)
bool(true)
bool(false)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
int(0)
bool(false)
bool(false)
bool(true)
bool(true)
int(0)
-- another process given the owner, and a taker's record of an older acquisition
bool(true)
string(5) "carol"
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
int(0)
bool(false)
-- owner() of a lock taken without one: its token, usable as the owner
bool(false)
bool(true)
bool(true)
int(32)
bool(true)
bool(true)
int(0)
bool(false)
-- two processes waiting under one owner
bool(true)
bool(true)
bool(true)
bool(true)
int(1)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
