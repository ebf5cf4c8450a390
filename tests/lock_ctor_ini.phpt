--TEST--
INI: redislock.server is used for a null server and by instance(); redislock.prefix is the default prefix; options override INI
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();
$name = rl_unique('ini');

$child = rl_child_prelude() . '
$name = ' . var_export($name, true) . ';
$raw = new RawRedis();
var_dump(ini_get("redislock.server") === RL_TEST_SERVER, ini_get("redislock.prefix"));
$l = new RedisLock();                  // server from INI
var_dump($l->lock($name, 0, 5), $raw->cmd("EXISTS", "IniPfx:$name"), $raw->cmd("EXISTS", "Lock:$name"));
$n = new RedisLock(null, ["prefix" => "Lock:"]);   // option overrides INI prefix
var_dump($n->lock($name, 0, 5), $raw->cmd("EXISTS", "Lock:$name"));
$i = RedisLock::instance();            // same INI server and prefix, another owner
var_dump($i->lock($name), $l->unlock($name), $i->lock($name), $raw->cmd("EXISTS", "IniPfx:$name"));
var_dump($i->unlock($name), $n->unlock($name));
var_dump($raw->cmd("EXISTS", "IniPfx:$name"), $raw->cmd("EXISTS", "Lock:$name"));
';
[$rc, $out] = rl_run_php($child, ['redislock.server' => RL_TEST_SERVER, 'redislock.prefix' => 'IniPfx:']);
echo $out;
var_dump($rc);

// without INI settings: defaults
[$rc, $out] = rl_run_php('<?php var_dump(ini_get("redislock.server"), ini_get("redislock.prefix"));');
echo $out;
var_dump($raw->cmd('EXISTS', "IniPfx:$name"), $raw->cmd('EXISTS', "Lock:$name"));
?>
--EXPECT--
bool(true)
string(7) "IniPfx:"
bool(true)
int(1)
int(0)
bool(true)
int(1)
bool(false)
bool(true)
bool(true)
int(1)
bool(true)
bool(true)
int(0)
int(0)
int(0)
string(20) "tcp://127.0.0.1:6379"
string(5) "Lock:"
int(0)
int(0)
