--TEST--
unlockAll(): releases every lock the object holds; false if one of them was lost; true with nothing held
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();
$l = new RedisLock(RL_TEST_SERVER);
$other = new RedisLock(RL_TEST_SERVER);
$names = [rl_unique('all'), rl_unique('all'), rl_unique('all')];
$exists = fn () => implode(',', array_map(fn ($n) => $raw->cmd('EXISTS', "Lock:$n"), $names));

echo "-- nothing held\n";
var_dump($l->unlockAll());

echo "-- all held\n";
foreach ($names as $n) {
    var_dump($l->lock($n, 0, 5));
}
var_dump($other->lock($names[0]));
$otherName = rl_unique('all-other');
var_dump($other->lock($otherName, 0, 5));
echo $exists(), "\n";
var_dump($l->unlockAll());
echo $exists(), "\n";
foreach ($names as $n) {
    var_dump($l->isLocking($n));
}
// another object's lock is not touched
var_dump($raw->cmd('EXISTS', "Lock:$otherName"), $other->isLocking($otherName));
var_dump($l->unlockAll());

echo "-- one lost\n";
foreach ($names as $n) {
    $l->lock($n, 0, 5);
}
var_dump($raw->cmd('SET', "Lock:{$names[1]}", 'stolen', 'PX', '5000'));
var_dump($l->unlockAll());
echo $exists(), "\n";
var_dump($raw->cmd('GET', "Lock:{$names[1]}"));
// everything was forgotten: a second call has nothing to do
var_dump($l->unlockAll());
var_dump($raw->cmd('DEL', "Lock:{$names[1]}"));

echo "-- one expired\n";
$l->lock($names[0], 0, 5);
$l->lock($names[2], 0, 0.1);
usleep(250000);
var_dump($l->unlockAll());
echo $exists(), "\n";

var_dump($other->unlockAll(), $raw->cmd('EXISTS', "Lock:$otherName"));
?>
--EXPECT--
-- nothing held
bool(true)
-- all held
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
1,1,1
bool(true)
0,0,0
bool(false)
bool(false)
bool(false)
int(1)
bool(true)
bool(true)
-- one lost
string(2) "OK"
bool(false)
0,1,0
string(6) "stolen"
bool(true)
int(1)
-- one expired
bool(false)
0,0,0
bool(true)
int(0)
