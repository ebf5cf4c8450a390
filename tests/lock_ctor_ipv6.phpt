--TEST--
__construct(): "[::1]:port" (IPv6 literal) reaches a server listening on ::1
--SKIPIF--
<?php require __DIR__ . '/skipif.inc';
if (!@stream_socket_server('tcp://[::1]:0')) die('skip no IPv6 loopback');
?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$srv = new PrivateRedis([], '::1');
$raw = $srv->raw();
$name = rl_unique('ipv6');

foreach (["[::1]:{$srv->port}", "tcp://[::1]:{$srv->port}"] as $server) {
    $l = new RedisLock($server);
    var_dump($l->lock($name, 0, 5), preg_match('/^[0-9a-f]{32}$/D', (string)$raw->cmd('GET', "Lock:$name")),
        $l->isLocking($name), $l->unlock($name), $raw->cmd('EXISTS', "Lock:$name"));
}
// errors name the IPv6 server
$port = $srv->port;
$srv->stop();
try {
    (new RedisLock("[::1]:$port"))->lock($name);
    echo "no exception\n";
} catch (RedisLockException $e) {
    var_dump(str_contains($e->getMessage(), "[::1]:$port"));
}
?>
--EXPECT--
bool(true)
int(1)
bool(true)
bool(true)
int(0)
bool(true)
int(1)
bool(true)
bool(true)
int(0)
bool(true)
