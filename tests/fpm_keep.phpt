--TEST--
php-fpm: a lock taken with $releaseAtRequestEnd false outlives its request (ended normally or by exit()), with an owner or without one, while the request's other locks are released; a later request releases it given its owner (or the token owner() read), as a queued Laravel job would
--SKIPIF--
<?php
require __DIR__ . "/skipif.inc";
require __DIR__ . "/fpm.inc";
if (rl_fpm_binary() === null) die("skip no php-fpm binary of this PHP build (version, ZTS, debug)");
?>
--FILE--
<?php
require __DIR__ . '/fpm.inc';
$fpm = RlFpm::start();
$raw = new RawRedis();
$name = rl_unique('fpm-keep');
$first = $fpm->script(<<<'PHP'
    $l = RedisLock::instance();
    $n = $_GET['name'];
    echo "lock A: ", var_export($l->lock("$n-A", 0, 30, 100000, 'order-9', false), true), "\n";
    echo "lock B: ", var_export($l->lock("$n-B", 0, 30, 100000, null, false), true), "\n";
    echo "token B: ", $l->owner("$n-B"), "\n";
    echo "lock C: ", var_export($l->lock("$n-C", 0, 30), true), "\n";
    if (($_GET['end'] ?? '') === 'exit') {
        exit(0);
    }
    PHP);
$second = $fpm->script(<<<'PHP'
    $l = RedisLock::instance();
    $n = $_GET['name'];
    echo "isLocking A (no owner): ", var_export($l->isLocking("$n-A"), true), "\n";
    echo "isLocking A (order-9): ", var_export($l->isLocking("$n-A", 'order-9'), true), "\n";
    echo "unlock A: ", var_export($l->unlock("$n-A", 'order-9'), true), "\n";
    echo "unlock B: ", var_export($l->unlock("$n-B", $_GET['token']), true), "\n";
    PHP);
$body = [];
foreach (['return', 'exit'] as $end) {
    $n = "$name-$end";
    $r1 = $fpm->request($first, ['name' => $n, 'end' => $end]);
    // (no PCRE in this process: its JIT code makes memcheck report uninitialised reads in the valgrind pass)
    $token = '';
    foreach (explode("\n", $r1->body) as $line) {
        if (str_starts_with($line, 'token B: ')) {
            $token = substr($line, strlen('token B: '));
            $line = 'token B: ' . (strlen($token) === 32 && strspn($token, '0123456789abcdef') === 32 ? '<32 hex>' : $token);
        }
        $body[] = $line;
    }
    echo "-- request 1 ($end):\n", implode("\n", $body);
    $body = [];
    echo "left: A ", $raw->cmd('EXISTS', "Lock:$n-A"), ", B ", $raw->cmd('EXISTS', "Lock:$n-B"), ", C ",
        $raw->cmd('EXISTS', "Lock:$n-C"), "\n";
    $r2 = $fpm->request($second, ['name' => $n, 'token' => $token]);
    echo "-- request 2:\n", $r2->body;
    echo "left: A ", $raw->cmd('EXISTS', "Lock:$n-A"), ", B ", $raw->cmd('EXISTS', "Lock:$n-B"), "\n";
}
?>
--EXPECT--
-- request 1 (return):
lock A: true
lock B: true
token B: <32 hex>
lock C: true
left: A 1, B 1, C 0
-- request 2:
isLocking A (no owner): false
isLocking A (order-9): true
unlock A: true
unlock B: true
left: A 0, B 0
-- request 1 (exit):
lock A: true
lock B: true
token B: <32 hex>
lock C: true
left: A 1, B 1, C 0
-- request 2:
isLocking A (no owner): false
isLocking A (order-9): true
unlock A: true
unlock B: true
left: A 0, B 0
