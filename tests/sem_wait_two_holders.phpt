--TEST--
RedisSemaphore::acquire() waiting (limit 1) through a delaying proxy (each pipelined write: first command at once, the rest 200 ms late): when the waiter takes a slot left by an expired holder, or is admitted by a release while its visit is in flight, a second client 80 ms later never holds a slot at the same time (the server's holders are the waiter alone whenever it believes, and its release() succeeds)
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sem_helpers.inc';
require __DIR__ . '/delay_proxy.inc';
$raw = new RawRedis();
$proxy = new RlDelayProxy(200, 60);
$w = new RlWorker($proxy->server());   // the waiter: every write it pipelines arrives partly 200 ms late
$w->warmUp('sem');
$h = new RedisSemaphore(RL_TEST_SERVER);   // the holder
$s = new RedisSemaphore(RL_TEST_SERVER);   // the second client
rl_warm_up($h);
rl_warm_up($s);

/**
 * One round: the only slot is held (until it expires after 0.4 s, or until the holder releases
 * it while the waiter's first pipelined write is half delivered); 80 ms after the waiter got (or
 * was admitted to) it, the second client tries, then waits 0.1 s. Returns "ok" or what went wrong.
 */
function one_round(string $mode): string
{
    global $raw, $proxy, $w, $h, $s;
    $name = rl_unique("sem-two-holders-$mode");
    [, $deadlines] = sem_keys($name);
    $problems = [];
    $proxy->events();
    $hid = $h->acquire($name, 1, $mode === 'expire' ? 0.4 : 30);
    if (!is_string($hid)) {
        return 'holder: no slot';
    }
    $w->calls(['sem', 'acquire', $name, 1, 10, 5]);
    if ($mode === 'expire') {
        // the waiter's visit takes the expired holder's slot: another id among the holders
        $deadline = microtime(true) + 5;
        do {
            $ids = array_keys(sem_zset($raw, $deadlines));
            if (array_diff($ids, [$hid])) {
                break;
            }
            usleep(300);
        } while (microtime(true) < $deadline);
        if (!array_diff($ids, [$hid])) {
            return 'the waiter never took the expired slot';
        }
    } else {
        // the waiter's first write with commands held back (its queue visit is in flight): release now
        if ($proxy->nextHold(5) === null) {
            return 'the waiter pipelined nothing';
        }
        if (!$h->release($name, $hid)) {
            $problems[] = 'holder: release() false';
        }
    }
    $t0 = hrtime(true);
    usleep(max(0, 80000 - intdiv(hrtime(true) - $t0, 1000)));
    $r1 = $s->acquire($name, 1, 10);
    $r2 = $r1 !== false ? null : $s->acquire($name, 1, 10, 0.1);
    $sid = $r1 !== false ? $r1 : $r2;
    $rw = null;
    if ($sid !== false) {
        // the second client believes it holds the slot: the waiter must not believe it too
        if ($w->pending(0.6)) {
            $rw = $w->results()[0];
            if (is_string($rw['r'])) {
                $problems[] = 'two holders: the waiter returned its id while the second client held the slot (holders: '
                    . (array_keys(sem_zset($raw, $deadlines)) === [$sid] ? 'the second client' : json_encode(array_keys(sem_zset($raw, $deadlines)))) . ')';
            }
        }
        if (array_keys(sem_zset($raw, $deadlines)) !== [$sid]) {
            $problems[] = 'the second client is not the only holder while it believes it holds the slot';
        }
        if (!$s->release($name, $sid)) {
            $problems[] = 'second client: release() false';
        }
    }
    $rw ??= $w->results(10)[0];
    if (!is_string($rw['r']) || $rw['e'] !== null) {
        $problems[] = 'waiter: ' . json_encode($rw);
    } else {
        if (array_keys(sem_zset($raw, $deadlines)) !== [$rw['r']]) {
            $problems[] = 'holders are not the waiter alone: ' . json_encode(array_keys(sem_zset($raw, $deadlines)));
        }
        $u = $w->call('sem', 'release', $name, $rw['r']);
        if ($u['r'] !== true) {
            $problems[] = 'waiter: release() ' . json_encode($u) . ': it believed it held a slot that was not its own';
        }
    }
    if ($raw->cmd('EXISTS', $deadlines) !== 0) {
        $problems[] = 'holders are left: ' . json_encode(array_keys(sem_zset($raw, $deadlines)));
        $raw->cmd('DEL', ...sem_keys($name));
    }
    return $problems ? implode('; ', $problems) . ($sid !== false ? ' [second client got it]' : '') : 'ok';
}

foreach (['expire', 'release', 'expire', 'release'] as $mode) {
    echo "$mode: ", one_round($mode), "\n";
}
var_dump($w->finish()[0], $proxy->finish()[0]);
?>
--EXPECT--
expire: ok
release: ok
expire: ok
release: ok
int(0)
int(0)
