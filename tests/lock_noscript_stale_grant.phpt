--TEST--
lock() waiting, a grant older than the step that finds it: a waiter stopped between two calls is granted the lock (its granter's check never comes), the grant lapses, another client takes the lock, the script cache is flushed; resumed, the waiter's visit answers NOSCRIPT while its block takes the old grant. Its lifetime counts from its last step whose script ran, so lock() confirms it (not its own any more) and does not report the lock held while the other holds it; it gets the lock only after the other's unlock()
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$srv = new PrivateRedis();                        // its own server: this test flushes the script cache
$raw = $srv->raw();
$k = rl_slowdown();
$expire = 1.0 * $k;                               // the waiter's lifetime: the stop outlasts it
$name = rl_unique('noscript-stale');
$key = "Lock:$name";
$keys = rl_lock_wait_keys($key);
$holder = new RedisLock($srv->server());
$other = new RedisLock($srv->server());
[$w] = RlWorker::warmedUp(1, 'lock', $srv->server(), ['read_timeout' => 120]);

var_dump($holder->lock($name, 0, 60));
$tokH = $raw->cmd('GET', $key);
$w->calls(['lock', 'lock', $name, 60 * $k, $expire, 100000], ['lock', 'isLocking', $name]);
[$tokW] = rl_wait_queue_len($raw, $keys['queue'], 1);

$w->signal(19);                                   // SIGSTOP, blocked in its BRPOPLPUSH
// its block ends on the server ("h1", as a head is told), so it is between two calls when the grant comes
$raw->cmd('RPUSH', $keys['wake'] . $tokW, 'h1');
var_dump(rl_wait_until(fn () => $raw->cmd('EXISTS', $keys['wake'] . $tokW) === 0));
// the holder's release grants it, as "lock release" does; the release's check never comes
$raw->cmd('LPOP', $keys['queue']);
$raw->cmd('SET', $key, $tokW, 'PX', (string)(int)($expire * 1000));
$raw->cmd('RPUSH', $keys['wake'] . $tokW, "g$tokH");
$raw->cmd('PEXPIRE', $keys['wake'] . $tokW, '60000');
// the grant lapses; another client takes the lock; the script cache is flushed
var_dump(rl_wait_until(fn () => $raw->cmd('EXISTS', $key) === 0, 5 * $k));
var_dump($other->lock($name, 0, 60));
$raw->cmd('SCRIPT', 'FLUSH');

$w->signal(18);                                   // SIGCONT: a visit (NOSCRIPT) and a block that takes the old grant
var_dump($w->pending(2.0 * $k) ? 'the waiter returned while the other holds the lock: ' . json_encode($w->results())
    : 'the waiter waits');
var_dump($other->isLocking($name));
$t = hrtime(true);
var_dump($other->unlock($name));
[$l, $i] = $w->results(10 * $k);
var_dump($l['r'], $l['e'], $l['t1'] > $t, $i['r']);
var_dump($w->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
var_dump($holder->unlock($name));                 // its lock went to the waiter long ago
$w->finish();
$srv->stop();
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
string(16) "the waiter waits"
bool(true)
bool(true)
bool(true)
NULL
bool(true)
bool(true)
bool(true)
int(0)
bool(false)
