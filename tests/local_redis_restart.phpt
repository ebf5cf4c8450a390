--TEST--
Local hand-over: Redis goes away and comes back (SHUTDOWN, then restarted empty on the same port) while processes hold and wait: calls fail with RedisLockException within their timeouts, none crashes or hangs; once it is back the locks work and exclude, and no slot stays taken
--SKIPIF--
<?php
require __DIR__ . '/skipif.inc';
if (PHP_OS_FAMILY !== 'Linux' || !is_dir('/dev/shm')) die('skip Linux with /dev/shm only');
?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/local_helpers_b.inc';

$srv = new PrivateRedis();
$server = $srv->server();
$prefix = rl_lb_prefix('restart');
$opts = ['prefix' => $prefix, 'connect_timeout' => 1, 'read_timeout' => 1];
$seg = rl_lb_segment_for($server, $prefix);
$slow = rl_slowdown();
$usage = fn () => json_encode(rl_lb_segment_usage($seg));
/** A result, "RedisLockException" for any of those (their messages name the server: checked), and whether it came in time. */
$show = function (array $r, float $max, ?int $fromNs = null) use ($server): string {
    $e = $r['e'];
    $what = $e === null ? var_export($r['r'], true)
        : (str_starts_with($e, "RedisLockException: $server: ") ? 'RedisLockException' : $e);
    $took = ($r['t1'] - ($fromNs ?? $r['t0'])) / 1e9;
    return $what . ($took < $max ? '' : sprintf(' (after %.3f s, expected under %.3f)', $took, $max));
};
$ended = function (array $workers): string {
    $bad = [];
    foreach ($workers as $label => $w) {
        [$rc, $out] = $w->finish();
        if ($rc !== 0 || $out !== '') {
            $bad[] = "$label: exit $rc, $out";
        }
    }
    return $bad ? implode('; ', $bad) : 'all exited normally';
};
$bound = 5 * $slow;          // a call that fails: connect_timeout and read_timeout are 1 s
$wait = 30 * $slow;          // the waiters' timeout: they must be answered long before it

// 1. Redis goes away while H holds, W1 and W2 wait behind it in the host's slot and G
//    (the hand-over off: another host) waits in Redis
$name = rl_unique('restart');
$key = $prefix . $name;
$h = new RlLbWorker($server, $opts);
$w1 = new RlLbWorker($server, $opts, traced: false);
$w2 = new RlLbWorker($server, $opts, traced: false);
$g = new RlLbWorker($server, $opts, [], traced: false);
$raw = $srv->raw();
echo "H locks: ", $show($h->call('lock', 'lock', $name, 5, 30), $bound), "\n";
$w1->calls(['lock', 'lock', $name, $wait, 30]);
rl_wait_until(fn () => rl_lb_segment_usage($seg)['waiters'] === 1);
$w2->calls(['lock', 'lock', $name, $wait, 30]);
rl_wait_until(fn () => rl_lb_segment_usage($seg)['waiters'] === 2);
$g->calls(['lock', 'lock', $name, $wait, 30]);
echo "G waits in Redis: ", var_export(rl_wait_until(fn () => rl_blocked_in_blpop($raw, $g->pid)), true),
    "; W1, W2 in Redis: ", var_export(rl_blocked_in_blpop($raw, $w1->pid) || rl_blocked_in_blpop($raw, $w2->pid), true),
    "; segment: ", $usage(), "\n";
$srv->stop();
$down = hrtime(true);
echo "Redis stopped\n";
echo "G: ", $show($g->results()[0], $bound, $down), "\n";
// a newcomer of this host queues behind H, which still lives: it never needs Redis, and is told false in time
echo "N1, lock(1 s) while Redis is away: ", $show((new RlLbWorker($server, $opts, traced: false))->call('lock', 'lock', $name, 1, 30), 1 + $bound), "\n";
echo "H isLocking(): ", $show($h->call('lock', 'isLocking', $name), $bound), "\n";
// H hands the lock to W1 in the segment (no Redis needed); W1 cannot refresh it: its lock() fails,
// and it keeps the record with its lifetime unknown, so that its unlockAll() releases in Redis (not
// handing on a lifetime nobody knows): that fails too while Redis is away, and the record stays; W2,
// behind a holder whose lifetime is unknown, asks Redis at its next look and fails the same way
$r = $h->call('lock', 'unlock', $name);
echo "H unlock(): ", $show($r, $bound), "\n";
echo "W1: ", $show($w1->results()[0], $bound, $r['t1']), "\n";
$r = $w1->call('lock', 'unlockAll');
echo "W1 unlockAll(): ", $show($r, $bound), "\n";
echo "W2: ", $show($w2->results()[0], $bound, $r['t1']), "\n";
echo "W2 unlockAll(): ", $show($w2->call('lock', 'unlockAll'), $bound), "\n";
echo "segment: ", $usage(), "\n";

// 2. back, empty, on the same port: W1 releases (false: the key is gone with the old server), nothing stays taken
$srv->start();
echo "Redis started again\n";
echo "W1 unlockAll(): ", $show($w1->call('lock', 'unlockAll'), $bound), "; segment: ", $usage(), "\n";
$n2 = new RlLbWorker($server, $opts, traced: false);
echo "N2 lock(2 s): ", $show($n2->call('lock', 'lock', $name, 2, 30), $bound), "\n";
echo "H lock(0.3 s): ", $show($h->call('lock', 'lock', $name, 0.3, 30), 0.3 + $bound), "; G lock(0.3 s): ",
    $show($g->call('lock', 'lock', $name, 0.3, 30), 0.3 + $bound), "\n";
echo "N2 unlock(): ", $show($n2->call('lock', 'unlock', $name), $bound), "; key left: ", $srv->raw()->cmd('EXISTS', $key),
    "; segment: ", $usage(), "\n";
echo "processes: ", $ended(['H' => $h, 'W1' => $w1, 'W2' => $w2, 'G' => $g, 'N2' => $n2]), "\n";

// 3. Redis restarted (gone and back) while H holds and W1, W2, G wait: G's wait in Redis fails;
//    the key H held is gone with the old server, so W1, handed the lock, takes it anew in Redis
$name = rl_unique('restart2');
$key = $prefix . $name;
$h = new RlLbWorker($server, $opts);
$w1 = new RlLbWorker($server, $opts, traced: false);
$w2 = new RlLbWorker($server, $opts, traced: false);
$g = new RlLbWorker($server, $opts, [], traced: false);
$raw = $srv->raw();
echo "H locks: ", $show($h->call('lock', 'lock', $name, 5, 30), $bound), "\n";
$w1->calls(['lock', 'lock', $name, $wait, 30]);
rl_wait_until(fn () => rl_lb_segment_usage($seg)['waiters'] === 1);
$w2->calls(['lock', 'lock', $name, $wait, 30]);
rl_wait_until(fn () => rl_lb_segment_usage($seg)['waiters'] === 2);
$g->calls(['lock', 'lock', $name, $wait, 30]);
echo "G waits in Redis: ", var_export(rl_wait_until(fn () => rl_blocked_in_blpop($raw, $g->pid)), true), "; segment: ", $usage(), "\n";
$srv->stop();
$down = hrtime(true);
$srv->start();
echo "Redis restarted\n";
echo "G: ", $show($g->results()[0], $bound, $down), "\n";
$r = $h->call('lock', 'unlock', $name);
echo "H unlock(): ", $show($r, $bound), "\n";
echo "W1: ", $show($w1->results()[0], $bound, $r['t1']), "; owns the key: ",
    var_export($srv->raw()->cmd('GET', $key) !== null && $w1->call('lock', 'isLocking', $name)['r'] === true, true), "\n";
echo "W2 still waits: ", var_export(!$w2->pending(), true), "\n";
$r = $w1->call('lock', 'unlock', $name);
echo "W1 unlock(): ", $show($r, $bound), "; W2: ", $show($w2->results()[0], $bound, $r['t1']), "; W2 unlock(): ",
    $show($w2->call('lock', 'unlock', $name), $bound), "\n";
echo "key left: ", $srv->raw()->cmd('EXISTS', $key), "; segment: ", $usage(), "\n";
echo "processes: ", $ended(['H' => $h, 'W1' => $w1, 'W2' => $w2, 'G' => $g]), "\n";

// 4. and they exclude: 4 processes with the hand-over and 2 without, 15 acquisitions each
$counter = rl_unique('restart-inside');
$code = rl_lb_contender_code($server, $opts, $name, $counter, 15, $wait, 10, 2000);
$sum = rl_lb_contend(6, RL_LB_ON, $code, 120 * $slow,
    fn (int $i) => new RlChild($code, $i < 4 ? RL_LB_ON : [], traced: $i < RlWorker::TRACED));
echo "contention: {$sum['reports']} reports, {$sum['ok']} acquisitions, {$sum['overlaps']} overlaps, {$sum['notAcquired']} not acquired, ",
    "{$sum['lost']} lost, ", count($sum['errors']), " errors", $sum['bad'] || $sum['errors'] ? ': ' . json_encode($sum) : '', "\n";
echo "key left: ", $srv->raw()->cmd('EXISTS', $key), "; segment: ", $usage(), "\n";
$srv->stop();
?>
--EXPECT--
H locks: true
G waits in Redis: true; W1, W2 in Redis: false; segment: {"slots":1,"waiters":2}
Redis stopped
G: RedisLockException
N1, lock(1 s) while Redis is away: false
H isLocking(): RedisLockException
H unlock(): true
W1: RedisLockException
W1 unlockAll(): RedisLockException
W2: RedisLockException
W2 unlockAll(): true
segment: {"slots":1,"waiters":0}
Redis started again
W1 unlockAll(): false; segment: {"slots":0,"waiters":0}
N2 lock(2 s): true
H lock(0.3 s): false; G lock(0.3 s): false
N2 unlock(): true; key left: 0; segment: {"slots":0,"waiters":0}
processes: all exited normally
H locks: true
G waits in Redis: true; segment: {"slots":1,"waiters":2}
Redis restarted
G: RedisLockException
H unlock(): true
W1: true; owns the key: true
W2 still waits: true
W1 unlock(): true; W2: true; W2 unlock(): true
key left: 0; segment: {"slots":0,"waiters":0}
processes: all exited normally
contention: 6 reports, 90 acquisitions, 0 overlaps, 0 not acquired, 0 lost, 0 errors
key left: 0; segment: {"slots":0,"waiters":0}
