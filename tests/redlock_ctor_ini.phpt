--TEST--
INI: a comma-separated redislock.server puts new RedisLock() and RedisLock::instance() in multi-master mode (keys on every master); RedisSemaphore refuses it (constructor and instance())
--SKIPIF--
<?php require __DIR__ . '/skipif_masters.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/redlock_helpers.inc';
$servers = rl_test_masters(3);
$raws = rl_raws($servers);
$name = rl_unique('ini');

$child = rl_child_prelude() . 'require ' . var_export(__DIR__ . '/lock_helpers.inc', true) . ";\n"
    . 'require ' . var_export(__DIR__ . '/redlock_helpers.inc', true) . ";\n" . '
$name = ' . var_export($name, true) . ';
$raws = rl_raws(rl_test_masters(3));
var_dump(ini_get("redislock.server") === implode(",", rl_test_masters(3)));
$i = RedisLock::instance();
var_dump($i->lock($name, 0, 10), rl_exists_all($raws, "Lock:$name") === [1, 1, 1]);
$tok = rl_common_token($raws, "Lock:$name");
var_dump(strlen($tok), is_float($i->remaining($name)));
// a second owner, also from the INI: the lock is held on every master
$l = new RedisLock();
var_dump($l->lock($name, 0, 10), $i->unlock($name), rl_exists_all($raws, "Lock:$name") === [0, 0, 0]);
var_dump($l->lock($name, 0, 10), rl_count_holding($raws, "Lock:$name", rl_common_token($raws, "Lock:$name")));
foreach (["new" => fn () => new RedisSemaphore(), "instance" => fn () => RedisSemaphore::instance()] as $what => $f) {
    try {
        $f();
        echo "$what: no exception\n";
    } catch (Throwable $e) {
        echo "$what: ", get_class($e), ": ", $e->getMessage(), "\n";
    }
}
// an explicit server still works for a semaphore in that request
var_dump(is_string((new RedisSemaphore(RL_TEST_SERVER))->acquire($name, 1, 5)));
// $l keeps its lock: the request end releases it on every master
';
[$rc, $out] = rl_run_php($child, ['redislock.server' => implode(',', $servers)]);
echo $out;
var_dump($rc, rl_exists_all($raws, "Lock:$name"));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
int(32)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
int(3)
new: ValueError: INI setting redislock.server must be one server for RedisSemaphore: it lists several
instance: ValueError: INI setting redislock.server must be one server for RedisSemaphore: it lists several
bool(true)
int(0)
array(3) {
  [0]=>
  int(0)
  [1]=>
  int(0)
  [2]=>
  int(0)
}
