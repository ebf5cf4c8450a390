--TEST--
Redlock mutual exclusion: 8 processes contend for 2 s over 3 masters, each doing a non-atomic GET/SET increment of a counter on another server inside the lock: no update is lost (counter = successful locks) and no two critical sections overlap (hrtime enter/leave)
--SKIPIF--
<?php require __DIR__ . '/skipif_masters.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/redlock_helpers.inc';
$servers = rl_test_masters(3);
$raws = rl_raws($servers);
$raw = new RawRedis();   // the counter lives on the main test server, not on a master
$name = rl_unique('mutex');
$counter = rl_unique('counter');
$n = rl_under_valgrind() ? 3 : 8;
$seconds = rl_under_valgrind() ? 3.0 : 2.0;
$res = rl_contend($servers, $name, $counter, $n, $seconds, 1.0, 1000);

echo 'errors: ', json_encode(array_slice($res['errors'], 0, 5)), "\n";
echo 'exit codes: ', json_encode(array_unique($res['rc'])), "\n";
$count = (int)$raw->cmd('GET', $counter);
echo $count === $res['ok'] ? "counter = successful locks\n" : "counter $count, successful locks {$res['ok']}\n";
echo 'enough: ', $res['ok'] >= ($n === 8 ? 40 : 5) ? 'yes' : "only {$res['ok']}", "\n";
$overlaps = rl_overlaps($res['intervals']);
echo 'overlaps: ', count($overlaps), ' ', json_encode(array_slice($overlaps, 0, 2)), "\n";
echo 'unlock false: ', $res['unlock_false'], "\n";
// every process got the lock at least once
echo 'processes served: ', count(array_unique(array_column($res['intervals'], 2))) === $n ? 'all' : 'not all', "\n";
var_dump(json_encode(rl_exists_all($raws, "Lock:$name")));
$raw->cmd('DEL', $counter);
?>
--EXPECT--
errors: []
exit codes: [0]
counter = successful locks
enough: yes
overlaps: 0 []
unlock false: 0
processes served: all
string(7) "[0,0,0]"
