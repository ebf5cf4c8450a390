--TEST--
RedisSemaphore::acquire(): at most $limit holders; the next one gets false and changes nothing; names are independent
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('limit');
[$holders, $deadlines, $ticket] = sem_keys($name);

$s = new RedisSemaphore(RL_TEST_SERVER);
$t = new RedisSemaphore(RL_TEST_SERVER);   // another owner, same semaphore
$ids = [$s->acquire($name, 3, 30), $t->acquire($name, 3, 30), $s->acquire($name, 3, 30)];
foreach ($ids as $id) {
    var_dump(is_string($id) && preg_match('/^[0-9a-f]{32}\.30000$/', $id) === 1);
}
var_dump(count(array_unique($ids)));
var_dump($s->acquire($name, 3, 30), $t->acquire($name, 3, 30));   // full: no waiting (timeout 0)
var_dump($s->count($name), $t->count($name));
var_dump($raw->cmd('ZCARD', $holders), $raw->cmd('ZCARD', $deadlines));
// the live holders are exactly the three ids handed out
$live = array_keys(sem_zset($raw, $deadlines));
sort($live);
$sorted = $ids;
sort($sorted);
var_dump($live === $sorted, array_keys(sem_zset($raw, $holders)) === $ids);

// a higher limit for the same name admits more; a limit of 1 admits no one now
var_dump(is_string($s->acquire($name, 4, 30)), $s->acquire($name, 4, 30), $s->acquire($name, 1, 30));
var_dump($s->count($name));

// another name has its own slots
$other = rl_unique('limit');
var_dump(is_string($t->acquire($other, 1, 30)), $t->acquire($other, 1, 30), $t->count($other), $s->count($name));

var_dump($s->releaseAll(), $t->releaseAll(), $s->count($name), $t->count($other));
var_dump($raw->cmd('EXISTS', ...sem_keys($name), ...sem_keys($other)));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
int(3)
bool(false)
bool(false)
int(3)
int(3)
int(3)
int(3)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
int(4)
bool(true)
bool(false)
int(1)
int(4)
bool(true)
bool(true)
int(0)
int(0)
int(0)
