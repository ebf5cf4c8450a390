--TEST--
lockRead()/lockWrite() without waiting: two readers share (the key holds "*r" PX the last reader's end + 1 ms, each reader a member of the reader set, its token "W" + 31 hex as every read/write token, after "<owner> " when it has one); while they read, lockWrite() and lock() of other objects are refused (lockWrite() with a timeout leaves no queue entry), owner() is "*r", forceUnlock() is false and both still hold; while a writer holds (its token in the key), lockRead(), lockWrite() and lock() of others are refused, owner() is its token, re-locking renews it, forceUnlock() releases it; the only reader is promoted (the key its token, the reader set gone), a reader beside another is refused at once whatever its timeout and still reads; a writer demoted becomes a reader ("*r", its end its new lifetime) beside whom another reader is admitted and no writer; remaining(), expire(), isLocking() act on either side (expire() moves "*r"'s end to the last reader's, 0 is no lifetime); a reader's lifetime ends on the server (a writer takes it at once, isLocking() false); two owners in one object are two readers; a read lock is reached through the object that took it only, a write lock given its owner (or its token) from another object; Errors for lock() and lockRead()/lockWrite() mixed on one name in one object and for several masters (before any connection); ValueErrors naming the argument; no key left behind
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$base = rl_unique('rw-basic');
$a = new RedisLock(RL_TEST_SERVER);
$b = new RedisLock(RL_TEST_SERVER);
$c = new RedisLock(RL_TEST_SERVER);

/** The lock key and its wait keys (queue, served list, reader set) of $name. */
function rw_keys(string $name): array
{
    $k = rl_rw_wait_keys("Lock:$name");
    return ['key' => "Lock:$name", 'queue' => $k['queue'], 'terms' => $k['terms'], 'readers' => $k['readers']];
}

/** $s is a read/write lock token: "W" and 31 lowercase hex digits (after "<owner> " when $owner is given). */
function is_token(string $s, ?string $owner = null): bool
{
    if ($owner !== null) {
        if (!str_starts_with($s, "$owner ")) {
            return false;
        }
        $s = substr($s, strlen($owner) + 1);
    }
    return strlen($s) === 32 && $s[0] === 'W' && strspn($s, '0123456789abcdef', 1) === 31;
}

/** PTTL of $key lies in [$lo, $hi] (ms): true, else the value. */
function pttl_in(RawRedis $raw, string $key, int $lo, int $hi): bool|int
{
    $p = $raw->cmd('PTTL', $key);
    return ($p >= $lo && $p <= $hi) ?: $p;
}

/** $v is a float in [$lo, $hi]: true, else the value. */
function in_range(mixed $v, float $lo, float $hi): mixed
{
    return (is_float($v) && $v >= $lo && $v <= $hi) ?: $v;
}

function check(string $label, callable $call): void
{
    try {
        $r = $call();
        echo "$label: no exception, returned ", var_export($r, true), "\n";
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), ': ', str_replace($GLOBALS['base'], '<base>', $e->getMessage()), "\n";
    }
}

echo "-- two readers share\n";
$n = "$base-share";
$k = rw_keys($n);
var_dump($a->lockRead($n, 0, 10), $b->lockRead($n, 0, 20));
var_dump($raw->cmd('GET', $k['key']), pttl_in($raw, $k['key'], 19000, 20001));
$members = $raw->cmd('ZRANGE', $k['readers'], '0', '-1');
var_dump(count($members), count(array_filter($members, fn ($m) => is_token($m))));
// each member's end is its own lifetime on the server's clock; the set lives as long as the marker
[$s, $us] = $raw->cmd('TIME');
$now = (int)$s * 1000 + intdiv((int)$us, 1000);
$ends = array_map(fn ($m) => (int)$raw->cmd('ZSCORE', $k['readers'], $m) - $now, $members);
sort($ends);
var_dump($ends[0] > 9000 && $ends[0] <= 10000, $ends[1] > 19000 && $ends[1] <= 20000);
var_dump(abs($raw->cmd('PTTL', $k['readers']) - $raw->cmd('PTTL', $k['key'])) <= 50);
var_dump($a->isLocking($n), $b->isLocking($n), $c->isLocking($n));

echo "-- writers refused while they read\n";
var_dump($c->lockWrite($n), $c->lock($n));
$t = hrtime(true);
var_dump($c->lockWrite($n, 0.3, 10), (hrtime(true) - $t) / 1e9 >= 0.29);
var_dump($raw->cmd('EXISTS', $k['queue']));
var_dump($c->owner($n), $c->forceUnlock($n), $raw->cmd('GET', $k['key']), $raw->cmd('ZCARD', $k['readers']));
var_dump($a->isLocking($n), $b->isLocking($n));

echo "-- remaining(), expire() of readers: the marker's end is the last reader's\n";
var_dump(in_range($a->remaining($n), 9.0, 10.0), in_range($b->remaining($n), 19.0, 20.0), $c->remaining($n));
var_dump($a->expire($n, 30), pttl_in($raw, $k['key'], 29000, 30001), in_range($a->remaining($n), 29.0, 30.0));
var_dump($b->expire($n, 2), pttl_in($raw, $k['key'], 29000, 30001), in_range($b->remaining($n), 1.0, 2.0));
var_dump($a->expire($n, 1), pttl_in($raw, $k['key'], 1000, 2001), $c->expire($n, 5));
var_dump($a->expire($n, 0), $raw->cmd('PTTL', $k['key']) > 999999000 * 1000, $a->remaining($n) > 999999000);
// lockRead() again renews
var_dump($a->lockRead($n, 0, 10), pttl_in($raw, $k['key'], 9000, 10001), in_range($a->remaining($n), 9.0, 10.0));
var_dump($b->lockRead($n, 0, 20), pttl_in($raw, $k['key'], 19000, 20001), in_range($b->remaining($n), 19.0, 20.0));

echo "-- promotion refused beside another reader: still reading\n";
var_dump($a->lockWrite($n, 0, 10));
var_dump($a->isLocking($n), $raw->cmd('GET', $k['key']), $raw->cmd('ZCARD', $k['readers']));
$t = hrtime(true);
var_dump($b->lockWrite($n, 5, 10), (hrtime(true) - $t) / 1e9 < 1.0);   // refused at once, whatever the timeout
var_dump($b->isLocking($n), $raw->cmd('ZCARD', $k['readers']));

echo "-- the only reader is promoted\n";
var_dump($b->unlock($n), $b->isLocking($n), $raw->cmd('ZCARD', $k['readers']), $raw->cmd('GET', $k['key']));
$member = $raw->cmd('ZRANGE', $k['readers'], '0', '-1')[0];
var_dump($a->lockWrite($n, 0, 5));
$value = $raw->cmd('GET', $k['key']);
var_dump(is_token($value), $raw->cmd('EXISTS', $k['readers']), pttl_in($raw, $k['key'], 4000, 5000));
var_dump($a->owner($n) === $value, $a->isLocking($n), in_range($a->remaining($n), 4.0, 5.0));
var_dump($b->lockRead($n), $b->lockWrite($n), $c->lock($n), $b->isLocking($n));

echo "-- the writer demoted: a reader beside whom another reader is admitted, no writer\n";
var_dump($a->lockRead($n, 0, 7));
var_dump($raw->cmd('GET', $k['key']), pttl_in($raw, $k['key'], 6000, 7001), $raw->cmd('ZCARD', $k['readers']));
var_dump(in_range($a->remaining($n), 6.0, 7.0), $a->isLocking($n));
var_dump($b->lockRead($n, 0, 10), $raw->cmd('ZCARD', $k['readers']), $c->lockWrite($n), $c->lock($n));
var_dump($a->unlock($n), $a->isLocking($n), $raw->cmd('GET', $k['key']), $b->isLocking($n));
var_dump($b->unlock($n), $b->unlock($n), $raw->cmd('EXISTS', $k['key'], $k['readers'], $k['queue']));

echo "-- a writer\n";
$n = "$base-write";
$k = rw_keys($n);
var_dump($a->lockWrite($n, 0, 10));
$value = $raw->cmd('GET', $k['key']);
var_dump(is_token($value), $raw->cmd('EXISTS', $k['readers']));
var_dump($b->owner($n) === $value, pttl_in($raw, $k['key'], 9000, 10000));
var_dump($b->lockRead($n), $b->lockWrite($n), $c->lock($n));
$t = hrtime(true);
var_dump($b->lockRead($n, 0.3, 10), (hrtime(true) - $t) / 1e9 >= 0.29, $raw->cmd('EXISTS', $k['queue']));
var_dump($a->lockWrite($n, 0, 20), $raw->cmd('GET', $k['key']) === $value, pttl_in($raw, $k['key'], 19000, 20000));
var_dump($a->expire($n, 5), pttl_in($raw, $k['key'], 4000, 5000), in_range($a->remaining($n), 4.0, 5.0));
var_dump($b->expire($n, 30), $b->remaining($n), $b->isLocking($n), $a->isLocking($n));
var_dump($a->expire($n, 0), $raw->cmd('PTTL', $k['key']) > 999999000 * 1000, $a->remaining($n) > 999999000);
var_dump($c->forceUnlock($n), $raw->cmd('EXISTS', $k['key']), $a->isLocking($n), $a->unlock($n), $c->forceUnlock($n));
// free again: a reader comes in at once
var_dump($b->lockRead($n, 0, 10), $b->unlock($n), $raw->cmd('EXISTS', $k['key'], $k['readers'], $k['queue']));

echo "-- a reader's lifetime ends on the server\n";
$n = "$base-lapse";
$k = rw_keys($n);
$short = 0.3 * rl_slowdown();
$t = hrtime(true);
var_dump($a->lockRead($n, 0, $short), $raw->cmd('GET', $k['key']));
var_dump(rl_wait_until(fn () => $raw->cmd('EXISTS', $k['key'], $k['readers']) === 0, 5.0 * rl_slowdown()));
var_dump((hrtime(true) - $t) / 1e9 >= $short - 0.01);
var_dump($a->isLocking($n), $a->remaining($n), $a->expire($n, 10), $c->lockWrite($n, 0, 10));
var_dump($a->unlock($n), $c->unlock($n), $raw->cmd('EXISTS', $k['key'], $k['readers'], $k['queue']));

echo "-- owners: two owners in one object are two readers\n";
$n = "$base-owners";
$k = rw_keys($n);
var_dump($a->lockRead($n, 0, 10, 'alice'), $a->lockRead($n, 0, 10, 'bob'));
$members = $raw->cmd('ZRANGE', $k['readers'], '0', '-1');
sort($members);
var_dump(is_token($members[0], 'alice'), is_token($members[1], 'bob'));
var_dump($a->isLocking($n, 'alice'), $a->isLocking($n, 'bob'), $a->isLocking($n), $a->owner($n));
// promotion of one owner while the other reads: refused
var_dump($a->lockWrite($n, 0, 10, 'alice'), $a->isLocking($n, 'alice'));
// a read lock only through the object that took it
var_dump($b->isLocking($n, 'alice'), $b->remaining($n, 'alice'), $b->expire($n, 5, 'alice'), $b->unlock($n, 'alice'));
var_dump($raw->cmd('ZCARD', $k['readers']), $a->isLocking($n, 'alice'));
var_dump($a->unlock($n, 'bob'), $a->lockWrite($n, 0, 10, 'alice'), $b->owner($n));
var_dump(is_token($raw->cmd('GET', $k['key']), 'alice'), $raw->cmd('EXISTS', $k['readers']));
var_dump($a->unlock($n, 'alice'), $raw->cmd('EXISTS', $k['key'], $k['readers'], $k['queue']));

echo "-- a write lock given its owner (or its token), from another object\n";
var_dump($a->lockWrite($n, 0, 10, 'dave'));
var_dump(is_token($raw->cmd('GET', $k['key']), 'dave'), $b->owner($n));
var_dump($b->isLocking($n, 'dave'), $b->isLocking($n), in_range($b->remaining($n, 'dave'), 9.0, 10.0));
var_dump($b->expire($n, 20, 'dave'), pttl_in($raw, $k['key'], 19000, 20000), $b->expire($n, 20, 'erin'));
var_dump($b->unlock($n, 'erin'), $b->unlock($n, 'dave'), $raw->cmd('EXISTS', $k['key']), $a->isLocking($n, 'dave'));
var_dump($a->lockWrite($n, 0, 10));
$token = $b->owner($n);
var_dump($token === $raw->cmd('GET', $k['key']), $b->unlock($n, $token), $raw->cmd('EXISTS', $k['key']), $a->isLocking($n));

echo "-- lock() and lockRead()/lockWrite() on one name in one object\n";
$n = "$base-mix";
$k = rw_keys($n);
check('lock() then lockRead()', fn () => [$a->lock($n, 0, 10), $a->lockRead($n)]);
check('lock() then lockWrite()', fn () => $a->lockWrite($n));
var_dump($a->isLocking($n), $a->unlock($n));
check('lockRead() then lock()', fn () => [$a->lockRead($n, 0, 10), $a->lock($n)]);
var_dump($a->unlock($n));
check('lockWrite() then lock()', fn () => [$a->lockWrite($n, 0, 10), $a->lock($n)]);
var_dump($a->unlock($n));
check('one owner: lock() then lockWrite()', fn () => [$a->lock($n, 0, 10, 100000, 'olga'), $a->lockWrite($n, 0, 10, 'olga')]);
// other objects, or another owner in the same object, are other holders: refused, not an Error
var_dump($b->lockRead($n), $b->lockWrite($n), $a->lockRead($n, 0, 10, 'pete'));
var_dump($a->unlock($n, 'olga'), $raw->cmd('EXISTS', $k['key'], $k['readers'], $k['queue']));

echo "-- owners starting with \"*\", arguments out of range\n";
foreach (['*', '*r', '*x'] as $owner) {
    check('lockRead owner', fn () => $a->lockRead($n, 0, 1, $owner));
    check('lockWrite owner', fn () => $a->lockWrite($n, 0, 1, $owner));
}
check('lock owner', fn () => $a->lock($n, 0, 1, 100000, '*r'));
check('unlock owner', fn () => $a->unlock($n, '*r'));
check('isLocking owner', fn () => $a->isLocking($n, '*r'));
check('expire owner', fn () => $a->expire($n, 1, '*r'));
check('remaining owner', fn () => $a->remaining($n, '*r'));
foreach (['lockRead', 'lockWrite'] as $m) {
    check("$m name", fn () => $a->$m(''));
    foreach ([-0.001, NAN, INF, 1e9 + 1] as $timeout) {
        check("$m timeout", fn () => $a->$m($n, $timeout));
    }
    foreach ([-0.001, NAN, INF, 1e9 + 1] as $expire) {
        check("$m expire", fn () => $a->$m($n, 0, $expire));
    }
    check("$m owner", fn () => $a->$m($n, 0, 1, 'a b'));
    check("$m arguments", fn () => $a->$m($n, 0, 1, null, true, 100000));
}
var_dump($raw->cmd('EXISTS', $k['key'], $k['readers'], $k['queue']));

echo "-- several masters: an Error, before any connection\n";
$multi = new RedisLock(['tcp://127.0.0.1:' . rl_dead_port(), 'tcp://127.0.0.1:' . rl_dead_port(),
    'tcp://127.0.0.1:' . rl_dead_port()]);
check('lockRead', fn () => $multi->lockRead($n, 0, 1));
check('lockWrite', fn () => $multi->lockWrite($n, 1, 1, null, false));

echo "-- nothing left\n";
unset($a, $b, $c);
$left = $raw->cmd('KEYS', "*$base*");
// the lock keys, queues and reader sets are gone; a served list may stay a moment, with its TTL
var_dump(array_values(array_filter($left, fn ($key) => !str_ends_with($key, ':wt'))));
var_dump(array_values(array_filter($left, fn ($key) => $raw->cmd('PTTL', $key) < 0)));
?>
--EXPECT--
-- two readers share
bool(true)
bool(true)
string(2) "*r"
bool(true)
int(2)
int(2)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
-- writers refused while they read
bool(false)
bool(false)
bool(false)
bool(true)
int(0)
string(2) "*r"
bool(false)
string(2) "*r"
int(2)
bool(true)
bool(true)
-- remaining(), expire() of readers: the marker's end is the last reader's
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
-- promotion refused beside another reader: still reading
bool(false)
bool(true)
string(2) "*r"
int(2)
bool(false)
bool(true)
bool(true)
int(2)
-- the only reader is promoted
bool(true)
bool(false)
int(1)
string(2) "*r"
bool(true)
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(false)
bool(false)
-- the writer demoted: a reader beside whom another reader is admitted, no writer
bool(true)
string(2) "*r"
bool(true)
int(1)
bool(true)
bool(true)
bool(true)
int(2)
bool(false)
bool(false)
bool(true)
bool(false)
string(2) "*r"
bool(true)
bool(true)
bool(false)
int(0)
-- a writer
bool(true)
bool(true)
int(0)
bool(true)
bool(true)
bool(false)
bool(false)
bool(false)
bool(false)
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
bool(false)
bool(false)
bool(false)
bool(true)
bool(true)
int(0)
-- a reader's lifetime ends on the server
bool(true)
string(2) "*r"
bool(true)
bool(true)
bool(false)
bool(false)
bool(false)
bool(true)
bool(false)
bool(true)
int(0)
-- owners: two owners in one object are two readers
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
string(2) "*r"
bool(false)
bool(true)
bool(false)
bool(false)
bool(false)
bool(false)
int(2)
bool(true)
bool(true)
bool(true)
string(5) "alice"
bool(true)
int(0)
bool(true)
int(0)
-- a write lock given its owner (or its token), from another object
bool(true)
bool(true)
string(4) "dave"
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
int(0)
bool(false)
bool(true)
bool(true)
bool(true)
int(0)
bool(false)
-- lock() and lockRead()/lockWrite() on one name in one object
lock() then lockRead(): Error: "<base>-mix" is held through lock(): one object takes a name through lock() or through lockRead()/lockWrite(), not both
lock() then lockWrite(): Error: "<base>-mix" is held through lock(): one object takes a name through lock() or through lockRead()/lockWrite(), not both
bool(true)
bool(true)
lockRead() then lock(): Error: "<base>-mix" is held through lockRead(): one object takes a name through lock() or through lockRead()/lockWrite(), not both
bool(true)
lockWrite() then lock(): Error: "<base>-mix" is held through lockWrite(): one object takes a name through lock() or through lockRead()/lockWrite(), not both
bool(true)
one owner: lock() then lockWrite(): Error: "<base>-mix" is held through lock(): one object takes a name through lock() or through lockRead()/lockWrite(), not both
bool(false)
bool(false)
bool(false)
bool(true)
int(0)
-- owners starting with "*", arguments out of range
lockRead owner: ValueError: RedisLock::lockRead(): Argument #4 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
lockWrite owner: ValueError: RedisLock::lockWrite(): Argument #4 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
lockRead owner: ValueError: RedisLock::lockRead(): Argument #4 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
lockWrite owner: ValueError: RedisLock::lockWrite(): Argument #4 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
lockRead owner: ValueError: RedisLock::lockRead(): Argument #4 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
lockWrite owner: ValueError: RedisLock::lockWrite(): Argument #4 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
lock owner: ValueError: RedisLock::lock(): Argument #5 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
unlock owner: ValueError: RedisLock::unlock(): Argument #2 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
isLocking owner: ValueError: RedisLock::isLocking(): Argument #2 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
expire owner: ValueError: RedisLock::expire(): Argument #3 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
remaining owner: ValueError: RedisLock::remaining(): Argument #2 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
lockRead name: ValueError: RedisLock::lockRead(): Argument #1 ($name) must not be empty
lockRead timeout: ValueError: RedisLock::lockRead(): Argument #2 ($timeout) must be between 0 and 1000000000 (seconds)
lockRead timeout: ValueError: RedisLock::lockRead(): Argument #2 ($timeout) must be between 0 and 1000000000 (seconds)
lockRead timeout: ValueError: RedisLock::lockRead(): Argument #2 ($timeout) must be between 0 and 1000000000 (seconds)
lockRead timeout: ValueError: RedisLock::lockRead(): Argument #2 ($timeout) must be between 0 and 1000000000 (seconds)
lockRead expire: ValueError: RedisLock::lockRead(): Argument #3 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
lockRead expire: ValueError: RedisLock::lockRead(): Argument #3 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
lockRead expire: ValueError: RedisLock::lockRead(): Argument #3 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
lockRead expire: ValueError: RedisLock::lockRead(): Argument #3 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
lockRead owner: ValueError: RedisLock::lockRead(): Argument #4 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
lockRead arguments: ArgumentCountError: RedisLock::lockRead() expects at most 5 arguments, 6 given
lockWrite name: ValueError: RedisLock::lockWrite(): Argument #1 ($name) must not be empty
lockWrite timeout: ValueError: RedisLock::lockWrite(): Argument #2 ($timeout) must be between 0 and 1000000000 (seconds)
lockWrite timeout: ValueError: RedisLock::lockWrite(): Argument #2 ($timeout) must be between 0 and 1000000000 (seconds)
lockWrite timeout: ValueError: RedisLock::lockWrite(): Argument #2 ($timeout) must be between 0 and 1000000000 (seconds)
lockWrite timeout: ValueError: RedisLock::lockWrite(): Argument #2 ($timeout) must be between 0 and 1000000000 (seconds)
lockWrite expire: ValueError: RedisLock::lockWrite(): Argument #3 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
lockWrite expire: ValueError: RedisLock::lockWrite(): Argument #3 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
lockWrite expire: ValueError: RedisLock::lockWrite(): Argument #3 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
lockWrite expire: ValueError: RedisLock::lockWrite(): Argument #3 ($expire) must be 0 (no lifetime) or greater than 0 and at most 1000000000 (seconds)
lockWrite owner: ValueError: RedisLock::lockWrite(): Argument #4 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
lockWrite arguments: ArgumentCountError: RedisLock::lockWrite() expects at most 5 arguments, 6 given
int(0)
-- several masters: an Error, before any connection
lockRead: Error: lockRead() is not available with several masters (one server, Sentinel or Cluster)
lockWrite: Error: lockWrite() is not available with several masters (one server, Sentinel or Cluster)
-- nothing left
array(0) {
}
array(0) {
}
