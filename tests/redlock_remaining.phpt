--TEST--
remaining(): several masters: the client-side validity, no round trip (the masters run no command), false once it ran out; one server: the key's lifetime read from the server (a round trip), false and the record dropped when the key is no longer ours
--SKIPIF--
<?php require __DIR__ . '/skipif_masters.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/redlock_helpers.inc';
$k = rl_slowdown();
$m = rl_private_masters(3);
$servers = rl_servers_of($m);
$raws = rl_raws($m);

echo "-- several masters\n";
$name = rl_unique('rem');
$l = new RedisLock($servers);
var_dump($l->lock($name, 0, 10));
$before = rl_commands_run($raws);
$vals = [];
for ($i = 0; $i < 5; $i++) {
    $vals[] = $l->remaining($name);
    usleep(20000);
}
var_dump(rl_commands_run($raws) - $before);
$sorted = $vals;
rsort($sorted);
var_dump($vals === $sorted && count(array_unique($vals)) === 5 && $vals[0] <= 9.8981 && $vals[4] > 9.8981 - 0.08 - 0.5 * $k);
// lost everywhere on the servers: remaining() does not look, it tells the validity left
rl_del_all($raws, "Lock:$name");
var_dump($l->remaining($name) > 9 - $k);
var_dump($l->isLocking($name), $l->remaining($name));   // isLocking() looked: the record is gone
// a short lifetime: false once the validity ran out
$short = rl_unique('rem');
$life = 0.3 * $k;
var_dump($l->lock($short, 0, $life), $l->remaining($short) > 0);
usleep((int)(($life + 0.05) * 1e6));
var_dump($l->remaining($short));

echo "-- one server\n";
$one = $m[0];
$raw = $one->raw();
foreach (['string' => $one->server(), 'array' => [$one->server()]] as $label => $server) {
    $name = rl_unique('rem1');
    $s = new RedisLock($server);
    $ok = $s->lock($name, 0, 10);
    $before = rl_commands_run([$raw]);
    $r = $s->remaining($name);
    $sent = rl_commands_run([$raw]) - $before;
    $raw->cmd('PEXPIRE', "Lock:$name", '3000');
    $r3 = $s->remaining($name);
    $raw->cmd('SET', "Lock:$name", 'someone-else', 'PX', '10000');
    echo "$label: ", json_encode([$ok, $r > 9 && $r <= 10, $sent > 0, $r3 > 2.5 && $r3 <= 3.0, $s->remaining($name), $s->isLocking($name),
        $s->unlock($name), $raw->cmd('GET', "Lock:$name")]), "\n";
    $raw->cmd('DEL', "Lock:$name");
}
?>
--EXPECT--
-- several masters
bool(true)
int(0)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
bool(false)
-- one server
string: [true,true,true,true,false,false,false,"someone-else"]
array: [true,true,true,true,false,false,false,"someone-else"]
