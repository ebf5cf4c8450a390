--TEST--
Sentinel errors: no Sentinel answering (dead ports, silent listeners bounded by read_timeout, the default port 26379) and an unknown master name are a RedisLockException naming every Sentinel tried and the master name, for RedisLock and RedisSemaphore alike, and never containing sentinel_password; Sentinels that do not require the password given are reported the same way; a dead or silent Sentinel before a live one is skipped
--SKIPIF--
<?php require __DIR__ . '/skipif_sentinel.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sentinel_helpers.inc';
$k = rl_slowdown();
$secret = 'Pw-' . bin2hex(random_bytes(6));

/**
 * Runs $call, which must throw RedisLockException: one line saying whether its message names
 * each of $mustName (the master name in quotes, and every Sentinel "host:port" twice: in the
 * server string it starts with, and with what that Sentinel said), leaves out $secret, and came
 * within $max seconds.
 */
function check(string $label, callable $call, array $mustName, string $secret, float $max): void
{
    $t = microtime(true);
    try {
        $r = $call();
        echo "$label: no exception: ", var_export($r, true), "\n";
        return;
    } catch (Throwable $e) {
        $took = microtime(true) - $t;
        $msg = $e->getMessage();
        $missing = array_values(array_filter($mustName,
            fn ($s) => substr_count($msg, $s) < ($s[0] === '"' ? 1 : 2)));
        $ok = $e instanceof RedisLockException && !$missing && !str_contains($msg, $secret) && $took < $max;
        echo "$label: ", $ok ? 'ok' . rl_error_kind($e) : get_class($e) . ": $msg (missing " . json_encode($missing) . ', '
            . (str_contains($msg, $secret) ? 'shows the password, ' : '') . sprintf('%.3f s)', $took), "\n";
    }
}

echo "-- dead ports\n";
$dead = [rl_dead_port(), rl_dead_port(), rl_dead_port()];
$addrs = array_map(fn ($p) => "127.0.0.1:$p", $dead);
$server = 'sentinel://' . implode(',', $addrs) . '/rl-no-master';
$names = array_merge($addrs, ['"rl-no-master"']);
check('lock', fn () => (new RedisLock($server))->lock('x', 0, 5), $names, $secret, 5 * $k);
check('lock with sentinel_password', fn () => (new RedisLock($server, ['sentinel_password' => $secret]))->lock('x', 0, 5),
    $names, $secret, 5 * $k);
check('lock with sentinel_username', fn () => (new RedisLock($server, ['sentinel_username' => 'app', 'sentinel_password' => $secret,
    'password' => $secret]))->lock('x', 1, 5), $names, $secret, 5 * $k);
check('acquire', fn () => (new RedisSemaphore($server, ['sentinel_password' => $secret]))->acquire('x', 1, 5), $names, $secret, 5 * $k);
check('count', fn () => (new RedisSemaphore($server))->count('x'), $names, $secret, 5 * $k);
// the whole message, once
try {
    (new RedisLock('sentinel://' . $addrs[0] . '/rl-no-master'))->lock('x');
} catch (RedisLockException $e) {
    echo str_replace($dead[0], 'PORT', $e->getMessage()), "\n";
}
// five of them
$five = array_map(fn () => '127.0.0.1:' . rl_dead_port(), range(1, 5));
check('five dead', fn () => (new RedisLock('sentinel://' . implode(',', $five) . '/rl-no-master'))->lock('x'),
    array_merge($five, ['"rl-no-master"']), $secret, 5 * $k);
// no port: 26379 (whatever answers there, if anything, knows no such master)
$name = rl_unique('rl-no-master');
check('default port', fn () => (new RedisLock("sentinel://127.0.0.1/$name"))->lock('x'), ['127.0.0.1:26379', "\"$name\""], $secret, 5 * $k);

echo "-- silent Sentinels (accept, never answer): bounded by read_timeout\n";
$silent = [];
$silentAddrs = [];
for ($i = 0; $i < 2; $i++) {
    $silent[] = $sock = stream_socket_server('tcp://127.0.0.1:0');
    $silentAddrs[] = stream_socket_get_name($sock, false);
}
$rt = 0.5 * $k;
check('silent', fn () => (new RedisLock('sentinel://' . implode(',', $silentAddrs) . '/rl-no-master', ['read_timeout' => $rt]))->lock('x'),
    array_merge($silentAddrs, ['"rl-no-master"']), $secret, 2 * $rt + 2 * $k);

echo "-- unknown master name on the shared group\n";
$p = rl_sentinel_parse(RL_TEST_SENTINEL);
$unknown = 'sentinel://' . implode(',', $p['sentinels']) . '/rl-unknown-master';
check('lock', fn () => (new RedisLock($unknown))->lock('x'), array_merge($p['sentinels'], ['"rl-unknown-master"']), $secret, 5 * $k);
check('acquire', fn () => (new RedisSemaphore($unknown))->acquire('x', 1), array_merge($p['sentinels'], ['"rl-unknown-master"']), $secret, 5 * $k);
try {
    (new RedisLock('sentinel://' . $p['sentinels'][0] . '/rl-unknown-master'))->lock('x');
} catch (RedisLockException $e) {
    echo str_replace($p['sentinels'][0], 'SENTINEL', $e->getMessage()), "\n";
}

echo "-- a password for Sentinels that require none\n";
check('lock', fn () => (new RedisLock(RL_TEST_SENTINEL, ['sentinel_password' => $secret]))->lock('x'),
    array_merge($p['sentinels'], ['"' . $p['name'] . '"']), $secret, 5 * $k);
check('unknown name', fn () => (new RedisLock($unknown, ['sentinel_password' => $secret]))->lock('x'),
    array_merge($p['sentinels'], ['"rl-unknown-master"']), $secret, 5 * $k);

echo "-- dead and silent Sentinels before the live ones are skipped\n";
$mixed = 'sentinel://' . implode(',', array_merge([$addrs[0], $silentAddrs[0]], $p['sentinels'])) . '/' . $p['name'];
$l = new RedisLock($mixed, ['read_timeout' => $rt]);
$x = rl_unique('x');
var_dump($l->lock($x, 0, 30), rl_sentinel_master_raw()->cmd('EXISTS', "Lock:$x"), $l->unlock($x));
$sem = new RedisSemaphore($mixed, ['read_timeout' => $rt]);
var_dump(is_string($sem->acquire($x, 1, 30)), $sem->releaseAll());
?>
--EXPECT--
-- dead ports
lock: ok[NO_ROUTE]
lock with sentinel_password: ok[NO_ROUTE]
lock with sentinel_username: ok[NO_ROUTE]
acquire: ok[NO_ROUTE]
count: ok[NO_ROUTE]
sentinel://127.0.0.1:PORT/rl-no-master: no Sentinel answered for master "rl-no-master": tcp://127.0.0.1:PORT: cannot connect: Connection refused
five dead: ok[NO_ROUTE]
default port: ok[NO_ROUTE]
-- silent Sentinels (accept, never answer): bounded by read_timeout
silent: ok[NO_ROUTE]
-- unknown master name on the shared group
lock: ok[NO_ROUTE]
acquire: ok[NO_ROUTE]
sentinel://SENTINEL/rl-unknown-master: the Sentinels know no master named "rl-unknown-master": tcp://SENTINEL: does not know it
-- a password for Sentinels that require none
lock: ok[NO_ROUTE]
unknown name: ok[NO_ROUTE]
-- dead and silent Sentinels before the live ones are skipped
bool(true)
int(1)
bool(true)
bool(true)
bool(true)
