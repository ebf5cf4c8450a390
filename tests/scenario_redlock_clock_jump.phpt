--TEST--
Scenario (issue 24), several masters: one master's clock jumps forward by more than the lock's lifetime while the lock is held. Three masters of the test's own, each a redis-server with a clock shim preloaded (built with cc here): it moves CLOCK_REALTIME (clock_gettime, gettimeofday, time) by the microseconds written in a file, read at every call (libfaketime hangs Redis's jemalloc build); the monotonic clock is untouched. Redis sees the jump: TIME moves ahead by two lifetimes, a key whose lifetime is 1.5 of the lock's is gone at once there and kept on the other masters. Both clients have the fencing option: each confirms its fence (fence(), on a quorum of masters) right after lock() returns true and writes to a fenced store with it; the checker reports (a), two believers at once (the lock's own guarantee), and (b), writes the store took out of fence order. X holds all three, master 1's clock jumps by two lifetimes: X's key on master 1 expires, Y's lock() is false (1 of 3, its take on master 1 rolled back), X's isLocking() stays true, X writes and unlocks (true); then Y takes the lock on all three, the jumped master included; checker (a) 0, (b) 0: a jump on one master of three that all hold is absorbed by the majority. X holds masters 1 and 2 only (its link to master 3 refused: a bare majority), master 2's clock jumps: X's key there expires, Y takes the lock on masters 2 and 3 while X is within its validity; Y writes (accepted), X's write after it is refused by its fence (Y counted on master 2, whose counter X's fence() had raised to X's fence, and its clock is ahead besides), X's isLocking() says false (then its unlock() false); checker (a) 1 (X and Y both believed they held it), (b) 0. Where the guarantee ends: a clock jump on a master of a bare majority gives the lock twice (README: "a master whose clock jumps forward expires keys early"); the fence refuses the late write
--SKIPIF--
<?php
require __DIR__ . '/skipif.inc';
require_once __DIR__ . '/config.inc';
// the shim is compiled at test time, like error_out_of_memory.phpt's: the valgrind pass traces
// every child, so cc (and its cc1, as, ld) would run under memcheck, which reports gcc's own
// definite leaks; the sanitizer pass preloads its runtime into every child of the test, cc
// included, and LeakSanitizer reports cc's and cc1's leaks (either would fail the test)
if (rl_under_valgrind()) die('skip the clock shim is compiled at test time: cc would run under memcheck (valgrind traces children), which reports its leaks');
if (str_contains((string)getenv('LD_PRELOAD'), 'asan')) die('skip the clock shim is compiled at test time: cc would run under the preloaded sanitizer runtime, which reports its leaks');
exec('command -v cc 2>/dev/null', $o, $rc);
if ($rc !== 0) die('skip no C compiler for the clock shim');
// the shim must move this machine's server's clock (it did not on Debian unstable's Valkey 9)
require_once __DIR__ . '/lock_helpers.inc';
require_once __DIR__ . '/clock_shift.inc';
$probe = new ShiftedRedis(rl_clock_shim_build());
try {
    $probe->jump(1000);
} catch (Error $e) {
    die('skip the clock shim does not move this redis-server\'s clock: ' . $e->getMessage());
}
?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/fault_proxy.inc';
require __DIR__ . '/history.inc';
require __DIR__ . '/scenario_redlock.inc';
require __DIR__ . '/clock_shift.inc';
$k = rl_slowdown();
$opts = ['read_timeout' => 1.0 * $k, 'connect_timeout' => 1.0 * $k, 'fencing' => true];
$life = 3 * $k;   // the lock's lifetime (s); the jump is two of them

$shim = rl_clock_shim_build();

/** A lock step's result in a line: true/false, or the exception's class and code. */
function res(array $r): string
{
    return $r['e'] === null ? json_encode($r['r']['ok'] ?? $r['r']) : strstr($r['e'], ':', true) . " {$r['code']}";
}

/**
 * Jumps master $j's clock two lifetimes ahead and shows that Redis sees it: TIME, against master
 * $other's, before and after (in lifetimes), and a probe key set on every master with a lifetime
 * of 1.5 of the lock's just before: gone at once on master $j, kept on the others.
 */
function jump(array $m, int $j, int $other): void
{
    global $life;
    // in whole lifetimes: the two readings, one round trip apart, differ by far less than half of one
    $ahead = fn () => (string)(int)round(($m[$j]->time() - $m[$other]->time()) / $life);
    $probe = rl_unique('probe');
    foreach ($m as $s) {
        $s->raw()->cmd('SET', $probe, '1', 'PX', (string)(int)(1.5 * $life * 1000));
    }
    $before = $ahead();
    $m[$j]->jump(2 * $life);
    $after = $ahead();
    $kept = implode('', array_map(fn ($s) => $s->raw()->cmd('EXISTS', $probe) === 1 ? 'k' : '-', $m));
    echo 'master ', $j + 1, "'s clock: TIME ahead of master ", $other + 1, "'s by $before lifetimes, then $after; ",
        "a key of 1.5 lifetimes on each master: $kept\n";
    foreach ($m as $s) {
        $s->raw()->cmd('DEL', $probe);
    }
}

/**
 * One run: three shifted masters; X reaches master 3 through a proxy, refused while X takes the
 * lock when $bare (X then holds masters 1 and 2 only).
 */
function run(string $what, bool $bare): array
{
    global $opts, $life, $shim;
    echo "-- $what\n";
    $m = [new ShiftedRedis($shim), new ShiftedRedis($shim), new ShiftedRedis($shim)];
    $link = new RlFaultProxy($m[2]->server());
    $h = new RlHistory();
    $store = new RlFencedStore(RL_TEST_SERVER, rl_unique('store'));
    $x = new RlRedlockHistoryWorker('X', [$m[0]->server(), $m[1]->server(), $link->server()], $opts, $h, $store);
    $y = new RlRedlockHistoryWorker('Y', array_map(fn ($s) => $s->server(), $m), $opts, $h, $store);
    RlRedlockHistoryWorker::warmUpAll($x, $y);
    $name = rl_unique('clock');
    if ($bare) {
        echo 'X\'s link to master 3: ', RlFaultProxy::ack($link->refuse()), ', ', RlFaultProxy::ack($link->cut()), "\n";
    }
    echo 'X lock: ', res($x->call('lock', $name, 0, $life)), "\n";
    if ($bare) {
        echo 'X\'s link to master 3: ', RlFaultProxy::ack($link->heal()), "\n";
    }
    $tokens = [rl_redlock_token($m, "Lock:$name") => 'X'];
    echo 'masters: ', rl_redlock_holders($m, "Lock:$name", $tokens), "\n";
    return [$m, $link, $h, $store, $x, $y, $name, $tokens];
}

/** Ends a run: the store, the checker, the workers, the proxy; the masters are killed. */
function done(array $m, RlFaultProxy $link, RlHistory $h, RlFencedStore $store, RlRedlockHistoryWorker ...$ws): void
{
    $s = $store->state();
    echo "store: {$s['value']} (written by {$s['writer']}, {$s['seq']} writes accepted)\n";
    echo $h->summary(), "\n";
    foreach ($ws as $w) {
        echo $w->end();
    }
    echo $link->finish()[1];
    $store->delete();
    foreach ($m as $s) {
        $s->kill();
    }
}

$t0 = hrtime(true);

// 1. X holds all three; master 1's clock jumps
[$m, $link, $h, $store, $x, $y, $name, $tokens] = run('X holds the lock on all three; master 1\'s clock jumps', false);
$key = "Lock:$name";
jump($m, 0, 1);
echo 'masters: ', rl_redlock_holders($m, $key, $tokens), "\n";
echo 'Y lock: ', res($y->call('lock', $name, 0, $life)), ', masters: ', rl_redlock_holders($m, $key, $tokens), "\n";
$x->calls(['call', 'remaining', $name], ['call', 'isLocking', $name], ['write', $name, 'X'], ['unlock', $name]);
$r = $x->results();
echo 'X within its validity: ', var_export($r[0]['r'] > 0, true), ', isLocking ', json_encode($r[1]['r']),
    ', write ', $r[2]['r']['accepted'] ? 'accepted' : 'refused', ', unlock ', json_encode($r[3]['r']), "\n";
echo 'masters: ', rl_redlock_holders($m, $key, $tokens), "\n";
$y->calls(['lock', $name, 0, $life], ['write', $name, 'Y']);
$r = $y->results();
$tokens[(string)rl_redlock_token($m, $key)] = 'Y';
echo 'Y lock: ', res($r[0]), ', write ', $r[1]['r']['accepted'] ? 'accepted' : 'refused', ', masters: ', rl_redlock_holders($m, $key, $tokens), "\n";
echo 'Y unlock: ', json_encode($y->call('unlock', $name)['r']), "\n";
echo 'left: ', rl_redlock_left($m, $name), "\n";
done($m, $link, $h, $store, $x, $y);

// 2. X holds masters 1 and 2 only (a bare majority); master 2's clock jumps
[$m, $link, $h, $store, $x, $y, $name, $tokens] = run('X holds the lock on masters 1 and 2 only; master 2\'s clock jumps', true);
$key = "Lock:$name";
jump($m, 1, 0);
echo 'masters: ', rl_redlock_holders($m, $key, $tokens), "\n";
$y->calls(['lock', $name, 0, $life], ['write', $name, 'Y']);
$r = $y->results();
$tokens[(string)rl_redlock_token([$m[2]], $key)] = 'Y';
echo 'Y lock: ', res($r[0]), ', write ', $r[1]['r']['accepted'] ? 'accepted' : 'refused', ', masters: ', rl_redlock_holders($m, $key, $tokens), "\n";
$x->calls(['call', 'remaining', $name], ['write', $name, 'X']);
$r = $x->results();
echo 'X within its validity: ', var_export($r[0]['r'] > 0, true), ', X write: ', $r[1]['r']['accepted'] ? 'accepted' : 'refused', "\n";
echo 'X isLocking: ', json_encode($x->call('call', 'isLocking', $name)['r']), ', masters: ', rl_redlock_holders($m, $key, $tokens), "\n";
echo 'X unlock: ', json_encode($x->call('unlock', $name)['r']), "\n";
echo 'Y unlock: ', json_encode($y->call('unlock', $name)['r']), "\n";
echo 'left: ', rl_redlock_left($m, $name), "\n";
done($m, $link, $h, $store, $x, $y);
echo 'within a minute: ', var_export((hrtime(true) - $t0) / 1e9 < 60, true), "\n";
?>
--EXPECT--
-- X holds the lock on all three; master 1's clock jumps
X lock: true
masters: XXX
master 1's clock: TIME ahead of master 2's by 0 lifetimes, then 2; a key of 1.5 lifetimes on each master: -kk
masters: -XX
Y lock: false, masters: -XX
X within its validity: true, isLocking true, write accepted, unlock true
masters: ---
Y lock: true, write accepted, masters: YYY
Y unlock: true
left: [] [] []
store: Y (written by Y, 2 writes accepted)
checker: (a) 0, (b) 0
-- X holds the lock on masters 1 and 2 only; master 2's clock jumps
X's link to master 3: ok refuse, ok cut
X lock: true
X's link to master 3: ok heal
masters: XX-
master 2's clock: TIME ahead of master 1's by 0 lifetimes, then 2; a key of 1.5 lifetimes on each master: k-k
masters: X--
Y lock: true, write accepted, masters: XYY
X within its validity: true, X write: refused
X isLocking: false, masters: -YY
X unlock: false
Y unlock: true
left: [] [] []
store: Y (written by Y, 1 writes accepted)
checker: (a) 1 [X/Y], (b) 0
within a minute: true
