--TEST--
Scenario (issue 24), several masters: one master restarted while a lock is held. Three masters of the test's own; X reaches master 3 through a fault proxy, refused while X takes the lock, so X holds it on masters 1 and 2 only (a quorum, 2 of 3); then master 2 is killed (SIGKILL) and started again. Both clients have the fencing option: each confirms its fence (fence(), on a quorum of masters) right after lock() returns true and writes to a fenced store with it; the checker reports (a), two believers at once (the lock's own guarantee), and (b), writes the store took out of fence order. Restarted at once without persistence: master 2 comes back empty, Y takes the lock on masters 2 and 3 while X is within its validity; Y writes (accepted), X's write after it is refused by its fence (master 2 lost its counter with its keys: Y's count there is master 2's clock in microseconds, above X's fence, counted earlier: the clock rule), X's isLocking() says false (then its unlock() false); checker (a) 1 (X and Y both believed they held it), (b) 0: README's stated limit for the lock ("a master that loses keys ... If that breaks the majority, another client can get the lock"). Restarted without persistence but kept out for one lock lifetime before it serves again (README's remedy): Y's lock() while it is out is false (1 of the 2 that answer), X works and stops within its validity, master 2 comes back empty after X's lifetime, Y takes the lock on all three; checker (a) 0, (b) 0. Restarted at once with AOF (appendfsync always, the other remedy): X's key comes back with master 2, Y's lock() is false until X releases; checker (a) 0, (b) 0. Where the guarantee ends: a master that restarts without its keys and serves again within a lifetime breaks the majority; fences stay in order while the masters' clocks agree better than the time between the two takes
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/fault_helpers.inc';
require __DIR__ . '/fault_proxy.inc';
require __DIR__ . '/history.inc';
require __DIR__ . '/scenario_redlock.inc';
$k = rl_slowdown();
$opts = ['read_timeout' => 1.0 * $k, 'connect_timeout' => 1.0 * $k, 'fencing' => true];
$life = 3 * $k;   // the lock's lifetime (s)

/** A lock step's result in a line: true/false, or the exception's class and code. */
function res(array $r): string
{
    return $r['e'] === null ? json_encode($r['r']['ok'] ?? $r['r']) : strstr($r['e'], ':', true) . " {$r['code']}";
}

/**
 * One run: masters 1 and 3 without persistence, master 2 as $second makes it; X (reaching master 3
 * through a proxy) takes the lock while that link is refused, so it holds it on masters 1 and 2.
 */
function run(string $what, PrivateRedis $second): array
{
    global $opts, $life;
    echo "-- $what\n";
    $m = [new PrivateRedis(), $second, new PrivateRedis()];
    $link = new RlFaultProxy($m[2]->server());
    $h = new RlHistory();
    $store = new RlFencedStore(RL_TEST_SERVER, rl_unique('store'));
    $x = new RlRedlockHistoryWorker('X', [$m[0]->server(), $m[1]->server(), $link->server()], $opts, $h, $store);
    $y = new RlRedlockHistoryWorker('Y', array_map(fn ($s) => $s->server(), $m), $opts, $h, $store);
    RlRedlockHistoryWorker::warmUpAll($x, $y);
    $name = rl_unique('restart');
    echo 'X\'s link to master 3: ', RlFaultProxy::ack($link->refuse()), ', ', RlFaultProxy::ack($link->cut()), "\n";
    $r = $x->call('lock', $name, 0, $life);
    echo 'X lock: ', res($r), "\n";
    echo 'X\'s link to master 3: ', RlFaultProxy::ack($link->heal()), "\n";
    $tokens = [rl_redlock_token($m, "Lock:$name") => 'X'];
    echo 'masters: ', rl_redlock_holders($m, "Lock:$name", $tokens), "\n";
    return [$m, $link, $h, $store, $x, $y, $name, $tokens, $r['t1']];
}

/** Ends a run: the store, the checker, the workers, the proxy; what the name left on the masters. */
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
}

// 1. restarted at once, without persistence
[$m, $link, $h, $store, $x, $y, $name, $tokens] = run('restarted at once without persistence', new PrivateRedis());
$key = "Lock:$name";
$m[1]->kill();
$m[1]->start();
echo 'master 2 restarted: ', rl_redlock_holders($m, $key, $tokens), "\n";
$y->calls(['lock', $name, 0, $life], ['write', $name, 'Y']);
$r = $y->results();
$tokens[rl_redlock_token([$m[1]], $key)] = 'Y';
echo 'Y lock: ', res($r[0]), ', write ', $r[1]['r']['accepted'] ? 'accepted' : 'refused', "\n";
echo 'masters: ', rl_redlock_holders($m, $key, $tokens), "\n";
$x->calls(['call', 'remaining', $name], ['write', $name, 'X']);
$r = $x->results();
echo 'X within its validity: ', var_export($r[0]['r'] > 0, true), ', X write: ', $r[1]['r']['accepted'] ? 'accepted' : 'refused', "\n";
echo 'X isLocking: ', json_encode($x->call('call', 'isLocking', $name)['r']), ', masters: ', rl_redlock_holders($m, $key, $tokens), "\n";
echo 'X unlock: ', json_encode($x->call('unlock', $name)['r']), "\n";
echo 'Y unlock: ', json_encode($y->call('unlock', $name)['r']), "\n";
echo 'left: ', rl_redlock_left($m, $name), "\n";
done($m, $link, $h, $store, $x, $y);

// 2. restarted without persistence, kept out for one lifetime before it serves again
[$m, $link, $h, $store, $x, $y, $name, $tokens, $taken] = run('restarted without persistence, kept out for one lifetime', new PrivateRedis());
$key = "Lock:$name";
$m[1]->kill();
$down = hrtime(true);
echo 'master 2 down: ', rl_redlock_holders($m, $key, $tokens), "\n";
echo 'Y lock: ', res($y->call('lock', $name, 0, $life)), "\n";
$x->calls(['write', $name, 'X'], ['call', 'remaining', $name]);
$r = $x->results();
echo 'X write: ', $r[0]['r']['accepted'] ? 'accepted' : 'refused', "\n";
// X works until its validity is over, then stops (its unlock(): nothing of it is left to delete)
usleep((int)(max(0, $r[1]['r']) * 1e6));
echo 'X unlock (its validity over): ', res($x->call('unlock', $name)), "\n";
// master 2 serves again one lifetime after it went down (and so after X took the lock)
usleep((int)max(0, ($life * 1e9 - (hrtime(true) - $down)) / 1000));
$m[1]->start();
echo 'master 2 back after a lifetime: ', var_export((hrtime(true) - $down) / 1e9 >= $life, true), ', masters: ',
    rl_redlock_holders($m, $key, $tokens), "\n";
$y->calls(['lock', $name, 0, $life], ['write', $name, 'Y']);
$r = $y->results();
$tokens[rl_redlock_token($m, $key)] = 'Y';
echo 'Y lock: ', res($r[0]), ', write ', $r[1]['r']['accepted'] ? 'accepted' : 'refused', ', masters: ', rl_redlock_holders($m, $key, $tokens), "\n";
echo 'Y unlock: ', json_encode($y->call('unlock', $name)['r']), "\n";
echo 'left: ', rl_redlock_left($m, $name), "\n";
done($m, $link, $h, $store, $x, $y);

// 3. restarted at once with AOF, appendfsync always
[$m, $link, $h, $store, $x, $y, $name, $tokens] = run('restarted at once with AOF (appendfsync always)', rl_aof_redis());
$key = "Lock:$name";
$m[1]->kill();
$m[1]->start();
echo 'master 2 restarted: ', rl_redlock_holders($m, $key, $tokens), "\n";
echo 'Y lock: ', res($y->call('lock', $name, 0, $life)), "\n";
$x->calls(['write', $name, 'X'], ['call', 'isLocking', $name], ['unlock', $name]);
$r = $x->results();
echo 'X write: ', $r[0]['r']['accepted'] ? 'accepted' : 'refused', ', isLocking ', json_encode($r[1]['r']), ', unlock ', json_encode($r[2]['r']), "\n";
$y->calls(['lock', $name, 0, $life], ['write', $name, 'Y'], ['unlock', $name]);
$r = $y->results();
echo 'Y lock: ', res($r[0]), ', write ', $r[1]['r']['accepted'] ? 'accepted' : 'refused', ', unlock ', json_encode($r[2]['r']), "\n";
echo 'left: ', rl_redlock_left($m, $name), "\n";
done($m, $link, $h, $store, $x, $y);
?>
--EXPECT--
-- restarted at once without persistence
X's link to master 3: ok refuse, ok cut
X lock: true
X's link to master 3: ok heal
masters: XX-
master 2 restarted: X--
Y lock: true, write accepted
masters: XYY
X within its validity: true, X write: refused
X isLocking: false, masters: -YY
X unlock: false
Y unlock: true
left: [] [] []
store: Y (written by Y, 1 writes accepted)
checker: (a) 1 [X/Y], (b) 0
-- restarted without persistence, kept out for one lifetime
X's link to master 3: ok refuse, ok cut
X lock: true
X's link to master 3: ok heal
masters: XX-
master 2 down: Xx-
Y lock: false
X write: accepted
X unlock (its validity over): false
master 2 back after a lifetime: true, masters: ---
Y lock: true, write accepted, masters: YYY
Y unlock: true
left: [] [] []
store: Y (written by Y, 2 writes accepted)
checker: (a) 0, (b) 0
-- restarted at once with AOF (appendfsync always)
X's link to master 3: ok refuse, ok cut
X lock: true
X's link to master 3: ok heal
masters: XX-
master 2 restarted: XX-
Y lock: false
X write: accepted, isLocking true, unlock true
Y lock: true, write accepted, unlock true
left: [] [] []
store: Y (written by Y, 2 writes accepted)
checker: (a) 0, (b) 0
