--TEST--
RedisSemaphore auto-release: slots are released at request end (normal end, exit, uncaught exception) and when the object is destroyed
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
$ids = [$s->acquire($name, 5, 30), $s->acquire($name, 5, 30), $t->acquire($name, 5, 30), $s->acquire($name . ":b", 5, 30)];
echo count(array_filter($ids, "is_string")), " slots, ", (new RawRedis())->cmd("ZCARD", sem_keys($name)[1]), " + ",
    (new RawRedis())->cmd("ZCARD", sem_keys($name, "Second:")[1]), "\n";
' . $ending . "\necho \"end of script\\n\";\n";
}
$keysOf = fn ($name) => [...sem_keys($name), ...sem_keys($name, 'Second:'), ...sem_keys("$name:b")];

foreach ([
    'normal end' => '',
    'exit(3)' => 'exit(3);',
    'uncaught exception' => 'throw new RuntimeException("boom");',
    'exit in a function with the objects in scope' => 'function f($s) { $x = $s; exit(0); } f($s);',
    'objects in a reference cycle' => '$o = new stdClass; $o->self = $o; $o->s = $s; $o->t = $t; unset($s, $t);',
] as $what => $ending) {
    $name = rl_unique('reqend');
    [$rc, $out] = rl_run_php(child_code($name, $ending));
    $p = strpos($out, 'boom in ');      // cut the file name and stack trace of the uncaught exception
    echo "-- $what: exit $rc\n", $p === false ? $out : substr($out, 0, $p + 4) . ' ...', "\n";
    var_dump($raw->cmd('EXISTS', ...$keysOf($name)));
}

echo "-- destruction in this process\n";
$name = rl_unique('destroy');
$s = new RedisSemaphore(RL_TEST_SERVER);
$s->acquire($name, 3, 30);
$s->acquire($name, 3, 30);
$t = new RedisSemaphore(RL_TEST_SERVER);
$t->acquire($name, 3, 30);
var_dump($t->count($name));
unset($s);
var_dump($t->count($name), $raw->cmd('ZCARD', sem_keys($name)[1]));
(function () use ($name) {
    $u = new RedisSemaphore(RL_TEST_SERVER);
    var_dump(is_string($u->acquire($name, 3, 30)), $u->count($name));
})();
var_dump($t->count($name));
$t = null;
var_dump($raw->cmd('EXISTS', ...sem_keys($name)));
?>
--EXPECTF--
-- normal end: exit 0
4 slots, 2 + 1
end of script

int(0)
-- exit(3): exit 3
4 slots, 2 + 1

int(0)
-- uncaught exception: exit 255
4 slots, 2 + 1

Fatal error: Uncaught RuntimeException: boom ...
int(0)
-- exit in a function with the objects in scope: exit 0
4 slots, 2 + 1

int(0)
-- objects in a reference cycle: exit 0
4 slots, 2 + 1
end of script

int(0)
-- destruction in this process
int(3)
int(1)
int(1)
bool(true)
int(2)
int(1)
int(0)
