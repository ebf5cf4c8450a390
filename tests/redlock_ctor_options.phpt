--TEST--
Redlock options apply to every master: prefix; database per master from each redis:// URL, the "database" option winning; credentials per master from each URL, the "password" option winning; a 1-element array is exactly the single-server mode
--SKIPIF--
<?php require __DIR__ . '/skipif_masters.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/redlock_helpers.inc';
$k = rl_slowdown();
$servers = rl_test_masters(3);
$raws = rl_raws($servers);

echo "-- prefix\n";
$name = rl_unique('pfx');
$l = new RedisLock($servers, ['prefix' => 'Shop:']);
var_dump($l->lock($name, 0, 10));
var_dump(rl_exists_all($raws, "Shop:$name"), rl_exists_all($raws, "Lock:$name"));
var_dump(strlen(rl_common_token($raws, "Shop:$name")));
var_dump($l->unlock($name), rl_exists_all($raws, "Shop:$name"));

echo "-- database from each URL, the option winning\n";
function dbs_with(RawRedis $raw, string $key): string
{
    $found = [];
    for ($db = 0; $db <= 5; $db++) {
        $raw->cmd('SELECT', (string)$db);
        if ($raw->cmd('EXISTS', $key)) {
            $found[] = $db;
        }
    }
    $raw->cmd('SELECT', '0');
    return '[' . implode(',', $found) . ']';
}
$urls = [];
foreach ($servers as $i => $s) {
    $urls[] = 'redis://' . substr($s, strlen('tcp://')) . '/' . ($i + 1);
}
foreach (['urls' => [], 'option 4' => ['database' => 4], 'option 0' => ['database' => 0]] as $label => $opts) {
    $name = rl_unique('db');
    $l = new RedisLock($urls, $opts);
    echo "$label: ", var_export($l->lock($name, 0, 10), true);
    foreach ($raws as $r) {
        echo ' ', dbs_with($r, "Lock:$name");
    }
    echo ' isLocking=', var_export($l->isLocking($name), true), ' unlock=', var_export($l->unlock($name), true);
    foreach ($raws as $r) {
        echo ' ', dbs_with($r, "Lock:$name");
    }
    echo "\n";
}

echo "-- persistent: a connection to every master outlives the object\n";
// before any PrivateRedis starts: a child process inherits the connections' sockets, which then stay open
unset($l);
foreach ([false, true] as $persistent) {
    $name = rl_unique('persist');
    $l = new RedisLock($servers, ['persistent' => $persistent]);
    $ok = $l->lock($name, 0, 10) && $l->unlock($name);
    $counts = fn () => array_map(fn ($r) => count(rl_client_entries($r)), $raws);
    $during = $counts();
    unset($l);
    // a closed connection leaves CLIENT LIST once the server has read its end (after our close on a loaded
    // machine: [0,0,1] was seen in the debug-ZTS pass beside a busy loop); a kept one never does
    $after = $persistent ? $counts() : (rl_wait_until(fn () => $counts() === [0, 0, 0], 2.0 * $k) ? [0, 0, 0] : $counts());
    echo 'persistent ', var_export($persistent, true), ': ', var_export($ok, true), ' ', json_encode($during), ' ', json_encode($after), "\n";
}
// a second persistent object reuses those connections
$l = new RedisLock($servers, ['persistent' => true]);
$name = rl_unique('persist');
var_dump($l->lock($name, 0, 10), json_encode(array_map(fn ($r) => count(rl_client_entries($r)), $raws)), $l->unlock($name));
unset($l);

echo "-- credentials from each URL, the option winning\n";
$pw = ['pw-one', 'pw-two', 'pw-three'];
$own = [];
foreach ($pw as $p) {
    $own[] = new PrivateRedis(['--requirepass', $p]);
}
$urls = [];
foreach ($own as $i => $m) {
    $urls[] = "redis://:{$pw[$i]}@127.0.0.1:{$m->port}";
}
$ownRaws = array_map(fn ($i) => $own[$i]->raw([$pw[$i]]), [0, 1, 2]);
$name = rl_unique('auth');
$l = new RedisLock($urls);
var_dump($l->lock($name, 0, 10), strlen(rl_common_token($ownRaws, "Lock:$name")), $l->unlock($name));
var_dump(rl_exists_all($ownRaws, "Lock:$name"));
// the "password" option wins over every URL's: wrong for all three masters
$l = new RedisLock($urls, ['password' => 'nope']);
try {
    $l->lock($name, 0, 10);
    echo "no exception\n";
} catch (RedisLockException $e) {
    var_dump(rl_names_all($e->getMessage(), rl_servers_of($own)), str_contains($e->getMessage(), 'pw-'));
}
var_dump(rl_exists_all($ownRaws, "Lock:$name"));
// and right for all three when they share it
foreach ($ownRaws as $r) {
    $r->cmd('CONFIG', 'SET', 'requirepass', 'common');
}
$ownRaws = array_map(fn ($m) => $m->raw(['common']), $own);
$l = new RedisLock($urls, ['password' => 'common']);
var_dump($l->lock($name, 0, 10), strlen(rl_common_token($ownRaws, "Lock:$name")), $l->unlock($name));

echo "-- a 1-element array is the single-server mode\n";
$raw = new RawRedis();
foreach (['string' => RL_TEST_SERVER, 'array' => [RL_TEST_SERVER]] as $label => $server) {
    $name = rl_unique('one');
    $l = new RedisLock($server);
    $ok = $l->lock($name, 0, 10);
    // single mode: remaining() reads the key's lifetime on the server (a round trip), not a client-side validity
    $raw->cmd('PEXPIRE', "Lock:$name", '4000');
    $rem = $l->remaining($name);
    $rem4 = is_float($rem) && $rem > 3.5 && $rem <= 4.0;
    $raw->cmd('DEL', "Lock:$name");
    echo "$label: ", json_encode([$ok, $rem4, $l->remaining($name), $l->isLocking($name), $l->unlock($name)]), "\n";
    // single mode waits in the single-server queue; the waiter is started (and connected) before the
    // lock is taken: a traced child's start on a loaded machine (valgrind, a load of 8) outlasted the
    // holder's 10 s lifetime, and the waiter then took the expired lock without queueing
    $w = new RlMultiWorker($server);
    $w->warmUp();
    $h = new RedisLock(RL_TEST_SERVER);
    $h->lock($name, 0, 10 * $k);
    $w->calls(['lock', 'lock', $name, 10 * $k, 10]);
    $q = rl_lock_wait_keys("Lock:$name")['queue'];
    echo "$label queue: ", count(rl_wait_queue_len($raw, $q, 1)), "\n";
    $h->unlock($name);
    $r = $w->results()[0];
    [$rc, $out] = $w->finish();
    echo "$label waiter: ", json_encode([$r['r'], $r['e'], $rc, $out]), ' ', $raw->cmd('EXISTS', "Lock:$name"), "\n";
}
?>
--EXPECT--
-- prefix
bool(true)
array(3) {
  [0]=>
  int(1)
  [1]=>
  int(1)
  [2]=>
  int(1)
}
array(3) {
  [0]=>
  int(0)
  [1]=>
  int(0)
  [2]=>
  int(0)
}
int(32)
bool(true)
array(3) {
  [0]=>
  int(0)
  [1]=>
  int(0)
  [2]=>
  int(0)
}
-- database from each URL, the option winning
urls: true [1] [2] [3] isLocking=true unlock=true [] [] []
option 4: true [4] [4] [4] isLocking=true unlock=true [] [] []
option 0: true [0] [0] [0] isLocking=true unlock=true [] [] []
-- persistent: a connection to every master outlives the object
persistent false: true [1,1,1] [0,0,0]
persistent true: true [1,1,1] [1,1,1]
bool(true)
string(7) "[1,1,1]"
bool(true)
-- credentials from each URL, the option winning
bool(true)
int(32)
bool(true)
array(3) {
  [0]=>
  int(0)
  [1]=>
  int(0)
  [2]=>
  int(0)
}
bool(true)
bool(false)
array(3) {
  [0]=>
  int(0)
  [1]=>
  int(0)
  [2]=>
  int(0)
}
bool(true)
int(32)
bool(true)
-- a 1-element array is the single-server mode
string: [true,true,false,false,false]
string queue: 1
string waiter: [true,null,0,""] 0
array: [true,true,false,false,false]
array queue: 1
array waiter: [true,null,0,""] 0
