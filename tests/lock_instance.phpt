--TEST--
RedisLock::instance(): the same object for the whole request, configured from INI; its locks are released at request end
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();
$names = [rl_unique('instance'), rl_unique('instance')];

$code = rl_child_prelude() . '$names = ' . var_export($names, true) . ";\n" . '
$raw = new RawRedis();
$a = RedisLock::instance();
$b = RedisLock::instance();
var_dump($a === $b, $a instanceof RedisLock);
var_dump($a->lock($names[0], 0, 30));
var_dump($b->isLocking($names[0]));                     // same owner
var_dump((new RedisLock(RL_TEST_SERVER))->lock($names[0]));   // another owner is excluded
var_dump($raw->cmd("EXISTS", "Inst:$names[0]"));        // prefix from INI
// dropping every reference keeps the instance (and its locks) for the request
unset($a, $b);
gc_collect_cycles();
var_dump($raw->cmd("EXISTS", "Inst:$names[0]"));
$c = RedisLock::instance();
var_dump($c->isLocking($names[0]));
function take(array $names) { return RedisLock::instance()->lock($names[1], 0, 30); }
var_dump(take($names), $raw->cmd("EXISTS", "Inst:$names[1]"));
exit(0);
';
[$rc, $out] = rl_run_php($code, ['redislock.server' => RL_TEST_SERVER, 'redislock.prefix' => 'Inst:']);
echo $out;
var_dump($rc, $raw->cmd('EXISTS', "Inst:{$names[0]}", "Inst:{$names[1]}"));

// in this process (no redislock.server INI given to run-tests): still one object
var_dump(RedisLock::instance() === RedisLock::instance());
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
int(1)
int(1)
bool(true)
bool(true)
int(1)
int(0)
int(0)
bool(true)
