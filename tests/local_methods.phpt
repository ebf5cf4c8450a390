--TEST--
local hand-over and the methods: after a local hand-over the previous holder's isLocking/expire/remaining/unlock are false and touch nothing; the new holder holds the host's token refreshed to its own lifetime, its expire() changes the PTTL, remaining() follows, lock() again renews, unlock() is true once then false; unlockAll() hands every local lock on; a process whose request ends without unlock() (end of script, exit()) hands the lock to the next local waiter at once, well under its lifetime
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/local_helpers.inc';
$raw = new RawRedis();
$k = rl_slowdown();
[$p1, $p2, $p3] = RlLocalWorker::warmedUp(3);
$other = new RlLocalWorker(false);          // another host: the global protocol alone
$other->warmUp();

echo "-- a hand-over by unlock(): the previous holder holds nothing, the new one holds everything\n";
$name = rl_unique('local-methods');
$key = "Lock:$name";
var_dump($p1->call('lock', 'lock', $name, 5, 30)['r']);
$tok = $raw->cmd('GET', $key);
$p2->calls(['lock', 'lock', $name, 30 * $k, 20]);
rl_wait_local_waiter($p2->pid);
$u = $p1->call('lock', 'unlock', $name);
var_dump($u['r']);
$r = $p2->results(30 * $k)[0];
var_dump(rl_local_res($r), ($r['t1'] - $u['t0']) / 1e9 < 3.0 * $k);
// the host's token, refreshed from P1's 30 s to P2's 20 s
$pttl = $raw->cmd('PTTL', $key);
var_dump($raw->cmd('GET', $key) === $tok, $pttl > 10000 && $pttl <= 20000);
$p1->calls(['lock', 'isLocking', $name], ['lock', 'expire', $name, 300], ['lock', 'remaining', $name], ['lock', 'unlock', $name]);
var_dump(array_column($p1->results(), 'r'));
$pttl = $raw->cmd('PTTL', $key);
var_dump($raw->cmd('GET', $key) === $tok, $pttl > 10000 && $pttl <= 20000);
var_dump($p2->call('lock', 'isLocking', $name)['r']);
var_dump($p2->call('lock', 'expire', $name, 50)['r'], $raw->cmd('PTTL', $key) > 45000);
$rem = $p2->call('lock', 'remaining', $name)['r'];
var_dump((is_float($rem) || is_int($rem)) && $rem > 40 && $rem <= 50 ?: $rem);
var_dump($p2->call('lock', 'expire', $name, 5)['r'], $raw->cmd('PTTL', $key) <= 5000);
var_dump($p2->call('lock', 'lock', $name, 5, 40)['r'], $raw->cmd('PTTL', $key) > 35000);   // already ours: renewed
var_dump($other->call('lock', 'lock', $name, 0, 5)['r'], $p3->call('lock', 'lock', $name, 0.2, 5)['r']);
var_dump($p2->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key), $p2->call('lock', 'unlock', $name)['r']);
var_dump($p2->call('lock', 'isLocking', $name)['r'], $p2->call('lock', 'remaining', $name)['r']);

echo "-- unlockAll() hands two local locks on, each to its waiter\n";
$a = rl_unique('local-methods-all-a');
$b = rl_unique('local-methods-all-b');
$p1->calls(['lock', 'lock', $a, 5, 30], ['lock', 'lock', $b, 5, 30]);
var_dump(array_column($p1->results(), 'r'));
$tokA = $raw->cmd('GET', "Lock:$a");
$tokB = $raw->cmd('GET', "Lock:$b");
$p2->calls(['lock', 'lock', $a, 30 * $k, 20]);
$p3->calls(['lock', 'lock', $b, 30 * $k, 20]);
rl_wait_local_waiter($p2->pid);
rl_wait_local_waiter($p3->pid);
$u = $p1->call('lock', 'unlockAll');
var_dump($u['r']);
$r2 = $p2->results(30 * $k)[0];
$r3 = $p3->results(30 * $k)[0];
var_dump(rl_local_res($r2), rl_local_res($r3), ($r2['t1'] - $u['t0']) / 1e9 < 3.0 * $k, ($r3['t1'] - $u['t0']) / 1e9 < 3.0 * $k);
var_dump($raw->cmd('GET', "Lock:$a") === $tokA, $raw->cmd('GET', "Lock:$b") === $tokB);
var_dump($p1->call('lock', 'isLocking', $a)['r'], $p1->call('lock', 'unlock', $b)['r'], $p1->call('lock', 'unlockAll')['r']);
var_dump($p2->call('lock', 'unlock', $a)['r'], $p3->call('lock', 'unlock', $b)['r'], $raw->cmd('EXISTS', "Lock:$a", "Lock:$b"));

foreach (['the end of the script' => null, 'exit()' => ['php', 'exit']] as $what => $end) {
    echo "-- the holder's request ends by $what without unlock(): the next local waiter gets it at once\n";
    $name = rl_unique('local-methods-end');
    $key = "Lock:$name";
    $h = new RlLocalWorker();
    $h->warmUp();
    var_dump($h->call('lock', 'lock', $name, 5, 30)['r']);
    $p2->calls(['lock', 'lock', $name, 30 * $k, 20]);
    rl_wait_local_waiter($p2->pid);
    $t = hrtime(true);
    if ($end) {
        $h->calls($end);
    }
    var_dump($h->finish()[0]);
    $r = $p2->results(30 * $k)[0];
    $took = ($r['t1'] - $t) / 1e9;
    var_dump(rl_local_res($r), $took < 3.0 * $k ? 'within 3 s' : "after $took s", $raw->cmd('PTTL', $key) > 10000);
    var_dump($other->call('lock', 'lock', $name, 0, 5)['r'], $p2->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
}
var_dump($p1->finish()[0], $p2->finish()[0], $p3->finish()[0], $other->finish()[0]);
?>
--EXPECT--
-- a hand-over by unlock(): the previous holder holds nothing, the new one holds everything
bool(true)
bool(true)
string(4) "true"
bool(true)
bool(true)
bool(true)
array(4) {
  [0]=>
  bool(false)
  [1]=>
  bool(false)
  [2]=>
  bool(false)
  [3]=>
  bool(false)
}
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
int(0)
bool(false)
bool(false)
bool(false)
-- unlockAll() hands two local locks on, each to its waiter
array(2) {
  [0]=>
  bool(true)
  [1]=>
  bool(true)
}
bool(true)
string(4) "true"
string(4) "true"
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
int(0)
-- the holder's request ends by the end of the script without unlock(): the next local waiter gets it at once
bool(true)
int(0)
string(4) "true"
string(10) "within 3 s"
bool(true)
bool(false)
bool(true)
int(0)
-- the holder's request ends by exit() without unlock(): the next local waiter gets it at once
bool(true)
int(0)
string(4) "true"
string(10) "within 3 s"
bool(true)
bool(false)
bool(true)
int(0)
int(0)
int(0)
int(0)
int(0)
