--TEST--
Errors: a lock key holding a list gives RedisLockException mentioning WRONGTYPE; the list is left alone
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();
$l = new RedisLock(RL_TEST_SERVER);
$name = rl_unique('wrongtype');
$key = "Lock:$name";

// each method on its own name: lock it, then replace the key by a list
foreach (['isLocking', 'expire', 'unlock', 'lock'] as $method) {
    $n = "$name:$method";
    $ok = $l->lock($n, 0, 5);
    $raw->cmd('DEL', "Lock:$n");
    $raw->cmd('RPUSH', "Lock:$n", 'a', 'b');
    try {
        $r = $method === 'expire' ? $l->expire($n, 5) : ($method === 'lock' ? $l->lock($n, 0, 5) : $l->$method($n));
        echo "$method: locked=", var_export($ok, true), ' no exception, ', var_export($r, true), "\n";
    } catch (RedisLockException $e) {
        echo "$method: locked=", var_export($ok, true), ' ', var_export(str_contains($e->getMessage(), 'WRONGTYPE'), true), ' ',
            var_export(str_contains($e->getMessage(), RL_TEST_SERVER), true), "\n";
    }
    echo '  list intact: ', var_export($raw->cmd('LRANGE', "Lock:$n", '0', '-1') === ['a', 'b'], true), "\n";
    $raw->cmd('DEL', "Lock:$n");
}
$raw->cmd('RPUSH', $key, 'a', 'b');

// lock() on a list key that this object never held (Redis >= 7 reports WRONGTYPE for SET NX too)
$other = new RedisLock(RL_TEST_SERVER);
try {
    $r = $other->lock($name);
    echo 'lock (fresh): no exception, ', var_export($r, true), "\n";
} catch (RedisLockException $e) {
    echo 'lock (fresh): ', var_export(str_contains($e->getMessage(), 'WRONGTYPE'), true), "\n";
}
var_dump($raw->cmd('LRANGE', $key, '0', '-1'));

// the object and its connection are still usable afterwards
$name2 = rl_unique('wrongtype');
var_dump($l->lock($name2, 0, 5), $l->isLocking($name2), $l->unlock($name2), $raw->cmd('EXISTS', "Lock:$name2"));
var_dump($raw->cmd('DEL', $key));
var_dump($other->lock($name, 0, 5), $other->unlock($name), $raw->cmd('EXISTS', $key));
?>
--EXPECT--
isLocking: locked=true true true
  list intact: true
expire: locked=true true true
  list intact: true
unlock: locked=true true true
  list intact: true
lock: locked=true true true
  list intact: true
lock (fresh): true
array(2) {
  [0]=>
  string(1) "a"
  [1]=>
  string(1) "b"
}
bool(true)
bool(true)
bool(true)
int(0)
int(1)
bool(true)
bool(true)
int(0)
