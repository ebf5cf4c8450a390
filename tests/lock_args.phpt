--TEST--
Argument validation: every documented ValueError, thrown before anything is sent to Redis
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();
$name = rl_unique('args');
$key = "Lock:$name";
$held = rl_unique('args-held');

$l = new RedisLock(RL_TEST_SERVER);
var_dump($l->lock($held, 0, 10));
$heldToken = $raw->cmd('GET', "Lock:$held");
$pttlBefore = $raw->cmd('PTTL', "Lock:$held");
// unreachable server: a ValueError (not RedisLockException) proves no connection was attempted
$off = new RedisLock('tcp://127.0.0.1:1');

function check(string $label, callable $call): void
{
    try {
        $r = $call();
        echo "$label: no exception, returned ", var_export($r, true), "\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}

foreach ([$l, $off] as $o) {
    echo "--\n";
    check('lock empty', fn () => $o->lock(''));
    check('expire empty', fn () => $o->expire('', 1));
    check('isLocking empty', fn () => $o->isLocking(''));
    check('unlock empty', fn () => $o->unlock(''));
    foreach ([-0.001, -1, NAN, INF, -INF, 1e9 + 1] as $timeout) {
        check('timeout', fn () => $o->lock($name, $timeout));
    }
    // 0 is no lifetime (tests/lock_owner.phpt); below it, or past 1e9 s, is refused
    foreach ([-0.001, -1, NAN, INF, 1e9 + 1, 1e10] as $expire) {
        check('lock expire', fn () => $o->lock($name, 0, $expire));
    }
    foreach ([-0.5, NAN, INF, 1e9 + 1] as $expire) {
        check('expire', fn () => $o->expire($held, $expire));
    }
    // an owner: 1 to 64 bytes of 0x21..0x7e, for every method that takes one
    foreach (['', 'a b', "a\tb", "a\0b", "caf\u{e9}", "\x7f", str_repeat('o', 65)] as $owner) {
        check('lock owner', fn () => $o->lock($name, 0, 1, 100000, $owner));
    }
    check('expire owner', fn () => $o->expire($held, 1, ''));
    check('isLocking owner', fn () => $o->isLocking($held, 'a b'));
    check('unlock owner', fn () => $o->unlock($held, str_repeat('o', 65)));
    check('remaining owner', fn () => $o->remaining($held, "\n"));
    check('owner empty', fn () => $o->owner(''));
    check('forceUnlock empty', fn () => $o->forceUnlock(''));
    check('interval', fn () => $o->lock($name, 0, 1, -1));
    check('interval', fn () => $o->lock($name, 1, 1, PHP_INT_MIN));
}

echo "-- nothing changed\n";
var_dump($raw->cmd('EXISTS', $key), $raw->cmd('EXISTS', 'Lock:'));
var_dump($raw->cmd('GET', "Lock:$held") === $heldToken);
$pttl = $raw->cmd('PTTL', "Lock:$held");
var_dump($pttl > 5000 && $pttl <= $pttlBefore);
var_dump($l->isLocking($held));

echo "-- boundaries are accepted\n";
var_dump($l->lock($name, 1e9, 1e9, 0));   // free: acquired at once
var_dump($l->unlock($name));
var_dump($l->lock($name, 0, 0.001));
usleep(30000);
var_dump($l->expire($held, 1e9), $raw->cmd('PTTL', "Lock:$held") > 1e12 - 60000);
var_dump($l->unlock($held), $raw->cmd('EXISTS', "Lock:$held"), $raw->cmd('EXISTS', $key));
?>
--EXPECT--
bool(true)
--
ValueError: RedisLock::lock(): Argument #1 ($name) must not be empty
ValueError: RedisLock::expire(): Argument #1 ($name) must not be empty
ValueError: RedisLock::isLocking(): Argument #1 ($name) must not be empty
ValueError: RedisLock::unlock(): Argument #1 ($name) must not be empty
ValueError: RedisLock::lock(): Argument #2 ($timeout) must be between 0 and 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #2 ($timeout) must be between 0 and 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #2 ($timeout) must be between 0 and 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #2 ($timeout) must be between 0 and 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #2 ($timeout) must be between 0 and 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #2 ($timeout) must be between 0 and 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #3 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #3 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #3 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #3 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #3 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #3 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
ValueError: RedisLock::expire(): Argument #2 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
ValueError: RedisLock::expire(): Argument #2 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
ValueError: RedisLock::expire(): Argument #2 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
ValueError: RedisLock::expire(): Argument #2 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #5 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::lock(): Argument #5 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::lock(): Argument #5 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::lock(): Argument #5 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::lock(): Argument #5 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::lock(): Argument #5 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::lock(): Argument #5 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::expire(): Argument #3 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::isLocking(): Argument #2 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::unlock(): Argument #2 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::remaining(): Argument #2 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::owner(): Argument #1 ($name) must not be empty
ValueError: RedisLock::forceUnlock(): Argument #1 ($name) must not be empty
ValueError: RedisLock::lock(): Argument #4 ($waitIntervalUs) must be between 0 and 60000000 (microseconds)
ValueError: RedisLock::lock(): Argument #4 ($waitIntervalUs) must be between 0 and 60000000 (microseconds)
--
ValueError: RedisLock::lock(): Argument #1 ($name) must not be empty
ValueError: RedisLock::expire(): Argument #1 ($name) must not be empty
ValueError: RedisLock::isLocking(): Argument #1 ($name) must not be empty
ValueError: RedisLock::unlock(): Argument #1 ($name) must not be empty
ValueError: RedisLock::lock(): Argument #2 ($timeout) must be between 0 and 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #2 ($timeout) must be between 0 and 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #2 ($timeout) must be between 0 and 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #2 ($timeout) must be between 0 and 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #2 ($timeout) must be between 0 and 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #2 ($timeout) must be between 0 and 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #3 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #3 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #3 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #3 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #3 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #3 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
ValueError: RedisLock::expire(): Argument #2 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
ValueError: RedisLock::expire(): Argument #2 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
ValueError: RedisLock::expire(): Argument #2 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
ValueError: RedisLock::expire(): Argument #2 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
ValueError: RedisLock::lock(): Argument #5 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::lock(): Argument #5 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::lock(): Argument #5 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::lock(): Argument #5 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::lock(): Argument #5 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::lock(): Argument #5 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::lock(): Argument #5 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::expire(): Argument #3 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::isLocking(): Argument #2 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::unlock(): Argument #2 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::remaining(): Argument #2 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::owner(): Argument #1 ($name) must not be empty
ValueError: RedisLock::forceUnlock(): Argument #1 ($name) must not be empty
ValueError: RedisLock::lock(): Argument #4 ($waitIntervalUs) must be between 0 and 60000000 (microseconds)
ValueError: RedisLock::lock(): Argument #4 ($waitIntervalUs) must be between 0 and 60000000 (microseconds)
-- nothing changed
int(0)
int(0)
bool(true)
bool(true)
bool(true)
-- boundaries are accepted
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
int(0)
