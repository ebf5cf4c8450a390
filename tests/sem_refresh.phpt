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
/* $l within $slack ms below $hi (the slack grows with rl_slowdown(): the calls in between take longer traced or loaded) */
$near = fn (float $l, float $hi, float $slack = 100) => $l > max(0, $hi - $slack * rl_slowdown()) && $l <= $hi;

$a = $s->acquire($name, 2, 2);
$b = $s->acquire($name, 2, 1.5);
$l = $left($a);
var_dump($near($l, 2000));

echo "-- refresh(name, id, 20): 20 s from now\n";
$old = $raw->cmd('ZSCORE', $deadlines, $a);
var_dump($s->refresh($name, $a, 20));
$l = $left($a);
var_dump($near($l, 20000), (float)$raw->cmd('ZSCORE', $deadlines, $a) > (float)$old);
$ttl = sem_pttls($raw, $keys);
var_dump($near(min($ttl), 20001, 200) && max($ttl) <= 20001);   // the keys live as long as the last holder

echo "-- refresh(name, id): back to its own lifetime (2 s), the keys' TTL follows\n";
var_dump($s->refresh($name, $a));
$l = $left($a);
var_dump($near($l, 2000));
$ttl = sem_pttls($raw, $keys);
var_dump($near(min($ttl), 2001, 200) && max($ttl) <= 2001);

echo "-- refresh(name): the latest slot (b, 1.5 s), after a pause\n";
usleep(500000);
var_dump($s->refresh($name));
$l = $left($b);
var_dump($near($l, 1500));
$l = $left($a);
var_dump($near($l, 1500, 300));   // a was left alone (about 2 s - 0.5 s)

echo "-- refresh(name, null, 1) shortens (from 1.5 s); still the latest\n";
// 1 s: shorter than b's 1.5 s, and long enough for the next step's new object to connect and refresh it, traced or loaded too
$short = 1.0;
var_dump($s->refresh($name, null, $short));
$l = $left($b);
var_dump($near($l, $short * 1000));

echo "-- an id handed to another object refreshes there\n";
$t = new RedisSemaphore(RL_TEST_SERVER);
var_dump($t->refresh($name, $b, 30));
$l = $left($b);
var_dump($near($l, 30000));

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
-- refresh(name, id): back to its own lifetime (2 s), the keys' TTL follows
bool(true)
bool(true)
bool(true)
-- refresh(name): the latest slot (b, 1.5 s), after a pause
bool(true)
bool(true)
bool(true)
-- refresh(name, null, 1) shortens (from 1.5 s); still the latest
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
