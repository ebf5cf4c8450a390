--TEST--
local hand-over: an unlock() whose release in Redis got no answer (a read timeout while the server holds every client back; the connection is dropped, so the server never runs it) leaves the lock's lifetime unknown: the retry (unlockAll()) releases in Redis, which answers, and never hands the lock on locally under a lifetime nobody knows (the release might have run); the local waiter then takes the key in Redis under a token of its own
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
// a private server: CLIENT PAUSE holds every client back
$srv = new PrivateRedis();
$raw = $srv->raw();
$readTimeout = 0.3 * $k;
$pauseMs = (int)(1500 * $k);
$p = new RlLocalWorker(true, ['read_timeout' => $readTimeout], $srv->server());
// W may look at the key while the server still holds every client back: its reads wait the pause out
$w = new RlLocalWorker(true, ['read_timeout' => 4 * $pauseMs / 1000], $srv->server());
$p->warmUp();
$w->warmUp();

$name = rl_unique('local-answer-lost');
$key = "Lock:$name";
var_dump($p->call('lock', 'lock', $name, 5, 30)['r']);
$tok = $raw->cmd('GET', $key);
// nobody waits locally: unlock() releases in Redis, and the answer does not come in time
var_dump($raw->cmd('CLIENT', 'PAUSE', (string)$pauseMs, 'ALL'));
$paused = hrtime(true);
$u = $p->call('lock', 'unlock', $name);
echo "P unlock(): ", $u['e'] !== null && str_contains($u['e'], 'RedisLockException') ? 'RedisLockException' : json_encode($u), "\n";
// a local waiter queues behind P, whom the slot still names
$w->calls(['lock', 'lock', $name, 30 * $k, 30]);
rl_wait_local_waiter($w->pid);
// the pause ends; the release P sent went with its dropped connection (the key is still there); P retries
usleep(max(0, (int)($pauseMs * 1000 - (hrtime(true) - $paused) / 1000)) + 200000);
var_dump($raw->cmd('EXISTS', $key));
$r = $p->call('lock', 'unlockAll');
echo "P unlockAll(): ", var_export($r['r'], true), "\n";
$rw = $w->results(30 * $k)[0];
$tokW = $raw->cmd('GET', $key);
echo "W: ", rl_local_res($rw), "; the key is W's own: ", var_export(is_string($tokW) && $tokW !== $tok, true), "\n";
var_dump($w->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
var_dump($p->finish()[0], $w->finish()[0]);
$srv->stop();
?>
--EXPECT--
bool(true)
string(2) "OK"
P unlock(): RedisLockException
int(1)
P unlockAll(): true
W: true; the key is W's own: true
bool(true)
int(0)
int(0)
int(0)
