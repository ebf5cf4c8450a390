--TEST--
redislock.auto_release=0: nothing is released at request end (keys stay with their TTL), nor on exit() or a fatal error
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();

foreach (['normal end' => '', 'exit()' => 'exit(0);', 'uncaught exception' => 'throw new Exception("x");'] as $label => $ending) {
    echo "-- $label\n";
    $name = rl_unique('noauto');
    $code = rl_child_prelude() . '$name = ' . var_export($name, true) . ";\n" . '
var_dump(ini_get("redislock.auto_release"));
$l = new RedisLock(RL_TEST_SERVER);
var_dump($l->lock($name, 0, 20));
' . $ending . "\n";
    [$rc, $out] = rl_run_php($code, ['redislock.auto_release' => '0']);
    echo preg_replace('/^(PHP )?Fatal error: .*$/ms', '<fatal>', $out), "\n";
    $pttl = $raw->cmd('PTTL', "Lock:$name");
    var_dump($rc, preg_match('/^[0-9a-f]{32}$/D', (string)$raw->cmd('GET', "Lock:$name")), $pttl > 15000 && $pttl <= 20000);
    var_dump($raw->cmd('DEL', "Lock:$name"));
}

echo "-- unset() with auto_release=0 does not release either\n";
$name = rl_unique('noauto');
$code = rl_child_prelude() . '$name = ' . var_export($name, true) . ";\n" . '
$l = new RedisLock(RL_TEST_SERVER);
var_dump($l->lock($name, 0, 20));
unset($l);
var_dump((new RawRedis())->cmd("EXISTS", "Lock:$name"));
';
[$rc, $out] = rl_run_php($code, ['redislock.auto_release' => '0']);
echo $out;
var_dump($rc, $raw->cmd('EXISTS', "Lock:$name"), $raw->cmd('DEL', "Lock:$name"));

echo "-- explicit unlock still works\n";
$name = rl_unique('noauto');
$code = rl_child_prelude() . '$name = ' . var_export($name, true) . ";\n" . '
$l = new RedisLock(RL_TEST_SERVER);
var_dump($l->lock($name, 0, 20), $l->unlock($name));
';
[$rc, $out] = rl_run_php($code, ['redislock.auto_release' => '0']);
echo $out;
var_dump($rc, $raw->cmd('EXISTS', "Lock:$name"));
?>
--EXPECT--
-- normal end
string(1) "0"
bool(true)

int(0)
int(1)
bool(true)
int(1)
-- exit()
string(1) "0"
bool(true)

int(0)
int(1)
bool(true)
int(1)
-- uncaught exception
string(1) "0"
bool(true)

<fatal>
int(255)
int(1)
bool(true)
int(1)
-- unset() with auto_release=0 does not release either
bool(true)
int(1)
int(0)
int(1)
int(1)
-- explicit unlock still works
bool(true)
bool(true)
int(0)
int(0)
