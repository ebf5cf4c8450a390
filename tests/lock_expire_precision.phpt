--TEST--
lock(): $expire sets the key's PTTL with millisecond precision (rounded up to a whole millisecond)
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();
$l = new RedisLock(RL_TEST_SERVER);

$name = rl_unique('ttl');
var_dump($l->lock($name, 0, 2.5));
$pttl = $raw->cmd('PTTL', "Lock:$name");
var_dump($pttl > 2000 && $pttl <= 2500);
var_dump($l->unlock($name));

// whole seconds as int-ish float
$name = rl_unique('ttl');
var_dump($l->lock($name, 0, 1));
$pttl = $raw->cmd('PTTL', "Lock:$name");
var_dump($pttl > 500 && $pttl <= 1000);
var_dump($l->unlock($name));

// the maximum: 1e9 seconds
$name = rl_unique('ttl');
var_dump($l->lock($name, 0, 1e9));
$pttl = $raw->cmd('PTTL', "Lock:$name");
var_dump($pttl > 1e12 - 60000 && $pttl <= 1e12);
var_dump($l->unlock($name));

// 1.5 ms -> 2 ms; 0.0001 s -> 1 ms (never 0, which Redis would reject): acquired, gone soon after
foreach ([0.0015, 0.0001] as $expire) {
    $name = rl_unique('ttl');
    var_dump($l->lock($name, 0, $expire));
    usleep(50000);
    var_dump($raw->cmd('EXISTS', "Lock:$name"));
    var_dump($l->isLocking($name));
}
// 1.0004 s -> 1001 ms, so PTTL right after can exceed 1000 only if rounded up; check it is at most 1001
$name = rl_unique('ttl');
var_dump($l->lock($name, 0, 1.0004));
$pttl = $raw->cmd('PTTL', "Lock:$name");
var_dump($pttl > 500 && $pttl <= 1001);
var_dump($l->unlock($name), $raw->cmd('EXISTS', "Lock:$name"));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
bool(false)
bool(true)
int(0)
bool(false)
bool(true)
bool(true)
bool(true)
int(0)
