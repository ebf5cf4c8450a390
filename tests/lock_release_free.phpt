--TEST--
unlock() of a lock taken without a wait sends the free path's release: one script call, two keys and the token, whose work is GET, EXISTS and DEL when nobody is queued; when someone queued meanwhile it says so without changing anything, and the full release that follows (a second round trip) hands the lock to the waiter; not ours: false, nothing deleted
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';

$redis = new PrivateRedis();
$raw = $redis->raw();
/** INFO commandstats as command => calls, without the test's own INFO and CONFIG. */
function calls(RawRedis $raw): array
{
    preg_match_all('~^cmdstat_([a-z|]+):calls=(\d+)~m', $raw->cmd('INFO', 'commandstats'), $m, PREG_SET_ORDER);
    $r = array_column(array_map(fn ($x) => [$x[1], (int)$x[2]], $m), 1, 0);
    unset($r['info'], $r['config|resetstat'], $r['config']);
    ksort($r);
    return $r;
}

$l = new RedisLock($redis->server());
$name = rl_unique('free');
var_dump($l->lock($name, 0, 30), $l->unlock($name));   // the script is now known on this connection
$raw->cmd('CONFIG', 'RESETSTAT');
for ($i = 0; $i < 50; $i++) {
    $l->lock($name, 0, 30);
    $l->unlock($name);
}
echo "50 cycles: ", json_encode(calls($raw)), "\n";
var_dump($raw->cmd('EXISTS', "Lock:$name"));

echo "-- someone queued meanwhile: handed on by the second call\n";
$keys = rl_lock_wait_keys("Lock:$name");
$w = RlWorker::warmedUp(1, 'lock', $redis->server())[0];
var_dump($l->lock($name, 0, 30));
$w->calls(['lock', 'lock', $name, 20 * rl_slowdown(), 30]);
[$tok] = rl_wait_queue_len($raw, $keys['queue'], 1);
$mon = new RlMonitor($redis->server());
var_dump($l->unlock($name));
$mine = rl_commands_of($mon->commands(), rl_client_addr($raw));
// the free path's script, then the full release and its grant's check (LREM): by EVALSHA, or (this server never ran it) EVALSHA answered
// NOSCRIPT and EVAL
echo "that unlock() sent: ", $mine[0], ' then ', in_array(array_slice($mine, 1),
        [['evalsha', 'lrem'], ['eval', 'lrem'], ['evalsha', 'lrem', 'eval', 'lrem']], true)
    ? 'the full release' : implode(' ', array_slice($mine, 1)), "\n";
[$r] = $w->results();
var_dump($r['r'], $raw->cmd('GET', "Lock:$name") === $tok);
var_dump($w->call('lock', 'unlock', $name)['r']);
$w->finish();

echo "-- not ours any more: false, the other holder's key untouched\n";
var_dump($l->lock($name, 0, 30));
$raw->cmd('SET', "Lock:$name", 'someone-else');
var_dump($l->unlock($name), $raw->cmd('GET', "Lock:$name"));
?>
--EXPECT--
bool(true)
bool(true)
50 cycles: {"del":50,"evalsha":50,"exists":50,"get":50,"set":50}
int(0)
-- someone queued meanwhile: handed on by the second call
bool(true)
bool(true)
that unlock() sent: evalsha then the full release
bool(true)
bool(true)
bool(true)
-- not ours any more: false, the other holder's key untouched
bool(true)
bool(false)
string(12) "someone-else"
