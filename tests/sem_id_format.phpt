--TEST--
RedisSemaphore::acquire(): the holder id is "<32 lowercase hex>.<lifetime in ms>", random, and is the member stored in Redis
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('idfmt');
[$holders, $deadlines] = sem_keys($name);
$s = new RedisSemaphore(RL_TEST_SERVER);

// expire (s) => the lifetime written in the id (ms, rounded up)
foreach ([[1.5, '1500'], [null, '10000'], [0.2, '200'], [0.0001, '1'], [1.0005, '1001'], [86400, '86400000']] as [$expire, $ms]) {
    $id = $expire === null ? $s->acquire($name, 100) : $s->acquire($name, 100, $expire);
    echo var_export($expire, true), ' => ', preg_match('/^[0-9a-f]{32}\.(\d+)$/', $id, $m) ? $m[1] : "bad id $id",
        ' ', var_export($m[1] === $ms, true),
        ' stored: ', var_export($raw->cmd('ZSCORE', $holders, $id) !== null && $raw->cmd('ZSCORE', $deadlines, $id) !== null, true), "\n";
}
// ids never repeat
$seen = [];
for ($i = 0; $i < 200; $i++) {
    $id = $s->acquire($name, 1000, 30);
    $seen[substr($id, 0, 32)] = true;
}
var_dump(count($seen));
var_dump($s->releaseAll(), $raw->cmd('EXISTS', ...sem_keys($name)));
?>
--EXPECT--
1.5 => 1500 true stored: true
NULL => 10000 true stored: true
0.2 => 200 true stored: true
0.0001 => 1 true stored: true
1.0005 => 1001 true stored: true
86400 => 86400000 true stored: true
int(200)
bool(false)
int(0)
