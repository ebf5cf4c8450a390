--TEST--
__construct(): "username"/"password" options authenticate, override the URL's credentials; password-only (requirepass) servers
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
[$host, $port] = rl_test_endpoint();
$raw = new RawRedis();
$user = 'rluser' . bin2hex(random_bytes(4));
$password = 'Pw' . bin2hex(random_bytes(6));
var_dump($raw->cmd('ACL', 'SETUSER', $user, 'reset', 'on', ">$password", '~*', '&*', '+@all'));

function try_lock(RedisLock $l, RawRedis $raw, string $expectUser): void
{
    $name = rl_unique('cred');
    try {
        $ok = $l->lock($name, 0, 5);
        $mine = rl_newest_client($raw);
        echo 'lock=', var_export($ok, true), ' user-ok=', var_export(($mine['user'] ?? null) === $expectUser, true),
            ' key=', $raw->cmd('EXISTS', "Lock:$name"), ' unlock=', var_export($l->unlock($name), true),
            ' key=', $raw->cmd('EXISTS', "Lock:$name"), "\n";
    } catch (RedisLockException $e) {
        echo 'RedisLockException, password leaked: ', var_export(str_contains($e->getMessage(), 'WRONGPW'), true), "\n";
    }
}

try {
    // options only
    try_lock(new RedisLock(RL_TEST_SERVER, ['username' => $user, 'password' => $password]), $raw, $user);
    // options override the URL's (wrong) password
    try_lock(new RedisLock("redis://$user:WRONGPW@$host:$port", ['password' => $password]), $raw, $user);
    // options override the URL's user and password
    try_lock(new RedisLock("redis://nosuchuser:WRONGPW@$host:$port", ['username' => $user, 'password' => $password]), $raw, $user);
    // a wrong password in the options wins over a right one in the URL
    try_lock(new RedisLock("redis://$user:$password@$host:$port", ['password' => 'WRONGPW']), $raw, $user);
    // null options are accepted
    try_lock(new RedisLock(RL_TEST_SERVER, ['username' => null, 'password' => null]), $raw, 'default');
} finally {
    var_dump($raw->cmd('ACL', 'DELUSER', $user));
}

// a server with requirepass: password-only URL ("redis://:pw@host:port") and password option
$secret = 'Req' . bin2hex(random_bytes(6));
$srv = new PrivateRedis(['--requirepass', $secret]);
$praw = $srv->raw([$secret]);
$h = $srv->host();
foreach (["redis://:$secret@$h:{$srv->port}" => [], $srv->server() => ['password' => $secret]] as $server => $options) {
    $name = rl_unique('cred');
    $l = new RedisLock($server, $options);
    var_dump($l->lock($name, 0, 5), $praw->cmd('EXISTS', "Lock:$name"), $l->unlock($name), $praw->cmd('EXISTS', "Lock:$name"));
}
// without the password: RedisLockException (NOAUTH), nothing written
$name = rl_unique('cred');
try {
    (new RedisLock($srv->server()))->lock($name);
    echo "no exception\n";
} catch (RedisLockException $e) {
    echo "RedisLockException\n";
}
var_dump($praw->cmd('EXISTS', "Lock:$name"));
$srv->stop([$secret]);
?>
--EXPECT--
string(2) "OK"
lock=true user-ok=true key=1 unlock=true key=0
lock=true user-ok=true key=1 unlock=true key=0
lock=true user-ok=true key=1 unlock=true key=0
RedisLockException, password leaked: false
lock=true user-ok=true key=1 unlock=true key=0
int(1)
bool(true)
int(1)
bool(true)
int(0)
bool(true)
int(1)
bool(true)
int(0)
RedisLockException
int(0)
