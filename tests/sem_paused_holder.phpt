--TEST--
RedisSemaphore: a holder stopped (SIGSTOP) past its lifetime loses its slot to another process; resumed, its refresh() and release() are false and the limit is never exceeded
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('paused');
// the child's lifetime: long enough to be stopped while it still holds its slot, even traced
$life = 0.6 * rl_slowdown();
[$holders, $deadlines] = $keys = sem_keys($name);
$maxSeen = 0;
$watch = function () use ($raw, $holders, $deadlines, &$maxSeen) {
    $maxSeen = max($maxSeen, $raw->cmd('ZCARD', $holders), $raw->cmd('ZCARD', $deadlines));
};

$child = new SemChild(rl_child_prelude() . '$name = ' . var_export($name, true) . ';
$s = new RedisSemaphore(RL_TEST_SERVER);
$id = $s->acquire($name, 1, ' . $life . ');
echo is_string($id) ? "acquired\n" : "refused\n";
fgets(STDIN);                                   // the parent stops us here, then wakes us up
$r = [$s->refresh($name), $s->refresh($name, $id, 30), $s->count($name), $s->acquire($name, 1, 30), $s->release($name), $s->release($name, $id), $s->releaseAll(), $s->count($name)];
echo "resumed: ", implode(" ", array_map(fn ($v) => var_export($v, true), $r)), "\n";
');
var_dump($child->line());
$child->signal(19);                              // SIGSTOP
$watch();
$s = new RedisSemaphore(RL_TEST_SERVER);
var_dump($s->acquire($name, 1, 30));             // the stopped child still has its slot
$t0 = microtime(true);
$mine = $s->acquire($name, 1, 30, 2 + $life);     // ... until its lifetime is over
$waited = microtime(true) - $t0;
$watch();
var_dump(is_string($mine), $waited < $life + 0.7 * rl_slowdown(), $s->count($name));
usleep((int)($life * 1e6));                      // the child stays stopped well past its lifetime
$watch();
$child->signal(18);                              // SIGCONT
$child->write("go\n");
var_dump($child->line());
$watch();
[$rc, $out] = $child->finish();
echo $out;
var_dump($rc);
// after the child's exit (auto-release of nothing), the parent's slot is intact and alone
var_dump(array_keys(sem_zset($raw, $deadlines)) === [$mine], $s->count($name), $maxSeen);
var_dump($s->refresh($name), $s->release($name), $raw->cmd('EXISTS', ...$keys));
?>
--EXPECT--
string(8) "acquired"
bool(false)
bool(true)
bool(true)
int(1)
string(47) "resumed: false false 1 false false false true 1"
int(0)
bool(true)
int(1)
int(1)
bool(true)
bool(true)
int(0)
