--TEST--
forceUnlock(): releases a lock whoever holds it and hands it to the first queued waiter, woken at once (not at the holder's expiry); the holder's isLocking() and unlock() are then false; a free name is false; this object's own record of the lock is forgotten; a lock taken through the local hand-over is refused with HELD_LOCALLY, and so are unlock() and expire() given its token as owner, which change nothing (isLocking() and remaining() given it still read), and it is released at its request's end even when re-locked with releaseAtRequestEnd false
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/local_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('force');
$key = "Lock:$name";
$l = new RedisLock(RL_TEST_SERVER);

[$h, $w] = RlWorker::warmedUp(2);
var_dump($h->call('lock', 'lock', $name, 0, 60, 100000, 'job-7')['r']);
['queue' => $queue] = rl_lock_wait_keys($key);
$w->calls(['lock', 'lock', $name, 30 * rl_slowdown(), 30]);
rl_wait_queue_len($raw, $queue, 1);
$t = hrtime(true);
var_dump($l->forceUnlock($name));
$r = $w->results()[0];
var_dump($r['r'], ($r['t1'] - $t) / 1e9 < 1.0 * rl_slowdown() ? 'woken' : 'late');
var_dump($l->owner($name) === $raw->cmd('GET', $key), strlen($l->owner($name)));
var_dump($h->call('lock', 'isLocking', $name, 'job-7')['r'], $h->call('lock', 'unlock', $name, 'job-7')['r']);
var_dump($w->call('lock', 'isLocking', $name)['r'], $w->call('lock', 'unlock', $name)['r']);
var_dump($l->forceUnlock($name), $raw->cmd('EXISTS', $key));

echo "-- this object's own lock\n";
var_dump($l->lock($name, 0, 10), $l->forceUnlock($name), $l->isLocking($name), $l->unlock($name));
var_dump($l->lock($name, 0, 10), $l->unlock($name), $raw->cmd('EXISTS', $key));

echo "-- a lock held through the local hand-over\n";
$local = new RlLocalWorker(true);
$local->warmUp();
var_dump($local->call('lock', 'lock', $name, 5, 30)['r']);
$token = $raw->cmd('GET', $key);
var_dump($token[0], strlen($token));
foreach ([fn () => $l->forceUnlock($name), fn () => $l->unlock($name, $token), fn () => $l->expire($name, 1, $token)] as $f) {
    try {
        var_dump($f());
    } catch (RedisLockException $e) {
        echo $e->getCode() === RedisLockException::HELD_LOCALLY ? 'HELD_LOCALLY' : $e->getCode(), ': ', $e->getMessage(), "\n";
    }
}
var_dump($raw->cmd('GET', $key) === $token, $raw->cmd('PTTL', $key) > 25000);
var_dump($l->isLocking($name, $token), $l->remaining($name, $token) > 25);
// kept past the request it cannot be: its host hands it on, nobody else could release it
var_dump($local->call('lock', 'lock', $name, 5, 30, 100000, null, false)['r'], $raw->cmd('GET', $key) === $token);
$local->finish();
var_dump($raw->cmd('EXISTS', $key));
var_dump(RedisLock::stats()['errors']['HELD_LOCALLY']);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
string(5) "woken"
bool(true)
int(32)
bool(false)
bool(false)
bool(true)
bool(true)
bool(false)
int(0)
-- this object's own lock
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
int(0)
-- a lock held through the local hand-over
bool(true)
string(1) "L"
int(32)
HELD_LOCALLY: the lock is held through its host's local hand-over: only its holder may release it
HELD_LOCALLY: the lock is held through its host's local hand-over: only its holder may release it
HELD_LOCALLY: the lock is held through its host's local hand-over: only its holder may extend it
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
int(3)
