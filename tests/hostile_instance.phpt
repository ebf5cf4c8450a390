--TEST--
Hostile server behind RedisLock::instance() and RedisSemaphore::instance() (configured by redislock.server and redislock.read_timeout): an endless trickle and a wrong type on their first call throw RedisLockException within the INI read timeout, and instance() hands back the same object, working again
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/hostile_server.inc';
require __DIR__ . '/hostile_cases.inc';

$fake = new RlHostileServer();
$scripts = ['EVAL', 'EVALSHA'];
foreach ([
    ['RedisLock', 'lock', rl_hostile_rule('SET', 'trickle')],
    ['RedisLock', 'lock', rl_hostile_rule('SET', 'status')],
    ['RedisSemaphore', 'count', rl_hostile_rule($scripts, 'trickle', null, ['script' => 'semaphore_count'])],
    ['RedisSemaphore', 'count', rl_hostile_rule($scripts, 'bulk', null, ['script' => 'semaphore_count'])],
] as [$class, $call, $rule]) {
    $fake->calm();
    $fake->plan([$rule]);
    $child = new RlChild(rl_child_prelude() . '
$call = fn ($o) => $o instanceof RedisLock ? $o->lock("i", 0, 5) : $o->count("i");
$o = ' . $class . '::instance();
$t0 = hrtime(true);
try {
    $r = $call($o);
    echo "returned ", var_export($r, true);
} catch (RedisLockException $e) {
    echo get_class($e), ": ", preg_replace("~^tcp://[^ ]+: ~", "", $e->getMessage());
}
$elapsed = (hrtime(true) - $t0) / 1e9;
echo $elapsed <= ' . (RL_HOSTILE_READ_TIMEOUT + rl_hostile_slack()) . ' ? " in time" : " LATE ($elapsed s)", "\n";
echo "again: ", var_export(' . $class . '::instance() === $o, true), " ", var_export($call($o), true), "\n";
', ['redislock.server' => $fake->server(), 'redislock.read_timeout' => (string)RL_HOSTILE_READ_TIMEOUT]);
    [$rc, $out] = $child->finish();
    $hit = $fake->waitFor('/^hostile \d+ /', 5.0);
    $conn = $hit === null ? -1 : (int)explode(' ', $hit)[1];
    echo "$class::instance()->$call(): ", $out, 'exit ', $rc, ', ',
        $fake->waitFor("/^eof $conn\$/", 5.0, true) ? 'closed' : 'NOT closed',
        ', new connections: ', count($fake->eventsMatching('/^accept /')), "\n";
}
var_dump($fake->stop());
?>
--EXPECT--
RedisLock::instance()->lock(): RedisLockException: read timed out in time
again: true true
exit 0, closed, new connections: 2
RedisLock::instance()->lock(): RedisLockException: unexpected reply to SET NX GET in time
again: true true
exit 0, closed, new connections: 4
RedisSemaphore::instance()->count(): RedisLockException: read timed out in time
again: true 1
exit 0, closed, new connections: 6
RedisSemaphore::instance()->count(): RedisLockException: unexpected reply to semaphore count in time
again: true 1
exit 0, closed, new connections: 8
int(0)
