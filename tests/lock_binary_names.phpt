--TEST--
Names are binary-safe: NUL, CR/LF with RESP-looking text, printf directives, a 64 KiB name
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();
$l = new RedisLock(RL_TEST_SERVER);
$other = new RedisLock(RL_TEST_SERVER);
$u = rl_unique('bin');
$names = [
    'nul'       => "a\0b$u",
    'crlf'      => "x\r\nSET y 1\r\n$u",
    'resp'      => "*3\r\n\$3\r\nDEL\r\n\$1\r\nz\r\n$u",
    'printf'    => "%s%n%d%x%p$u",
    'utf8'      => "zámek-ロック-$u",
    '64k'       => substr($u . str_repeat("\xff\x00k\r\n", 13108), 0, 65536),
];
foreach ($names as $label => $name) {
    $key = "Lock:$name";
    $r = [];
    $r[] = $l->lock($name, 0, 5);
    $r[] = preg_match('/^[0-9a-f]{32}$/D', (string)$raw->cmd('GET', $key)) === 1;
    $r[] = $other->lock($name);
    $r[] = $l->isLocking($name);
    $r[] = $l->expire($name, 3);
    $pttl = $raw->cmd('PTTL', $key);
    $r[] = $pttl > 2000 && $pttl <= 3000;
    $r[] = $l->unlock($name);
    $r[] = $raw->cmd('EXISTS', $key) === 0;
    echo str_pad($label, 7), ' ', implode(' ', array_map(fn ($b) => var_export($b, true), $r)), "\n";
}
// a NUL name is not truncated: "Lock:a" was never created, nor the injected key "y"/"z"
var_dump($raw->cmd('EXISTS', 'Lock:a'), $raw->cmd('EXISTS', 'y'), $raw->cmd('EXISTS', 'z'));
var_dump(strlen($names['64k']));

// names differing only after a NUL are different locks
$n1 = "p\0one$u";
$n2 = "p\0two$u";
var_dump($l->lock($n1, 0, 5), $other->lock($n2, 0, 5));
var_dump($raw->cmd('EXISTS', "Lock:$n1"), $raw->cmd('EXISTS', "Lock:$n2"), $raw->cmd('EXISTS', "Lock:p"));
var_dump($l->unlockAll(), $other->unlockAll());
var_dump($raw->cmd('EXISTS', "Lock:$n1"), $raw->cmd('EXISTS', "Lock:$n2"));
?>
--EXPECT--
nul     true true false true true true true true
crlf    true true false true true true true true
resp    true true false true true true true true
printf  true true false true true true true true
utf8    true true false true true true true true
64k     true true false true true true true true
int(0)
int(0)
int(0)
int(65536)
bool(true)
bool(true)
int(1)
int(1)
int(0)
bool(true)
bool(true)
int(0)
int(0)
