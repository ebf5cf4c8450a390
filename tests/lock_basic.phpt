--TEST--
lock(): acquires, stores a 32-hex token under "Lock:<name>", excludes a second object, unlock() deletes the key
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();
$name = rl_unique('basic');
$key = "Lock:$name";

$a = new RedisLock(RL_TEST_SERVER);
$b = new RedisLock(RL_TEST_SERVER);

var_dump($raw->cmd('EXISTS', $key));
var_dump($a->lock($name));
$token = $raw->cmd('GET', $key);
var_dump(preg_match('/^[0-9a-f]{32}$/D', $token));
$pttl = $raw->cmd('PTTL', $key);
var_dump($pttl > 14000 && $pttl <= 15000);  // default expire 15 s

// a second object is another owner: fails at once with timeout 0, key untouched
var_dump($b->lock($name));
var_dump($b->lock($name, 0));
var_dump($raw->cmd('GET', $key) === $token);
var_dump($b->isLocking($name), $a->isLocking($name));

var_dump($a->unlock($name));
var_dump($raw->cmd('EXISTS', $key));

// now the other object gets it, with a fresh token
var_dump($b->lock($name));
$token2 = $raw->cmd('GET', $key);
var_dump(preg_match('/^[0-9a-f]{32}$/D', $token2), $token2 !== $token);
var_dump($a->lock($name));
var_dump($b->unlock($name));
var_dump($raw->cmd('EXISTS', $key));

// every acquisition gets a different token
$tokens = [];
for ($i = 0; $i < 5; $i++) {
    $a->lock($name);
    $tokens[] = $raw->cmd('GET', $key);
    $a->unlock($name);
}
var_dump(count(array_unique($tokens)));
var_dump($raw->cmd('EXISTS', $key));
?>
--EXPECT--
int(0)
bool(true)
int(1)
bool(true)
bool(false)
bool(false)
bool(true)
bool(false)
bool(true)
bool(true)
int(0)
bool(true)
int(1)
bool(true)
bool(false)
bool(true)
int(0)
int(5)
int(0)
