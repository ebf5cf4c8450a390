--TEST--
Redlock waiting: a holder that shortens its lifetime with expire() on every master and is then killed is taken over within a timer tick of the new end, not when the waiter's earlier block (until the quorum's PTTL it read, up to 5 s) runs out: the shortening extend leaves a note on the wake list, as a release does
--SKIPIF--
<?php require __DIR__ . '/skipif_masters.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/fault_helpers.inc';
require __DIR__ . '/redlock_helpers.inc';
$k = rl_slowdown();
$servers = rl_test_masters(3);
$raws = rl_raws($servers);
$name = rl_unique('rl-shortened');
$key = "Lock:$name";
$wk = rl_redlock_wait_keys($key);
$short = 0.3;

$h = new RlMultiWorker($servers);
$w = new RlMultiWorker($servers);
$h->warmUp();
$w->warmUp();
var_dump($h->call('lock', 'lock', $name, 0, 30)['r']);
$w->calls(['lock', 'lock', $name, 60 * $k, 30, 100000]);
// W found the lock held (the mark on every master) and blocks on the wake lists until the PTTL it read
var_dump(rl_wait_until(function () use ($raws, $wk, $w) {
    if (rl_exists_all($raws, $wk['marker']) !== [1, 1, 1]) {
        return false;
    }
    foreach ($raws as $raw) {
        if (!rl_blocked_in_blpop($raw, $w->pid)) {
            return false;
        }
    }
    return true;
}));

$x = $h->call('lock', 'expire', $name, $short);
var_dump($x['r'], max(rl_pttl_all($raws, $key)) <= $short * 1000);
$h->signal(9);                                    // SIGKILL: the lock is never released, it lapses
$rw = $w->results(60 * $k)[0];
var_dump($rw['r'], $rw['e']);
// the lock lapsed $short s after the expire() returned; before the note, W stayed blocked until the
// PTTL it had read (cut to 5 s): a bound well under that, with room for a slow build
$late = ($rw['t1'] - $x['t1']) / 1e9 - $short;
echo $late < 2.0 ? "taken over in time\n" : sprintf("taken over %.2f s after the lapse\n", $late);
var_dump($w->call('lock', 'unlock', $name)['r'], json_encode(rl_exists_all($raws, $key)));
$w->finish();
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
NULL
taken over in time
bool(true)
string(7) "[0,0,0]"
