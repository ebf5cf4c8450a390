--TEST--
Fencing tokens over several masters (issue 24): with the option, every master that grants counts a fence on the name's counter ("rl:{<key>}:lf", as on one server) in the take (SET NX PX and the count, one script: "lock take fenced" without a timeout, "redlock acquire" with its counter key when waiting); lock() keeps the greatest, and the first fence() confirms it: on every master still holding the token the counter is raised to it ("redlock fence"), a quorum must say yes; later fence() calls cost nothing (no script runs). Fences of successive holders grow, also when one master's counter is an hour ahead of the others' (its holder's fence is that master's; the next holder, which reaches only the two others, gets a greater one because fence() raised them: without that step it would get one an hour smaller); after a wait (the waiter's fence above the holder's); a fence() that finds the lock lost (keys deleted on two masters) or past its validity answers false (the record is forgotten: isLocking() false), a counter that is no number on one master is counted over; a non-fencing object sends SET NX (and its release script) and counts nothing; a fence() whose masters do not answer (two of three stopped) throws RedisLockException (no quorum)
--SKIPIF--
<?php require __DIR__ . '/skipif_masters.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/redlock_helpers.inc';
$k = rl_slowdown();

/** The server's clock in microseconds (TIME) of $raw. */
function server_us(RawRedis $raw): int
{
    [$s, $us] = $raw->cmd('TIME');
    return (int)$s * 1000000 + (int)$us;
}

/** Scripts (EVAL, EVALSHA) the masters of $raws have run so far, summed. */
function scripts_run(array $raws): int
{
    $n = 0;
    foreach ($raws as $r) {
        foreach (explode("\n", $r->cmd('INFO', 'commandstats')) as $line) {
            if ((str_starts_with($line, 'cmdstat_eval:') || str_starts_with($line, 'cmdstat_evalsha:'))
                    && ($at = strpos($line, ':calls=')) !== false) {
                $n += (int)substr($line, $at + strlen(':calls='));
            }
        }
    }
    return $n;
}

/** Each master's counter, relative to $base ("+n"), "-" when missing, else as it is. */
function counters(array $raws, string $counter, int $base): string
{
    return implode(' ', array_map(fn ($v) => $v === null ? '-' : (strspn($v, "0123456789") === strlen($v) && $v !== "" ? sprintf('%+d', (int)$v - $base) : $v),
        rl_get_all($raws, $counter)));
}

// masters of the test's own: the scripts they run are counted, and two are stopped at the end
$m = rl_private_masters(3);
$servers = rl_servers_of($m);
$raws = rl_raws($servers);
$name = rl_unique('fence');
$key = "Lock:$name";
$counter = rl_lock_fence_key($key);

echo "-- lock, fence, unlock\n";
$a = new RedisLock($servers, ['fencing' => true]);
$b = new RedisLock($servers, ['fencing' => true]);
$before = min(array_map('server_us', $raws));
var_dump($a->lock($name, 0, 10));
$after = max(array_map('server_us', $raws));
$counted = array_map('intval', rl_get_all($raws, $counter));
echo 'counted on every master, within their clocks: ', json_encode(min($counted) >= $before && max($counted) <= $after), "\n";
$n0 = scripts_run($raws);
$fa = $a->fence($name);
$n1 = scripts_run($raws);
echo 'fence: the greatest counted: ', json_encode($fa === max($counted)), ', every counter raised to it: ',
    counters($raws, $counter, $fa), ', scripts run: ', $n1 - $n0, "\n";
var_dump($a->fence($name) === $fa, scripts_run($raws) - $n1);
var_dump($a->unlock($name), $a->fence($name));
var_dump($b->lock($name, 0, 10), ($fb = $b->fence($name)) > $fa, $b->unlock($name));

echo "-- one master's counter an hour ahead\n";
$ahead = server_us($raws[2]) + 3600 * 1000000;
$raws[2]->cmd('SET', $counter, (string)$ahead);
var_dump($a->lock($name, 0, 10));
$fa = $a->fence($name);
echo 'fence: ', $fa - $ahead, ' past the counter ahead; counters: ', counters($raws, $counter, $fa), "\n";
var_dump($a->unlock($name));
// master 3 is not reached: the quorum is masters 1 and 2, whose counters fence() raised
$two = new RedisLock([$servers[0], $servers[1], 'tcp://127.0.0.1:1'], ['fencing' => true, 'connect_timeout' => 0.5 * $k]);
var_dump($two->lock($name, 0, 10));
$f2 = $two->fence($name);
echo 'fence on masters 1 and 2: above the last: ', json_encode($f2 > $fa), ', by ', $f2 - $fa, "; counters: ",
    counters($raws, $counter, $f2), "\n";
var_dump($two->unlock($name));

echo "-- after a wait\n";
var_dump($a->lock($name, 0, 10));
$fa = $a->fence($name);
$w = new RlMultiWorker($servers, ['fencing' => true]);
$w->warmUp();
$w->calls(['lock', 'lock', $name, 10 * $k, 10], ['lock', 'fence', $name], ['lock', 'unlock', $name]);
rl_wait_until(fn () => rl_exists_all($raws, ...array_values(rl_redlock_wait_keys($key))) !== [0, 0, 0]);
usleep(100000);
var_dump($a->unlock($name));
$r = $w->results();
echo 'waiter: lock ', json_encode($r[0]['r']), ', its fence above the holder\'s: ', json_encode(is_int($r[1]['r']) && $r[1]['r'] > $fa),
    ', unlock ', json_encode($r[2]['r']), "\n";
$fw = $r[1]['r'];
unset($w);

echo "-- lost, expired, masters down\n";
var_dump($a->lock($name, 0, 10));
$raws[0]->cmd('DEL', $key);
$raws[1]->cmd('DEL', $key);
var_dump($a->fence($name), $a->isLocking($name), rl_get_all($raws, $key) === [null, null, null]);
var_dump($a->lock($name, 0, 0.3 * $k));
usleep((int)(0.35 * $k * 1e6));
var_dump($a->fence($name), $a->isLocking($name));

echo "-- a counter that is no number\n";
$raws[1]->cmd('SET', $counter, 'abc');
var_dump($a->lock($name, 0, 10), ($fc = $a->fence($name)) > $fw, counters($raws, $counter, $fc), $a->unlock($name));

echo "-- without the option\n";
$plain = new RedisLock($servers);
$was = rl_get_all($raws, $counter);
$mon = array_map(fn ($s) => new RlMonitor($s), $servers);
var_dump($plain->lock($name, 0, 10), $plain->unlock($name));
foreach ($mon as $i => $mo) {
    // the client's own commands (a script's calls are the "lua" client's; a new connection's
    // CLIENT SETNAME left out, a script by EVAL or EVALSHA alike)
    $sent = array_filter($mo->commands(), fn ($c) => $c[0] !== 'lua' && $c[1] !== 'client');
    echo 'master ', $i + 1, ': ', implode(' ', array_map(fn ($c) => $c[1] === 'evalsha' ? 'eval' : $c[1], $sent)), "\n";
}
var_dump(rl_get_all($raws, $counter) === $was);

echo "-- masters down\n";
$c = new RedisLock($servers, ['fencing' => true, 'read_timeout' => 0.5 * $k, 'connect_timeout' => 0.5 * $k]);
var_dump($c->lock($name, 0, 10));
$m[0]->kill();
$m[1]->kill();
try {
    $c->fence($name);
} catch (RedisLockException $e) {
    echo get_class($e), ': ', strtok($e->getMessage(), ':'), "\n";
}
// back, empty: the end of the request finds nothing of ours there
$m[0]->start();
$m[1]->start();
?>
--EXPECT--
-- lock, fence, unlock
bool(true)
counted on every master, within their clocks: true
fence: the greatest counted: true, every counter raised to it: +0 +0 +0, scripts run: 3
bool(true)
int(0)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
-- one master's counter an hour ahead
bool(true)
fence: 1 past the counter ahead; counters: +0 +0 +0
bool(true)
bool(true)
fence on masters 1 and 2: above the last: true, by 1; counters: +0 +0 -1
bool(true)
-- after a wait
bool(true)
bool(true)
waiter: lock true, its fence above the holder's: true, unlock true
-- lost, expired, masters down
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
bool(false)
bool(false)
-- a counter that is no number
bool(true)
bool(true)
string(8) "+0 +0 +0"
bool(true)
-- without the option
bool(true)
bool(true)
master 1: set eval
master 2: set eval
master 3: set eval
bool(true)
-- masters down
bool(true)
RedisLockException: no quorum
