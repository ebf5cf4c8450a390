--TEST--
Local hand-over: where it does not apply it is not used (README "Where it applies"): with redislock.local_handover=1, a lock over several masters, a lock with min_replicas and a lock() with $timeout 0 map no shared segment and behave as with it off; a lock on one server with a timeout does map one (the control), and phpinfo() says "on"
--SKIPIF--
<?php require __DIR__ . '/skipif_masters.inc'; ?>
--INI--
pcre.jit=0
redislock.local_handover=1
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/redlock_helpers.inc';

/* the redislock segments this process has mapped (its /proc/self/maps) */
function mapped_segments(): array
{
    $found = [];
    foreach (file('/proc/self/maps') as $line) {
        if (preg_match('~/dev/shm/(redislock-\S+)~', $line, $m)) {
            $found[$m[1]] = true;
        }
    }
    return array_keys($found);
}

$prefix = 'fallback' . getmypid() . ':';

echo "-- several masters\n";
$name = rl_unique('multi');
$multi = new RedisLock(rl_test_masters(3), ['prefix' => $prefix]);
var_dump($multi->lock($name, 2, 10), $multi->isLocking($name), $multi->unlock($name));
var_dump(mapped_segments());

echo "-- min_replicas (no replica: refused, in Redis alone)\n";
$repl = new RedisLock(RL_TEST_SERVER, ['prefix' => $prefix, 'min_replicas' => 1, 'replica_timeout' => 0.05]);
var_dump($repl->lock(rl_unique('repl'), 1, 10));
var_dump(mapped_segments());

echo "-- \$timeout 0\n";
$one = new RedisLock(RL_TEST_SERVER, ['prefix' => $prefix]);
$name = rl_unique('try');
var_dump($one->lock($name), $one->unlock($name));
var_dump(mapped_segments());

echo "-- one server, a timeout: the control\n";
$name = rl_unique('one');
var_dump($one->lock($name, 2, 10), $one->isLocking($name), $one->unlock($name));
var_dump(count(mapped_segments()));
ob_start();
phpinfo(INFO_MODULES);
$info = ob_get_clean();
var_dump(str_contains($info, 'local hand-over => on ('));
foreach (mapped_segments() as $seg) {
    @unlink("/dev/shm/$seg");   /* this test's prefix: nobody else's */
}
?>
--EXPECT--
-- several masters
bool(true)
bool(true)
bool(true)
array(0) {
}
-- min_replicas (no replica: refused, in Redis alone)
bool(false)
array(0) {
}
-- $timeout 0
bool(true)
bool(true)
array(0) {
}
-- one server, a timeout: the control
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
