--TEST--
Wait keys never collide with lock or semaphore keys: locks and semaphores named like wait keys or with braces of every shape ({a}:wait:live, {a}, a}b, }{, {}, {{a}}, rl:{Lock:a}:lq, binary bytes...) are all held while a lock waiter and a semaphore waiter wait on each: no WRONGTYPE, every waiter gets in; the wait keys are exactly the names of ext/core/lua/README.md (re-derived in PHP) and share their resource's cluster slot
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sem_helpers.inc';
$srv = new PrivateRedis();   // an empty keyspace of our own: every wait key in it is one of ours
$raw = $srv->raw();
$server = $srv->server();
// CLUSTER KEYSLOT needs cluster support: a second, cluster-enabled server (no slots, no data) answers it
$cluster = new PrivateRedis(['--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf']);
$ks = $cluster->raw();
$names = ['{a}:wait:live', '{a}:wait:queue', '{a}', 'a', 'a}b', '}{', '{}', '{{a}}', '}', 'rl:{Lock:a}:lq',
    '{a}=lq8:Lock:{a}', "\x00\xff{\r\n}\x01", "b\x00}"];
if (rl_under_valgrind()) {   // fewer names: the test process, traced, checks every one
    $names = ['{a}:wait:live', '{a}', 'a}b', '}{', "\x00\xff{\r\n}\x01"];
}

echo "-- my CRC16 agrees with CLUSTER KEYSLOT\n";
$bad = [];
foreach (['', 'a', '123456789', '{a}', 'a{b}c', '{}x', 'x{}', '{{a}}', '}{', "\x00\xff{\r\n}\x01", str_repeat("\xfe", 300)] as $k) {
    if ($ks->cmd('CLUSTER', 'KEYSLOT', $k) !== rl_keyslot($k)) {
        $bad[] = bin2hex($k);
    }
}
var_dump(rl_crc16('123456789') === 0x31C3, $bad);
// every slot has a crafted tag (3 characters of [0-9A-Za-z]): all 238328 candidates counted in a child
[$rc, $out] = rl_run_php(rl_child_prelude() . 'require ' . var_export(__DIR__ . '/lock_helpers.inc', true) . ';
$abc = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
$slots = [];
for ($i = 0; $i < 62; $i++) for ($j = 0; $j < 62; $j++) for ($k = 0; $k < 62; $k++) {
    $slots[rl_crc16($abc[$i] . $abc[$j] . $abc[$k]) % 16384] = true;
}
echo count($slots), " ", rl_crafted_tag(0), " ", rl_crafted_tag(16383), "\n";');
[$covered, $t0, $tLast] = explode(' ', trim($out)) + [null, null, null];
var_dump($rc, $covered, rl_keyslot("{{$t0}}") === 0 && rl_keyslot("{{$tLast}}") === 16383);

echo "-- everything held, a lock waiter and a semaphore waiter on each name\n";
$hl = new RedisLock($server);
$hs = new RedisSemaphore($server);
$held = 0;
foreach ($names as $n) {
    $held += $hl->lock($n, 0, 120) + is_string($hs->acquire($n, 1, 120));
}
var_dump($held === 2 * count($names));
$lw = $sw = [];
foreach ($names as $i => $n) {
    $lw[$i] = new RlWorker($server);
    $lw[$i]->calls(['lock', 'lock', $n, 90, 120]);   // generous: dozens of PHP processes, maybe under valgrind
    $sw[$i] = new RlWorker($server);
    $sw[$i]->calls(['sem', 'acquire', $n, 1, 120, 90]);
}
// each waiter is queued under the derived names
$expected = $required = $tokens = [];
$slotErrors = [];
foreach ($names as $i => $n) {
    foreach (['l' => "Lock:$n", 's' => "Sem:$n"] as $kind => $res) {
        $keys = rl_wait_keys_for($kind, $res, $kind === 'l' ? 'Lock:' : 'Sem:');
        $resKey = $kind === 'l' ? $res : "{{$res}}:holders";
        try {
            [$member] = rl_wait_queue_len($raw, $keys['queue'], 1, 60);
        } catch (Error $e) {
            echo "$kind ", bin2hex($n), ': ', $e->getMessage(), "\n";
            continue;
        }
        // the semaphore's terms are one HASH, there while it waits; the lock's T is its served list,
        // there only while a note it took is in it (a waiter at the head may have told itself to look)
        $required[] = $keys['queue'];
        if ($kind === 's') {
            $required[] = $keys['terms'];
        }
        $expected[$keys['queue']] = $expected[$keys['terms']] = $expected[$keys['wake'] . $member] = $resKey;
    }
}
$waitKeys = array_values(array_filter($raw->cmd('KEYS', '*'), fn ($k) => preg_match('/^(rl|RL):/', $k)));
$unexpected = array_diff($waitKeys, array_keys($expected));
$missing = array_diff($required, $waitKeys);
var_dump(array_map('bin2hex', array_values($unexpected)), array_map('bin2hex', array_values($missing)));
foreach ($waitKeys as $k) {
    if (isset($expected[$k]) && ($ks->cmd('CLUSTER', 'KEYSLOT', $k) !== rl_keyslot($expected[$k])
            || rl_keyslot($k) !== rl_keyslot($expected[$k]))) {
        $slotErrors[] = bin2hex($k);
    }
}
var_dump(count($required) === 3 * count($names), $slotErrors);
$types = [];
foreach ($required as $k) {
    $types[] = $raw->cmd('TYPE', $k);
}
// per name: two queues (LIST), the semaphore's terms (HASH)
$types = array_count_values($types);
ksort($types);
var_dump($types === ['hash' => count($names), 'list' => 2 * count($names)]);
// the lock and semaphore keys are still the holders' (nothing wrote over them)
$intact = 0;
foreach ($names as $n) {
    $intact += $raw->cmd('TYPE', "Lock:$n") === 'string' && $raw->cmd('TYPE', "{Sem:$n}:deadlines") === 'zset';
}
var_dump($intact === count($names));

echo "-- released: every waiter gets in, no error\n";
var_dump($hl->unlockAll(), $hs->releaseAll());
$errors = [];
foreach ($names as $i => $n) {
    $r = $lw[$i]->results(90)[0];
    if ($r['r'] !== true || $r['e'] !== null) {
        $errors[] = 'lock ' . bin2hex($n) . ': ' . json_encode($r, JSON_INVALID_UTF8_SUBSTITUTE);
    }
    $r = $sw[$i]->results(90)[0];
    if (!is_string($r['r']) || $r['e'] !== null) {
        $errors[] = 'sem ' . bin2hex($n) . ': ' . json_encode($r, JSON_INVALID_UTF8_SUBSTITUTE);
    }
}
var_dump($errors);
$released = 0;
foreach ($names as $i => $n) {
    $lw[$i]->calls(['lock', 'unlock', $n]);
    $sw[$i]->calls(['sem', 'release', $n]);
    $released += ($lw[$i]->results()[0]['r'] === true) + ($sw[$i]->results()[0]['r'] === true);
    $lw[$i]->finish();
    $sw[$i]->finish();
}
var_dump($released === 2 * count($names));
// no lock or semaphore key is left, and no wait key without an expiry
$left = array_filter($raw->cmd('KEYS', '*'), fn ($k) => !preg_match('/^(rl|RL):/', $k) || $raw->cmd('PTTL', $k) < 0);
var_dump(array_map('bin2hex', array_values($left)));
$srv->stop();
$cluster->stop();
?>
--EXPECT--
-- my CRC16 agrees with CLUSTER KEYSLOT
bool(true)
array(0) {
}
int(0)
string(5) "16384"
bool(true)
-- everything held, a lock waiter and a semaphore waiter on each name
bool(true)
array(0) {
}
array(0) {
}
bool(true)
array(0) {
}
bool(true)
bool(true)
-- released: every waiter gets in, no error
bool(true)
bool(true)
array(0) {
}
bool(true)
array(0) {
}
