--TEST--
RedisSemaphore::release(): frees the slot for another owner at once; a second release is false; an id handed to another object releases there
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('release');
[$holders, $deadlines] = sem_keys($name);
$s = new RedisSemaphore(RL_TEST_SERVER);
$t = new RedisSemaphore(RL_TEST_SERVER);

echo "-- limit 1: the other owner gets the slot only after release\n";
$a = $s->acquire($name, 1, 30);
var_dump(is_string($a), $t->acquire($name, 1, 30));
var_dump($s->release($name, $a));
var_dump($raw->cmd('ZSCORE', $deadlines, $a), $raw->cmd('ZSCORE', $holders, $a));
$b = $t->acquire($name, 1, 30);
var_dump(is_string($b), $b !== $a, $t->count($name));

echo "-- releasing twice\n";
var_dump($s->release($name, $a), $s->release($name));   // already released; nothing held any more
var_dump($t->count($name), $raw->cmd('ZSCORE', $deadlines, $b) !== null);   // $b untouched

echo "-- an id released by another object (handed over)\n";
var_dump($s->release($name, $b));                         // any process given the id may release it
var_dump($t->count($name), $t->release($name), $t->release($name, $b));
var_dump($raw->cmd('EXISTS', ...sem_keys($name)));        // empty semaphore: keys deleted at once

echo "-- waiting acquire() is admitted once a holder releases\n";
$c = $s->acquire($name, 1, 30);
$child = new SemChild(rl_child_prelude() . '$name = ' . var_export($name, true) . ';
$t = new RedisSemaphore(RL_TEST_SERVER);
echo "waiting\n";
$t0 = microtime(true);
$id = $t->acquire($name, 1, 30, 10);
echo is_string($id) ? "admitted\n" : "not admitted\n", microtime(true) - $t0, "\n";
');
var_dump($child->line());
usleep(300000);
var_dump($s->count($name), $s->release($name));
[$rc, $out] = $child->finish();
[$status, $waited] = explode("\n", trim($out));
var_dump($rc, $status, $waited > 0.2 && $waited < 3);
var_dump($raw->cmd('EXISTS', ...sem_keys($name)));        // the child's slot went at its request end
?>
--EXPECT--
-- limit 1: the other owner gets the slot only after release
bool(true)
bool(false)
bool(true)
NULL
NULL
bool(true)
bool(true)
int(1)
-- releasing twice
bool(false)
bool(false)
int(1)
bool(true)
-- an id released by another object (handed over)
bool(true)
int(0)
bool(false)
bool(false)
int(0)
-- waiting acquire() is admitted once a holder releases
string(7) "waiting"
int(1)
bool(true)
int(0)
string(8) "admitted"
bool(true)
int(0)
