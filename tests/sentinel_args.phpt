--TEST--
sentinel:// arguments: malformed strings are a ValueError with the exact reason (RedisLock and RedisSemaphore); well-formed ones connect nothing in the constructor; sentinel_password/sentinel_username with another kind of server, min_replicas out of range or with several masters, replica_timeout not above 0 are ValueErrors naming the option (wrong types TypeErrors); a sentinel:// element in a list is refused; the INI form redislock.server=sentinel://... works with RedisLock::instance() and RedisSemaphore::instance() (never split on its commas), a malformed one is refused when set
--SKIPIF--
<?php require __DIR__ . '/skipif_sentinel.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/sentinel_helpers.inc';
$prefix = 'RedisLock::__construct(): Argument #1 ($server) must be a valid server address: ';
$bad = [
    'sentinel://', 'sentinel://h', 'sentinel://h:26379', 'sentinel://h/', 'sentinel:///m', 'sentinel://h:1,/m',
    'sentinel://,h:1/m', 'sentinel://h:1,,h:2/m', 'sentinel://:1/m', 'sentinel://h:/m', 'sentinel://h:0/m',
    'sentinel://h:65536/m', 'sentinel://h:abc/m', 'sentinel://h:-1/m', 'sentinel://[::1/m', 'sentinel://::1/m',
    'sentinel://[::1]x/m', 'sentinel://u:p@h:1/m', 'sentinel://:p@h/m', "sentinel://h/m\0x", 'sentinel://h:1,h:1/m',
];
foreach ($bad as $s) {
    try {
        new RedisLock($s);
        echo json_encode($s), ": no exception\n";
    } catch (Throwable $e) {
        $msg = $e->getMessage();
        echo json_encode($s), ': ', $e instanceof ValueError && str_starts_with($msg, $prefix)
            ? substr($msg, strlen($prefix)) : get_class($e) . ": $msg", "\n";
    }
}
try {
    new RedisSemaphore('sentinel://h:1,/m');
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}

echo "-- well-formed: nothing connects yet (these hosts do not exist)\n";
foreach (['sentinel://rl-nowhere.invalid/m', 'sentinel://rl-nowhere.invalid:26380/m', 'sentinel://[::1]:1/m',
          'sentinel://a.invalid:1,b.invalid,[::1]:2/some-master', 'sentinel://h.invalid/m:with:colons'] as $s) {
    new RedisLock($s, ['min_replicas' => 1, 'replica_timeout' => 2, 'sentinel_password' => 'x']);
    new RedisSemaphore($s);
    echo "$s: ok\n";
}

echo "-- options\n";
$opt = function (string $server, array $o): void {
    try {
        new RedisLock($server, $o);
        echo json_encode($o), ": no exception\n";
    } catch (Throwable $e) {
        echo json_encode($o), ': ', get_class($e), ': ', $e->getMessage(), "\n";
    }
};
foreach (['tcp://127.0.0.1:1', 'unix:///tmp/rl-none.sock', 'redis://127.0.0.1:1/2', '127.0.0.1:1'] as $s) {
    $opt($s, ['sentinel_password' => 'x']);
}
$opt('tcp://127.0.0.1:1', ['sentinel_username' => 'x']);
$opt('tcp://127.0.0.1:1', ['sentinel_password' => null]);
$opt(RL_TEST_SERVER, ['sentinel_username' => 'u', 'sentinel_password' => 'p']);
foreach ([['min_replicas' => -1], ['min_replicas' => 1001], ['replica_timeout' => 0], ['replica_timeout' => 0.0],
          ['replica_timeout' => -1], ['replica_timeout' => -0.5], ['replica_timeout' => NAN], ['replica_timeout' => INF],
          ['min_replicas' => 1.0], ['min_replicas' => '1'], ['replica_timeout' => '1'], ['sentinel_password' => 1],
          ['sentinel_username' => false]] as $o) {
    $opt('sentinel://h/m', $o);
}
// accepted on every kind of single server
foreach (['tcp://127.0.0.1:1', 'sentinel://h/m'] as $s) {
    $opt($s, ['min_replicas' => 0, 'replica_timeout' => 0.001]);
    $opt($s, ['min_replicas' => 1000, 'replica_timeout' => 3600]);
}
$opt('sentinel://h/m', ['sentinel_password' => null, 'sentinel_username' => null]);
echo "-- lists\n";
foreach ([['sentinel://h/m', 'tcp://127.0.0.1:1'], ['tcp://127.0.0.1:1', 'sentinel://h/m']] as $list) {
    try {
        new RedisLock($list);
    } catch (ValueError $e) {
        echo $e->getMessage(), "\n";
    }
}
try {
    new RedisLock(['tcp://127.0.0.1:1', 'tcp://127.0.0.1:2', 'tcp://127.0.0.1:3'], ['min_replicas' => 1]);
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}
$opt('tcp://127.0.0.1:1', ['min_replicas' => 0]);

echo "-- INI\n";
$code = rl_child_prelude() . 'require ' . var_export(__DIR__ . '/lock_helpers.inc', true) . ';
require ' . var_export(__DIR__ . '/sentinel_helpers.inc', true) . ';
$n = rl_unique("ini");
var_dump(ini_get("redislock.server") === RL_TEST_SENTINEL);
var_dump(RedisLock::instance()->lock($n, 0, 30), rl_sentinel_master_raw()->cmd("EXISTS", "Lock:$n"));
var_dump(is_string(RedisSemaphore::instance()->acquire($n, 1, 30)), rl_sentinel_master_raw()->cmd("ZCARD", "{Sem:$n}:holders"));
var_dump((new RedisLock(null, ["min_replicas" => 1]))->lock("$n.2", 0, 30));
var_dump(RedisLock::instance()->unlockAll(), RedisSemaphore::instance()->releaseAll());
// a malformed one is refused when set, the good one stays
var_dump(ini_set("redislock.server", "sentinel://h:1,/m"), ini_get("redislock.server") === RL_TEST_SENTINEL);
';
[$rc, $out] = rl_run_php($code, ['redislock.server' => RL_TEST_SENTINEL]);
echo $out;
var_dump($rc);
[$rc, $out] = rl_run_php('<?php var_dump(ini_get("redislock.server"));', ['redislock.server' => 'sentinel://h:1,,h:2/m']);
echo $out;
?>
--EXPECTF--
"sentinel:\/\/": the master name is missing: sentinel://host[:port][,host[:port]...]/name
"sentinel:\/\/h": the master name is missing: sentinel://host[:port][,host[:port]...]/name
"sentinel:\/\/h:26379": the master name is missing: sentinel://host[:port][,host[:port]...]/name
"sentinel:\/\/h\/": the master name after '/' is empty
"sentinel:\/\/\/m": a Sentinel's address is empty
"sentinel:\/\/h:1,\/m": a Sentinel's address is empty
"sentinel:\/\/,h:1\/m": a Sentinel's address is empty
"sentinel:\/\/h:1,,h:2\/m": a Sentinel's address is empty
"sentinel:\/\/:1\/m": the host is missing
"sentinel:\/\/h:\/m": the port must be a number between 1 and 65535
"sentinel:\/\/h:0\/m": the port must be a number between 1 and 65535
"sentinel:\/\/h:65536\/m": the port must be a number between 1 and 65535
"sentinel:\/\/h:abc\/m": the port must be a number between 1 and 65535
"sentinel:\/\/h:-1\/m": the port must be a number between 1 and 65535
"sentinel:\/\/[::1\/m": unterminated IPv6 address
"sentinel:\/\/::1\/m": IPv6 addresses must be written in brackets, e.g. [::1]:6379
"sentinel:\/\/[::1]x\/m": unexpected characters after the IPv6 address
"sentinel:\/\/u:p@h:1\/m": credentials go in the options (password, sentinel_password), not in the address
"sentinel:\/\/:p@h\/m": credentials go in the options (password, sentinel_password), not in the address
"sentinel:\/\/h\/m\u0000x": the master name contains a NUL byte
"sentinel:\/\/h:1,h:1\/m": it lists a server twice
RedisSemaphore::__construct(): Argument #1 ($server) must be a valid server address: a Sentinel's address is empty
-- well-formed: nothing connects yet (these hosts do not exist)
sentinel://rl-nowhere.invalid/m: ok
sentinel://rl-nowhere.invalid:26380/m: ok
sentinel://[::1]:1/m: ok
sentinel://a.invalid:1,b.invalid,[::1]:2/some-master: ok
sentinel://h.invalid/m:with:colons: ok
-- options
{"sentinel_password":"x"}: ValueError: RedisLock::__construct(): Argument #2 ($options) option "sentinel_password" applies only to a sentinel:// server
{"sentinel_password":"x"}: ValueError: RedisLock::__construct(): Argument #2 ($options) option "sentinel_password" applies only to a sentinel:// server
{"sentinel_password":"x"}: ValueError: RedisLock::__construct(): Argument #2 ($options) option "sentinel_password" applies only to a sentinel:// server
{"sentinel_password":"x"}: ValueError: RedisLock::__construct(): Argument #2 ($options) option "sentinel_password" applies only to a sentinel:// server
{"sentinel_username":"x"}: ValueError: RedisLock::__construct(): Argument #2 ($options) option "sentinel_username" applies only to a sentinel:// server
{"sentinel_password":null}: ValueError: RedisLock::__construct(): Argument #2 ($options) option "sentinel_password" applies only to a sentinel:// server
{"sentinel_username":"u","sentinel_password":"p"}: ValueError: RedisLock::__construct(): Argument #2 ($options) option "sentinel_username" applies only to a sentinel:// server
{"min_replicas":-1}: ValueError: RedisLock::__construct(): Argument #2 ($options) option "min_replicas" must be between 0 and 1000
{"min_replicas":1001}: ValueError: RedisLock::__construct(): Argument #2 ($options) option "min_replicas" must be between 0 and 1000
{"replica_timeout":0}: ValueError: RedisLock::__construct(): Argument #2 ($options) option "replica_timeout" must be between 0.001 and 3600 (seconds)
{"replica_timeout":0}: ValueError: RedisLock::__construct(): Argument #2 ($options) option "replica_timeout" must be between 0.001 and 3600 (seconds)
{"replica_timeout":-1}: ValueError: RedisLock::__construct(): Argument #2 ($options) option "replica_timeout" must be between 0.001 and 3600 (seconds)
{"replica_timeout":-0.5}: ValueError: RedisLock::__construct(): Argument #2 ($options) option "replica_timeout" must be between 0.001 and 3600 (seconds)
: ValueError: RedisLock::__construct(): Argument #2 ($options) option "replica_timeout" must be between 0.001 and 3600 (seconds)
: ValueError: RedisLock::__construct(): Argument #2 ($options) option "replica_timeout" must be between 0.001 and 3600 (seconds)
{"min_replicas":1}: TypeError: RedisLock::__construct(): Argument #2 ($options) option "min_replicas" must be of type int, float given
{"min_replicas":"1"}: TypeError: RedisLock::__construct(): Argument #2 ($options) option "min_replicas" must be of type int, string given
{"replica_timeout":"1"}: TypeError: RedisLock::__construct(): Argument #2 ($options) option "replica_timeout" must be of type int|float, string given
{"sentinel_password":1}: TypeError: RedisLock::__construct(): Argument #2 ($options) option "sentinel_password" must be of type ?string, int given
{"sentinel_username":false}: TypeError: RedisLock::__construct(): Argument #2 ($options) option "sentinel_username" must be of type ?string, bool given
{"min_replicas":0,"replica_timeout":0.001}: no exception
{"min_replicas":1000,"replica_timeout":3600}: no exception
{"min_replicas":0,"replica_timeout":0.001}: no exception
{"min_replicas":1000,"replica_timeout":3600}: no exception
{"sentinel_password":null,"sentinel_username":null}: no exception
-- lists
RedisLock::__construct(): Argument #1 ($server) element #1 must be a valid server address: sentinel:// and cluster:// name a deployment, not one server
RedisLock::__construct(): Argument #1 ($server) element #2 must be a valid server address: sentinel:// and cluster:// name a deployment, not one server
RedisLock::__construct(): Argument #2 ($options) option "min_replicas" does not apply to several masters
{"min_replicas":0}: no exception
-- INI
bool(true)
bool(true)
int(1)
bool(true)
int(1)
bool(true)
bool(true)
bool(true)

Warning: ini_set(): redislock.server must be a valid server address (or a comma-separated list of them): a Sentinel's address is empty in %s on line %d
bool(false)
bool(true)
int(0)

Warning: PHP Startup: redislock.server must be a valid server address (or a comma-separated list of them): a Sentinel's address is empty in Unknown on line 0
string(20) "tcp://127.0.0.1:6379"
