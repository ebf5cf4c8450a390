--TEST--
lock() waiting, the release of a lock its caller waited for: unlock() is one round trip of EVALSHA, LREM that hands the lock to the next waiter, whose block took the grant (the LREM finds its note in the served list) before unlock() returns, waking nobody else (the waiter behind sends nothing); when the next waiter is dead, unlock() sends "lock handed" (the note was not taken), which undoes the grant and hands the lock to the waiter behind, which has it at once; every wait key left has a TTL
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
// Time bounds stretch under valgrind, where CI also runs another suite beside this one.
$k = rl_slowdown();

/* $h takes $name by waiting (a 0.3 s lock of another client expires under it), so its unlock() is watched. */
function take_by_waiting(RedisLock $h, RawRedis $raw, string $name): bool
{
    $other = new RedisLock(RL_TEST_SERVER);
    $other->lock($name, 0, 0.3);
    return $h->lock($name, 5, 30) && $raw->cmd('EXISTS', rl_lock_wait_keys("Lock:$name")['queue']) === 0;
}

echo "-- the next waiter is alive: it has the lock when unlock() returns\n";
$name = rl_unique('watched');
$keys = rl_lock_wait_keys("Lock:$name");
$h = new RedisLock(RL_TEST_SERVER);
// a first watched release with nobody queued (it must not block either): the connection has run both scripts
$warm = rl_unique('watched-warm');
take_by_waiting($h, $raw, $warm);
$t = hrtime(true);
$h->unlock($warm);
var_dump((hrtime(true) - $t) / 1e9 < 0.5 * $k ? 'alone: unlock in time' : 'alone: unlock blocked');
var_dump(take_by_waiting($h, $raw, $name));
$hAddr = rl_client_addr($raw);
$a = new RlWorker();
$b = new RlWorker();
$a->warmUp();
$b->warmUp();
// A holds what it is handed for 0.5 s x k: B's turn comes well after the monitor's marker
$a->calls(['lock', 'lock', $name, 10, 30], ['lock', 'isLocking', $name], ['php', 'usleep', (int)(500000 * $k)],
    ['lock', 'unlock', $name]);
rl_wait_queue_len($raw, $keys['queue'], 1);
$b->calls(['lock', 'lock', $name, 10, 30], ['lock', 'unlock', $name]);
rl_wait_queue_len($raw, $keys['queue'], 2);
$bAddr = rl_client_addr($raw, $b->pid);
$aAddr = rl_client_addr($raw, $a->pid);
$monitor = new RlMonitor();
// A, the head, checks in every 5 s: the unlock must find it blocked in a BLPOP begun within the last
// second or so (CLIENT LIST's idle, in whole seconds), so that its claim runs right behind the BLPOP.
// Between two check-ins a traced A beside a busy machine took long enough for the claim to miss unlock()'s
// short watch (seen once under valgrind with one busy loop beside CI: the key's PTTL was the grace's).
if (!rl_wait_until(fn () => rl_blocked_in_blpop($raw, $a->pid, 1), 15 * $k)) {
    echo "A never blocked afresh\n";
}
$t = hrtime(true);
var_dump($h->unlock($name));
$took = (hrtime(true) - $t) / 1e9;
// read at once: A releases 0.5 s x rl_slowdown() after its claim, and B takes and drops the lock right
// after (a traced test beside a busy loop once spent longer than A's 0.5 s reading the monitor: PTTL -2)
$pttl = $raw->cmd('PTTL', "Lock:$name");
$seen = $monitor->commands();
echo 'releaser sent: ', implode(' ', rl_commands_of($seen, $hAddr)), "\n";
echo 'waiter behind sent: ', implode(' ', rl_commands_of($seen, $bAddr)) ?: 'nothing', "\n";
// the claim ran before unlock()'s reply was written: the key already had A's full lifetime
var_dump($took < 0.5 * $k ? 'unlock in time' : sprintf('unlock took %.2f s', $took),
    $pttl > 20000 ?: sprintf('PTTL %d ms after unlock() (%.3f s); A sent: %s; A now: %s', $pttl, $took,
        implode(' ', rl_commands_of($seen, $aAddr)) ?: 'nothing',
        json_encode(array_map(fn ($c) => [$c['cmd'], $c['flags'], $c['idle']], rl_client_entries($raw, $a->pid)))));
[$lock, $is, , $unlock] = $a->results(30);
var_dump($lock['r'], $is['r'], $unlock['r'], $lock['t1'] - $t < 1e9 * $k);
[$lock, $unlock] = $b->results(30);
var_dump($lock['r'], $unlock['r']);
var_dump($a->finish()[0], $b->finish()[0]);
var_dump($raw->cmd('EXISTS', $keys['queue']), rl_wait_keys_without_ttl($raw, "Lock:$name"));

echo "-- the next waiter is dead: unlock() hands the lock to the one behind, which has it at once\n";
$name = rl_unique('watched-dead');
$keys = rl_lock_wait_keys("Lock:$name");
var_dump(take_by_waiting($h, $raw, $name));
$dead = new RlWorker();
$next = new RlWorker();
$dead->warmUp();
$next->warmUp();
$dead->calls(['lock', 'lock', $name, 30, 30]);   // grace: the default 100 ms
rl_wait_queue_len($raw, $keys['queue'], 1);
$next->calls(['lock', 'lock', $name, 10, 30], ['lock', 'unlock', $name]);
rl_wait_queue_len($raw, $keys['queue'], 2);
$nextAddr = rl_client_addr($raw, $next->pid);
$dead->signal(9);
var_dump($dead->finish()[0]);
$monitor = new RlMonitor();
$t = hrtime(true);
var_dump($h->unlock($name));
$took = (hrtime(true) - $t) / 1e9;
$seen = $monitor->commands();
$sent = implode(' ', rl_commands_of($seen, $hAddr));
echo 'releaser sent: ', preg_match('/^evalsha lrem (eval|evalsha) lrem$/D', $sent) ? 'release, check, lock handed, check' : $sent, "\n";
var_dump($took < 1.5 * $k ? 'unlock in time' : sprintf('unlock took %.2f s', $took));
[$lock, $unlock] = $next->results(30);
$after = ($lock['t1'] - $t) / 1e9;
if ($after >= 0.5 * $k) {
    // what ran, in order, from just before unlock() to the next waiter's claim (once, under ASan beside
    // CI's other stages, the next waiter had the lock only after a check-in period: 5.14 s)
    $who = [$hAddr => 'H', $nextAddr => 'next', 'lua' => 'lua'];
    echo 'ran: ', implode(' ', array_map(fn ($c) => ($who[$c[0]] ?? $c[0]) . ':' . $c[1]
        . (in_array($c[1], ['rpush', 'brpoplpush', 'set', 'pexpire', 'lpop', 'get', 'pttl', 'lrem'], true)
            ? '(' . implode(',', array_map(fn ($a) => strlen($a) > 12 ? substr($a, -6) : $a, array_slice($c, 2))) . ')' : ''),
        array_merge($seen, $monitor->commands()))), "\n";
}
var_dump($lock['r'], $unlock['r'], $after < 0.5 * $k ? 'next waiter in time' : sprintf('next waiter after %.2f s', $after));
var_dump($next->finish()[0]);
// left: the dead waiter's wake list ("x": out of the queue) and the served list, both with TTLs
var_dump($raw->cmd('EXISTS', $keys['queue']), rl_wait_keys_without_ttl($raw, "Lock:$name"));
?>
--EXPECT--
-- the next waiter is alive: it has the lock when unlock() returns
string(21) "alone: unlock in time"
bool(true)
bool(true)
releaser sent: evalsha lrem
waiter behind sent: nothing
string(14) "unlock in time"
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
int(0)
int(0)
int(0)
-- the next waiter is dead: unlock() hands the lock to the one behind, which has it at once
bool(true)
int(9)
bool(true)
releaser sent: release, check, lock handed, check
string(14) "unlock in time"
bool(true)
bool(true)
string(19) "next waiter in time"
int(0)
int(0)
int(0)
