--TEST--
RedisSemaphore::release()/refresh() with an id that is not a live holder of that name: false, and the semaphore is unchanged
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('bogus');
$other = rl_unique('bogus');
$keys = sem_keys($name);
$s = new RedisSemaphore(RL_TEST_SERVER);
$t = new RedisSemaphore(RL_TEST_SERVER);
$a = $s->acquire($name, 2, 30);
$b = $s->acquire($name, 2, 30);
$x = $t->acquire($other, 2, 30);     // a real id, but of another semaphore

$state = fn () => [sem_zset($raw, $keys[0]), sem_zset($raw, $keys[1]), $raw->cmd('GET', $keys[2])];
$before = $state();
$hex = str_repeat('a', 32);
$bogus = [
    '', 'abc', $hex, "$hex.", "$hex.0", "$hex.-5", "$hex.abc", "$hex.1000x", "$hex.1000000000001",
    "a$hex.1000", "$hex.1000",                       // well-formed, never issued
    strtoupper(bin2hex(random_bytes(16))) . '.1000', str_repeat('z', 32) . '.1000', "$hex.+1000", "$hex. 1000",
    substr($a, 0, 32) . '.999',                      // a live holder's token with another lifetime
    $x,                                              // live, but for another name
];
$bad = 0;
foreach ($bogus as $id) {
    $r = [$s->release($name, $id), $s->refresh($name, $id), $s->refresh($name, $id, 60), $t->release($name, $id)];
    if ($r !== [false, false, false, false] || $state() !== $before) {
        echo 'accepted ', var_export($id, true), ': ', json_encode($r), "\n";
        $bad++;
    }
}
var_dump($bad);
// the PTTLs were not touched either (a refresh would have pushed them to ~60 s); a bound well
// below that: the TTLs are set from the server's TIME, and a wall clock stepped back afterwards
// (a VM's time sync) reads them longer than 30 s (fresh-debian12 stage of 08b6696)
var_dump(max(sem_pttls($raw, $keys)) <= 45000);
var_dump($s->count($name), $t->count($other), $raw->cmd('ZSCORE', sem_keys($other)[1], $x) !== null);
// the object still knows its own slots
var_dump($s->release($name), $s->release($name), $t->release($other));
var_dump($raw->cmd('EXISTS', ...$keys, ...sem_keys($other)));
?>
--EXPECT--
int(0)
bool(true)
int(2)
int(1)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
