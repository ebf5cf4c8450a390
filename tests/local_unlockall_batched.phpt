--TEST--
local hand-over, unlockAll() and the request end: the local locks nobody waits for locally are released in Redis in one batch (a round trip for all, not one per lock: counted by the server's total_reads_processed), like the other locks; one with a local waiter is handed to it without Redis; all report released, no key and no slot is left; a local lock taken back while its holder stalled makes unlockAll() false, and the others are released all the same
--SKIPIF--
<?php
require __DIR__ . '/skipif.inc';
if (PHP_OS_FAMILY !== 'Linux' || !is_dir('/dev/shm')) die('skip Linux with /dev/shm only');
?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/local_helpers.inc';
$k = rl_slowdown();
// a private server: its read count is ours alone
$srv = new PrivateRedis();
$raw = $srv->raw();
$reads = fn (): int => (int)preg_replace('/.*total_reads_processed:(\d+).*/s', '$1', $raw->cmd('INFO', 'stats'));
[$p, $w] = [new RlLocalWorker(true, [], $srv->server()), new RlLocalWorker(true, [], $srv->server())];
$p->warmUp();
$w->warmUp();

$names = [];
for ($i = 0; $i < 10; $i++) {
    $names[] = rl_unique("local-batch-$i");
}
foreach ($names as $n) {
    if ($p->call('lock', 'lock', $n, 5, 30)['r'] !== true) {
        echo "lock($n) failed\n";
    }
}
echo "keys held: ", count(array_filter($names, fn ($n) => $raw->cmd('EXISTS', "Lock:$n") === 1)), "\n";
// one of them with a local waiter: handed on in the segment
$w->calls(['lock', 'lock', $names[0], 30 * $k, 30]);
rl_wait_local_waiter($w->pid);

$before = $reads();
$u = $p->call('lock', 'unlockAll');
$after = $reads();
// the INFO that read $after is one read itself; the batch: a liveness check of the idle connection,
// the pipeline, a round by EVAL if the connection never ran the script: 4 at most (one per lock: 9+)
echo "unlockAll(): ", var_export($u['r'], true), "; reads by the server: ",
    $after - $before - 1 <= 4 ? 'one batch' : ($after - $before - 1) . ' (one per lock?)', "\n";
echo "waiter: ", rl_local_res($w->results(30 * $k)[0]), "\n";
echo "keys left: ", count(array_filter(array_slice($names, 1), fn ($n) => $raw->cmd('EXISTS', "Lock:$n") === 1)),
    "; the handed one held: ", $raw->cmd('EXISTS', "Lock:{$names[0]}"), "\n";
var_dump($w->call('lock', 'unlock', $names[0])['r'], $p->call('lock', 'isLocking', $names[1])['r']);

// a local lock taken back while its holder stalled: unlockAll() is false (the others released all the same)
$a = rl_unique('local-batch-lost');
$b = rl_unique('local-batch-kept');
var_dump($p->call('lock', 'lock', $a, 5, 1)['r'], $p->call('lock', 'lock', $b, 5, 30)['r']);
$w->calls(['lock', 'lock', $a, 30 * $k, 30]);
rl_wait_local_waiter($w->pid);
// P stalls past A's 1 s lifetime: W sees it end, finds the key gone and takes A in Redis
$p->call('php', 'usleep', (int)(2.5e6));
echo "W: ", rl_local_res($w->results(30 * $k)[0]), "\n";
$u = $p->call('lock', 'unlockAll');
echo "P unlockAll(): ", var_export($u['r'], true), "; A still W's: ", var_export($w->call('lock', 'isLocking', $a)['r'], true),
    "; B left: ", $raw->cmd('EXISTS', "Lock:$b"), "\n";
var_dump($w->call('lock', 'unlock', $a)['r']);

// the request end does the same: a child that exits holding 6 local locks
$before = $reads();
$code = rl_child_prelude() . '$l = new RedisLock(' . var_export($srv->server(), true) . ');
foreach (' . var_export(array_slice($names, 0, 6), true) . ' as $n) { if (!$l->lock($n, 5, 30)) { echo "lock $n failed\n"; } }
echo "held\n";';
$c = new RlChild($code, rl_local_ini(true));
[$rc, $out] = $c->finish();
$after = $reads();
echo "child: exit $rc, ", trim($out), "; keys left: ",
    count(array_filter($names, fn ($n) => $raw->cmd('EXISTS', "Lock:$n") === 1)), "\n";
// connect, 6 takes, one batched release at the end, the INFO: about 9 reads, not 14
echo "reads for the child: ", $after - $before <= 10 ? 'the releases in one batch' : ($after - $before) . ' reads', "\n";
var_dump($p->finish()[0], $w->finish()[0]);
$srv->stop();
?>
--EXPECT--
keys held: 10
unlockAll(): true; reads by the server: one batch
waiter: true
keys left: 0; the handed one held: 1
bool(true)
bool(false)
bool(true)
bool(true)
W: true
P unlockAll(): false; A still W's: true; B left: 0
bool(true)
child: exit 0, held; keys left: 0
reads for the child: the releases in one batch
int(0)
int(0)
