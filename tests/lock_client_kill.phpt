--TEST--
CLIENT KILL of the extension's connection (named "redislock-<pid>"): the next call, once the connection has been idle past the 10 ms liveness-check threshold, reconnects transparently
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$l = new RedisLock(RL_TEST_SERVER);
$name = rl_unique('kill');
$key = "Lock:$name";

function kill_mine(RawRedis $raw): string
{
    $mine = rl_client_entries($raw);
    if (count($mine) !== 1) {
        return 'found ' . count($mine) . ' connections';
    }
    return var_export($raw->cmd('CLIENT', 'KILL', 'ID', $mine[0]['id']), true) . ' ' . $mine[0]['id'];
}

var_dump($l->lock($name, 0, 10));
$token = $raw->cmd('GET', $key);
$ids = [];
foreach (['isLocking' => fn () => $l->isLocking($name),
          'expire' => fn () => $l->expire($name, 8),
          'lock (owned)' => fn () => $l->lock($name, 0, 9),
          'lock (other)' => fn () => $l->lock($name . ':2', 0, 9),
          'unlock' => fn () => $l->unlock($name),
          'unlockAll' => fn () => $l->unlockAll()] as $label => $call) {
    $k = kill_mine($raw);
    [$res, $id] = explode(' ', $k, 2) + [1 => ''];
    $ids[] = $id;
    usleep(20000);   // idle past RL_CONN_CHECK_IDLE_MS, so the next call checks the connection first
    $r = $call();
    echo "$label: killed=$res -> ", var_export($r, true), "\n";
}
var_dump(count(array_unique($ids)) === count($ids));   // a new connection each time
var_dump($raw->cmd('EXISTS', $key), $raw->cmd('EXISTS', "$key:2"));
var_dump(count(rl_client_entries($raw)));
?>
--EXPECT--
bool(true)
isLocking: killed=1 -> true
expire: killed=1 -> true
lock (owned): killed=1 -> true
lock (other): killed=1 -> true
unlock: killed=1 -> true
unlockAll: killed=1 -> true
bool(true)
int(0)
int(0)
int(1)
