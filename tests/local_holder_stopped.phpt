--TEST--
local hand-over: a local holder (expire 1 s) SIGSTOPped past its lifetime: another host (local_handover=0) takes the lock; resumed, the stopped one's unlock() is false, isLocking() false, and the key is untouched (the other's token and lifetime), whether the slot still named it or a local waiter took the slot back meanwhile; a local waiter queued behind the stopped holder takes the slot back once the key is gone (itself, or after the other host's unlock), never while another holds it
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/local_helpers.inc';
$raw = new RawRedis();
$k = rl_slowdown();
$expire = 1.0 * $k;                          // the stopped holder's lifetime: it stays stopped well past it
// read timeouts longer than a stop: resumed, a worker reads what waits for it
[$a, $w] = RlLocalWorker::warmedUp(2, true, ['read_timeout' => 120]);
$other = new RlLocalWorker(false);           // another host: the global protocol alone
$other->warmUp();

/** Stops $a, has the other host take $name once $a's key expired; returns the other's token. */
function stop_and_take_over(RlLocalWorker $a, RlLocalWorker $other, RawRedis $raw, string $name, float $k): string
{
    $key = "Lock:$name";
    $tokA = $raw->cmd('GET', $key);
    $a->signal(19);                          // SIGSTOP
    $r = $other->call('lock', 'lock', $name, 20 * $k, 30);
    $tokO = $raw->cmd('GET', $key);
    var_dump(rl_local_res($r), is_string($tokO) && $tokO !== $tokA);
    return $tokO;
}

/**
 * The resumed holder's view, $first called first (the others then run on what it left): unlock(),
 * isLocking(), expire() and remaining() all false, the key untouched (the other's token and lifetime).
 */
function resumed_view(RlLocalWorker $a, RawRedis $raw, string $name, string $tokO, string $first): void
{
    $key = "Lock:$name";
    $a->signal(18);                          // SIGCONT
    $calls = ['unlock' => ['lock', 'unlock', $name], 'isLocking' => ['lock', 'isLocking', $name],
        'expire' => ['lock', 'expire', $name, 300], 'remaining' => ['lock', 'remaining', $name]];
    $calls = [$first => $calls[$first]] + $calls;
    $a->calls(...array_values($calls));
    $r = array_combine(array_keys($calls), array_column($a->results(), 'r'));
    ksort($r);
    var_dump($r, $raw->cmd('GET', $key) === $tokO, $raw->cmd('PTTL', $key) > 20000);
}

echo "-- A stopped, the other host takes the key; A resumed (the slot still names A)\n";
$name = rl_unique('local-stopped');
$key = "Lock:$name";
var_dump($a->call('lock', 'lock', $name, 5, $expire)['r']);
$tokO = stop_and_take_over($a, $other, $raw, $name, $k);
resumed_view($a, $raw, $name, $tokO, 'unlock');
var_dump($other->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));

echo "-- A stopped, the other host takes the key, W queues locally behind A: W takes the slot back and waits in Redis\n";
$name = rl_unique('local-stopped-waiter');
$key = "Lock:$name";
['queue' => $queue] = rl_lock_wait_keys($key);
var_dump($a->call('lock', 'lock', $name, 5, $expire)['r']);
$tokO = stop_and_take_over($a, $other, $raw, $name, $k);
$w->calls(['lock', 'lock', $name, 60 * $k, 30]);
// W found A past its lifetime and the key not the host's: it queues in Redis, behind the other host
rl_wait_queue_len($raw, $queue, 1, 20 * $k);
var_dump($w->pending() ? 'W returned while the other host holds: ' . json_encode($w->results()) : 'W waits');
resumed_view($a, $raw, $name, $tokO, 'expire');
$u = $other->call('lock', 'unlock', $name);
var_dump($u['r']);
$r = $w->results(30 * $k)[0];
var_dump(rl_local_res($r), $r['t1'] > $u['t0'], is_string($raw->cmd('GET', $key)) && $raw->cmd('GET', $key) !== $tokO);
var_dump($a->call('lock', 'isLocking', $name)['r'], $other->call('lock', 'lock', $name, 0, 5)['r']);
var_dump($w->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));

echo "-- A stopped with W queued behind it: W takes the slot back once A's key expired, under a token of its own\n";
$name = rl_unique('local-stopped-queued');
$key = "Lock:$name";
var_dump($a->call('lock', 'lock', $name, 5, $expire)['r']);
$tokA = $raw->cmd('GET', $key);
$w->calls(['lock', 'lock', $name, 60 * $k, 30]);
rl_wait_local_waiter($w->pid);
$a->signal(19);
$r = $w->results(30 * $k)[0];
$tokW = $raw->cmd('GET', $key);
var_dump(rl_local_res($r), is_string($tokW) && $tokW !== $tokA, $raw->cmd('PTTL', $key) > 20000);
resumed_view($a, $raw, $name, $tokW, 'isLocking');
var_dump($other->call('lock', 'lock', $name, 0, 5)['r'], $w->call('lock', 'isLocking', $name)['r']);
var_dump($w->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
var_dump($a->finish()[0], $w->finish()[0], $other->finish()[0]);
?>
--EXPECT--
-- A stopped, the other host takes the key; A resumed (the slot still names A)
bool(true)
string(4) "true"
bool(true)
array(4) {
  ["expire"]=>
  bool(false)
  ["isLocking"]=>
  bool(false)
  ["remaining"]=>
  bool(false)
  ["unlock"]=>
  bool(false)
}
bool(true)
bool(true)
bool(true)
int(0)
-- A stopped, the other host takes the key, W queues locally behind A: W takes the slot back and waits in Redis
bool(true)
string(4) "true"
bool(true)
string(7) "W waits"
array(4) {
  ["expire"]=>
  bool(false)
  ["isLocking"]=>
  bool(false)
  ["remaining"]=>
  bool(false)
  ["unlock"]=>
  bool(false)
}
bool(true)
bool(true)
bool(true)
string(4) "true"
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
int(0)
-- A stopped with W queued behind it: W takes the slot back once A's key expired, under a token of its own
bool(true)
string(4) "true"
bool(true)
bool(true)
array(4) {
  ["expire"]=>
  bool(false)
  ["isLocking"]=>
  bool(false)
  ["remaining"]=>
  bool(false)
  ["unlock"]=>
  bool(false)
}
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
int(0)
int(0)
int(0)
int(0)
