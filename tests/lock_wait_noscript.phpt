--TEST--
lock() waiting on a server without the wait script cached (fresh server, SCRIPT FLUSH): the waiter is queued at once, not after a first block (a check-in period, 5 s), and an unlock 0.5 s later hands it the lock within 1 s
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>

--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$srv = new PrivateRedis();   // a server of our own: SCRIPT FLUSH disturbs no other test
$raw = $srv->raw();
$name = rl_unique('noscript');
$key = "Lock:$name";
['queue' => $queue] = rl_lock_wait_keys($key);
$holder = new RedisLock($srv->server());
var_dump($holder->lock($name, 0, 30));
$w = new RlWorker($srv->server());
var_dump($w->call('lock', 'isLocking', $name)['r']);
var_dump($raw->cmd('SCRIPT', 'FLUSH'));
// a BLPOP lasts up to the 5 s check-in period: within 1 s (up to 4 s on a slow build or a loaded machine) is
// before one ends
$bound = min(4.0, rl_slowdown());
$w->calls(['lock', 'lock', $name, 10, 30, 5000000]);
var_dump(rl_wait_until(fn () => $raw->cmd('LLEN', $queue) === 1, $bound) ? 'queued in time' : "not queued after $bound s");
$t = hrtime(true);
var_dump($holder->unlock($name));
$r = $w->results(30)[0];
$took = ($r['t1'] - $t) / 1e9;
var_dump($r['r'], $took < $bound ? 'got it in time after the unlock' : sprintf('got it %.1f s after the unlock', $took));
var_dump($w->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
$w->finish();
$srv->stop();
?>
--EXPECT--
bool(true)
bool(false)
string(2) "OK"
string(14) "queued in time"
bool(true)
bool(true)
string(31) "got it in time after the unlock"
bool(true)
int(0)
