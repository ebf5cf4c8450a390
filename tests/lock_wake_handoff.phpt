--TEST--
lock() waiting: unlock() and the holder's request end hand the lock server-side to the first waiter (value = its token), whose lock() returns within 1 s (a check-in is due only every 5 s) with no round trip after the wake-up; the waiter behind it gets no grant: it is told it is the head now, looks once and blocks again
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('handoff');
$key = "Lock:$name";
['queue' => $queue, 'live' => $live, 'wake' => $wake] = rl_lock_wait_keys($key);

$holder = new RedisLock(RL_TEST_SERVER);
// the worker(s) start (and connect) before the 30 s lock is taken: a traced start beside a busy loop takes 8-10 s
$a = new RlWorker();
$b = new RlWorker();
// connected before the clock starts
$a->warmUp();
$b->warmUp();
var_dump($holder->lock($name, 0, 30));
$addrA = rl_client_addr($raw, $a->pid);
$addrB = rl_client_addr($raw, $b->pid);
$mon = new RlMonitor();

echo "-- unlock(): A (queued first) gets the lock, B does not move\n";
// a check-in is due every 5 s whatever the interval: only a wake-up is quick
$a->calls(['lock', 'lock', $name, 10, 30, 5000000]);
[$tokA] = rl_wait_queue_len($raw, $queue, 1);
$b->calls(['lock', 'lock', $name, 30, 30, 20000000]);
[, $tokB] = rl_wait_queue_len($raw, $queue, 2);
var_dump(preg_match('/^[0-9a-f]{32}$/D', $tokA), preg_match('/^[0-9a-f]{32}$/D', $tokB), $tokA !== $tokB);
$t = hrtime(true);
var_dump($holder->unlock($name));
// handed over by the unlock itself: the key already holds A's token, B is alone in the queue
var_dump($raw->cmd('GET', $key) === $tokA);
var_dump($raw->cmd('LRANGE', $queue, '0', '-1') === [$tokB], $raw->cmd('EXISTS', $live . $tokA), $raw->cmd('EXISTS', $live . $tokB));
$ra = $a->results(20)[0];
var_dump($ra['r'], $ra['e']);
$took = ($ra['t1'] - $t) / 1e9;
var_dump($took < 1.0 ? 'A returned within 1 s of unlock()' : "A returned $took s after unlock()");
var_dump($a->call('lock', 'isLocking', $name)['r'], $raw->cmd('GET', $key) === $tokA);
// B: no grant (the unlock made it the head: one note "h", one visit to learn the lock's TTL), still blocked
usleep(300000);
var_dump($raw->cmd('EXISTS', $wake . $tokA, $wake . $tokB), $b->pending(), $raw->cmd('LRANGE', $queue, '0', '-1') === [$tokB]);
$seen = $mon->commands();
// (a connection's first pipelined script calls go by EVAL: written as "eval" here either way)
$cmds = fn (string $addr) => implode(' ', array_map(fn ($c) => $c === 'evalsha' ? 'eval' : $c, rl_commands_of($seen, $addr)));
// A: SET NX; the join, its BLPOP (ended at once: A is the head) and the visit behind it (the lock's TTL);
// the BLPOP ended by the grant and the claim behind it: nothing after the wake-up (then isLocking(): GET)
// B: SET NX; the join, its BLPOP (ended by the hand-over's "h") and the visit; a BLPOP again
var_dump($cmds($addrA), $cmds($addrB));

echo "-- A's request ends without unlock(): the auto-release hands the lock to B\n";
$t = hrtime(true);
$a->closeInput();
$rb = $b->results(20)[0];
var_dump($rb['r'], $rb['e']);
$took = ($rb['t1'] - $t) / 1e9;
var_dump($took < 1.0 ? 'B returned within 1 s of the end of A' : "B returned $took s after the end of A");
[$rc, $out] = $a->finish();
var_dump($rc, $out);
var_dump($raw->cmd('GET', $key) === $tokB, $b->call('lock', 'isLocking', $name)['r']);
// nobody waits any more: the queue, its terms and the wake lists are gone
var_dump($raw->cmd('EXISTS', $queue, $live . $tokA, $live . $tokB, $wake . $tokA, $wake . $tokB));
var_dump($b->call('lock', 'unlock', $name)['r'], $raw->cmd('EXISTS', $key));
var_dump($b->finish());
?>
--EXPECT--
bool(true)
-- unlock(): A (queued first) gets the lock, B does not move
int(1)
int(1)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
int(1)
bool(true)
NULL
string(33) "A returned within 1 s of unlock()"
bool(true)
bool(true)
int(0)
bool(false)
bool(true)
string(34) "set eval blpop eval blpop eval get"
string(25) "set eval blpop eval blpop"
-- A's request ends without unlock(): the auto-release hands the lock to B
bool(true)
NULL
string(37) "B returned within 1 s of the end of A"
int(0)
string(0) ""
bool(true)
bool(true)
int(0)
bool(true)
int(0)
array(2) {
  [0]=>
  int(0)
  [1]=>
  string(0) ""
}
