--TEST--
lock() waiting, the release of a lock handed to a waiter for exactly a check-in period (5 s, a common $expire): unlock() is one round trip (release and check, no "lock handed") and the waiter behind is not woken, since its own block began before the grant and lasts at most a check-in period; when the grantee is then killed holding the lock, the waiter behind still has it within a timer tick or so of the lock's expiry, not a check-in period later
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$k = rl_slowdown();
$name = rl_unique('watched-5s');
$keys = rl_lock_wait_keys("Lock:$name");

// $h takes $name by waiting (a 0.3 s lock of another client expires under it), so its unlock() hands it on at once
$h = new RedisLock(RL_TEST_SERVER);
$other = new RedisLock(RL_TEST_SERVER);
$other->lock($name, 0, 0.3);
var_dump($h->lock($name, 5 * $k, 30));
$hAddr = rl_client_addr($raw);

$a = new RlWorker();
$b = new RlWorker();
$a->warmUp();
$b->warmUp();
// A: lifetime exactly the check-in period; it will be killed holding the lock
$a->calls(['lock', 'lock', $name, 20 * $k, 5], ['php', 'usleep', 60000000]);
rl_wait_queue_len($raw, $keys['queue'], 1);
$b->calls(['lock', 'lock', $name, 30 * $k, 30], ['lock', 'unlock', $name]);
rl_wait_queue_len($raw, $keys['queue'], 2);
$bAddr = rl_client_addr($raw, $b->pid);
// both blocked in a block begun within the last second or so, so that A's block takes the grant
if (!rl_wait_until(fn () => rl_blocked_in_blpop($raw, $a->pid, 1) && rl_blocked_in_blpop($raw, $b->pid, 1), 15 * $k)) {
    echo "the waiters never blocked afresh\n";
}
$monitor = new RlMonitor();
$t0 = hrtime(true);
var_dump($h->unlock($name));
$seen = $monitor->commands();
$pttl = $raw->cmd('PTTL', "Lock:$name");
$a->signal(9);   // the new holder dies at once, holding a 5 s lock
// a script's first use on a connection goes by EVAL: either name is the same call here
echo 'releaser sent: ', implode(' ', array_map(fn ($c) => $c === 'eval' ? 'evalsha' : $c, rl_commands_of($seen, $hAddr))), "\n";
echo 'waiter behind sent: ', implode(' ', rl_commands_of($seen, $bAddr)) ?: 'nothing', "\n";
var_dump($pttl > 4000 ? 'claimed for 5 s' : "PTTL $pttl");
var_dump($a->finish()[0]);
[$lock, $unlock] = $b->results(60);
$after = ($lock['t1'] - $t0) / 1e9;
// the lock expires 5 s after the grant; B's block, begun before it, ends by then, and B then watches the
// rest: within a tick (100 ms at hz 10) or so of the expiry; a check-in period more (10 s) would be the bug
var_dump($lock['r'], $unlock['r'],
    $after >= 4.5 && $after < 5 + 1.5 * $k ? 'in time' : sprintf('B had the lock %.2f s after the unlock', $after));
var_dump($b->finish()[0]);
?>
--EXPECT--
bool(true)
bool(true)
releaser sent: evalsha lrem
waiter behind sent: nothing
string(15) "claimed for 5 s"
int(9)
bool(true)
bool(true)
string(7) "in time"
int(0)
