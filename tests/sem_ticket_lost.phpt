--TEST--
RedisSemaphore: the limit holds even if the ticket counter key disappears (evicted, deleted) while slots are held
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('ticket');
[$holders, $deadlines, $ticket] = $keys = sem_keys($name);
$s = new RedisSemaphore(RL_TEST_SERVER);
$ids = [];
for ($i = 0; $i < 4; $i++) {
    $ids[] = $s->acquire($name, 4, 30);
}
var_dump(count(array_filter($ids, 'is_string')), $raw->cmd('GET', $ticket));
// e.g. evicted under maxmemory-policy volatile-random / allkeys-random: the counter restarts at 1
$raw->cmd('DEL', $ticket);
$t = new RedisSemaphore(RL_TEST_SERVER);
var_dump($t->acquire($name, 4, 30), $t->acquire($name, 4, 30));
var_dump($s->count($name), $raw->cmd('ZCARD', $holders));
var_dump($s->releaseAll(), $t->releaseAll(), $raw->cmd('EXISTS', ...$keys));
?>
--EXPECT--
int(4)
string(1) "4"
bool(false)
bool(false)
int(4)
int(4)
bool(true)
bool(true)
int(0)
