--TEST--
lock() and expire() with $expire 0: no lifetime (the longest one, 1e9 s: PTTL above 999,999,000 s, remaining() likewise); a waiter queued behind such a lock checks in, it does not poll (at most 6 commands in 3 s); unlock() wakes it at once; a lifetime can be given back with expire()
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('no-lifetime');
$key = "Lock:$name";
$l = new RedisLock(RL_TEST_SERVER);

/** Calls so far of the commands a client sends while it waits (its scripts, its blocks, a grant check). */
function wait_commands(RawRedis $raw): int
{
    $n = 0;
    foreach (explode("\n", $raw->cmd('INFO', 'commandstats')) as $line) {
        foreach (['evalsha', 'eval', 'brpoplpush', 'blmove', 'lrem', 'get'] as $c) {
            if (str_starts_with($line, "cmdstat_$c:calls=")) {
                $n += (int)substr($line, strlen("cmdstat_$c:calls="));
            }
        }
    }
    return $n;
}

var_dump($l->lock($name, 0, 0));
var_dump($raw->cmd('PTTL', $key) > 999999000 * 1000, $l->remaining($name) > 999999000);
var_dump($l->expire($name, 2), $raw->cmd('PTTL', $key) <= 2000);
var_dump($l->expire($name, 0), $raw->cmd('PTTL', $key) > 999999000 * 1000);
// with an owner, from another object
$o = new RedisLock(RL_TEST_SERVER);
var_dump($o->expire($name, 0, $l->owner($name)), $o->remaining($name, $l->owner($name)) > 999999000);

echo "-- a waiter behind it\n";
$w = new RlWorker();
$w->warmUp();
['queue' => $queue] = rl_lock_wait_keys($key);
$w->calls(['lock', 'lock', $name, 30 * rl_slowdown(), 0]);
rl_wait_queue_len($raw, $queue, 1);
$before = wait_commands($raw);
usleep(3000000);
$spent = wait_commands($raw) - $before;
var_dump($spent <= 6 ? 'checks in' : "$spent commands in 3 s");
$t = hrtime(true);
var_dump($l->unlock($name));
$r = $w->results()[0];
var_dump($r['r'], ($r['t1'] - $t) / 1e9 < 1.0 * rl_slowdown() ? 'woken' : 'late');
var_dump($raw->cmd('PTTL', $key) > 999999000 * 1000);
var_dump($w->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
-- a waiter behind it
string(9) "checks in"
bool(true)
bool(true)
string(5) "woken"
bool(true)
bool(true)
int(0)
