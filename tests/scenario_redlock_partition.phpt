--TEST--
Scenario (issue 24), several masters: a partition splitting the masters one against two between two clients. Three masters of the test's own; clients X and Y reach each master through a fault proxy of their own (six links). Both clients have the fencing option: each confirms its fence (fence(), on a quorum of masters) right after lock() returns true and writes to a fenced store with it; the checker reports (a), two believers at once (the lock's own guarantee), and (b), writes the store took out of fence order. X reaches only master 1, Y masters 2 and 3. Packets dropped (X's links to masters 2, 3 and Y's to master 1 blackholed): Y takes the lock (2 of 3, after its budget for master 1), X's lock() returns false after its budget (1 of 3: a master past its budget is a "no") and rolls master 1 back; Y writes; healed while Y holds: what waited in the partition is delivered (Y's take lands on master 1, X's takes on masters 2, 3 meet Y's keys), Y's unlock() deletes all three, X then takes the lock and writes. Connections refused (the same links cut, new ones refused): Y takes the lock, X's lock() throws RedisLockException NO_QUORUM (7) at once, naming its two links; healed: as before. Healed only after Y released, new connections refused meanwhile (no roll-back gets through): the takes that waited land late (X's failed attempt on masters 2, 3, Y's released one on master 1): nobody holds the lock, yet the name is blocked until those keys' lifetime ends; they expire by themselves, and the lock is taken again. What held: one holder at a time, every accepted write made under the latest lock: checker (a) 0, (b) 0 in every run. Where the guarantee ends: availability: the side without a quorum cannot lock, and a take that waited in a partition can land after it heals and block the name for up to one lifetime
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/fault_proxy.inc';
require __DIR__ . '/history.inc';
require __DIR__ . '/scenario_redlock.inc';
$k = rl_slowdown();
$opts = ['read_timeout' => 0.5 * $k, 'connect_timeout' => 0.5 * $k, 'fencing' => true];
$life = 10;                                  // the lock's lifetime (s): each master's budget is read_timeout
$budget = min(0.5 * $k, $life / 10);

$m = [new PrivateRedis(), new PrivateRedis(), new PrivateRedis()];
$px = [];                                    // $px[client][master]: that client's link to that master
foreach (['X', 'Y'] as $c) {
    foreach ($m as $i => $s) {
        $px[$c][$i] = new RlFaultProxy($s->server());
    }
}
$split = [$px['X'][1], $px['X'][2], $px['Y'][0]];   // the links the partition breaks
$linkName = [];
foreach ($px as $c => $links) {
    foreach ($links as $i => $l) {
        $linkName[$l->server()] = "$c-" . ($i + 1);
    }
}

/** Every link's acknowledgement of $command, without the counts. */
function links(array $links, string $command): string
{
    return implode(', ', array_map(fn (RlFaultProxy $l) => RlFaultProxy::ack($l->mode($command)), $links));
}

/** Waits until the partition's links have delivered what waited in them and closed those connections (they were dropped by the client). */
function drained(array $links): bool
{
    return rl_wait_until(fn () => array_sum(array_map(fn (RlFaultProxy $l) => $l->stats()['conns'], $links)) === 0,
        10 * rl_slowdown());
}

/** A lock step's result in a line: true/false, or the exception's class and code. */
function res(array $r): string
{
    return $r['e'] === null ? json_encode($r['r']['ok'] ?? $r['r']) : strstr($r['e'], ':', true) . " {$r['code']}";
}

/** Two workers over their own links, a history and a store, for one run. */
function run(string $what): array
{
    global $px, $opts;
    echo "-- $what\n";
    $h = new RlHistory();
    $store = new RlFencedStore(RL_TEST_SERVER, rl_unique('store'));
    $x = new RlRedlockHistoryWorker('X', array_map(fn ($l) => $l->server(), $px['X']), $opts, $h, $store);
    $y = new RlRedlockHistoryWorker('Y', array_map(fn ($l) => $l->server(), $px['Y']), $opts, $h, $store);
    RlRedlockHistoryWorker::warmUpAll($x, $y);   // every link has a connection open
    return [$h, $store, $x, $y, rl_unique('split')];
}

// 1. packets dropped: the links blackholed, healed while Y holds the lock
[$h, $store, $x, $y, $name] = run('packets dropped: X reaches master 1, Y masters 2 and 3');
$key = "Lock:$name";
echo 'partition: ', links($split, 'blackhole'), "\n";
$r = $y->call('lock', $name, 0, $life);
echo 'Y lock: ', res($r), ', after its budget for master 1: ', var_export(($r['t1'] - $r['t0']) / 1e9 >= 0.9 * $budget, true), "\n";
$tokens = [rl_redlock_token($m, $key) => 'Y'];
echo 'masters: ', rl_redlock_holders($m, $key, $tokens), "\n";
$r = $x->call('lock', $name, 0, $life);
$took = ($r['t1'] - $r['t0']) / 1e9;
echo 'X lock: ', res($r), ', after its budget: ', var_export($took >= 0.9 * $budget && $took < $budget + 2.0 * $k, true), "\n";
echo 'masters: ', rl_redlock_holders($m, $key, $tokens), "\n";
echo 'Y write: ', $y->call('write', $name, 'Y')['r']['accepted'] ? 'accepted' : 'refused', "\n";
echo 'healed: ', links($split, 'heal'), ', delivered: ', var_export(drained($split), true), "\n";
rl_wait_until(fn () => rl_redlock_holders($m, $key, $tokens) === 'YYY');
echo 'masters: ', rl_redlock_holders($m, $key, $tokens), "\n";
echo 'X isLocking: ', json_encode($x->call('call', 'isLocking', $name)['r']), ', Y isLocking: ',
    json_encode($y->call('call', 'isLocking', $name)['r']), "\n";
echo 'Y unlock: ', json_encode($y->call('unlock', $name)['r']), "\n";
echo 'left: ', rl_redlock_left($m, $name), "\n";
$x->calls(['lock', $name, 0, $life], ['write', $name, 'X'], ['unlock', $name]);
$r = $x->results();
echo 'X lock: ', res($r[0]), ', write ', $r[1]['r']['accepted'] ? 'accepted' : 'refused', ', unlock ', json_encode($r[2]['r']), "\n";
echo 'left: ', rl_redlock_left($m, $name), "\n";
$s = $store->state();
echo "store: {$s['value']} ({$s['seq']} writes accepted)\n";
echo $h->summary(), "\n";
echo $x->end(), $y->end();
$store->delete();

// 2. connections refused: the links cut and new connections refused, healed while Y holds the lock
[$h, $store, $x, $y, $name] = run('connections refused: X reaches master 1, Y masters 2 and 3');
$key = "Lock:$name";
echo 'partition: ', links($split, 'refuse'), '; ', links($split, 'cut'), "\n";
echo 'Y lock: ', res($y->call('lock', $name, 0, $life)), "\n";
$tokens = [rl_redlock_token($m, $key) => 'Y'];
echo 'masters: ', rl_redlock_holders($m, $key, $tokens), "\n";
$r = $x->call('lock', $name, 0, $life);
echo 'X lock: ', res($r), ' at once: ', var_export(($r['t1'] - $r['t0']) / 1e9 < $budget, true), "\n";
$msg = strtr(substr((string)$r['e'], strlen('RedisLockException: ')), $linkName);
echo '  ', substr($msg, 0, strpos($msg, ':', strlen('no quorum: ')) ?: 0), ': names X-2 ',
    var_export(str_contains($msg, ' X-2: '), true), ', X-3 ', var_export(str_contains($msg, ' X-3: '), true),
    ', X-1 ', var_export(str_contains($msg, 'X-1'), true), "\n";
echo 'masters: ', rl_redlock_holders($m, $key, $tokens), "\n";
echo 'Y write: ', $y->call('write', $name, 'Y')['r']['accepted'] ? 'accepted' : 'refused', "\n";
echo 'healed: ', links($split, 'heal'), "\n";
echo 'Y unlock: ', json_encode($y->call('unlock', $name)['r']), "\n";
$x->calls(['lock', $name, 0, $life], ['write', $name, 'X'], ['unlock', $name]);
$r = $x->results();
echo 'X lock: ', res($r[0]), ', write ', $r[1]['r']['accepted'] ? 'accepted' : 'refused', ', unlock ', json_encode($r[2]['r']), "\n";
echo 'left: ', rl_redlock_left($m, $name), "\n";
$s = $store->state();
echo "store: {$s['value']} ({$s['seq']} writes accepted)\n";
echo $h->summary(), "\n";
echo $x->end(), $y->end();
$store->delete();

// 3. healed only after Y released; new connections refused meanwhile, so no roll-back gets through
[$h, $store, $x, $y, $name] = run('healed after Y released: the takes that waited land late');
$key = "Lock:$name";
$life = 2 * $k;
echo 'partition: ', links($split, 'blackhole'), '; ', links($split, 'refuse'), "\n";
echo 'Y lock: ', res($y->call('lock', $name, 0, $life)), "\n";
$tokens = [rl_redlock_token($m, $key) => 'Y'];
echo 'X lock: ', res($x->call('lock', $name, 0, $life)), "\n";
echo 'masters: ', rl_redlock_holders($m, $key, $tokens), "\n";
echo 'Y unlock: ', json_encode($y->call('unlock', $name)['r']), "\n";
echo 'masters: ', rl_redlock_holders($m, $key, $tokens), "\n";
$healed = hrtime(true);
echo 'healed: ', links($split, 'heal'), ', delivered: ', var_export(drained($split), true), "\n";
$late = fn () => rl_redlock_holders($m, $key, $tokens + [(string)rl_redlock_token([$m[1]], $key) => 'X']);
rl_wait_until(fn () => $late() === 'YXX');
echo 'masters: ', $late(), ' (Y\'s take landed on master 1, X\'s on masters 2 and 3)', "\n";
echo 'X believes: ', json_encode($x->call('call', 'isLocking', $name)['r']), ', Y believes: ',
    json_encode($y->call('call', 'isLocking', $name)['r']), "\n";
$pttl = array_map(fn ($s) => $s->raw()->cmd('PTTL', $key), $m);
echo 'their lifetimes: whole from their landing: ', var_export(min($pttl) > 0 && max($pttl) <= $life * 1000, true), "\n";
echo 'Y lock: ', res($y->call('lock', $name, 0, $life)), ' (blocked)', "\n";
echo 'expired by themselves: ', var_export(rl_wait_until(fn () => rl_redlock_left($m, $name) === '[] [] []', $life + 5 * $k), true),
    ', after their lifetime: ', var_export((hrtime(true) - $healed) / 1e9 >= 0.9 * $life, true), "\n";
$y->calls(['lock', $name, 0, $life], ['write', $name, 'Y'], ['unlock', $name]);
$r = $y->results();
echo 'Y lock: ', res($r[0]), ', write ', $r[1]['r']['accepted'] ? 'accepted' : 'refused', ', unlock ', json_encode($r[2]['r']), "\n";
echo 'left: ', rl_redlock_left($m, $name), "\n";
echo $h->summary(), "\n";
echo $x->end(), $y->end();
$store->delete();
foreach ($px as $links) {
    foreach ($links as $l) {
        [$rc, $out] = $l->finish();
        echo $out;
    }
}
?>
--EXPECT--
-- packets dropped: X reaches master 1, Y masters 2 and 3
partition: ok blackhole, ok blackhole, ok blackhole
Y lock: true, after its budget for master 1: true
masters: -YY
X lock: false, after its budget: true
masters: -YY
Y write: accepted
healed: ok heal, ok heal, ok heal, delivered: true
masters: YYY
X isLocking: false, Y isLocking: true
Y unlock: true
left: [] [] []
X lock: true, write accepted, unlock true
left: [] [] []
store: X (2 writes accepted)
checker: (a) 0, (b) 0
-- connections refused: X reaches master 1, Y masters 2 and 3
partition: ok refuse, ok refuse, ok refuse; ok cut, ok cut, ok cut
Y lock: true
masters: -YY
X lock: RedisLockException 7 at once: true
  no quorum: 2 of 3 masters did not answer: names X-2 true, X-3 true, X-1 false
masters: -YY
Y write: accepted
healed: ok heal, ok heal, ok heal
Y unlock: true
X lock: true, write accepted, unlock true
left: [] [] []
store: X (2 writes accepted)
checker: (a) 0, (b) 0
-- healed after Y released: the takes that waited land late
partition: ok blackhole, ok blackhole, ok blackhole; ok refuse, ok refuse, ok refuse
Y lock: true
X lock: false
masters: -YY
Y unlock: true
masters: ---
healed: ok heal, ok heal, ok heal, delivered: true
masters: YXX (Y's take landed on master 1, X's on masters 2 and 3)
X believes: false, Y believes: false
their lifetimes: whole from their landing: true
Y lock: false (blocked)
expired by themselves: true, after their lifetime: true
Y lock: true, write accepted, unlock true
left: [] [] []
checker: (a) 0, (b) 0
