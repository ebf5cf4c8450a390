--TEST--
__construct(): "redis://user:password@host:port/db" authenticates as the ACL user (percent-decoded) and selects the db
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
[$host, $port] = rl_test_endpoint();
$raw = new RawRedis();
$user = 'rluser' . bin2hex(random_bytes(4));
$password = 'p@ss:w/rd%' . bin2hex(random_bytes(4));
var_dump($raw->cmd('ACL', 'SETUSER', $user, 'reset', 'on', ">$password", '~*', '&*', '+@all'));

try {
    $name = rl_unique('url');
    $url = 'redis://' . rawurlencode($user) . ':' . rawurlencode($password) . "@$host:$port/3";
    $l = new RedisLock($url);
    var_dump($l->lock($name, 0, 5));
    // the key is in db 3, not in db 0
    var_dump($raw->cmd('EXISTS', "Lock:$name"));
    $raw->cmd('SELECT', '3');
    var_dump(preg_match('/^[0-9a-f]{32}$/D', (string)$raw->cmd('GET', "Lock:$name")));
    $raw->cmd('SELECT', '0');
    // the connection is logged in as the ACL user, on db 3
    $mine = rl_client_entries($raw);
    var_dump(count($mine), $mine[0]['user'] === $user, $mine[0]['db']);  // the only redislock connection so far
    var_dump($l->isLocking($name), $l->expire($name, 2), $l->unlock($name));
    $raw->cmd('SELECT', '3');
    var_dump($raw->cmd('EXISTS', "Lock:$name"));
    $raw->cmd('SELECT', '0');
    unset($l);

    // no credentials, no db: db 0 as the default user
    $name = rl_unique('url');
    $l = new RedisLock("redis://$host:$port");
    var_dump($l->lock($name, 0, 5));
    var_dump($raw->cmd('EXISTS', "Lock:$name"));
    var_dump($l->unlock($name));
    var_dump($raw->cmd('EXISTS', "Lock:$name"));
    unset($l);

    // explicit /0 with the ACL user
    $name = rl_unique('url');
    $l = new RedisLock('redis://' . rawurlencode($user) . ':' . rawurlencode($password) . "@$host:$port/0");
    var_dump($l->lock($name, 0, 5));
    var_dump($raw->cmd('EXISTS', "Lock:$name"));
    var_dump($l->unlock($name));
    var_dump($raw->cmd('EXISTS', "Lock:$name"));
    unset($l);
} finally {
    $raw->cmd('SELECT', '0');
    var_dump($raw->cmd('ACL', 'DELUSER', $user));
}
?>
--EXPECT--
string(2) "OK"
bool(true)
int(0)
int(1)
int(1)
bool(true)
string(1) "3"
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
int(1)
bool(true)
int(0)
bool(true)
int(1)
bool(true)
int(0)
int(1)
