--TEST--
RedisSemaphore keys: all three always carry a TTL reaching the last holder's deadline; deleted at once when the last holder is released, gone by TTL when it expires
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('ttl');
$keys = sem_keys($name);
$s = new RedisSemaphore(RL_TEST_SERVER);
$t = new RedisSemaphore(RL_TEST_SERVER);

/* "ok" if every key exists with lo < PTTL <= hi, else the PTTLs */
$check = function (string $step, int $lo, int $hi) use ($raw, $keys) {
    $p = sem_pttls($raw, $keys);
    $lo = max(0, $hi - ($hi - $lo) * rl_slowdown());      // the calls in between take longer traced or loaded
    echo str_pad($step, 34), (min($p) > $lo && max($p) <= $hi) ? 'ok' : json_encode($p), "\n";
};

$a = $s->acquire($name, 2, 1);
$check('acquire 1 s', 900, 1001);
$b = $t->acquire($name, 2, 5);
$check('acquire 5 s', 4900, 5001);
var_dump($s->acquire($name, 2, 30));                  // refused: ticket bumped, TTLs still set
$check('refused acquire', 4800, 5001);
var_dump($t->release($name, $b));
$check('release the 5 s one', 800, 1001);               // now the 1 s holder is the last
var_dump($s->refresh($name, $a, 8));
$check('refresh to 8 s', 7900, 8001);
var_dump($s->refresh($name, $a, 0.5));
$check('refresh down to 0.5 s', 400, 501);
var_dump($s->count($name));
$check('count', 300, 501);

echo "-- released: keys deleted at once\n";
var_dump($s->release($name), $raw->cmd('EXISTS', ...$keys));

echo "-- releaseAll() of several: deleted at once\n";
$s->acquire($name, 3, 30);
$s->acquire($name, 3, 30);
$t->acquire($name, 3, 20);
$check('three holders', 29000, 30001);
var_dump($s->releaseAll());
$check('one left (20 s)', 19000, 20001);
var_dump($t->releaseAll(), $raw->cmd('EXISTS', ...$keys));

echo "-- expired: gone by themselves, no command needed\n";
$k = rl_slowdown();
$s->acquire($name, 3, 0.2 * $k);
$t->acquire($name, 3, 0.3 * $k);
var_dump($raw->cmd('EXISTS', ...$keys));
usleep((int)(200000 * $k));
var_dump($raw->cmd('EXISTS', ...$keys) === 3);          // the longer-lived holder keeps them
usleep((int)(200000 * $k));
var_dump($raw->cmd('EXISTS', ...$keys));
// nothing to release any more
var_dump($s->releaseAll(), $t->releaseAll(), $raw->cmd('EXISTS', ...$keys));

echo "-- count() purging the last expired holder deletes the keys\n";
$s->acquire($name, 3, 0.1 * $k);
$raw->cmd('PEXPIRE', $keys[0], '100000');               // pretend the key TTL lagged behind
$raw->cmd('PEXPIRE', $keys[1], '100000');
$raw->cmd('PEXPIRE', $keys[2], '100000');
usleep((int)(150000 * $k));
var_dump($s->count($name), $raw->cmd('EXISTS', ...$keys));
?>
--EXPECT--
acquire 1 s                       ok
acquire 5 s                       ok
bool(false)
refused acquire                   ok
bool(true)
release the 5 s one               ok
bool(true)
refresh to 8 s                    ok
bool(true)
refresh down to 0.5 s             ok
int(1)
count                             ok
-- released: keys deleted at once
bool(true)
int(0)
-- releaseAll() of several: deleted at once
three holders                     ok
bool(true)
one left (20 s)                   ok
bool(true)
int(0)
-- expired: gone by themselves, no command needed
int(3)
bool(true)
int(0)
bool(false)
bool(false)
int(0)
-- count() purging the last expired holder deletes the keys
int(0)
int(0)
