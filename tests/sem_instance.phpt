--TEST--
RedisSemaphore::instance(): one object per request, server from INI, prefix "Sem:" (redislock.prefix is RedisLock's), its slots released at request end
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('seminst');

$code = rl_child_prelude() . 'require ' . var_export(__DIR__ . '/sem_helpers.inc', true) . ";\n"
    . '$name = ' . var_export($name, true) . ";\n" . '
$raw = new RawRedis();
$a = RedisSemaphore::instance();
$b = RedisSemaphore::instance();
var_dump($a === $b, $a instanceof RedisSemaphore);
$id = $a->acquire($name, 2, 30);
var_dump(is_string($id), $raw->cmd("EXISTS", ...sem_keys($name)), $raw->cmd("EXISTS", ...sem_keys($name, "Inst:")));
var_dump(RedisLock::instance()->lock($name, 0, 30), $raw->cmd("EXISTS", "Inst:$name"));   // the lock instance uses redislock.prefix
unset($a, $b);
gc_collect_cycles();
var_dump(RedisSemaphore::instance()->count($name));      // still held: the instance lives for the request
function take($name) { return RedisSemaphore::instance()->acquire($name, 2, 30); }
var_dump(is_string(take($name)), take($name));
var_dump(RedisSemaphore::instance()->release($name), RedisSemaphore::instance()->count($name));   // the latest one
exit(0);
';
[$rc, $out] = rl_run_php($code, ['redislock.server' => RL_TEST_SERVER, 'redislock.prefix' => 'Inst:']);
echo $out;
var_dump($rc, $raw->cmd('EXISTS', ...[...sem_keys($name), "Inst:$name"]));

// in this process (no redislock.server INI given to run-tests): still one object
var_dump(RedisSemaphore::instance() === RedisSemaphore::instance());
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
int(3)
int(0)
bool(true)
int(1)
int(1)
bool(true)
bool(false)
bool(true)
int(1)
int(0)
int(0)
bool(true)
