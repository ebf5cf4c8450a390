--TEST--
Hostile server and what an object remembers holding: when a release (unlock(), unlockAll(), release(), releaseAll()) or a lock()/acquire() fails on a reply that is not an answer (a wrong type, an integer the script never returns, an extra reply, a trickle, a close), the object keeps its record and the next call releases for real; after an error reply (the server did answer) the record is gone
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/hostile_server.inc';
require __DIR__ . '/hostile_cases.inc';

$fake = new RlHostileServer();
$options = ['read_timeout' => RL_HOSTILE_READ_TIMEOUT];
$scripts = ['EVAL', 'EVALSHA'];
$cases = [
    // [class, how to take something, the call that fails, its script, the call again on a calm fake]
    'unlock' => ['RedisLock', fn ($o, $n) => $o->lock($n, 0, 5), fn ($o, $n) => $o->unlock($n), 'lock_release_free'],
    'unlockAll' => ['RedisLock', fn ($o, $n) => $o->lock($n, 0, 5), fn ($o, $n) => $o->unlockAll(), 'lock_release'],
    'release' => ['RedisSemaphore', fn ($o, $n) => is_string($o->acquire($n, 1, 5)), fn ($o, $n) => $o->release($n),
        'semaphore_release'],
    'releaseAll' => ['RedisSemaphore', fn ($o, $n) => is_string($o->acquire($n, 1, 5)), fn ($o, $n) => $o->releaseAll(),
        'semaphore_release'],
    // a take that failed may have happened on the server: the release at the end must try it
    'lock' => ['RedisLock', null, fn ($o, $n) => $o->lock($n, 0, 5), 'SET'],
    'acquire' => ['RedisSemaphore', null, fn ($o, $n) => $o->acquire($n, 1, 5), 'semaphore_acquire'],
];
foreach ($cases as $label => [$class, $take, $call, $target]) {
    foreach (['status', 'out_of_range', 'extra_before', 'trickle', 'close_mid', 'error'] as $mode) {
        if ($mode === 'out_of_range' && $target === 'SET') {
            continue;   // not a script
        }
        $fake->calm();
        $name = rl_unique($label);
        $o = new $class($fake->server(), $options);
        $rule = $target === 'SET' ? rl_hostile_rule('SET', $mode) : rl_hostile_rule($scripts, $mode, null, ['script' => $target]);
        $fake->plan($take ? [] : [$rule]);
        if ($take && !$take($o, $name)) {
            echo "$label $mode: setup failed\n";
            continue;
        }
        if ($take) {
            $fake->arm(rl_hostile_last_conn($fake, 'cmd'), [$rule]);
        }
        try {
            $r = $call($o, $name);
            echo "$label $mode: returned ", var_export($r, true);
        } catch (RedisLockException $e) {
            echo "$label $mode: RedisLockException";
        }
        $fake->calm();
        $fake->sync();
        $before = count($fake->eventsMatching('/^cmd \d+ EVAL(SHA)? (lock|semaphore)_release/'));
        // what is still recorded is released now (the calm fake answers 1: "it was ours")
        $again = $o instanceof RedisLock ? $o->unlockAll() : $o->releaseAll();
        $fake->sync();
        $sent = count($fake->eventsMatching('/^cmd \d+ EVAL(SHA)? (lock|semaphore)_release/')) - $before;
        echo "; then ", $o instanceof RedisLock ? 'unlockAll()' : 'releaseAll()', " sends $sent release", $sent === 1 ? '' : 's',
            ", returns ", var_export($again, true), "\n";
        unset($o);
    }
}
var_dump($fake->stop());
?>
--EXPECT--
unlock status: RedisLockException; then unlockAll() sends 1 release, returns true
unlock out_of_range: RedisLockException; then unlockAll() sends 1 release, returns true
unlock extra_before: RedisLockException; then unlockAll() sends 1 release, returns true
unlock trickle: RedisLockException; then unlockAll() sends 1 release, returns true
unlock close_mid: RedisLockException; then unlockAll() sends 1 release, returns true
unlock error: RedisLockException; then unlockAll() sends 0 releases, returns true
unlockAll status: RedisLockException; then unlockAll() sends 1 release, returns true
unlockAll out_of_range: RedisLockException; then unlockAll() sends 1 release, returns true
unlockAll extra_before: RedisLockException; then unlockAll() sends 1 release, returns true
unlockAll trickle: RedisLockException; then unlockAll() sends 1 release, returns true
unlockAll close_mid: RedisLockException; then unlockAll() sends 1 release, returns true
unlockAll error: RedisLockException; then unlockAll() sends 0 releases, returns true
release status: RedisLockException; then releaseAll() sends 1 release, returns true
release out_of_range: RedisLockException; then releaseAll() sends 1 release, returns true
release extra_before: RedisLockException; then releaseAll() sends 1 release, returns true
release trickle: RedisLockException; then releaseAll() sends 1 release, returns true
release close_mid: RedisLockException; then releaseAll() sends 1 release, returns true
release error: RedisLockException; then releaseAll() sends 0 releases, returns true
releaseAll status: RedisLockException; then releaseAll() sends 1 release, returns true
releaseAll out_of_range: RedisLockException; then releaseAll() sends 1 release, returns true
releaseAll extra_before: RedisLockException; then releaseAll() sends 1 release, returns true
releaseAll trickle: RedisLockException; then releaseAll() sends 1 release, returns true
releaseAll close_mid: RedisLockException; then releaseAll() sends 1 release, returns true
releaseAll error: RedisLockException; then releaseAll() sends 0 releases, returns true
lock status: RedisLockException; then unlockAll() sends 1 release, returns true
lock extra_before: RedisLockException; then unlockAll() sends 1 release, returns true
lock trickle: RedisLockException; then unlockAll() sends 1 release, returns true
lock close_mid: RedisLockException; then unlockAll() sends 1 release, returns true
lock error: RedisLockException; then unlockAll() sends 0 releases, returns true
acquire status: RedisLockException; then releaseAll() sends 1 release, returns true
acquire out_of_range: RedisLockException; then releaseAll() sends 1 release, returns true
acquire extra_before: RedisLockException; then releaseAll() sends 1 release, returns true
acquire trickle: RedisLockException; then releaseAll() sends 1 release, returns true
acquire close_mid: RedisLockException; then releaseAll() sends 1 release, returns true
acquire error: RedisLockException; then releaseAll() sends 0 releases, returns true
int(0)
