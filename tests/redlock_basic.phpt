--TEST--
Redlock over 3 and over 5 masters: lock() puts one 32-hex token on every master with PTTL = expire; a second object is excluded; isLocking/expire/remaining (client-side validity: a float that decreases, at most ttl minus the drift, false when not held)/unlock/unlockAll act on every master
--SKIPIF--
<?php require __DIR__ . '/skipif_masters.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/redlock_helpers.inc';
$k = rl_slowdown();

foreach ([3, 5] as $n) {
    echo "-- $n masters\n";
    $servers = rl_test_masters($n);
    $raws = rl_raws($servers);
    $name = rl_unique('basic');
    $key = "Lock:$name";
    $a = new RedisLock($servers);
    $b = new RedisLock($servers);

    echo 'free: ', json_encode(rl_exists_all($raws, $key)), "\n";
    var_dump($a->lock($name, 0, 10));
    $token = rl_common_token($raws, $key);
    echo 'token: ', strlen($token), ' ', rl_count_holding($raws, $key, $token), "\n";
    var_dump(rl_pttl_between($raws, $key, 9000 - 1000 * $k, 10000));

    // another owner: false at once, nothing changed
    var_dump($b->lock($name), $b->lock($name, 0, 30));
    var_dump(rl_count_holding($raws, $key, $token), rl_pttl_between($raws, $key, 9000 - 1000 * $k, 10000));
    var_dump($b->isLocking($name), $a->isLocking($name), $b->remaining($name), $b->expire($name, 30), $b->unlock($name));
    var_dump(rl_count_holding($raws, $key, $token));

    // remaining(): the validity left, from the client's clock (ttl minus elapsed minus the 1% + 2 ms drift)
    $r1 = $a->remaining($name);
    usleep(100000);
    $r2 = $a->remaining($name);
    var_dump(is_float($r1), $r1 > 10 - 1.0 * $k && $r1 <= 9.8981, $r2 < $r1 - 0.09, $r2 > $r1 - 0.1 - 0.5 * $k);
    var_dump($a->remaining(rl_unique('never')), $b->remaining($name));

    // expire(): every master's PTTL, and the validity, start again
    var_dump($a->expire($name, 20));
    var_dump(rl_pttl_between($raws, $key, 19000 - 1000 * $k, 20000), rl_count_holding($raws, $key, $token));
    $r3 = $a->remaining($name);
    var_dump($r3 > 20 - 1.0 * $k && $r3 <= 19.7981);
    var_dump($a->expire($name, 0.5), rl_pttl_between($raws, $key, 0, 500), $a->expire($name, 10));

    // unlock(): gone on every master
    var_dump($a->unlock($name));
    echo 'after unlock: ', json_encode(rl_exists_all($raws, $key)), "\n";
    var_dump($a->isLocking($name), $a->remaining($name), $a->unlock($name), $a->expire($name, 5));

    // the other object now gets it, with a fresh token
    var_dump($b->lock($name, 0, 10));
    $token2 = rl_common_token($raws, $key);
    var_dump(strlen($token2), $token2 !== $token, $a->lock($name));

    // unlockAll(): every name on every master
    $more = [rl_unique('all'), rl_unique('all')];
    foreach ($more as $m) {
        $b->lock($m, 0, 10);
    }
    echo 'held: ', json_encode(rl_exists_all($raws, $key, "Lock:{$more[0]}", "Lock:{$more[1]}")), "\n";
    var_dump($b->unlockAll());
    echo 'after unlockAll: ', json_encode(rl_exists_all($raws, $key, "Lock:{$more[0]}", "Lock:{$more[1]}")), "\n";
    var_dump($b->isLocking($name), $b->remaining($more[0]), $b->unlockAll(), $a->unlockAll());

    // every acquisition has its own token
    $tokens = [];
    for ($i = 0; $i < 4; $i++) {
        $a->lock($name, 0, 10);
        $tokens[] = rl_common_token($raws, $key);
        $a->unlock($name);
    }
    var_dump(count(array_unique($tokens)), strlen($tokens[3]), json_encode(rl_exists_all($raws, $key)));
}
?>
--EXPECTF--
-- 3 masters
free: [0,0,0]
bool(true)
token: 32 3
bool(true)
bool(false)
bool(false)
int(3)
bool(true)
bool(false)
bool(true)
bool(false)
bool(false)
bool(false)
int(3)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
int(3)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
after unlock: [0,0,0]
bool(false)
bool(false)
bool(false)
bool(false)
bool(true)
int(32)
bool(true)
bool(false)
held: [3,3,3]
bool(true)
after unlockAll: [0,0,0]
bool(false)
bool(false)
bool(true)
bool(true)
int(4)
int(32)
string(7) "[0,0,0]"
-- 5 masters
free: [0,0,0,0,0]
bool(true)
token: 32 5
bool(true)
bool(false)
bool(false)
int(5)
bool(true)
bool(false)
bool(true)
bool(false)
bool(false)
bool(false)
int(5)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
int(5)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
after unlock: [0,0,0,0,0]
bool(false)
bool(false)
bool(false)
bool(false)
bool(true)
int(32)
bool(true)
bool(false)
held: [3,3,3,3,3]
bool(true)
after unlockAll: [0,0,0,0,0]
bool(false)
bool(false)
bool(true)
bool(true)
int(4)
int(32)
string(11) "[0,0,0,0,0]"
