--TEST--
RedisSemaphore::refresh(): moves a live holder's deadline to server TIME + $expire (default: the lifetime in its id) and the keys' TTLs with it
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('refresh');
$keys = sem_keys($name);
[, $deadlines] = $keys;
$s = new RedisSemaphore(RL_TEST_SERVER);

/* deadline of $id minus the server's TIME right now, in ms */
$left = fn ($id) => (float)$raw->cmd('ZSCORE', $deadlines, $id) - sem_server_ms($raw);
/* $l is what is left of a deadline a call made after $since (hrtime) set $hi ms ahead: at most $hi,
   and at least $hi less the time passed since then (the server's clock runs at ours; 2 ms for rounding) */
$near = fn (float $l, float $hi, int $since) => $l <= $hi && $l >= $hi - (hrtime(true) - $since) / 1e6 - 2;

$t0 = hrtime(true);
$a = $s->acquire($name, 2, 4);
$b = $s->acquire($name, 2, 3);
$l = $left($a);
var_dump($near($l, 4000, $t0));

echo "-- refresh(name, id, 20): 20 s from now\n";
$old = $raw->cmd('ZSCORE', $deadlines, $a);
$t0 = hrtime(true);
var_dump($s->refresh($name, $a, 20));
$l = $left($a);
var_dump($near($l, 20000, $t0), (float)$raw->cmd('ZSCORE', $deadlines, $a) > (float)$old);
$ttl = sem_pttls($raw, $keys);
var_dump($near(min($ttl), 20001, $t0) && max($ttl) <= 20001);   // the keys live as long as the last holder

echo "-- refresh(name, id): back to its own lifetime (4 s), the keys' TTL follows\n";
$ta = hrtime(true);
var_dump($s->refresh($name, $a));
$l = $left($a);
var_dump($near($l, 4000, $ta));
$ttl = sem_pttls($raw, $keys);
var_dump($near(min($ttl), 4001, $ta) && max($ttl) <= 4001);

echo "-- refresh(name): the latest slot (b, 3 s), after a pause\n";
usleep(500000);
$t0 = hrtime(true);
var_dump($s->refresh($name));
$l = $left($b);
var_dump($near($l, 3000, $t0));
$l = $left($a);
var_dump($l <= 3500 && $near($l, 4000, $ta));   // a was left alone: 4 s less the pause and more

echo "-- refresh(name, null, 1) shortens (from 3 s); still the latest\n";
$t0 = hrtime(true);
var_dump($s->refresh($name, null, 1));
$l = $left($b);
var_dump($near($l, 1000, $t0));

echo "-- an id handed to another object refreshes there\n";
$t = new RedisSemaphore(RL_TEST_SERVER);
$t0 = hrtime(true);
var_dump($t->refresh($name, $b, 30));
$l = $left($b);
var_dump($near($l, 30000, $t0));

echo "-- refreshing keeps a slot alive past its original lifetime\n";
$c = $t->acquire(rl_unique('x'), 1, 30);   // unrelated, alive to the end
// a 0.6 s lifetime, refreshed every 0.1 s for 1 s (both x rl_slowdown()): 6 x the margin a load spike needs
$d = $s->acquire($name . ':short', 1, 0.6 * rl_slowdown());
for ($i = 0; $i < 10; $i++) {
    usleep((int)(100000 * rl_slowdown()));
    $ok = $s->refresh($name . ':short', $d);
    if (!$ok) {
        echo "lost at $i\n";
    }
}
var_dump($s->count($name . ':short'), $t->acquire($name . ':short', 1, 5));

var_dump($t->release($name, $b), $s->releaseAll(), $t->releaseAll());   // b was already gone for $s
var_dump($raw->cmd('EXISTS', ...$keys, ...sem_keys($name . ':short')));
?>
--EXPECT--
bool(true)
-- refresh(name, id, 20): 20 s from now
bool(true)
bool(true)
bool(true)
bool(true)
-- refresh(name, id): back to its own lifetime (4 s), the keys' TTL follows
bool(true)
bool(true)
bool(true)
-- refresh(name): the latest slot (b, 3 s), after a pause
bool(true)
bool(true)
bool(true)
-- refresh(name, null, 1) shortens (from 3 s); still the latest
bool(true)
bool(true)
-- an id handed to another object refreshes there
bool(true)
bool(true)
-- refreshing keeps a slot alive past its original lifetime
int(1)
bool(false)
bool(true)
bool(false)
bool(true)
int(0)
