--TEST--
Fencing tokens (issue 24) of locks taken by waiting: a fencing waiter's queue entry is "<token>:<ttl>f" (a non-fencing one's has no "f"); three fencing waiters in other processes queued behind a fencing holder get the lock in FIFO order, with fences each one greater than the one before (one counted per grant; every fence is max(the last one + 1, the server's clock in microseconds), so not consecutive: each fence seen is checked to be greater than every earlier one of its name and within the server's clock (TIME) read before the step that gave it, its take or the release that granted it, and after); a waiter that locked under an owner has its fence under that owner only; fence() of a lock taken by waiting reads the counter once (one EVALSHA) and answers from its record after that; a fencing waiter granted by a non-fencing releaser gets a new fence (the counter holds it), a non-fencing waiter granted by a fencing releaser counts none; a fencing writer queued behind a reader (its entry "w<token>:<ttl>f", a reader's without "f") gets a new fence on the lock's counter, the reader behind it none; a waiter whose holder was SIGKILLed takes the lock once it expired, with a greater fence; the join of a lock() that found the name held a moment ago and finds it free counts one too; a fenced store (a script that accepts a write only with a fence greater than the last accepted) refuses the write of a holder that was stopped (SIGSTOP) past its lifetime while another took the lock, though its fence() still answers its old fence; a lock taken by waiting that expired before fence() was asked gives false (nobody took it since, or another did: the counter holds the fence its grant counted, or the other's), and its record is forgotten; a counter deleted under a waited lock makes fence() throw rather than guess, and the counter made anew (it starts at the server's clock in microseconds) gives a fence greater than the deleted one's; a fencing waiter that times out counts nothing
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$k = rl_slowdown();
$opts = ['fencing' => true];
$timeout = 20 * $k;

/** [lock key, its queue, its fence counter] of $name. */
function keys_of(string $name): array
{
    return ["Lock:$name", rl_lock_wait_keys("Lock:$name")['queue'], rl_lock_fence_key("Lock:$name")];
}

/** The queue's entries with their tokens replaced: "<token>:<ttl>" or "<token>:<ttl>f". */
function entries(RawRedis $raw, string $queue): string
{
    // without PCRE: its JIT code makes memcheck report uninitialised reads in the valgrind pass
    return implode(' ', array_map(fn ($e) => '<token>' . substr($e, strrpos($e, ':')), $raw->cmd('LRANGE', $queue, '0', '-1')));
}

/** The server's clock in microseconds (TIME). */
function server_us(RawRedis $raw): int
{
    [$s, $us] = $raw->cmd('TIME');
    return (int)$s * 1000000 + (int)$us;
}

/**
 * The fences of one counter, in the order they were counted (every fence is max(the last one + 1,
 * the server's clock in microseconds) of the script that counted it). ->take($acquire) reads the
 * server's clock (TIME), then runs $acquire() (an acquisition, or the step that grants one) and
 * answers its result; ->add(...$fences) reads the clock again and checks the fences counted
 * since, in order: each an int greater than every earlier one and within those two readings.
 * It answers "#n" for each (#0 the counter's first fence seen), or what is wrong with it.
 * ->of() shows a fence or a counter's value (a numeric string) seen before by its "#n",
 * anything else as it is.
 */
final class Fences
{
    /** @var int[] */
    public array $seen = [];
    private ?int $since = null;

    public function __construct(private RawRedis $raw) {}

    public function take(callable $acquire): mixed
    {
        $this->since = server_us($this->raw);
        return $acquire();
    }

    public function add(mixed ...$fences): string
    {
        $until = server_us($this->raw);
        $since = $this->since;
        $this->since = null;
        $out = [];
        foreach ($fences as $f) {
            if (!is_int($f)) {
                $out[] = 'not a fence: ' . json_encode($f);
            } elseif ($this->seen && $f <= max($this->seen)) {
                $out[] = "$f, not above " . max($this->seen);
            } elseif ($since === null || $f < $since || $f > $until) {
                $out[] = "$f, not within the server's clock [" . json_encode($since) . ", $until]";
            } else {
                $this->seen[] = $f;
                $out[] = '#' . (count($this->seen) - 1);
            }
        }
        return implode(' ', $out);
    }

    public function of(mixed $f): mixed
    {
        if (is_string($f) && $f !== '' && strspn($f, '0123456789') === strlen($f)) {
            $f = (int)$f;
        }
        $i = is_int($f) ? array_search($f, $this->seen, true) : false;
        return $i === false ? $f : "#$i";
    }
}

/** "ok", or what the worker's result $r was instead of $expected. */
function res(array $r, mixed $expected = true): string
{
    return $r['r'] === $expected && $r['e'] === null ? 'ok' : json_encode($r);
}

// a store that accepts a write only with a fence greater than the last one it accepted
const STORE = "local last = tonumber(redis.call('HGET', KEYS[1], 'fence') or '0')
if tonumber(ARGV[1]) <= last then return 0 end
redis.call('HSET', KEYS[1], 'fence', ARGV[1], 'data', ARGV[2])
return 1";

$ws = RlWorker::warmedUp(3, 'lock', null, $opts);
$h = new RedisLock(RL_TEST_SERVER, $opts);

echo "-- FIFO: three fencing waiters behind a fencing holder\n";
$name = rl_unique('fence-fifo');
[$key, $queue, $counter] = keys_of($name);
$F = new Fences($raw);
var_dump($F->take(fn () => $h->lock($name, 0, 30)), $F->add($h->fence($name)));
foreach ($ws as $i => $w) {
    $w->calls(['lock', 'lock', $name, $timeout, 30], ['lock', 'fence', $name], ['lock', 'fence', $name],
        ['php', 'usleep', 20000], ['lock', 'unlock', $name]);
    rl_wait_queue_len($raw, $queue, $i + 1);
}
echo entries($raw, $queue), "\n";
var_dump($F->take(fn () => $h->unlock($name)), $h->fence($name));
$got = [];
foreach ($ws as $i => $w) {
    [$l, $f1, $f2, , $u] = $w->results();
    echo "waiter $i: ", res($l), ' ', res($u), ' ', $f1['r'] === $f2['r'] ? 'the same fence twice' : json_encode([$f1, $f2]), "\n";
    $got[$i] = [$l['t1'], $f1['r']];
}
// in the order they queued, each fence greater than the one before, within the server's clock from the release to now
var_dump($got[0][0] < $got[1][0] && $got[1][0] < $got[2][0], $F->add(...array_column($got, 1)));
var_dump($F->of($raw->cmd('GET', $counter)), $raw->cmd('PTTL', $counter), $raw->cmd('EXISTS', $key, $queue));

echo "-- a waiter under an owner: its fence under that owner\n";
var_dump($F->take(fn () => $h->lock($name, 0, 30)), $F->add($h->fence($name)));
$ws[0]->calls(['lock', 'lock', $name, $timeout, 30, 100000, 'job-7'], ['lock', 'fence', $name, 'job-7'],
    ['lock', 'fence', $name], ['lock', 'fence', $name, 'job-8'], ['lock', 'unlock', $name, 'job-7']);
rl_wait_queue_len($raw, $queue, 1);
echo entries($raw, $queue), "\n";
var_dump($F->take(fn () => $h->unlock($name)));
$r = array_column($ws[0]->results(), 'r');
echo json_encode([$r[0], $F->add($r[1]), $r[2], $r[3], $r[4]]), "\n";

echo "-- fence() of a waited lock: one round trip, then its record\n";
$w = $ws[0];
$waddr = rl_client_addr($raw, $w->pid);
$mon = new RlMonitor();
var_dump($F->take(fn () => $h->lock($name, 0, 30)), $F->add($h->fence($name)));
$w->calls(['lock', 'lock', $name, $timeout, 30]);
rl_wait_queue_len($raw, $queue, 1);
var_dump($F->take(fn () => $h->unlock($name)), res($w->results()[0]));
$mon->commands();
$w->calls(['lock', 'fence', $name], ['lock', 'fence', $name], ['lock', 'fence', $name]);
$r = array_column($w->results(), 'r');
var_dump($F->add($r[0]), $r === array_fill(0, 3, $r[0]), rl_commands_of($mon->commands(), $waddr));
var_dump($w->call('lock', 'unlock', $name)['r']);
$mon->commands();
var_dump($w->call('lock', 'fence', $name)['r'], rl_commands_of($mon->commands(), $waddr));
$last = (int)$raw->cmd('GET', $counter);
var_dump($F->of($last));

echo "-- a non-fencing releaser grants a fencing waiter: counted; and the other way round: not counted\n";
$plain = new RedisLock(RL_TEST_SERVER);
$pw = new RlWorker();   // no fencing
$pw->warmUp();
var_dump($plain->lock($name, 0, 30), $raw->cmd('GET', $counter) === (string)$last);
$ws[1]->calls(['lock', 'lock', $name, $timeout, 30], ['lock', 'fence', $name]);
rl_wait_queue_len($raw, $queue, 1);
echo entries($raw, $queue), "\n";
var_dump($F->take(fn () => $plain->unlock($name)));
[$l, $f] = $ws[1]->results();
var_dump(res($l), $F->add($f['r']));
$pw->calls(['lock', 'lock', $name, $timeout, 30]);
rl_wait_queue_len($raw, $queue, 1);
echo entries($raw, $queue), "\n";
var_dump($ws[1]->call('lock', 'unlock', $name)['r'], res($pw->results()[0]), $F->of($raw->cmd('GET', $counter)));
var_dump($pw->call('lock', 'unlock', $name)['r'], $F->take(fn () => $h->lock($name, 0, 30)), $F->add($h->fence($name)), $h->unlock($name));

echo "-- read/write: a fencing writer queued behind a reader, and a reader behind it\n";
$name = rl_unique('fence-rw');
[$key, $queue, $counter] = keys_of($name);
$rwq = rl_rw_wait_keys($key)['queue'];
$F = new Fences($raw);
var_dump($F->take(fn () => $h->lock($name, 0, 30)), $F->add($h->fence($name)), $h->unlock($name), $h->lockRead($name, 0, 30));
$ws[0]->calls(['lock', 'lockWrite', $name, $timeout, 30], ['lock', 'fence', $name], ['php', 'usleep', 20000],
    ['lock', 'unlock', $name]);
rl_wait_queue_len($raw, $rwq, 1);
$ws[1]->calls(['lock', 'lockRead', $name, $timeout, 30], ['lock', 'fence', $name], ['lock', 'unlock', $name]);
rl_wait_queue_len($raw, $rwq, 2);
// "w<token>:<ttl>f", "r<token>:<ttl>"
echo implode(' ', array_map(fn ($e) => $e[0] . '<token>' . substr($e, strrpos($e, ':')), $raw->cmd('LRANGE', $rwq, '0', '-1'))), "\n";
var_dump($F->take(fn () => $h->unlock($name)));
[$l, $f, , $u] = $ws[0]->results();
var_dump(res($l), $f['e'] ?? $F->add($f['r']), res($u));
[$l, $f, $u] = $ws[1]->results();
echo res($l), ' ', str_replace($name, '<name>', (string)$f['e']), ' ', res($u), "\n";
var_dump($F->of($raw->cmd('GET', $counter)), $raw->cmd('EXISTS', $key, $rwq));

echo "-- the holder SIGKILLed: the waiter takes the lock once it expired, with a greater fence\n";
$name = rl_unique('fence-killed');
[$key, $queue, $counter] = keys_of($name);
$victim = new RlWorker(null, $opts);
$victim->warmUp();
$F = new Fences($raw);
$F->take(fn () => $victim->calls(['lock', 'lock', $name, 0, 1.0 * $k], ['lock', 'fence', $name]));
[$l, $fv] = $victim->results();
var_dump(res($l), $F->add($fv['r']));
$ws[1]->calls(['lock', 'lock', $name, $timeout, 30], ['lock', 'fence', $name], ['lock', 'unlock', $name]);
rl_wait_queue_len($raw, $queue, 1);
$F->take(fn () => $victim->signal(9));
$victim->finish();
[$l, $f, $u] = $ws[1]->results();
var_dump(res($l), $f['e'] ?? $F->add($f['r']), res($u), $F->of($raw->cmd('GET', $counter)));

echo "-- the join of a lock() that found the name held a moment ago, finding it free, counts one\n";
$name = rl_unique('fence-join');
[$key, $queue, $counter] = keys_of($name);
$j = new RedisLock(RL_TEST_SERVER, $opts);
$warm = rl_unique('fence-join-warm');
var_dump($j->lock($warm, 0, 5) && $j->unlock($warm));
$jaddr = rl_client_addr($raw);   // $j's connection, the newest of this process
$F = new Fences($raw);
var_dump($F->take(fn () => $h->lock($name, 0, 30)), $F->add($h->fence($name)));
$mon->commands();
// $j finds it held; released; $j's lock() with a timeout within the second goes to the join, which takes it
var_dump($j->lock($name, 0, 30), $F->take(fn () => $h->unlock($name)), $j->lock($name, 10 * $k, 30));
$sent = implode(' ', rl_commands_of($mon->commands(), $jaddr));
// (the hint lasts 1 s: on a machine so loaded that more passed since the failed try, the lock() tries
// the take first, finds the lock free and takes it there, its fence known at once: counted all the same)
$joined = in_array($sent, ['evalsha evalsha brpoplpush', 'evalsha script eval brpoplpush'], true);
echo $joined || $sent === 'evalsha evalsha' ? 'a try, then the join (or the take)' : $sent, "\n";
// taken by waiting: fence() reads it, once (taken by the take: known, nothing sent)
var_dump($F->add($j->fence($name)), rl_commands_of($mon->commands(), $jaddr) === ($joined ? ['evalsha'] : []),
    $F->of($j->fence($name)), $j->unlock($name));

echo "-- a fenced store refuses the holder that was stopped past its lifetime\n";
$name = rl_unique('fence-store');
[$key, $queue, $counter] = keys_of($name);
$store = rl_unique('fence-store-data');
$write = fn (int|false $fence, string $data) => $raw->cmd('EVAL', STORE, '1', $store, (string)(int)$fence, $data);
$a = $ws[2];
$F = new Fences($raw);
$F->take(fn () => $a->calls(['lock', 'lock', $name, 0, 1.0 * $k], ['lock', 'fence', $name]));
[$l, $fa] = $a->results();
$fa = $fa['r'];
var_dump(res($l), $F->add($fa), $write($fa, 'A1'));
$a->signal(19);   // A stops: its lifetime runs out while B takes the lock
try {
    var_dump($F->take(fn () => $h->lock($name, $timeout, 30)), $F->add($fb = $h->fence($name)), $write($fb, 'B1'));
} finally {
    $a->signal(18);
}
// A does not know: its fence() answers the fence it took, and the store refuses it
$a->calls(['lock', 'fence', $name], ['lock', 'isLocking', $name], ['lock', 'fence', $name]);
[$f, $i, $f2] = $a->results();
var_dump($f['r'] === $fa, $write($f['r'], 'A2'), $i['r'], $f2['r']);
var_dump($raw->cmd('HGET', $store, 'data'), $raw->cmd('HGET', $store, 'fence') === (string)$fb);
var_dump($write($fb + 1, 'B2'), $h->unlock($name), $raw->cmd('DEL', $store));

echo "-- a waited lock that expired before fence() was asked: false\n";
foreach (['nobody took it since' => false, 'another took it' => true] as $what => $retaken) {
    $name = rl_unique('fence-lost');
    [$key, $queue, $counter] = keys_of($name);
    $F = new Fences($raw);
    var_dump($F->take(fn () => $h->lock($name, 0, 30)), $F->add($h->fence($name)));
    $ws[0]->calls(['lock', 'lock', $name, $timeout, 2.0 * $k]);
    rl_wait_queue_len($raw, $queue, 1);
    // the grant counted the waiter's fence (not asked): the counter holds it
    var_dump($F->take(fn () => $h->unlock($name)), res($ws[0]->results()[0]), $F->add((int)$raw->cmd('GET', $counter)));
    var_dump(rl_wait_until(fn () => $raw->cmd('EXISTS', $key) === 0, 30 * $k));
    $fh = null;
    if ($retaken) {
        var_dump($F->take(fn () => $h->lock($name, 0, 30)), $F->add($fh = $h->fence($name)));
    }
    $ws[0]->calls(['lock', 'fence', $name], ['lock', 'fence', $name], ['lock', 'isLocking', $name], ['lock', 'unlock', $name]);
    echo "$what: ", json_encode(array_column($ws[0]->results(), 'r')), "\n";
    var_dump($F->of($raw->cmd('GET', $counter)), $fh === null || $h->unlock($name));
}

echo "-- the counter deleted under a waited lock: fence() throws\n";
$name = rl_unique('fence-deleted');
[$key, $queue, $counter] = keys_of($name);
$F = new Fences($raw);
var_dump($F->take(fn () => $h->lock($name, 0, 30)), $F->add($h->fence($name)), $j->lock($name, 0, 30), $F->take(fn () => $h->unlock($name)));
// taken by the join: fence() not known yet (the counter holds it)
var_dump($j->lock($name, 10 * $k, 30), $F->add((int)$raw->cmd('GET', $counter)), $raw->cmd('DEL', $counter));
try {
    var_dump($j->fence($name));
} catch (RedisLockException $e) {
    // the server's address first, as the server's own errors carry it
    echo rl_error_kind($e), ' ', str_replace(RL_TEST_SERVER, '<server>', $e->getMessage()), "\n";
}
var_dump($j->isLocking($name), $j->unlock($name));
// the counter made anew starts at the server's clock: above the fences the deleted one gave
var_dump($F->take(fn () => $h->lock($name, 0, 30)), $F->add($h->fence($name)), $F->of($raw->cmd('GET', $counter)));

echo "-- a fencing waiter that times out counts nothing\n";
$t = $ws[1]->call('lock', 'lock', $name, 0.5 * $k, 30);
var_dump(res($t, false), $F->of($raw->cmd('GET', $counter)), $raw->cmd('EXISTS', $queue), $h->unlock($name));
foreach (array_merge($ws, [$pw]) as $w) {
    [$rc, $out] = $w->finish();
    echo $out;
    var_dump($rc);
}
?>
--EXPECT--
-- FIFO: three fencing waiters behind a fencing holder
bool(true)
string(2) "#0"
<token>:30000f <token>:30000f <token>:30000f
bool(true)
bool(false)
waiter 0: ok ok the same fence twice
waiter 1: ok ok the same fence twice
waiter 2: ok ok the same fence twice
bool(true)
string(8) "#1 #2 #3"
string(2) "#3"
int(-1)
int(0)
-- a waiter under an owner: its fence under that owner
bool(true)
string(2) "#4"
<token>:30000f
bool(true)
[true,"#5",false,false,true]
-- fence() of a waited lock: one round trip, then its record
bool(true)
string(2) "#6"
bool(true)
string(2) "ok"
string(2) "#7"
bool(true)
array(1) {
  [0]=>
  string(7) "evalsha"
}
bool(true)
bool(false)
array(0) {
}
string(2) "#7"
-- a non-fencing releaser grants a fencing waiter: counted; and the other way round: not counted
bool(true)
bool(true)
<token>:30000f
bool(true)
string(2) "ok"
string(2) "#8"
<token>:30000
bool(true)
string(2) "ok"
string(2) "#8"
bool(true)
bool(true)
string(2) "#9"
bool(true)
-- read/write: a fencing writer queued behind a reader, and a reader behind it
bool(true)
string(2) "#0"
bool(true)
bool(true)
w<token>:30000f r<token>:30000
bool(true)
string(2) "ok"
string(2) "#1"
string(2) "ok"
ok Error: "<name>" is held for reading (lockRead()): fences are counted by lock() and lockWrite() ok
string(2) "#1"
int(0)
-- the holder SIGKILLed: the waiter takes the lock once it expired, with a greater fence
string(2) "ok"
string(2) "#0"
string(2) "ok"
string(2) "#1"
string(2) "ok"
string(2) "#1"
-- the join of a lock() that found the name held a moment ago, finding it free, counts one
bool(true)
bool(true)
string(2) "#0"
bool(false)
bool(true)
bool(true)
a try, then the join (or the take)
string(2) "#1"
bool(true)
string(2) "#1"
bool(true)
-- a fenced store refuses the holder that was stopped past its lifetime
string(2) "ok"
string(2) "#0"
int(1)
bool(true)
string(2) "#1"
int(1)
bool(true)
int(0)
bool(false)
bool(false)
string(2) "B1"
bool(true)
int(1)
bool(true)
int(1)
-- a waited lock that expired before fence() was asked: false
bool(true)
string(2) "#0"
bool(true)
string(2) "ok"
string(2) "#1"
bool(true)
nobody took it since: [false,false,false,false]
string(2) "#1"
bool(true)
bool(true)
string(2) "#0"
bool(true)
string(2) "ok"
string(2) "#1"
bool(true)
bool(true)
string(2) "#2"
another took it: [false,false,false,false]
string(2) "#2"
bool(true)
-- the counter deleted under a waited lock: fence() throws
bool(true)
string(2) "#0"
bool(false)
bool(true)
bool(true)
string(2) "#1"
int(1)
[SERVER_ERROR] <server>: the fence counter of this lock is gone (deleted, or lost with the server's data): its fence cannot be read
bool(true)
bool(true)
bool(true)
string(2) "#2"
string(2) "#2"
-- a fencing waiter that times out counts nothing
string(2) "ok"
string(2) "#2"
int(0)
bool(true)
int(0)
int(0)
int(0)
int(0)
