--TEST--
Redlock waiting does not poll: 4 waiters blocked 2 s on a held lock make the masters run few commands (well under 20 per waiter per second, INFO commandstats); when the holder unlocks, every waiter gets the lock in turn
--SKIPIF--
<?php require __DIR__ . '/skipif_masters.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/redlock_helpers.inc';
$k = rl_slowdown();
$m = rl_private_masters(3);   // masters of its own: no other client's commands in the counts
$servers = rl_servers_of($m);
$raws = rl_raws($m);
$name = rl_unique('cost');
$key = "Lock:$name";
$n = rl_under_valgrind() ? 2 : 4;
// the waiters are started (and connected) before the lock is taken: started after it, two traced
// workers on a loaded machine (valgrind, a load of 8) outlasted its 30 s lifetime, and the first
// took the expired lock before the holder's unlock() (which then returned false)
$workers = [];
for ($i = 0; $i < $n; $i++) {
    $workers[$i] = $w = new RlMultiWorker($servers);
    $w->warmUp();
}
$h = new RedisLock($servers);
var_dump($h->lock($name, 0, 30 * $k));
foreach ($workers as $w) {
    $w->calls(['lock', 'lock', $name, 20 * $k, 10], ['lock', 'unlock', $name]);
}
$marker = rl_redlock_wait_keys($key)['marker'];
var_dump(rl_wait_until(fn () => rl_exists_all($raws, $marker) === [1, 1, 1], 5 * $k));
usleep((int)(300000 * $k));   // every waiter has made its attempt and blocks
$before = rl_commands_run($raws);
$seconds = 2.0;
usleep((int)($seconds * 1e6));
$delta = rl_commands_run($raws) - $before;
$limit = 20 * $n * $seconds;
echo $delta < $limit ? "few commands\n" : "$delta commands in $seconds s for $n waiters (limit $limit)\n";
var_dump(rl_first_pending($workers, 0.0));   // nobody returned

$t = hrtime(true);
var_dump($h->unlock($name));
$got = 0;
$last = 0;
foreach ($workers as $i => $w) {
    [$lock, $unlock] = $w->results(30 * $k);
    if ($lock['r'] === true && $unlock['r'] === true && $lock['e'] === null) {
        $got++;
    } else {
        echo "waiter $i: ", json_encode([$lock, $unlock]), "\n";
    }
    $last = max($last, $unlock['t1']);
}
var_dump($got === $n);
echo 'all served ', rl_within(($last - $t) / 1e9, 0, 2.0 * $k), "\n";
var_dump(json_encode(rl_exists_all($raws, $key)));
foreach ($workers as $w) {
    [$rc] = $w->finish();
    if ($rc !== 0) {
        echo "exit code $rc\n";
    }
}
?>
--EXPECT--
bool(true)
bool(true)
few commands
NULL
bool(true)
bool(true)
all served ok
string(7) "[0,0,0]"
