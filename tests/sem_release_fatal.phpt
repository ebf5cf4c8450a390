--TEST--
RedisSemaphore auto-release after real fatal errors (max_execution_time exceeded, memory exhausted, compile error in an include)
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();

function child_code(string $name, string $ending): string
{
    return rl_child_prelude() . 'require ' . var_export(__DIR__ . '/sem_helpers.inc', true) . ";\n"
        . '$name = ' . var_export($name, true) . ";\n" . '
$s = new RedisSemaphore(RL_TEST_SERVER);
$t = new RedisSemaphore(RL_TEST_SERVER, ["prefix" => "Second:"]);
var_dump(is_string($s->acquire($name, 2, 30)), is_string($s->acquire($name, 2, 30)), is_string($t->acquire($name, 1, 30)));
var_dump((new RawRedis())->cmd("EXISTS", ...sem_keys($name), ...sem_keys($name, "Second:")));
' . $ending . "\necho \"not reached\\n\";\n";
}
$keysOf = fn ($name) => [...sem_keys($name), ...sem_keys($name, 'Second:')];

echo "-- max_execution_time\n";
$name = rl_unique('semfatal');
$t = microtime(true);
[$rc, $out] = rl_run_php(child_code($name, 'while (true) { }'), ['max_execution_time' => 1]);
echo $out;
var_dump($rc, microtime(true) - $t < 10 * rl_slowdown(), $raw->cmd('EXISTS', ...$keysOf($name)));

echo "-- memory exhausted\n";
$name = rl_unique('semfatal');
[$rc, $out] = rl_run_php(child_code($name, '$a = []; while (true) { $a[] = str_repeat("x", 1 << 20); }'), ['memory_limit' => '32M']);
echo $out;
var_dump($rc, $raw->cmd('EXISTS', ...$keysOf($name)));

echo "-- fatal error at compile time of an included file\n";
$name = rl_unique('semfatal');
$inc = tempnam(sys_get_temp_dir(), 'rlinc');
file_put_contents($inc, '<?php class Dup {} class Dup {}');
[$rc, $out] = rl_run_php(child_code($name, 'require ' . var_export($inc, true) . ';'));
unlink($inc);
echo $out;
var_dump($rc, $raw->cmd('EXISTS', ...$keysOf($name)));

echo "-- the slots really were free again: another process takes all of them at once\n";
$s = new RedisSemaphore(RL_TEST_SERVER);
var_dump(is_string($s->acquire($name, 2, 5)), is_string($s->acquire($name, 2, 5)), $s->acquire($name, 2, 5));
?>
--EXPECTF--
-- max_execution_time
bool(true)
bool(true)
bool(true)
int(6)

Fatal error: Maximum execution time of 1 second exceeded in %s on line %d
int(255)
bool(true)
int(0)
-- memory exhausted
bool(true)
bool(true)
bool(true)
int(6)

Fatal error: Allowed memory size of %d bytes exhausted%s(tried to allocate %d bytes) in %s on line %d
int(255)
int(0)
-- fatal error at compile time of an included file
bool(true)
bool(true)
bool(true)
int(6)

Fatal error: Cannot %Sdeclare class Dup%S in %s on line %d
int(255)
int(0)
-- the slots really were free again: another process takes all of them at once
bool(true)
bool(true)
bool(false)
