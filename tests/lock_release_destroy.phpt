--TEST--
Destroying a RedisLock mid-request (unset, reassignment, end of scope) releases the locks it still owns
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();
$n = [rl_unique('destroy'), rl_unique('destroy'), rl_unique('destroy'), rl_unique('destroy')];
$exists = fn (string $name) => $raw->cmd('EXISTS', "Lock:$name");

echo "-- unset\n";
$l = new RedisLock(RL_TEST_SERVER);
var_dump($l->lock($n[0], 0, 30), $l->lock($n[1], 0, 30), $exists($n[0]), $exists($n[1]));
unset($l);
var_dump($exists($n[0]), $exists($n[1]));

echo "-- reassignment\n";
$l = new RedisLock(RL_TEST_SERVER);
var_dump($l->lock($n[0], 0, 30));
$l = new RedisLock(RL_TEST_SERVER);
var_dump($exists($n[0]));
var_dump($l->lock($n[0], 0, 30));   // the new object can take it

echo "-- end of a function scope\n";
function scoped(string $name, Closure $exists): void
{
    $local = new RedisLock(RL_TEST_SERVER);
    var_dump($local->lock($name, 0, 30), $exists($name));
}
scoped($n[2], $exists);
var_dump($exists($n[2]));

echo "-- a lost lock is not deleted on destruction\n";
$m = new RedisLock(RL_TEST_SERVER);
var_dump($m->lock($n[3], 0, 30));
var_dump($raw->cmd('SET', "Lock:{$n[3]}", 'someone-else', 'PX', '30000'));
$m = null;
var_dump($raw->cmd('GET', "Lock:{$n[3]}"));
var_dump($raw->cmd('DEL', "Lock:{$n[3]}"));

echo "-- released objects leave other objects' locks alone\n";
$keep = new RedisLock(RL_TEST_SERVER);
var_dump($keep->lock($n[1], 0, 30));
$tmp = new RedisLock(RL_TEST_SERVER);
var_dump($tmp->lock($n[1]), $tmp->lock($n[2], 0, 30));
unset($tmp);
var_dump($exists($n[1]), $exists($n[2]), $keep->isLocking($n[1]));

echo "-- cleanup\n";
var_dump($l->unlock($n[0]), $keep->unlock($n[1]));
var_dump($raw->cmd('EXISTS', "Lock:{$n[0]}", "Lock:{$n[1]}", "Lock:{$n[2]}", "Lock:{$n[3]}"));
?>
--EXPECT--
-- unset
bool(true)
bool(true)
int(1)
int(1)
int(0)
int(0)
-- reassignment
bool(true)
int(0)
bool(true)
-- end of a function scope
bool(true)
int(1)
int(0)
-- a lost lock is not deleted on destruction
bool(true)
string(2) "OK"
string(12) "someone-else"
int(1)
-- released objects leave other objects' locks alone
bool(true)
bool(false)
bool(true)
int(1)
int(0)
bool(true)
-- cleanup
bool(true)
bool(true)
int(0)
