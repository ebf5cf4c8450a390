--TEST--
Request end: locks are released after an uncaught exception and after calling an undefined function
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();

$cases = [
    'uncaught exception' => 'throw new RuntimeException("boom");',
    'undefined function' => 'no_such_function_xyz();',
    'exception thrown from nested functions' => 'function f() { throw new LogicException("deep"); } function g() { f(); } g();',
];
foreach ($cases as $label => $ending) {
    echo "-- $label\n";
    $name = rl_unique('uncaught');
    $code = rl_child_prelude() . '$name = ' . var_export($name, true) . ";\n" . '
$l = new RedisLock(RL_TEST_SERVER);
var_dump($l->lock($name, 0, 30), (new RawRedis())->cmd("EXISTS", "Lock:$name"));
' . $ending . "\necho \"not reached\\n\";\n";
    [$rc, $out] = rl_run_php($code);
    echo $out;
    var_dump($rc, $raw->cmd('EXISTS', "Lock:$name"));
}
?>
--EXPECTF--
-- uncaught exception
bool(true)
int(1)

Fatal error: Uncaught RuntimeException: boom in %s:%d
Stack trace:
#0 {main}
  thrown in %s on line %d
int(255)
int(0)
-- undefined function
bool(true)
int(1)

Fatal error: Uncaught Error: Call to undefined function no_such_function_xyz() in %s:%d
Stack trace:
#0 {main}
  thrown in %s on line %d
int(255)
int(0)
-- exception thrown from nested functions
bool(true)
int(1)

Fatal error: Uncaught LogicException: deep in %s:%d
Stack trace:
#0 %s(%d): f()
#1 %s(%d): g()
#2 {main}
  thrown in %s on line %d
int(255)
int(0)
