--TEST--
Fencing tokens (issue 24), the basics: the option "fencing" must be a bool (TypeError naming it), true is accepted with several masters (tests/redlock_fencing.phpt) and a ValueError with RedisSemaphore (false is accepted), one server given as a list of one takes it; redislock.fencing=1 turns it on for RedisLock on one server and on several masters (fence() of a name not held there is false; the option false overrides it), not for RedisSemaphore; fence() without the option (on several masters too) and for a name held for reading throws Error, and checks its arguments as lock() does; lock() of a fencing object counts one on the counter "rl:{<key>}:lf" (its wait keys' family, "RL:" for a prefix starting with "r", a crafted tag for a name with "}"), which has no TTL, outlives the lock and holds the last fence: every fence is max(the last one + 1, the server's clock (TIME) in microseconds): over five lock/unlock cycles of two objects the ten fences are each greater than every earlier one (not consecutive) and within the server's clock read before and after the lock(); fence() is false before lock(), for another name, after unlock(), when lock() was refused and when isLocking() found the lock expired; re-locking and expire() keep the fence and fence() of a lock taken without waiting costs no round trip; a new counter starts at the server's clock, and every later fence of the name is within the clock around its acquisition too; a counter set behind by hand while no lock is held (one below the last fence: counted on, it would give that fence again; and 1, as an old snapshot) still gives a fence greater than every earlier one, within the clock (lock() and lockWrite()); a counter set an hour ahead of the clock counts one per acquisition; two owners of one name in one object are two holders (fence($name, 'alice'), another object given the owner has no fence); a non-fencing object's acquisition (with or without a timeout) and lockRead() count nothing (fence() of a name held for reading throws Error), and the next fence is still greater than every earlier one; lockWrite() counts on the same counter (renewed, it keeps its fence), a promotion counts one, a demotion leaves no fence; the free take is one EVALSHA (SET NX PX GET of the lock, then GET, TIME, SET of the counter inside it) where a non-fencing object sends SET
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();

function attempt(callable $call): void
{
    try {
        $r = $call();
        echo is_object($r) ? 'ok ' . get_class($r) : json_encode($r), "\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}

/** The server's clock in microseconds (TIME). */
function server_us(RawRedis $raw): int
{
    [$s, $us] = $raw->cmd('TIME');
    return (int)$s * 1000000 + (int)$us;
}

/**
 * The fences of one counter, in the order they were counted (every fence is max(the last one + 1,
 * the server's clock in microseconds) of the script that counted it). ->take($acquire) reads the
 * server's clock (TIME), then runs $acquire() (an acquisition, or the step that grants one) and
 * answers its result; ->add(...$fences) reads the clock again and checks the fences counted
 * since, in order: each an int greater than every earlier one and within those two readings.
 * It answers "#n" for each (#0 the counter's first fence seen), or what is wrong with it.
 * ->of() shows a fence or a counter's value (a numeric string) seen before by its "#n",
 * anything else as it is.
 */
final class Fences
{
    /** @var int[] */
    public array $seen = [];
    private ?int $since = null;

    public function __construct(private RawRedis $raw) {}

    public function take(callable $acquire): mixed
    {
        $this->since = server_us($this->raw);
        return $acquire();
    }

    public function add(mixed ...$fences): string
    {
        $until = server_us($this->raw);
        $since = $this->since;
        $this->since = null;
        $out = [];
        foreach ($fences as $f) {
            if (!is_int($f)) {
                $out[] = 'not a fence: ' . json_encode($f);
            } elseif ($this->seen && $f <= max($this->seen)) {
                $out[] = "$f, not above " . max($this->seen);
            } elseif ($since === null || $f < $since || $f > $until) {
                $out[] = "$f, not within the server's clock [" . json_encode($since) . ", $until]";
            } else {
                $this->seen[] = $f;
                $out[] = '#' . (count($this->seen) - 1);
            }
        }
        return implode(' ', $out);
    }

    public function of(mixed $f): mixed
    {
        if (is_string($f) && $f !== '' && strspn($f, '0123456789') === strlen($f)) {
            $f = (int)$f;
        }
        $i = is_int($f) ? array_search($f, $this->seen, true) : false;
        return $i === false ? $f : "#$i";
    }
}

/** A fence (or a counter's value, a numeric string) as "+n" from $base; anything else as it is. */
function rel(mixed $f, int $base): mixed
{
    return is_int($f) || (is_string($f) && $f !== '' && strspn($f, '0123456789') === strlen($f)) ? sprintf('%+d', (int)$f - $base) : $f;
}

/** The address of the connection $connect() opens (the one new "redislock-<pid>" connection after it). */
function new_conn(RawRedis $raw, callable $connect): string
{
    $before = array_column(rl_client_entries($raw), 'addr');
    $connect();
    $new = array_values(array_diff(array_column(rl_client_entries($raw), 'addr'), $before));
    if (count($new) !== 1) {
        throw new Error('new connections: ' . json_encode($new));
    }
    return $new[0];
}

echo "-- the option\n";
// nothing listens on these ports: several masters connect lazily, so only the checks run
$masters = ['tcp://127.0.0.1:1', 'tcp://127.0.0.1:2', 'tcp://127.0.0.1:3'];
attempt(fn () => new RedisLock(RL_TEST_SERVER, ['fencing' => 1]));
attempt(fn () => new RedisLock(RL_TEST_SERVER, ['fencing' => 'yes']));
attempt(fn () => new RedisLock(RL_TEST_SERVER, ['fencing' => null]));
attempt(fn () => new RedisLock($masters, ['fencing' => true]));
attempt(fn () => new RedisSemaphore(RL_TEST_SERVER, ['fencing' => true]));
attempt(fn () => new RedisSemaphore(RL_TEST_SERVER, ['fencing' => 0]));
attempt(fn () => new RedisSemaphore(RL_TEST_SERVER, ['fencing' => false]));
attempt(fn () => new RedisLock($masters, ['fencing' => false]));
attempt(fn () => (new RedisLock([RL_TEST_SERVER], ['fencing' => true]))->fence(rl_unique('list')));
attempt(fn () => (new RedisLock(RL_TEST_SERVER))->fence('x'));
attempt(fn () => (new RedisLock(RL_TEST_SERVER, ['fencing' => false]))->fence('x'));
attempt(fn () => (new RedisLock($masters))->fence('x'));
$l = new RedisLock(RL_TEST_SERVER, ['fencing' => true]);
attempt(fn () => $l->fence(''));
attempt(fn () => $l->fence('x', ''));
attempt(fn () => $l->fence('x', '*x'));
attempt(fn () => $l->fence('x', 'a b'));

echo "-- redislock.fencing=1\n";
[$rc, $out] = rl_run_php(rl_child_prelude() . 'require ' . var_export(__DIR__ . '/lock_helpers.inc', true) . ';
function attempt(callable $call): void
{
    try {
        $r = $call();
        echo is_object($r) ? "ok " . get_class($r) : json_encode($r), "\n";
    } catch (Throwable $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}
$name = rl_unique("ini");
$raw = new RawRedis();
echo ini_get("redislock.fencing"), "\n";
$l = new RedisLock(RL_TEST_SERVER);
$f = $l->lock($name, 0, 10) ? $l->fence($name) : null;
var_dump(is_int($f), $raw->cmd("GET", rl_lock_fence_key("Lock:$name")) === (string)$f);
$g = null;   // the fence of the instance: greater
attempt(function () use ($l, $name, $f, &$g) {
    return [$l->unlock($name), RedisLock::instance()->lock($name, 0, 10), is_int($g = RedisLock::instance()->fence($name)) && $g > $f];
});
attempt(fn () => RedisLock::instance()->unlock($name));
$off = new RedisLock(RL_TEST_SERVER, ["fencing" => false]);
attempt(fn () => $off->lock($name, 0, 10));
attempt(fn () => $off->fence($name));
attempt(fn () => [$off->unlock($name), $raw->cmd("GET", rl_lock_fence_key("Lock:$name")) === (string)$g]);
attempt(fn () => (new RedisLock(["tcp://127.0.0.1:1", "tcp://127.0.0.1:2", "tcp://127.0.0.1:3"]))->fence($name));
attempt(fn () => new RedisSemaphore(RL_TEST_SERVER));
', ['redislock.fencing' => '1', 'redislock.server' => RL_TEST_SERVER]);
echo $out;
var_dump($rc);

echo "-- fences of two objects, lock() after lock()\n";
$name = rl_unique('fence');
$key = "Lock:$name";
$counter = rl_lock_fence_key($key);
$a = new RedisLock(RL_TEST_SERVER, ['fencing' => true]);
$b = new RedisLock(RL_TEST_SERVER, ['fencing' => true]);
var_dump($a->fence($name), $raw->cmd('EXISTS', $counter));
$F = new Fences($raw);
$clock = server_us($raw);
$labels = [];
$bad = [];
for ($i = 0; $i < 5; $i++) {
    foreach (['a' => $a, 'b' => $b] as $who => $o) {
        if (!$F->take(fn () => $o->lock($name, 0, 30))) {
            $bad[] = "$who: lock() refused in round $i";
        }
        $f = $o->fence($name);
        $labels[] = $F->add($f);
        if ($f !== $o->fence($name)) {
            $bad[] = "$who: fence " . json_encode($f) . ', then ' . json_encode($o->fence($name));
        }
        // the other object holds no fence of it, and is refused
        $other = $who === 'a' ? $b : $a;
        if ($other->fence($name) !== false || $other->lock($name, 0, 30) !== false || $other->fence($name) !== false) {
            $bad[] = "$who holds: the other has a fence";
        }
        if (!$o->unlock($name) || $o->fence($name) !== false) {
            $bad[] = "$who: after unlock(), fence " . json_encode($o->fence($name));
        }
    }
}
// a new counter starts at the server's clock in microseconds; every fence after it is greater than the one
// before and within the server's clock around its lock() (the labels "#0" to "#9": none failed its check)
$f0 = $F->seen[0] ?? null;
var_dump($bad, $f0 >= $clock && $f0 <= server_us($raw), implode(' ', $labels));

echo "-- the counter\n";
var_dump($raw->cmd('EXISTS', $key), $F->of($raw->cmd('GET', $counter)), $raw->cmd('PTTL', $counter), $raw->cmd('TYPE', $counter));
var_dump($F->take(fn () => $a->lock($name, 0, 30)), $F->add($a->fence($name)), $raw->cmd('PTTL', $counter), $F->of($raw->cmd('GET', $counter)));
var_dump($a->fence(rl_unique('other')), $b->fence($name));

echo "-- renewal and expire() keep the fence, fence() costs nothing\n";
$c = new RedisLock(RL_TEST_SERVER, ['fencing' => true]);
$addr = new_conn($raw, fn () => $c->owner($name));
rl_warm_up($c, RL_TEST_SERVER, ['fencing' => true]);   // its scripts cached: no NOSCRIPT below
var_dump($a->unlock($name), $F->take(fn () => $c->lock($name, 0, 30)), $F->add($c->fence($name)));
$mon = new RlMonitor();
var_dump($c->lock($name, 0, 40), $raw->cmd('PTTL', $key) > 30000, $F->of($c->fence($name)));
var_dump($c->expire($name, 50), $F->of($c->fence($name)), $c->lock($name, 5, 60), $F->of($c->fence($name)));
var_dump($F->of($raw->cmd('GET', $counter)), implode(' ', rl_commands_of($mon->commands(), $addr)));
var_dump($F->of($c->fence($name)), $F->of($c->fence($name)), rl_commands_of($mon->commands(), $addr));
var_dump($c->unlock($name), $c->fence($name), $F->of($raw->cmd('GET', $counter)));

echo "-- a lock found expired\n";
var_dump($F->take(fn () => $a->lock($name, 0, 0.3 * rl_slowdown())), $F->add($a->fence($name)));
var_dump(rl_wait_until(fn () => $raw->cmd('EXISTS', $key) === 0, 10 * rl_slowdown()), $a->isLocking($name), $a->fence($name),
    $F->of($raw->cmd('GET', $counter)));

echo "-- owners: two owners of one name in one object are two holders\n";
var_dump($F->take(fn () => $a->lock($name, 0, 30, 100000, 'alice')), $F->add($alice = $a->fence($name, 'alice')));
var_dump($a->lock($name, 0, 30, 100000, 'bob'), $a->fence($name, 'bob'), $a->fence($name));
var_dump($b->fence($name, 'alice'), $b->isLocking($name, 'alice'));   // acts on it, but did not take it
var_dump($a->lock($name, 0, 30, 100000, 'alice'), $a->fence($name, 'alice') === $alice);   // renewed
var_dump($a->unlock($name, 'alice'), $a->fence($name, 'alice'));
var_dump($F->take(fn () => $a->lock($name, 0, 30, 100000, 'bob')), $F->add($bob = $a->fence($name, 'bob')), $bob > $alice,
    $a->fence($name, 'alice'));
var_dump($b->unlock($name, 'bob'), $a->fence($name, 'bob') === $bob);   // released elsewhere: its record is still there
var_dump($a->isLocking($name, 'bob'), $a->fence($name, 'bob'), $F->of($raw->cmd('GET', $counter)));

echo "-- what does not count\n";
$plain = new RedisLock(RL_TEST_SERVER);
var_dump($plain->lock($name, 0, 30), $plain->unlock($name), $plain->lock($name, 5, 30), $plain->unlock($name));
var_dump($a->lockRead($name, 0, 30), $F->of($raw->cmd('GET', $counter)));
try {
    $a->fence($name);
} catch (Error $e) {
    echo get_class($e), ': ', str_replace($name, '<name>', $e->getMessage()), "\n";
}
var_dump($a->unlock($name), $F->of($raw->cmd('GET', $counter)));
var_dump($F->take(fn () => $b->lock($name, 0, 30)), $F->add($f = $b->fence($name)), $f > $bob, $F->of($raw->cmd('GET', $counter)),
    $b->unlock($name));

echo "-- lockWrite() counts on the same counter; a promotion counts, a demotion has no fence\n";
var_dump($F->take(fn () => $a->lockWrite($name, 0, 30)), $F->add($w = $a->fence($name)), $a->lockWrite($name, 0, 30),
    $a->fence($name) === $w);
var_dump($b->lock($name, 0, 30), $b->fence($name), $b->lockRead($name, 0, 30), $b->fence($name));
var_dump($a->lockRead($name, 0, 30), $F->of($raw->cmd('GET', $counter)));   // demoted
try {
    $a->fence($name);
} catch (Error $e) {
    echo get_class($e), ': ', str_replace($name, '<name>', $e->getMessage()), "\n";
}
var_dump($F->take(fn () => $a->lockWrite($name, 0, 30)), $F->add($a->fence($name)), $F->of($raw->cmd('GET', $counter)));   // promoted
var_dump($a->unlock($name), $a->fence($name), $F->take(fn () => $b->lock($name, 0, 30)), $F->add($b->fence($name)), $b->unlock($name));

echo "-- the counter set behind by hand, no lock held: the next fence is still greater than every earlier one\n";
// one behind the last fence (a counter that lost the last count: counting on from it would give that fence again)
var_dump($raw->cmd('EXISTS', $key), $raw->cmd('SET', $counter, (string)(max($F->seen) - 1)));
var_dump($F->take(fn () => $a->lock($name, 0, 30)), $F->add($a->fence($name)), $F->of($raw->cmd('GET', $counter)), $a->unlock($name));
// far behind (a restart from an old snapshot), taken by lockWrite()
var_dump($raw->cmd('SET', $counter, '1'));
var_dump($F->take(fn () => $b->lockWrite($name, 0, 30)), $F->add($b->fence($name)), $F->of($raw->cmd('GET', $counter)), $b->unlock($name));

echo "-- the counter ahead of the server's clock: the next fences count one each\n";
$ahead = server_us($raw) + 3600 * 1000000;   // an hour ahead
var_dump($raw->cmd('SET', $counter, (string)$ahead));
var_dump($a->lock($name, 0, 30), rel($a->fence($name), $ahead), $a->unlock($name), $b->lock($name, 0, 30), rel($b->fence($name), $ahead),
    $b->unlock($name), rel($raw->cmd('GET', $counter), $ahead));

echo "-- names and prefixes: the counter beside the wait keys\n";
$base = rl_unique('fence-names');
foreach ([['Lock:', "$base-bin\0\xff{x}"], ['rw:', "$base-r"], ['', "$base-bare"], ['Lock:', "$base-a}b"],
          ['Lock:', "{$base}-{tag}"]] as [$prefix, $n]) {
    $o = new RedisLock(RL_TEST_SERVER, ['fencing' => true, 'prefix' => $prefix]);
    $c = rl_lock_fence_key($prefix . $n, $prefix);
    $G = new Fences($raw);
    $row = [$G->take(fn () => $o->lock($n, 0, 30)), $G->add($o->fence($n)), $o->unlock($n), $G->take(fn () => $o->lock($n, 0, 30)),
        $G->add($o->fence($n)), $o->unlock($n), $G->of($raw->cmd('GET', $c)), $raw->cmd('PTTL', $c),
        rl_keyslot($c) === rl_keyslot($prefix . $n)];
    echo str_replace($base, '<base>', json_encode([$prefix, $n, $row], JSON_INVALID_UTF8_SUBSTITUTE)), "\n";
    $raw->cmd('DEL', $c);
}

echo "-- the free take is one command\n";
$name = rl_unique('fence-one');
$key = "Lock:$name";
$counter = rl_lock_fence_key($key);
$l = new RedisLock(RL_TEST_SERVER, ['fencing' => true]);
$addr = new_conn($raw, fn () => $l->owner($name));
rl_warm_up($l, RL_TEST_SERVER, ['fencing' => true]);   // its scripts cached
$G = new Fences($raw);
var_dump($G->take(fn () => $l->lock($name, 0, 30)), $G->add($l->fence($name)), $l->unlock($name));   // the counter exists
$mon->commands();
$lua = fn (array $cmds) => implode(' ', array_map(fn ($c) => $c[1], array_filter($cmds, fn ($c) => $c[0] === 'lua')));
var_dump($G->take(fn () => $l->lock($name, 0, 30)), $G->add($l->fence($name)));
$cmds = $mon->commands();
var_dump(rl_commands_of($cmds, $addr), $lua($cmds));
var_dump($l->unlock($name), $G->take(fn () => $l->lock($name, 5, 30)), $G->add($l->fence($name)));   // with a timeout, free: the same one try
$mon->commands();
var_dump($G->of($l->fence($name)), rl_commands_of($mon->commands(), $addr), $l->unlock($name));
$p = new RedisLock(RL_TEST_SERVER);
$paddr = new_conn($raw, fn () => $p->owner($name));
rl_warm_up($p);
$mon->commands();
var_dump($p->lock($name, 0, 30), rl_commands_of($mon->commands(), $paddr), $p->unlock($name), $G->of($raw->cmd('GET', $counter)));
?>
--EXPECT--
-- the option
TypeError: RedisLock::__construct(): Argument #2 ($options) option "fencing" must be of type bool, int given
TypeError: RedisLock::__construct(): Argument #2 ($options) option "fencing" must be of type bool, string given
TypeError: RedisLock::__construct(): Argument #2 ($options) option "fencing" must be of type bool, null given
ok RedisLock
ValueError: RedisSemaphore::__construct(): Argument #2 ($options) option "fencing" applies only to RedisLock
TypeError: RedisSemaphore::__construct(): Argument #2 ($options) option "fencing" must be of type bool, int given
ok RedisSemaphore
ok RedisLock
false
Error: fence() needs the fencing option: new RedisLock($server, ['fencing' => true]), or redislock.fencing=1
Error: fence() needs the fencing option: new RedisLock($server, ['fencing' => true]), or redislock.fencing=1
Error: fence() needs the fencing option: new RedisLock($server, ['fencing' => true]), or redislock.fencing=1
ValueError: RedisLock::fence(): Argument #1 ($name) must not be empty
ValueError: RedisLock::fence(): Argument #2 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::fence(): Argument #2 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
ValueError: RedisLock::fence(): Argument #2 ($owner) must be 1 to 64 bytes of printable ASCII without spaces (0x21 to 0x7e), not starting with "*"
-- redislock.fencing=1
1
bool(true)
bool(true)
[true,true,true]
true
true
Error: fence() needs the fencing option: new RedisLock($server, ['fencing' => true]), or redislock.fencing=1
[true,true]
false
ok RedisSemaphore
int(0)
-- fences of two objects, lock() after lock()
bool(false)
int(0)
array(0) {
}
bool(true)
string(29) "#0 #1 #2 #3 #4 #5 #6 #7 #8 #9"
-- the counter
int(0)
string(2) "#9"
int(-1)
string(6) "string"
bool(true)
string(3) "#10"
int(-1)
string(3) "#10"
bool(false)
bool(false)
-- renewal and expire() keep the fence, fence() costs nothing
bool(true)
bool(true)
string(3) "#11"
bool(true)
bool(true)
string(3) "#11"
bool(true)
string(3) "#11"
bool(true)
string(3) "#11"
string(3) "#11"
string(23) "evalsha evalsha evalsha"
string(3) "#11"
string(3) "#11"
array(0) {
}
bool(true)
bool(false)
string(3) "#11"
-- a lock found expired
bool(true)
string(3) "#12"
bool(true)
bool(false)
bool(false)
string(3) "#12"
-- owners: two owners of one name in one object are two holders
bool(true)
string(3) "#13"
bool(false)
bool(false)
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
string(3) "#14"
bool(true)
bool(false)
bool(true)
bool(true)
bool(false)
bool(false)
string(3) "#14"
-- what does not count
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
string(3) "#14"
Error: "<name>" is held for reading (lockRead()): fences are counted by lock() and lockWrite()
bool(true)
string(3) "#14"
bool(true)
string(3) "#15"
bool(true)
string(3) "#15"
bool(true)
-- lockWrite() counts on the same counter; a promotion counts, a demotion has no fence
bool(true)
string(3) "#16"
bool(true)
bool(true)
bool(false)
bool(false)
bool(false)
bool(false)
bool(true)
string(3) "#16"
Error: "<name>" is held for reading (lockRead()): fences are counted by lock() and lockWrite()
bool(true)
string(3) "#17"
string(3) "#17"
bool(true)
bool(false)
bool(true)
string(3) "#18"
bool(true)
-- the counter set behind by hand, no lock held: the next fence is still greater than every earlier one
int(0)
string(2) "OK"
bool(true)
string(3) "#19"
string(3) "#19"
bool(true)
string(2) "OK"
bool(true)
string(3) "#20"
string(3) "#20"
bool(true)
-- the counter ahead of the server's clock: the next fences count one each
string(2) "OK"
bool(true)
string(2) "+1"
bool(true)
bool(true)
string(2) "+2"
bool(true)
string(2) "+2"
-- names and prefixes: the counter beside the wait keys
["Lock:","<base>-bin\u0000\ufffd{x}",[true,"#0",true,true,"#1",true,"#1",-1,true]]
["rw:","<base>-r",[true,"#0",true,true,"#1",true,"#1",-1,true]]
["","<base>-bare",[true,"#0",true,true,"#1",true,"#1",-1,true]]
["Lock:","<base>-a}b",[true,"#0",true,true,"#1",true,"#1",-1,true]]
["Lock:","<base>-{tag}",[true,"#0",true,true,"#1",true,"#1",-1,true]]
-- the free take is one command
bool(true)
string(2) "#0"
bool(true)
bool(true)
string(2) "#1"
array(1) {
  [0]=>
  string(7) "evalsha"
}
string(16) "set get time set"
bool(true)
bool(true)
string(2) "#2"
string(2) "#2"
array(0) {
}
bool(true)
bool(true)
array(1) {
  [0]=>
  string(3) "set"
}
bool(true)
string(2) "#2"
