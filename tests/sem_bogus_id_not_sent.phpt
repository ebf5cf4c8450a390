--TEST--
RedisSemaphore::release()/refresh() with a string that is not shaped like an id we issue ("<32 lowercase hex>.<ms>") send nothing to Redis
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('notsent');
$s = new RedisSemaphore(RL_TEST_SERVER);
$a = $s->acquire($name, 2, 30);    // connected, scripts loaded

$hex = str_repeat('a', 32);
$bogus = [
    'empty' => '',
    'short' => 'abc',
    'no lifetime' => $hex,
    'empty lifetime' => "$hex.",
    'zero lifetime' => "$hex.0",
    'negative lifetime' => "$hex.-5",
    'letters lifetime' => "$hex.abc",
    'trailing junk' => "$hex.1000x",
    'lifetime over 1e9 s' => "$hex.1000000000001",
    '33 hex' => "a$hex.1000",
    'uppercase hex' => strtoupper(str_repeat('ab', 16)) . '.1000',
    'not hex' => str_repeat('z', 32) . '.1000',
    'plus sign' => "$hex.+1000",
    'space' => "$hex. 1000",
];
$calls = sem_script_calls($raw);
foreach ($bogus as $what => $id) {
    $before = sem_script_calls($raw);
    $r = [$s->release($name, $id), $s->refresh($name, $id), $s->refresh($name, $id, 5)];
    $sent = sem_script_calls($raw) - $before;
    echo str_pad($what, 20), json_encode($r), ' scripts sent: ', $sent, "\n";
}
var_dump($s->count($name), $s->release($name, $a), $raw->cmd('EXISTS', ...sem_keys($name)));
?>
--EXPECT--
empty               [false,false,false] scripts sent: 0
short               [false,false,false] scripts sent: 0
no lifetime         [false,false,false] scripts sent: 0
empty lifetime      [false,false,false] scripts sent: 0
zero lifetime       [false,false,false] scripts sent: 0
negative lifetime   [false,false,false] scripts sent: 0
letters lifetime    [false,false,false] scripts sent: 0
trailing junk       [false,false,false] scripts sent: 0
lifetime over 1e9 s [false,false,false] scripts sent: 0
33 hex              [false,false,false] scripts sent: 0
uppercase hex       [false,false,false] scripts sent: 0
not hex             [false,false,false] scripts sent: 0
plus sign           [false,false,false] scripts sent: 0
space               [false,false,false] scripts sent: 0
int(1)
bool(true)
int(0)
