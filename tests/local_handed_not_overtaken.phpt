--TEST--
local hand-over, FIFO while a handed waiter refreshes: the key is lost (DEL) while H holds and W1, W2 queue behind it; Redis holds writes back (CLIENT PAUSE WRITE) while H hands the lock to W1, so W1's refresh is in flight for a while: W2, which looks at the key every 50 ms, must not find it gone and take it first (the refresh's answer is due by W1's timeouts); W1 takes the key in Redis, then W2 gets it at W1's unlock()
--SKIPIF--
<?php
require __DIR__ . '/skipif.inc';
if (PHP_OS_FAMILY !== 'Linux' || !is_dir('/dev/shm')) die('skip Linux with /dev/shm only');
?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/local_helpers.inc';
$k = rl_slowdown();
// a private server: CLIENT PAUSE holds every client's writes back
$srv = new PrivateRedis();
$raw = $srv->raw();
$pauseMs = (int)(600 * $k);
// read_timeout well past the pause: W1's refresh waits it out instead of failing
$opts = ['read_timeout' => 4 * $pauseMs / 1000, 'connect_timeout' => 1];
$workers = [];
foreach (['H', 'W1', 'W2'] as $label) {
    $workers[$label] = new RlLocalWorker(true, $opts, $srv->server());
    $workers[$label]->warmUp();
}
['H' => $h, 'W1' => $w1, 'W2' => $w2] = $workers;

$name = rl_unique('local-not-overtaken');
$key = "Lock:$name";
var_dump($h->call('lock', 'lock', $name, 5, 30)['r']);
$tokH = $raw->cmd('GET', $key);
$w1->calls(['lock', 'lock', $name, 60 * $k, 30]);
rl_wait_local_waiter($w1->pid);
$w2->calls(['lock', 'lock', $name, 60 * $k, 30]);
rl_wait_local_waiter($w2->pid);

var_dump($raw->cmd('DEL', $key));
var_dump($raw->cmd('CLIENT', 'PAUSE', (string)$pauseMs, 'WRITE'));
$paused = hrtime(true);
// H's lifetime runs by its clock: handed on in the segment, no Redis
var_dump($h->call('lock', 'unlock', $name)['r']);
$r1 = $w1->results(30 * $k)[0];
echo "W1: ", rl_local_res($r1), "; after the pause: ", var_export(($r1['t1'] - $paused) / 1e6 >= $pauseMs - 50, true), "\n";
$tokW1 = $raw->cmd('GET', $key);
var_dump(is_string($tokW1) && $tokW1 !== $tokH, $w1->call('lock', 'isLocking', $name)['r']);
echo "W2: ", $w2->pending() ? 'returned first: ' . json_encode($w2->results()) : 'waits', "\n";
$u = $w1->call('lock', 'unlock', $name);
var_dump($u['r']);
$r2 = $w2->results(30 * $k)[0];
echo "W2: ", rl_local_res($r2), "\n";
var_dump($w2->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
var_dump($h->finish()[0], $w1->finish()[0], $w2->finish()[0]);
$srv->stop();
?>
--EXPECT--
bool(true)
int(1)
string(2) "OK"
bool(true)
W1: true; after the pause: true
bool(true)
bool(true)
W2: waits
bool(true)
W2: true
bool(true)
int(0)
int(0)
int(0)
int(0)
