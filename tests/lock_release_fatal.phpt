--TEST--
Request end: locks are released after real fatal errors (max_execution_time exceeded, memory exhausted)
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();

function child_code(string $name, string $ending): string
{
    return rl_child_prelude() . '$name = ' . var_export($name, true) . ";\n" . '
$l = new RedisLock(RL_TEST_SERVER);
$m = new RedisLock(RL_TEST_SERVER, ["prefix" => "Second:"]);
var_dump($l->lock($name, 0, 30), $m->lock($name, 0, 30));
var_dump((new RawRedis())->cmd("EXISTS", "Lock:$name", "Second:$name"));
' . $ending . "\necho \"not reached\\n\";\n";
}

echo "-- max_execution_time\n";
$name = rl_unique('fatal');
$t = microtime(true);
[$rc, $out] = rl_run_php(child_code($name, 'while (true) { }'), ['max_execution_time' => 1]);
echo $out;
var_dump($rc, microtime(true) - $t < 10 * rl_slowdown(), $raw->cmd('EXISTS', "Lock:$name", "Second:$name"));

echo "-- memory exhausted\n";
$name = rl_unique('fatal');
// rl_run_php() gives children an allocator that enforces memory_limit (rl_child_env())
[$rc, $out] = rl_run_php(child_code($name, '$a = []; for ($i = 0; $i < 1024; $i++) { $a[] = str_repeat("x", 1 << 20); }'), ['memory_limit' => '32M']);
echo $out;
var_dump($rc, $raw->cmd('EXISTS', "Lock:$name", "Second:$name"));

echo "-- fatal error at compile time of an included file\n";
$name = rl_unique('fatal');
$inc = tempnam(sys_get_temp_dir(), 'rlinc');
file_put_contents($inc, '<?php class Dup {} class Dup {}');
[$rc, $out] = rl_run_php(child_code($name, 'require ' . var_export($inc, true) . ';'));
unlink($inc);
echo $out;
var_dump($rc, $raw->cmd('EXISTS', "Lock:$name", "Second:$name"));
?>
--EXPECTF--
-- max_execution_time
bool(true)
bool(true)
int(2)

Fatal error: Maximum execution time of 1 second exceeded in %s on line %d
int(255)
bool(true)
int(0)
-- memory exhausted
bool(true)
bool(true)
int(2)

Fatal error: Allowed memory size of %d bytes exhausted%s(tried to allocate %d bytes) in %s on line %d
int(255)
int(0)
-- fatal error at compile time of an included file
bool(true)
bool(true)
int(2)

Fatal error: Cannot %Sdeclare class Dup%S in %s on line %d
int(255)
int(0)
