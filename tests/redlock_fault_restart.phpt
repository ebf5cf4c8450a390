--TEST--
Redlock faults: a master restarted empty (SHUTDOWN NOSAVE, started again, no persistence) while a lock is held: the holder still has it (2 of 3), another object cannot take it and leaves nothing on the restarted master, the holder's expire()/unlock() work over the new connection
--SKIPIF--
<?php require __DIR__ . '/skipif_masters.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/fault_helpers.inc';
require __DIR__ . '/redlock_helpers.inc';
$m = rl_private_masters(3);
$servers = rl_servers_of($m);
$name = rl_unique('restart');
$key = "Lock:$name";
$a = new RedisLock($servers);
$b = new RedisLock($servers);
var_dump($a->lock($name, 0, 30), $b->isLocking($name));
$tok = rl_common_token(rl_raws($m), $key);

$m[0]->stop();
$m[0]->start();
$raws = rl_raws($m);
echo 'after restart: ', implode('', array_map(fn ($v) => $v === $tok ? 'T' : ($v === null ? '-' : '?'), rl_get_all($raws, $key))), "\n";
var_dump($a->isLocking($name), $a->remaining($name) > 20);
var_dump($b->lock($name, 0, 10), $b->lock($name, 0.3, 10), $b->isLocking($name));
echo 'after the other: ', implode('', array_map(fn ($v) => $v === $tok ? 'T' : ($v === null ? '-' : '?'), rl_get_all($raws, $key))), "\n";
var_dump($a->expire($name, 40), $raws[0]->cmd('EXISTS', $key), rl_pttl_between(array_slice($raws, 1), $key, 35000, 40000));
var_dump($a->unlock($name), json_encode(rl_exists_all($raws, $key)));
var_dump($b->lock($name, 0, 10), strlen(rl_common_token($raws, $key)), $b->unlock($name), json_encode(rl_exists_all($raws, $key)));

// restarted twice: two of three lost it, the lock is gone for the holder too
var_dump($a->lock($name, 0, 30));
$m[1]->stop();
$m[1]->start();
$m[2]->stop();
$m[2]->start();
var_dump($a->isLocking($name), $b->lock($name, 0, 10), $b->unlock($name));
?>
--EXPECT--
bool(true)
bool(false)
after restart: -TT
bool(true)
bool(true)
bool(false)
bool(false)
bool(false)
after the other: -TT
bool(true)
int(0)
bool(true)
bool(true)
string(7) "[0,0,0]"
bool(true)
int(32)
bool(true)
string(7) "[0,0,0]"
bool(true)
bool(false)
bool(true)
bool(true)
