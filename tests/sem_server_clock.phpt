--TEST--
RedisSemaphore uses the server's clock and counter: deadline = server TIME + expire (within 100 ms), holders ranked by a server-side ticket
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('clock');
[$holders, $deadlines, $ticket] = $keys = sem_keys($name);
$s = new RedisSemaphore(RL_TEST_SERVER);

foreach ([0.25, 1.5, 10, 3600, 86400 * 30] as $expire) {
    $before = sem_server_ms($raw);
    $id = $s->acquire($name, 100, $expire);
    $after = sem_server_ms($raw);
    $deadline = (float)$raw->cmd('ZSCORE', $deadlines, $id);
    $ms = (int)ceil($expire * 1000);
    printf("expire %s: %s\n", $expire,
        $deadline >= $before + $ms - 1 && $deadline <= $after + $ms && $deadline - ($before + $ms) < 100 * rl_slowdown() ? 'server TIME + expire' : "off by " . ($deadline - $before - $ms) . " ms");
    $t = sem_server_ms($raw);
    $r = $s->refresh($name, $id, 2 * $expire);
    $deadline = (float)$raw->cmd('ZSCORE', $deadlines, $id);
    printf("  refresh to %s: %s %s\n", 2 * $expire, var_export($r, true),
        abs($deadline - ($t + 2 * $ms)) < 100 * rl_slowdown() ? 'server TIME + expire' : "off by " . ($deadline - $t - 2 * $ms) . " ms");
}
// the deadline is not the client's clock unless the clocks agree: both say the same here (same host), so
// also check the score is a millisecond timestamp, not seconds or microseconds
$d = (float)$raw->cmd('ZSCORE', $deadlines, $id);
var_dump($d > 1e12 && $d < 1e14);
var_dump($s->releaseAll(), $raw->cmd('EXISTS', ...$keys));

echo "-- holders are ordered by a server-side ticket (INCR), not by time\n";
$ids = [];
for ($i = 0; $i < 3; $i++) {
    $ids[] = $s->acquire($name, 3, 30);
}
var_dump($s->acquire($name, 3, 30));                    // refused: writes nothing, takes no ticket
var_dump(array_values(sem_zset($raw, $holders)), array_keys(sem_zset($raw, $holders)) === $ids, $raw->cmd('GET', $ticket));
var_dump($s->release($name, $ids[0]));
$ids[] = $s->acquire($name, 3, 30);
var_dump(sem_zset($raw, $holders)[$ids[3]], $raw->cmd('GET', $ticket));
var_dump($s->releaseAll(), $raw->cmd('EXISTS', ...$keys));
?>
--EXPECT--
expire 0.25: server TIME + expire
  refresh to 0.5: true server TIME + expire
expire 1.5: server TIME + expire
  refresh to 3: true server TIME + expire
expire 10: server TIME + expire
  refresh to 20: true server TIME + expire
expire 3600: server TIME + expire
  refresh to 7200: true server TIME + expire
expire 2592000: server TIME + expire
  refresh to 5184000: true server TIME + expire
bool(true)
bool(true)
int(0)
-- holders are ordered by a server-side ticket (INCR), not by time
bool(false)
array(3) {
  [0]=>
  float(1)
  [1]=>
  float(2)
  [2]=>
  float(3)
}
bool(true)
string(1) "3"
bool(true)
float(4)
string(1) "4"
bool(true)
int(0)
