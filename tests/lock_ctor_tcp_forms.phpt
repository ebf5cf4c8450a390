--TEST--
__construct(): "tcp://host:port", "host:port" and "host" (default port 6379) server strings
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
[$host, $port] = rl_test_endpoint();
$raw = new RawRedis();

foreach (["tcp://$host:$port", "$host:$port"] as $server) {
    $name = rl_unique('forms');
    $l = new RedisLock($server);
    var_dump($l->lock($name, 0, 5));
    var_dump(preg_match('/^[0-9a-f]{32}$/D', (string)$raw->cmd('GET', "Lock:$name")));
    var_dump($l->isLocking($name));
    var_dump($l->unlock($name));
    var_dump($raw->cmd('EXISTS', "Lock:$name"));
}

// "host" alone means port 6379; whether or not something listens there, the
// object must target 127.0.0.1:6379 and never the test server's port.
$name = rl_unique('forms');
$l = new RedisLock('127.0.0.1');
$listening = @stream_socket_client('tcp://127.0.0.1:6379', $errno, $errstr, 1);
if ($listening) {
    fclose($listening);
    var_dump(true); // a real server on 6379: nothing to check without disturbing it
} else {
    try {
        $l->lock($name);
        echo "no exception\n";
    } catch (RedisLockException $e) {
        var_dump(str_contains($e->getMessage(), '127.0.0.1:6379'));
    }
}
var_dump($raw->cmd('EXISTS', "Lock:$name"));
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
int(0)
