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

/* "ok" if every key exists with a PTTL of at most $hi ms and at least $hi less the time passed since
   $since (hrtime, before the call that set it; the server's clock runs at ours), else the PTTLs */
$check = function (string $step, int $hi, int $since) use ($raw, $keys) {
    $p = sem_pttls($raw, $keys);
    $lo = $hi - (hrtime(true) - $since) / 1e6 - 2;
    echo str_pad($step, 34), (min($p) >= $lo && max($p) <= $hi) ? 'ok' : json_encode($p), "\n";
};

$ta = hrtime(true);
$a = $s->acquire($name, 2, 2);
$check('acquire 2 s', 2001, $ta);
$t0 = hrtime(true);
$b = $t->acquire($name, 2, 5);
$check('acquire 5 s', 5001, $t0);
var_dump($s->acquire($name, 2, 30));                  // refused: ticket bumped, TTLs still set
$check('refused acquire', 5001, $t0);
var_dump($t->release($name, $b));
$check('release the 5 s one', 2001, $ta);               // now the 2 s holder is the last
$t0 = hrtime(true);
var_dump($s->refresh($name, $a, 8));
$check('refresh to 8 s', 8001, $t0);
$t0 = hrtime(true);
var_dump($s->refresh($name, $a, 1));
$check('refresh down to 1 s', 1001, $t0);
var_dump($s->count($name));
$check('count', 1001, $t0);

echo "-- released: keys deleted at once\n";
var_dump($s->release($name), $raw->cmd('EXISTS', ...$keys));

echo "-- releaseAll() of several: deleted at once\n";
$t0 = hrtime(true);
$s->acquire($name, 3, 30);
$s->acquire($name, 3, 30);
$t1 = hrtime(true);
$t->acquire($name, 3, 20);
$check('three holders', 30001, $t0);
var_dump($s->releaseAll());
$check('one left (20 s)', 20001, $t1);
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
acquire 2 s                       ok
acquire 5 s                       ok
bool(false)
refused acquire                   ok
bool(true)
release the 5 s one               ok
bool(true)
refresh to 8 s                    ok
bool(true)
refresh down to 1 s               ok
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
