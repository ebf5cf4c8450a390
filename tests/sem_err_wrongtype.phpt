--TEST--
RedisSemaphore: a semaphore key of the wrong type gives RedisLockException (WRONGTYPE, naming the server); the foreign key is left alone
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$s = new RedisSemaphore(RL_TEST_SERVER);

function attempt(string $what, callable $call): void
{
    try {
        $r = $call();
        echo "$what: no exception, ", var_export($r, true), "\n";
    } catch (RedisLockException $e) {
        echo "$what: RedisLockException ", var_export(str_contains($e->getMessage(), 'WRONGTYPE'), true), ' ',
            var_export(str_contains($e->getMessage(), RL_TEST_SERVER), true), "\n";
    }
}

echo "-- holders is a string\n";
$name = rl_unique('wrongtype');
[$holders, $deadlines, $ticket] = sem_keys($name);
$raw->cmd('SET', $holders, 'not a zset');
attempt('acquire', fn () => $s->acquire($name, 3, 30));
attempt('acquire waiting', fn () => $s->acquire($name, 3, 30, 0.5));
var_dump($raw->cmd('GET', $holders), $raw->cmd('EXISTS', $deadlines));
var_dump($s->releaseAll());                          // nothing was admitted, nothing is held
$raw->cmd('DEL', $holders, $deadlines, $ticket);

echo "-- deadlines is a list\n";
$name = rl_unique('wrongtype');
[$holders, $deadlines, $ticket] = sem_keys($name);
$id = $s->acquire($name, 3, 30);
$raw->cmd('DEL', $deadlines);
$raw->cmd('RPUSH', $deadlines, 'a', 'b');
attempt('count', fn () => $s->count($name));
attempt('refresh', fn () => $s->refresh($name, $id, 5));
attempt('release', fn () => $s->release($name, $id));
attempt('acquire', fn () => $s->acquire($name, 3, 30));
var_dump($raw->cmd('LRANGE', $deadlines, '0', '-1'));
$raw->cmd('DEL', $holders, $deadlines, $ticket);

echo "-- ticket is not a number\n";
$name = rl_unique('wrongtype');
[$holders, $deadlines, $ticket] = sem_keys($name);
$raw->cmd('SET', $ticket, 'abc');
try {
    $s->acquire($name, 3, 30);
    echo "no exception\n";
} catch (RedisLockException $e) {
    var_dump(str_contains($e->getMessage(), 'not an integer'), str_contains($e->getMessage(), RL_TEST_SERVER));
}
var_dump($raw->cmd('GET', $ticket), $raw->cmd('EXISTS', $holders, $deadlines));
$raw->cmd('DEL', $ticket);

echo "-- the object and its connection still work\n";
$name = rl_unique('wrongtype');
$id = $s->acquire($name, 1, 30);
var_dump(is_string($id), $s->count($name), $s->refresh($name), $s->release($name), $raw->cmd('EXISTS', ...sem_keys($name)));
?>
--EXPECT--
-- holders is a string
acquire: RedisLockException true true
acquire waiting: RedisLockException true true
string(10) "not a zset"
int(0)
bool(true)
-- deadlines is a list
count: RedisLockException true true
refresh: RedisLockException true true
release: RedisLockException true true
acquire: RedisLockException true true
array(2) {
  [0]=>
  string(1) "a"
  [1]=>
  string(1) "b"
}
-- ticket is not a number
bool(true)
bool(true)
string(3) "abc"
int(0)
-- the object and its connection still work
bool(true)
int(1)
bool(true)
bool(true)
int(0)
