--TEST--
Redlock release: what a request holds over several masters (two RedisLock objects and a RedLock) is released on every master when it ends without unlocking: normal end, exit(), an uncaught exception, a fatal error; not with redislock.auto_release=0; destroying a RedisLock object releases its locks on every master
--SKIPIF--
<?php require __DIR__ . '/skipif_masters.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/redlock_helpers.inc';
$servers = rl_test_masters(3);
$raws = rl_raws($servers);
$inc = tempnam(sys_get_temp_dir(), 'rlinc');
file_put_contents($inc, '<?php class Dup {} class Dup {}');

function child_code(array $servers, string $name, string $ending): string
{
    return rl_child_prelude() . 'require ' . var_export(__DIR__ . '/lock_helpers.inc', true) . ";\n"
        . 'require ' . var_export(__DIR__ . '/redlock_helpers.inc', true) . ";\n"
        . '$servers = ' . var_export($servers, true) . ";\n"
        . '$name = ' . var_export($name, true) . ";\n" . '
$l = new RedisLock($servers);
$m = new RedisLock($servers, ["prefix" => "Second:"]);
$r = new RedLock(rl_redlock_triples($servers));
$lk = $r->lock("res:$name", 30000);
var_dump($l->lock($name, 0, 30), $m->lock($name, 0, 30), is_array($lk));
echo json_encode(rl_exists_all(rl_raws($servers), "Lock:$name", "Second:$name", "res:$name")), "\n";
' . $ending . "\necho \"not reached\\n\";\n";
}

$endings = [
    'normal end' => 'echo "end\n"; return;',
    'exit()' => 'exit(3);',
    'uncaught exception' => 'throw new RuntimeException("boom");',
    'fatal error' => 'require ' . var_export($inc, true) . ';',
];
foreach ($endings as $what => $ending) {
    echo "-- $what\n";
    $name = rl_unique('end');
    [$rc, $out] = rl_run_php(child_code($servers, $name, $ending));
    echo $out;
    var_dump($rc, json_encode(rl_exists_all($raws, "Lock:$name", "Second:$name", "res:$name")));
}
unlink($inc);

echo "-- auto_release=0: the locks stay on every master\n";
$name = rl_unique('kept');
[$rc, $out] = rl_run_php(child_code($servers, $name, ''), ['redislock.auto_release' => '0']);
echo $out;
var_dump($rc, json_encode(rl_exists_all($raws, "Lock:$name", "Second:$name", "res:$name")));
var_dump(strlen(rl_common_token($raws, "Lock:$name")), strlen(rl_common_token($raws, "res:$name")));
rl_del_all($raws, "Lock:$name", "Second:$name", "res:$name");

echo "-- destruction\n";
$name = rl_unique('destroy');
$l = new RedisLock($servers);
$keep = new RedisLock($servers);
var_dump($l->lock($name, 0, 30), $l->lock("$name-2", 0, 30), $keep->lock("$name-3", 0, 30));
echo json_encode(rl_exists_all($raws, "Lock:$name", "Lock:$name-2", "Lock:$name-3")), "\n";
unset($l);
echo json_encode(rl_exists_all($raws, "Lock:$name", "Lock:$name-2")), ' ', json_encode(rl_exists_all($raws, "Lock:$name-3")), "\n";
var_dump($keep->unlock("$name-3"));
?>
--EXPECTF--
-- normal end
bool(true)
bool(true)
bool(true)
[3,3,3]
end
int(0)
string(7) "[0,0,0]"
-- exit()
bool(true)
bool(true)
bool(true)
[3,3,3]
int(3)
string(7) "[0,0,0]"
-- uncaught exception
bool(true)
bool(true)
bool(true)
[3,3,3]

Fatal error: Uncaught RuntimeException: boom in %s:%d
Stack trace:
#0 {main}
  thrown in %s on line %d
int(255)
string(7) "[0,0,0]"
-- fatal error
bool(true)
bool(true)
bool(true)
[3,3,3]

Fatal error: Cannot %Sdeclare class Dup%S in %s on line %d
int(255)
string(7) "[0,0,0]"
-- auto_release=0: the locks stay on every master
bool(true)
bool(true)
bool(true)
[3,3,3]
not reached
int(0)
string(7) "[3,3,3]"
int(32)
int(32)
-- destruction
bool(true)
bool(true)
bool(true)
[3,3,3]
[0,0,0] [1,1,1]
bool(true)
