--TEST--
"persistent" option: objects with persistent=>true on the same server share one connection; non-persistent ones each have their own
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$n = [rl_unique('pers'), rl_unique('pers'), rl_unique('pers')];

var_dump(count(rl_client_entries($raw)));
$p1 = new RedisLock(RL_TEST_SERVER, ['persistent' => true]);
$p2 = new RedisLock(RL_TEST_SERVER, ['persistent' => true]);
var_dump($p1->lock($n[0], 0, 10), $p2->lock($n[1], 0, 10));
var_dump(count(rl_client_entries($raw)));
// one connection, but still two owners
var_dump($p2->lock($n[0]), $p1->isLocking($n[0]), $p2->isLocking($n[0]), $p1->unlock($n[1]));
var_dump(count(rl_client_entries($raw)));

$a = new RedisLock(RL_TEST_SERVER);
$b = new RedisLock(RL_TEST_SERVER, ['persistent' => false]);
var_dump($a->lock($n[2], 0, 10), $b->lock($n[2]));
var_dump(count(rl_client_entries($raw)));   // 1 shared + 2 own

// the shared connection outlives one of its objects
unset($p1);
var_dump($raw->cmd('EXISTS', "Lock:{$n[0]}"));   // $p1's lock was released on destruction
var_dump($p2->isLocking($n[1]), $p2->unlock($n[1]));
var_dump($p2->lock($n[0], 0, 10), $p2->unlockAll(), $a->unlock($n[2]));
var_dump($raw->cmd('EXISTS', "Lock:{$n[0]}", "Lock:{$n[1]}", "Lock:{$n[2]}"));
var_dump(count(rl_client_entries($raw)) <= 3);

// INI redislock.persistent=1 makes it the default; persistent=>false opts out
$code = rl_child_prelude() . 'require ' . var_export(__DIR__ . '/lock_helpers.inc', true) . '; $n = ' . var_export($n, true) . ';
$raw = new RawRedis();
$x = new RedisLock(RL_TEST_SERVER);
$y = new RedisLock(RL_TEST_SERVER);
$z = new RedisLock(RL_TEST_SERVER, ["persistent" => false]);
var_dump($x->lock($n[0], 0, 10), $y->lock($n[1], 0, 10), count(rl_client_entries($raw)));
var_dump($z->lock($n[2], 0, 10), count(rl_client_entries($raw)));
var_dump($y->lock($n[0]));
';
[$rc, $out] = rl_run_php($code, ['redislock.persistent' => '1']);
echo $out;
var_dump($rc, $raw->cmd('EXISTS', "Lock:{$n[0]}", "Lock:{$n[1]}", "Lock:{$n[2]}"));
?>
--EXPECT--
int(0)
bool(true)
bool(true)
int(1)
bool(false)
bool(true)
bool(false)
bool(false)
int(1)
bool(true)
bool(false)
int(3)
int(0)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
int(2)
bool(false)
int(0)
int(0)
