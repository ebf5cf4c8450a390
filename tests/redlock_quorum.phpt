--TEST--
Redlock quorum: a key held by someone else on a majority makes lock() false and rolls back what it set (nothing of ours left), on a minority lock() succeeds; a lock lost on a majority: isLocking() false, expire() false deleting the token everywhere, unlock() false deleting what is left; a lifetime too short for any validity fails; the client-side validity ends isLocking() even if the keys live on
--SKIPIF--
<?php require __DIR__ . '/skipif_masters.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/redlock_helpers.inc';
$k = rl_slowdown();

/** Sets "someone-else" under $key on the masters $idx of $raws. */
function preset(array $raws, string $key, array $idx): void
{
    foreach ($idx as $i) {
        $raws[$i]->cmd('SET', $key, 'someone-else', 'PX', '60000');
    }
}

/** What each master holds: "o" someone-else, "T" $token, "-" nothing, "?" anything else. */
function holders(array $raws, string $key, ?string $token = null): string
{
    return implode('', array_map(fn ($v) => match (true) {
        $v === null => '-', $v === 'someone-else' => 'o', $token !== null && $v === $token => 'T',
        default => '?' }, rl_get_all($raws, $key)));
}

/** The token of ours: the value that is not someone-else's. */
function ours(array $raws, string $key): ?string
{
    foreach (rl_get_all($raws, $key) as $v) {
        if ($v !== null && $v !== 'someone-else') {
            return $v;
        }
    }
    return null;
}

foreach ([[3, [0, 1]], [3, [1, 2]], [3, [0, 2]], [3, [1]], [3, [2]], [5, [0, 2, 4]], [5, [1, 2, 3]], [5, [1, 3]], [5, [0, 4]]]
         as [$n, $idx]) {
    $raws = rl_raws(rl_test_masters($n));
    $name = rl_unique('q');
    $key = "Lock:$name";
    preset($raws, $key, $idx);
    $l = new RedisLock(rl_test_masters($n));
    $ok = $l->lock($name, 0, 10);
    $tok = ours($raws, $key);
    echo "$n masters, held on ", json_encode($idx), ': lock=', var_export($ok, true), ' ', holders($raws, $key, $tok),
        ' isLocking=', var_export($l->isLocking($name), true), ' unlock=', var_export($l->unlock($name), true), ' ',
        holders($raws, $key, $tok), "\n";
    rl_del_all($raws, $key);
}

$servers = rl_test_masters(3);
$raws = rl_raws($servers);

echo "-- lost on one master: still held\n";
$name = rl_unique('lost');
$key = "Lock:$name";
$a = new RedisLock($servers);
var_dump($a->lock($name, 0, 10));
$tok = rl_common_token($raws, $key);
$raws[0]->cmd('DEL', $key);
var_dump($a->isLocking($name), $a->expire($name, 30), holders($raws, $key, $tok));
var_dump($raws[0]->cmd('PTTL', $key), $raws[1]->cmd('PTTL', $key) > 20000, $raws[2]->cmd('PTTL', $key) > 20000);
echo "-- lost on two: isLocking() false, the record dropped\n";
$raws[1]->cmd('DEL', $key);
var_dump($a->isLocking($name), $a->remaining($name), $a->unlock($name), $a->expire($name, 5));
rl_del_all($raws, $key);

echo "-- lost on two, another object: expire() false deletes the token everywhere\n";
$b = new RedisLock($servers);
var_dump($b->lock($name, 0, 10));
$tok = rl_common_token($raws, $key);
$raws[1]->cmd('DEL', $key);
$raws[2]->cmd('DEL', $key);
var_dump(holders($raws, $key, $tok), $b->expire($name, 30), holders($raws, $key, $tok));
var_dump($b->isLocking($name), $b->remaining($name), $b->unlock($name));

echo "-- taken over on two: unlock() false, someone else's keys untouched, ours deleted\n";
$c = new RedisLock($servers);
var_dump($c->lock($name, 0, 10));
$tok = rl_common_token($raws, $key);
$raws[0]->cmd('SET', $key, 'someone-else', 'XX');
$raws[2]->cmd('SET', $key, 'someone-else', 'XX');
var_dump(holders($raws, $key, $tok), $c->unlock($name), holders($raws, $key, $tok), $c->isLocking($name));
rl_del_all($raws, $key);

echo "-- unlockAll() with one name lost: false, both names gone everywhere\n";
$e = new RedisLock($servers);
$n1 = rl_unique('all');
$n2 = rl_unique('all');
var_dump($e->lock($n1, 0, 10), $e->lock($n2, 0, 10));
$raws[0]->cmd('DEL', "Lock:$n1");
$raws[1]->cmd('DEL', "Lock:$n1");
var_dump($e->unlockAll(), json_encode(rl_exists_all($raws, "Lock:$n1", "Lock:$n2")));
var_dump($e->isLocking($n1), $e->isLocking($n2));

echo "-- validity: a lifetime of 1 or 2 ms leaves none after the drift (1% + 2 ms): false, nothing left\n";
foreach ([0.001, 0.002] as $exp) {
    $name = rl_unique('short');
    $f = new RedisLock($servers);
    try {
        $r = $f->lock($name, 0, $exp);
    } catch (RedisLockException $e) {   // a master past its budget (ttl/10) counts as "no", not as a failure
        $r = 'RedisLockException: ' . $e->getMessage();
    }
    // A master past its budget (0.1 ms here: all of them, often) gets the roll-back's DEL written behind its SET, not
    // awaited: for a moment after lock() returns its key can still be there (seen on a loaded machine). 10 ms on,
    // whatever was set with this 1-2 ms lifetime is gone, DEL or not; anything left then was left for longer.
    usleep(10000);
    var_dump($r, $f->isLocking($name), $f->remaining($name), json_encode(rl_exists_all($raws, "Lock:$name")));
}

echo "-- the client-side validity ends isLocking() and remaining() even while the keys live on\n";
$name = rl_unique('validity');
$key = "Lock:$name";
$g = new RedisLock($servers);
$life = 0.5 * $k;
var_dump($g->lock($name, 0, $life));
foreach ($raws as $r) {
    $r->cmd('PEXPIRE', $key, '60000');
}
var_dump($g->isLocking($name));
usleep((int)(($life + 0.1) * 1e6));
$tok = rl_common_token($raws, $key);
var_dump(strlen($tok), $g->remaining($name), $g->isLocking($name), $g->unlock($name));
rl_del_all($raws, $key);
?>
--EXPECT--
3 masters, held on [0,1]: lock=false oo- isLocking=false unlock=false oo-
3 masters, held on [1,2]: lock=false -oo isLocking=false unlock=false -oo
3 masters, held on [0,2]: lock=false o-o isLocking=false unlock=false o-o
3 masters, held on [1]: lock=true ToT isLocking=true unlock=true -o-
3 masters, held on [2]: lock=true TTo isLocking=true unlock=true --o
5 masters, held on [0,2,4]: lock=false o-o-o isLocking=false unlock=false o-o-o
5 masters, held on [1,2,3]: lock=false -ooo- isLocking=false unlock=false -ooo-
5 masters, held on [1,3]: lock=true ToToT isLocking=true unlock=true -o-o-
5 masters, held on [0,4]: lock=true oTTTo isLocking=true unlock=true o---o
-- lost on one master: still held
bool(true)
bool(true)
bool(true)
string(3) "-TT"
int(-2)
bool(true)
bool(true)
-- lost on two: isLocking() false, the record dropped
bool(false)
bool(false)
bool(false)
bool(false)
-- lost on two, another object: expire() false deletes the token everywhere
bool(true)
string(3) "T--"
bool(false)
string(3) "---"
bool(false)
bool(false)
bool(false)
-- taken over on two: unlock() false, someone else's keys untouched, ours deleted
bool(true)
string(3) "oTo"
bool(false)
string(3) "o-o"
bool(false)
-- unlockAll() with one name lost: false, both names gone everywhere
bool(true)
bool(true)
bool(false)
string(7) "[0,0,0]"
bool(false)
bool(false)
-- validity: a lifetime of 1 or 2 ms leaves none after the drift (1% + 2 ms): false, nothing left
bool(false)
bool(false)
bool(false)
string(7) "[0,0,0]"
bool(false)
bool(false)
bool(false)
string(7) "[0,0,0]"
-- the client-side validity ends isLocking() and remaining() even while the keys live on
bool(true)
bool(true)
int(32)
bool(false)
bool(false)
bool(false)
