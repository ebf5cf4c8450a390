--TEST--
lock() waiting: unlock() and the holder's request end hand the lock server-side to the first waiter (value = its token), whose lock() returns within 1 s (a check-in is due only every 5 s) with no round trip after the wake-up; the waiter behind it is not woken (the new holder's 30 s outlasts its 5 s block, after which it visits and watches)
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('handoff');
$key = "Lock:$name";
['queue' => $queue, 'wake' => $wake] = rl_lock_wait_keys($key);

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
var_dump(rl_queue_tokens($raw->cmd('LRANGE', $queue, '0', '-1')) === [$tokB]);
$ra = $a->results(20)[0];
var_dump($ra['r'], $ra['e']);
$took = ($ra['t1'] - $t) / 1e9;
var_dump($took < 1.0 ? 'A returned within 1 s of unlock()' : "A returned $took s after unlock()");
var_dump($a->call('lock', 'isLocking', $name)['r'], $raw->cmd('GET', $key) === $tokA);
// B: not woken, still blocked
usleep(300000);
var_dump($raw->cmd('EXISTS', $wake . $tokA, $wake . $tokB), $b->pending(),
    rl_queue_tokens($raw->cmd('LRANGE', $queue, '0', '-1')) === [$tokB]);
$seen = $mon->commands();
// (a connection's first pipelined script calls go by EVAL, behind SCRIPT LOAD: written as "eval" here either way)
$cmds = fn (string $addr) => implode(' ', array_map(fn ($c) => $c === 'evalsha' ? 'eval' : $c,
    array_values(array_filter(rl_commands_of($seen, $addr), fn ($c) => $c !== 'script'))));
// A: SET NX; the join (the head: the lock's 30 s outlast its 5 s block) and its block, which took the
// grant: nothing after the wake-up (then isLocking(): GET)
// B: SET NX; the join and its block, still blocked
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
// nobody waits any more: the queue and the wake lists are gone
var_dump($raw->cmd('EXISTS', $queue, $wake . $tokA, $wake . $tokB));
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
bool(true)
NULL
string(33) "A returned within 1 s of unlock()"
bool(true)
bool(true)
int(0)
bool(false)
bool(true)
string(23) "set eval brpoplpush get"
string(19) "set eval brpoplpush"
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
