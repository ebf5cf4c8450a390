--TEST--
The served list stays small and never outlives the queue: (1) a lock passed on without pause for hundreds of hand-overs with lifetimes shorter than a check-in period (each tells the new head, a note that stays in the served list) keeps at most its newest 64 notes (and a "-"), not two per hand-over; (2) a grant whose note a blocked waiter moved into a missing served list (made without a TTL) and whose granter's check never came: the waiter's own release, finding nobody queued, gives the list a TTL
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$k = rl_slowdown();
$raw = new RawRedis();

// (1) three processes, 150 lock()/unlock() each, lifetime 1 s (below the check-in period)
$name = rl_unique('served-bounded');
$keys = rl_lock_wait_keys("Lock:$name");
$workers = RlWorker::warmedUp(3, 'lock');
$calls = [];
for ($i = 0; $i < 150; $i++) {
    $calls[] = ['lock', 'lock', $name, 30 * $k, 1.0];
    $calls[] = ['lock', 'unlock', $name];
}
$maxLen = 0;
foreach ($workers as $w) {
    $w->calls(...$calls);
}
$ok = 0;
foreach ($workers as $w) {
    foreach ($w->results(120 * $k) as $r) {
        $ok += $r['r'] === true ? 1 : 0;
    }
    $maxLen = max($maxLen, (int)$raw->cmd('LLEN', $keys['terms']));
}
echo "calls true: $ok of 900\n";
$len = (int)$raw->cmd('LLEN', $keys['terms']);
echo 'served list: ', $len <= 65 ? 'at most 65 entries' : "$len entries", ', its TTL: ',
    $len === 0 || $raw->cmd('PTTL', $keys['terms']) > 0 ? 'set' : 'NONE', "\n";
var_dump(rl_wait_keys_without_ttl($raw, "Lock:$name"));

// (2) a grant moved into a missing served list, its granter's check never sent
$name = rl_unique('served-ttl');
$key = "Lock:$name";
$keys = rl_lock_wait_keys($key);
$holder = new RedisLock(RL_TEST_SERVER);
var_dump($holder->lock($name, 0, 60), $raw->cmd('EXISTS', $keys['terms']));
$tokH = $raw->cmd('GET', $key);
$w = $workers[0];
$w->calls(['lock', 'lock', $name, 30 * $k, 30], ['lock', 'isLocking', $name]);
[$tokW] = rl_wait_queue_len($raw, $keys['queue'], 1);
$raw->cmd('DEL', $keys['terms']);                 // no served list yet (a head's "h" note may have made one)
// what "lock release" does to grant it: the waiter's block moves the note into a new list
$raw->cmd('LPOP', $keys['queue']);
$raw->cmd('SET', $key, $tokW, 'PX', '30000');
$raw->cmd('RPUSH', $keys['wake'] . $tokW, "g$tokH");
[$l, $i] = $w->results(10 * $k);
var_dump($l['r'], $i['r'], $raw->cmd('LRANGE', $keys['terms'], 0, -1) === ["g$tokH"], $raw->cmd('PTTL', $keys['terms']));
var_dump($w->call('lock', 'unlock', $name)['r']);
$pttl = $raw->cmd('PTTL', $keys['terms']);
echo 'after its release, the served list: ', $pttl > 0 ? 'expires' : "PTTL $pttl", "\n";
var_dump(rl_wait_keys_without_ttl($raw, $key), $holder->unlock($name));
foreach ($workers as $w) {
    $w->finish();
}
?>
--EXPECT--
calls true: 900 of 900
served list: at most 65 entries, its TTL: set
int(0)
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
int(-1)
bool(true)
after its release, the served list: expires
int(0)
bool(false)
