--TEST--
lock() waiting on a server without GETDEL (Redis < 6.2, here a private server with the command renamed away): the queue needs no GETDEL (until issue 20's fourth step a hand-over took each waiter's entry key with it, or with GET and DEL here): the lock passes down the queue in order, none ran, and no wait key is left without a TTL
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';

$redis = new PrivateRedis(['--rename-command', 'GETDEL', '']);
$raw = $redis->raw();
$name = rl_unique('no-getdel');
$key = "Lock:$name";
$keys = rl_lock_wait_keys($key);
$e = $raw->cmd('GETDEL', 'x');   // the server really has none
var_dump($e instanceof RawRedisError ? $e->message : $e);

$holder = new RedisLock($redis->server());
$workers = RlWorker::warmedUp(2, 'lock', $redis->server());
var_dump($holder->lock($name, 0, 30));
foreach ($workers as $i => $w) {
    $w->calls(['lock', 'lock', $name, 20 * rl_slowdown(), 30], ['php', 'usleep', 20000], ['lock', 'unlock', $name]);
    rl_wait_queue_len($raw, $keys['queue'], $i + 1);
}
$raw->cmd('CONFIG', 'RESETSTAT');
var_dump($holder->unlock($name));
$got = [];
foreach ($workers as $i => $w) {
    [$l, , $u] = $w->results();
    var_dump($l['r'], $u['r']);
    $got[$i] = $l['t1'];   // when lock() returned (one monotonic clock for all processes)
}
var_dump($got[0] < $got[1] ? "in queue order" : "out of order: " . json_encode($got));
$stats = $raw->cmd('INFO', 'commandstats');
var_dump(str_contains($stats, 'cmdstat_get:') && str_contains($stats, 'cmdstat_del:'),
    str_contains($stats, 'cmdstat_getdel:calls=') && !str_contains($stats, 'cmdstat_getdel:calls=0,') ? 'getdel ran' : 'no getdel ran');
var_dump($raw->cmd('EXISTS', $key, $keys['queue']),
    array_values(array_filter($raw->cmd('KEYS', $keys['terms'] . '*'), fn ($k) => $raw->cmd('PTTL', $k) === -1)));
foreach ($workers as $w) {
    $w->finish();
}
?>
--EXPECTF--
string(%d) "ERR unknown command%s"
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
string(14) "in queue order"
bool(true)
string(13) "no getdel ran"
int(0)
array(0) {
}
