--TEST--
Errors: read_timeout while the server is paused (CLIENT PAUSE) throws RedisLockException in time; the object works again afterwards
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$srv = new PrivateRedis();   // a server of our own: pausing it disturbs no other test
$raw = $srv->raw();
$name = rl_unique('rto');
$key = "Lock:$name";

// 1. paused before the first command (connect + setup + SET all wait)
$l = new RedisLock($srv->server(), ['read_timeout' => 0.2]);
var_dump($raw->cmd('CLIENT', 'PAUSE', '1500', 'ALL'));
$t = microtime(true);
try {
    $l->lock($name, 0, 5);
    echo "no exception\n";
} catch (RedisLockException $e) {
    echo get_class($e), ' ', var_export(str_contains($e->getMessage(), $srv->server()), true), "\n";
}
$elapsed = microtime(true) - $t;
var_dump($elapsed < 1.2);
var_dump($raw->cmd('CLIENT', 'UNPAUSE'));   // blocks until the pause is over
var_dump($l->lock($name, 0, 5));
var_dump(preg_match('/^[0-9a-f]{32}$/D', (string)$raw->cmd('GET', $key)));

// 2. paused while holding a lock, on an established connection
var_dump($raw->cmd('CLIENT', 'PAUSE', '1500', 'ALL'));
$t = microtime(true);
try {
    $l->isLocking($name);
    echo "no exception\n";
} catch (RedisLockException $e) {
    echo get_class($e), ' ', var_export(str_contains($e->getMessage(), $srv->server()), true), "\n";
}
var_dump(microtime(true) - $t < 1.2);
var_dump($raw->cmd('CLIENT', 'UNPAUSE'));
var_dump($l->isLocking($name), $l->expire($name, 5), $l->unlock($name));
var_dump($raw->cmd('EXISTS', $key));

// 3. read_timeout 0 means no timeout: a short pause is simply waited out
$n = new RedisLock($srv->server(), ['read_timeout' => 0]);
var_dump($raw->cmd('CLIENT', 'PAUSE', '400', 'ALL'));
$t = microtime(true);
var_dump($n->lock($name, 0, 5));
var_dump(microtime(true) - $t < 3.0);
var_dump($n->unlock($name), $raw->cmd('EXISTS', $key));

// 4. the INI redislock.read_timeout is the default; the option overrides it
$code = rl_child_prelude() . '$server = ' . var_export($srv->server(), true) . '; $name = ' . var_export($name, true) . ';
$raw = new RawRedis($server);
var_dump(ini_get("redislock.read_timeout"));
$l = new RedisLock($server);
var_dump($raw->cmd("CLIENT", "PAUSE", "1500", "ALL"));
$t = microtime(true);
try { $l->lock($name, 0, 5); echo "no exception\n"; } catch (RedisLockException $e) { echo "RedisLockException\n"; }
var_dump(microtime(true) - $t < 1.2);
var_dump($raw->cmd("CLIENT", "UNPAUSE"));
$o = new RedisLock($server, ["read_timeout" => 0]);
var_dump($raw->cmd("CLIENT", "PAUSE", "400", "ALL"));
var_dump($o->lock($name, 0, 5), $o->unlock($name));
';
[$rc, $out] = rl_run_php($code, ['redislock.read_timeout' => '0.2']);
echo $out;
var_dump($rc, $raw->cmd('EXISTS', $key));
$srv->stop();

// 5. a "server" that accepts connections (kernel backlog) but never answers
$silent = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
$addr = 'tcp://' . stream_socket_get_name($silent, false);
$s = new RedisLock($addr, ['read_timeout' => 0.3, 'connect_timeout' => 1]);
$t = microtime(true);
try {
    $s->lock($name, 0, 5);
    echo "no exception\n";
} catch (RedisLockException $e) {
    echo get_class($e), ' ', var_export(str_contains($e->getMessage(), $addr), true), "\n";
}
$elapsed = microtime(true) - $t;
var_dump($elapsed >= 0.2, $elapsed < 2.5);
fclose($silent);
?>
--EXPECT--
string(2) "OK"
RedisLockException true
bool(true)
string(2) "OK"
bool(true)
int(1)
string(2) "OK"
RedisLockException true
bool(true)
string(2) "OK"
bool(true)
bool(true)
bool(true)
int(0)
string(2) "OK"
bool(true)
bool(true)
bool(true)
int(0)
string(3) "0.2"
string(2) "OK"
RedisLockException
bool(true)
string(2) "OK"
string(2) "OK"
bool(true)
bool(true)
int(0)
int(0)
RedisLockException true
bool(true)
bool(true)
