--TEST--
RedisSemaphore::acquire() waiting (limit 2, three waiters): each release() and a holder's request end admit exactly the first waiter, server-side (its id is a holder before it wakes), and its acquire() returns that id within 1 s with no round trip after the wake-up; the others stay queued
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('sem-handoff');
$keys = sem_keys($name);
[$holders, $deadlines] = $keys;
[$queue, $live, $wake] = sem_wait_keys($name);
$mon = new RlMonitor();

// the waiters are started (and connected) before the slots are taken: started after, three workers in the
// valgrind pass beside a busy loop outlasted the slots' 30 s lifetime, and A was admitted without queueing
$w = [];
foreach (['A', 'B', 'C'] as $who) {
    $w[$who] = new RlWorker();
    $w[$who]->warmUp('sem');
}
$h = new RedisSemaphore(RL_TEST_SERVER);
$s1 = $h->acquire($name, 2, 30);
$s2 = $h->acquire($name, 2, 30);
var_dump(is_string($s1), is_string($s2));
$addrA = rl_client_addr($raw, $w['A']->pid);
$mon->commands();
foreach (['A', 'B', 'C'] as $i => $who) {
    $w[$who]->calls(['sem', 'acquire', $name, 2, 30, 10]);
    $ids = rl_wait_queue_len($raw, $queue, $i + 1);
}
[$idA, $idB, $idC] = $ids;
$holding = fn () => array_keys(sem_zset($raw, $deadlines));
$admitted = fn (string $who, int $t) => (function () use ($w, $who, $t) {
    $r = $w[$who]->results(20)[0];
    $took = ($r['t1'] - $t) / 1e9;
    return [$r['r'], $r['e'], $took < 1.0 ? 'within 1 s' : "after $took s"];
})();

echo "-- release(): A, first in the queue, is admitted; B and C stay queued\n";
$t = hrtime(true);
var_dump($h->release($name, $s1));
var_dump($holding() == [$s2, $idA] || $holding() == [$idA, $s2]);   // admitted by the release itself
var_dump($raw->cmd('LRANGE', $queue, '0', '-1') === [$idB, $idC], $raw->cmd('HEXISTS', $live, $idA));
[$r, $e, $when] = $admitted('A', $t);
var_dump($r === $idA, $e, $when);
// A: one try, the join with its BLPOP and the visit behind it, then per check-in a BLPOP and its visit;
// the last BLPOP brought the grant and the visit behind it claimed it: nothing after the wake-up
$seenA = implode(' ', array_map(fn ($c) => $c === 'eval' ? 'evalsha' : $c, rl_commands_of($mon->commands(), $addrA)));
var_dump(preg_match('/^evalsha evalsha blpop evalsha( blpop evalsha)*$/D', $seenA) === 1 ? 'try join blpop visit (blpop visit)*' : $seenA);
usleep(300000);
var_dump($w['B']->pending(), $w['C']->pending(), $raw->cmd('EXISTS', $wake . $idB, $wake . $idC));
var_dump($raw->cmd('LRANGE', $queue, '0', '-1') === [$idB, $idC], $h->count($name));

echo "-- release() of the other slot: B is admitted, C stays queued\n";
$t = hrtime(true);
var_dump($h->release($name, $s2));
var_dump(in_array($idB, $holding(), true), count($holding()));
[$r, $e, $when] = $admitted('B', $t);
var_dump($r === $idB, $e, $when);
usleep(300000);
var_dump($w['C']->pending(), $raw->cmd('LRANGE', $queue, '0', '-1') === [$idC]);

echo "-- A's request ends without release(): the auto-release admits C\n";
$t = hrtime(true);
$w['A']->closeInput();
[$r, $e, $when] = $admitted('C', $t);
var_dump($r === $idC, $e, $when);
var_dump($w['A']->finish());
$now = $holding();
sort($now);
$expect = [$idB, $idC];
sort($expect);
var_dump($now === $expect);
// nobody waits: the queue and the wake lists are gone (no record of grants exists any more)
var_dump($raw->cmd('EXISTS', $queue, $live, $wake . $idA, $wake . $idB, $wake . $idC));
var_dump($w['B']->call('sem', 'release', $name)['r'], $w['C']->call('sem', 'release', $name)['r']);
$w['B']->finish();
$w['C']->finish();
var_dump($raw->cmd('EXISTS', ...$keys), $raw->cmd('EXISTS', $queue, $live), $raw->cmd('KEYS', rl_wait_marker('Sem:') . "{Sem:$name}:*"));
?>
--EXPECT--
bool(true)
bool(true)
-- release(): A, first in the queue, is admitted; B and C stay queued
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
NULL
string(10) "within 1 s"
string(35) "try join blpop visit (blpop visit)*"
bool(false)
bool(false)
int(0)
bool(true)
int(2)
-- release() of the other slot: B is admitted, C stays queued
bool(true)
bool(true)
int(2)
bool(true)
NULL
string(10) "within 1 s"
bool(false)
bool(true)
-- A's request ends without release(): the auto-release admits C
bool(true)
NULL
string(10) "within 1 s"
array(2) {
  [0]=>
  int(0)
  [1]=>
  string(0) ""
}
bool(true)
int(0)
bool(true)
bool(true)
int(0)
int(0)
array(0) {
}
