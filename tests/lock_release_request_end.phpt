--TEST--
Request end: locks still held are released at the end of the request (normal end, exit()), only if still owned
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();

function child(string $body, array $names): string
{
    return rl_child_prelude() . '$names = ' . var_export($names, true) . ";\n" . '$raw = new RawRedis();' . "\n" . $body;
}

echo "-- normal end\n";
$names = [rl_unique('end'), rl_unique('end')];
[$rc, $out] = rl_run_php(child('
$a = new RedisLock(RL_TEST_SERVER);
$b = new RedisLock(RL_TEST_SERVER, ["prefix" => "Other:"]);
var_dump($a->lock($names[0], 0, 30), $a->lock($names[1], 0, 30), $b->lock($names[0], 0, 30));
var_dump($raw->cmd("EXISTS", "Lock:$names[0]", "Lock:$names[1]", "Other:$names[0]"));
echo "end\n";
', $names));
echo $out;
var_dump($rc, $raw->cmd('EXISTS', "Lock:{$names[0]}", "Lock:{$names[1]}", "Other:{$names[0]}"));

echo "-- exit()\n";
$names = [rl_unique('end')];
[$rc, $out] = rl_run_php(child('
$a = new RedisLock(RL_TEST_SERVER);
var_dump($a->lock($names[0], 0, 30), $raw->cmd("EXISTS", "Lock:$names[0]"));
exit(3);
', $names));
echo $out;
var_dump($rc, $raw->cmd('EXISTS', "Lock:{$names[0]}"));

echo "-- exit() inside a function, object in a local variable of a caller\n";
$names = [rl_unique('end')];
[$rc, $out] = rl_run_php(child('
function inner() { exit(0); }
function outer(array $names, RawRedis $raw) {
    $a = new RedisLock(RL_TEST_SERVER);
    var_dump($a->lock($names[0], 0, 30), $raw->cmd("EXISTS", "Lock:$names[0]"));
    inner();
}
outer($names, $raw);
', $names));
echo $out;
var_dump($rc, $raw->cmd('EXISTS', "Lock:{$names[0]}"));

echo "-- lost locks are not deleted at request end\n";
$names = [rl_unique('end'), rl_unique('end')];
[$rc, $out] = rl_run_php(child('
$a = new RedisLock(RL_TEST_SERVER);
var_dump($a->lock($names[0], 0, 30), $a->lock($names[1], 0, 30));
var_dump($raw->cmd("SET", "Lock:$names[0]", "taken-by-another", "PX", "30000"));
', $names));
echo $out;
var_dump($rc, $raw->cmd('GET', "Lock:{$names[0]}"), $raw->cmd('EXISTS', "Lock:{$names[1]}"));
$raw->cmd('DEL', "Lock:{$names[0]}");

echo "-- objects kept alive by a cycle and a static\n";
$names = [rl_unique('end'), rl_unique('end')];
[$rc, $out] = rl_run_php(child('
class Holder { public $self; public RedisLock $l; public static ?RedisLock $keep = null; }
$h = new Holder(); $h->self = $h; $h->l = new RedisLock(RL_TEST_SERVER);
Holder::$keep = new RedisLock(RL_TEST_SERVER);
var_dump($h->l->lock($names[0], 0, 30), Holder::$keep->lock($names[1], 0, 30));
unset($h);
var_dump($raw->cmd("EXISTS", "Lock:$names[0]", "Lock:$names[1]"));
', $names));
echo $out;
var_dump($rc, $raw->cmd('EXISTS', "Lock:{$names[0]}", "Lock:{$names[1]}"));
?>
--EXPECT--
-- normal end
bool(true)
bool(true)
bool(true)
int(3)
end
int(0)
int(0)
-- exit()
bool(true)
int(1)
int(3)
int(0)
-- exit() inside a function, object in a local variable of a caller
bool(true)
int(1)
int(0)
int(0)
-- lost locks are not deleted at request end
bool(true)
bool(true)
string(2) "OK"
int(0)
string(16) "taken-by-another"
int(0)
-- objects kept alive by a cycle and a static
bool(true)
bool(true)
int(2)
int(0)
int(0)
