--TEST--
Metrics over several masters: RedisLock::stats()['lost'] counts unlock(), expire(), isLocking() and remaining() that find a lock the object held gone (expired on every master), as on one server: once per lock (remaining() keeps the record, and the unlock() after it counts nothing more); a lock still held counts nothing
--SKIPIF--
<?php require __DIR__ . '/skipif_masters.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';

$masters = rl_test_masters(3);
$k = rl_slowdown();   // a lifetime the acquisition cannot use up, even under valgrind
$a = new RedisLock($masters);
$n = 'stats-lost-masters-' . getmypid();

/** The change of stats()['lost'] while $run ran, and what $run returned. */
function lost_by(callable $run): string
{
    $before = RedisLock::stats()['lost'];
    $r = $run();
    return json_encode($r) . ' lost+' . (RedisLock::stats()['lost'] - $before);
}

foreach (['unlock', 'expire', 'isLocking', 'remaining'] as $call) {
    $args = $call === 'expire' ? [$n, 5] : [$n];
    echo "$call, held: ", lost_by(function () use ($a, $n, $call, $args) {
        $a->lock($n, 0, 30);
        $r = $a->$call(...$args);
        $a->unlock($n);
        return $call === 'remaining' ? $r > 0 : $r;
    }), "\n";
    echo "$call, expired first: ", lost_by(function () use ($a, $n, $call, $args, $k) {
        $got = $a->lock($n, 0, 0.2 * $k);
        usleep((int)(0.5 * $k * 1e6));
        return [$got, $a->$call(...$args)];
    }), "\n";
    // forgotten by the object: a second call is about a lock it does not hold, not a lost one
    echo "$call, again: ", lost_by(fn () => $a->$call(...$args)), "\n";
}
// remaining() keeps the record (it asks no master): the unlock() after it finds the same loss, counted once
echo "remaining then unlock: ", lost_by(function () use ($a, $n, $k) {
    $got = $a->lock($n, 0, 0.2 * $k);
    usleep((int)(0.5 * $k * 1e6));
    return [$got, $a->remaining($n), $a->unlock($n)];
}), "\n";
?>
--EXPECT--
unlock, held: true lost+0
unlock, expired first: [true,false] lost+1
unlock, again: false lost+0
expire, held: true lost+0
expire, expired first: [true,false] lost+1
expire, again: false lost+0
isLocking, held: true lost+0
isLocking, expired first: [true,false] lost+1
isLocking, again: false lost+0
remaining, held: true lost+0
remaining, expired first: [true,false] lost+1
remaining, again: false lost+0
remaining then unlock: [true,false,false] lost+1
