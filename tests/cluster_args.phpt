--TEST--
cluster:// arguments: malformed strings are a ValueError with the reason (RedisLock, RedisSemaphore, and the INI at first use); well-formed ones connect nothing; "database" other than 0, and the sentinel_* options, are a ValueError naming the option; a cluster:// element in a list of masters is a ValueError
--SKIPIF--
<?php require __DIR__ . '/skipif_cluster.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/cluster_helpers.inc';

function attempt(callable $f): void
{
    try {
        $f();
        echo "no exception\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}

echo "-- malformed\n";
foreach ([
    'cluster://', 'cluster://,', 'cluster://,127.0.0.1:7000', 'cluster://127.0.0.1:7000,', 'cluster://a:1,,b:2',
    'cluster://:7000', 'cluster://h:0', 'cluster://h:65536', 'cluster://h:abc', 'cluster://h:', 'cluster://h:7000/0',
    'cluster://h:7000/', 'cluster://h:1,h:1', 'cluster://h,h:6379', 'cluster://user:pw@h:1', 'cluster://[::1',
    'cluster://::1:7000', "cluster://h\0x:1", 'cluster://[::1]x',
] as $s) {
    echo "'", addcslashes($s, "\0"), "': ";
    attempt(fn () => new RedisLock($s));
}
attempt(fn () => new RedisSemaphore('cluster://h:0'));

echo "-- well-formed: nothing connects (nothing listens on port 1)\n";
foreach (['cluster://127.0.0.1:1', 'cluster://localhost', 'cluster://[::1]:1,127.0.0.1:1', 'cluster://h1:1,h2:1,h3'] as $s) {
    attempt(fn () => new RedisLock($s));
    attempt(fn () => new RedisSemaphore($s, ['database' => 0]));
}

echo "-- options\n";
attempt(fn () => new RedisLock(RL_TEST_CLUSTER, ['database' => 1]));
attempt(fn () => new RedisSemaphore(RL_TEST_CLUSTER, ['database' => 3]));
attempt(fn () => new RedisLock(RL_TEST_CLUSTER, ['sentinel_password' => 'x']));
attempt(fn () => new RedisLock(RL_TEST_CLUSTER, ['sentinel_username' => 'u']));
attempt(fn () => new RedisSemaphore(RL_TEST_CLUSTER, ['sentinel_password' => null]));
attempt(fn () => new RedisLock(RL_TEST_CLUSTER, ['database' => 0, 'persistent' => true, 'min_replicas' => 1]));

echo "-- in a list of masters\n";
attempt(fn () => new RedisLock([RL_TEST_SERVER, RL_TEST_CLUSTER]));
attempt(fn () => new RedisLock([RL_TEST_CLUSTER, RL_TEST_SERVER]));

echo "-- INI: a bad address is refused when set (ini_set(), php.ini), the setting keeps its value\n";
[$rc, $out] = rl_run_php('<?php
foreach (["cluster://h:0", "cluster://h:1,h:1", "cluster://", "cluster://h/x"] as $bad) {
    var_dump(ini_set("redislock.server", $bad), ini_get("redislock.server"));
}
// a cluster:// setting is never split on its commas
var_dump(ini_set("redislock.server", "cluster://127.0.0.1:1,[::1]:2"), ini_get("redislock.server"));
$l = new RedisLock();
try {
    $l->lock("x");
} catch (RedisLockException $e) {
    echo "RedisLockException\n";
}');
echo $out;
[$rc, $out] = rl_run_php('<?php
$l = new RedisLock();
$s = RedisSemaphore::instance();
var_dump($l->lock("ini-" . getmypid(), 0, 5), is_string($s->acquire("ini-" . getmypid(), 1, 5)), $l->unlockAll(), $s->releaseAll());',
    ['redislock.server' => RL_TEST_CLUSTER]);
echo $out;
?>
--EXPECTF--
-- malformed
'cluster://': ValueError: RedisLock::__construct(): Argument #1 ($server) must be a valid server address: a seed node's address is empty
'cluster://,': ValueError: RedisLock::__construct(): Argument #1 ($server) must be a valid server address: a seed node's address is empty
'cluster://,127.0.0.1:7000': ValueError: RedisLock::__construct(): Argument #1 ($server) must be a valid server address: a seed node's address is empty
'cluster://127.0.0.1:7000,': ValueError: RedisLock::__construct(): Argument #1 ($server) must be a valid server address: a seed node's address is empty
'cluster://a:1,,b:2': ValueError: RedisLock::__construct(): Argument #1 ($server) must be a valid server address: a seed node's address is empty
'cluster://:7000': ValueError: RedisLock::__construct(): Argument #1 ($server) must be a valid server address: the host is missing
'cluster://h:0': ValueError: RedisLock::__construct(): Argument #1 ($server) must be a valid server address: the port must be a number between 1 and 65535
'cluster://h:65536': ValueError: RedisLock::__construct(): Argument #1 ($server) must be a valid server address: the port must be a number between 1 and 65535
'cluster://h:abc': ValueError: RedisLock::__construct(): Argument #1 ($server) must be a valid server address: the port must be a number between 1 and 65535
'cluster://h:': ValueError: RedisLock::__construct(): Argument #1 ($server) must be a valid server address: the port must be a number between 1 and 65535
'cluster://h:7000/0': ValueError: RedisLock::__construct(): Argument #1 ($server) must be a valid server address: a cluster:// address lists seed nodes only (no path, no database): cluster://host[:port][,host[:port]...]
'cluster://h:7000/': ValueError: RedisLock::__construct(): Argument #1 ($server) must be a valid server address: a cluster:// address lists seed nodes only (no path, no database): cluster://host[:port][,host[:port]...]
'cluster://h:1,h:1': ValueError: RedisLock::__construct(): Argument #1 ($server) must be a valid server address: it lists a server twice
'cluster://h,h:6379': ValueError: RedisLock::__construct(): Argument #1 ($server) must be a valid server address: it lists a server twice
'cluster://user:pw@h:1': ValueError: RedisLock::__construct(): Argument #1 ($server) must be a valid server address: credentials go in the options (password, sentinel_password), not in the address
'cluster://[::1': ValueError: RedisLock::__construct(): Argument #1 ($server) must be a valid server address: unterminated IPv6 address
'cluster://::1:7000': ValueError: RedisLock::__construct(): Argument #1 ($server) must be a valid server address: IPv6 addresses must be written in brackets, e.g. [::1]:6379
'cluster://h\000x:1': ValueError: RedisLock::__construct(): Argument #1 ($server) must be a valid server address: the host contains an invalid character
'cluster://[::1]x': ValueError: RedisLock::__construct(): Argument #1 ($server) must be a valid server address: unexpected characters after the IPv6 address
ValueError: RedisSemaphore::__construct(): Argument #1 ($server) must be a valid server address: the port must be a number between 1 and 65535
-- well-formed: nothing connects (nothing listens on port 1)
no exception
no exception
no exception
no exception
no exception
no exception
no exception
no exception
-- options
ValueError: RedisLock::__construct(): Argument #2 ($options) option "database" %s
ValueError: RedisSemaphore::__construct(): Argument #2 ($options) option "database" %s
ValueError: RedisLock::__construct(): Argument #2 ($options) option "sentinel_password" %s
ValueError: RedisLock::__construct(): Argument #2 ($options) option "sentinel_username" %s
ValueError: RedisSemaphore::__construct(): Argument #2 ($options) option "sentinel_password" %s
no exception
-- in a list of masters
ValueError: RedisLock::__construct(): Argument #1 ($server) element #2 must be a valid server address: %s
ValueError: RedisLock::__construct(): Argument #1 ($server) element #1 must be a valid server address: %s
-- INI: a bad address is refused when set (ini_set(), php.ini), the setting keeps its value

Warning: ini_set(): redislock.server must be a valid server address (or a comma-separated list of them): the port must be a number between 1 and 65535 in %s on line %d
bool(false)
string(20) "tcp://127.0.0.1:6379"

Warning: ini_set(): redislock.server must be a valid server address (or a comma-separated list of them): it lists a server twice in %s on line %d
bool(false)
string(20) "tcp://127.0.0.1:6379"

Warning: ini_set(): redislock.server must be a valid server address (or a comma-separated list of them): a seed node's address is empty in %s on line %d
bool(false)
string(20) "tcp://127.0.0.1:6379"

Warning: ini_set(): redislock.server must be a valid server address (or a comma-separated list of them): a cluster:// address lists seed nodes only (no path, no database): cluster://host[:port][,host[:port]...] in %s on line %d
bool(false)
string(20) "tcp://127.0.0.1:6379"
string(20) "tcp://127.0.0.1:6379"
string(29) "cluster://127.0.0.1:1,[::1]:2"
RedisLockException
bool(true)
bool(true)
bool(true)
bool(true)
