--TEST--
local hand-over: the key DELeted by hand while the host holds it: the holder's isLocking() is false (and the local waiter then takes the key in Redis under a token of its own); a waiter handed the lock over a deleted key does not believe without taking the key in Redis (the key exists, under a new token, when its lock() returns); when another host took the deleted key first, the handed waiter waits in Redis until that host's unlock(): never two holders (another host's try checks each)
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/local_helpers.inc';
$raw = new RawRedis();
$k = rl_slowdown();
[$h, $w] = RlLocalWorker::warmedUp(2);
$other = new RlLocalWorker(false);          // another host: the global protocol alone
$other->warmUp();

/** H locks $name, W queues locally behind it; returns H's token. */
function hold_and_queue(RlLocalWorker $h, RlLocalWorker $w, RawRedis $raw, string $name, float $k): string
{
    var_dump($h->call('lock', 'lock', $name, 5, 30)['r']);
    $w->calls(['lock', 'lock', $name, 60 * $k, 30]);
    rl_wait_local_waiter($w->pid);
    return $raw->cmd('GET', "Lock:$name");
}

echo "-- deleted; the holder's isLocking() sees it\n";
$name = rl_unique('local-deleted');
$key = "Lock:$name";
$tokH = hold_and_queue($h, $w, $raw, $name, $k);
var_dump($raw->cmd('DEL', $key));
$i = $h->call('lock', 'isLocking', $name);
var_dump($i['r']);
$r = $w->results(30 * $k)[0];
$tokW = $raw->cmd('GET', $key);
var_dump(rl_local_res($r), ($r['t1'] - $i['t0']) / 1e9 < 3.0 * $k, is_string($tokW) && $tokW !== $tokH,
    $raw->cmd('PTTL', $key) > 20000);
var_dump($other->call('lock', 'lock', $name, 0, 5)['r'], $h->call('lock', 'unlock', $name)['r'], $raw->cmd('GET', $key) === $tokW);
var_dump($w->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));

echo "-- deleted; the holder unlocks, handing it on: the waiter takes the key in Redis before it believes\n";
$name = rl_unique('local-deleted-handed');
$key = "Lock:$name";
$tokH = hold_and_queue($h, $w, $raw, $name, $k);
var_dump($raw->cmd('DEL', $key));
$h->call('lock', 'unlock', $name);          // true or false: the key was not its own any more
$r = $w->results(30 * $k)[0];
$tokW = $raw->cmd('GET', $key);
var_dump(rl_local_res($r), is_string($tokW) && $tokW !== $tokH, $raw->cmd('PTTL', $key) > 20000);
var_dump($other->call('lock', 'lock', $name, 0, 5)['r'], $w->call('lock', 'isLocking', $name)['r']);
var_dump($w->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));

echo "-- deleted and taken by another host; the holder unlocks, handing it on: the waiter waits in Redis\n";
$name = rl_unique('local-deleted-taken');
$key = "Lock:$name";
['queue' => $queue] = rl_lock_wait_keys($key);
$tokH = hold_and_queue($h, $w, $raw, $name, $k);
var_dump($raw->cmd('DEL', $key));
var_dump($other->call('lock', 'lock', $name, 0, 30)['r']);
$tokO = $raw->cmd('GET', $key);
$h->call('lock', 'unlock', $name);          // true or false: it must not touch the other's key
var_dump($raw->cmd('GET', $key) === $tokO);
// W was handed the host's token, found the key not it, and queued in Redis behind the other host
rl_wait_queue_len($raw, $queue, 1, 20 * $k);
var_dump($w->pending() ? 'W returned while the other host holds: ' . json_encode($w->results()) : 'W waits');
var_dump($raw->cmd('GET', $key) === $tokO, $other->call('lock', 'isLocking', $name)['r']);
$u = $other->call('lock', 'unlock', $name);
var_dump($u['r']);
$r = $w->results(30 * $k)[0];
$tokW = $raw->cmd('GET', $key);
var_dump(rl_local_res($r), $r['t1'] > $u['t0'], is_string($tokW) && $tokW !== $tokO && $tokW !== $tokH);
var_dump($other->call('lock', 'lock', $name, 0, 5)['r'], $h->call('lock', 'isLocking', $name)['r']);
var_dump($w->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
var_dump($h->finish()[0], $w->finish()[0], $other->finish()[0]);
?>
--EXPECT--
-- deleted; the holder's isLocking() sees it
bool(true)
int(1)
bool(false)
string(4) "true"
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
int(0)
-- deleted; the holder unlocks, handing it on: the waiter takes the key in Redis before it believes
bool(true)
int(1)
string(4) "true"
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
int(0)
-- deleted and taken by another host; the holder unlocks, handing it on: the waiter waits in Redis
bool(true)
int(1)
bool(true)
bool(true)
string(7) "W waits"
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
int(0)
int(0)
int(0)
