--TEST--
Error codes: each RedisLockException constant is distinct and documented, and real failures carry theirs: a refused port CONNECT_FAILED, a wrong password AUTH_FAILED, a paused server READ_TIMEOUT, a WRONGTYPE key SERVER_ERROR (the server's prefix kept, the key untouched), two of three masters down NO_QUORUM, no Sentinel answering and no cluster node NO_ROUTE; each counted in stats()['errors'] once (the hostile_*, cluster_redirect_loop, sentinel_errors and error_out_of_memory tests check the others: PROTOCOL_ERROR, CONNECTION_LOST, TOO_MANY_REDIRECTS, OUT_OF_MEMORY; lock_force_unlock HELD_LOCALLY)
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';

$constants = (new ReflectionClass(RedisLockException::class))->getConstants();
echo json_encode($constants), "\n";
var_dump(count(array_unique($constants)) === count($constants), min($constants) > 0);
$stub = file_get_contents(__DIR__ . '/../ext/php/redislock.stub.php');
$readme = file_get_contents(__DIR__ . '/../README.md');
foreach ($constants as $name => $code) {
    // each one in the stub (the API) and in README's table of codes
    if (!str_contains($stub, "public const $name = $code;") || !preg_match("~^\\| `$name` \\| $code \\|~m", $readme)) {
        echo "$name: missing from the stub or README's table\n";
    }
}

/** The kind of what $call throws, and whether stats()['errors'] counted it once. */
function kind_of(string $label, callable $call, string $class = RedisLock::class, string $mustSay = ''): void
{
    $before = $class::stats()['errors'];
    try {
        $r = $call();
        echo "$label: no exception: ", var_export($r, true), "\n";
        return;
    } catch (RedisLockException $e) {
        $after = $class::stats()['errors'];
        $counted = array_filter(array_map(fn ($k) => $after[$k] - $before[$k], array_keys($after)));
        $name = trim(rl_error_kind($e), '[]');
        echo "$label: $name", $counted === [array_search($name, array_keys($after), true) => 1] ? ', counted' : ', NOT counted: ' . json_encode($counted),
            $mustSay === '' || str_contains($e->getMessage(), $mustSay) ? '' : ', the message lacks "' . $mustSay . '": ' . $e->getMessage(), "\n";
    }
}

$dead = rl_dead_port();
kind_of('refused', fn () => (new RedisLock("tcp://127.0.0.1:$dead"))->lock('x'));
kind_of('refused, semaphore', fn () => (new RedisSemaphore("tcp://127.0.0.1:$dead"))->acquire('x', 1), RedisSemaphore::class);

$pw = 'pw' . bin2hex(random_bytes(6));
$srv = new PrivateRedis(['--requirepass', $pw]);
kind_of('wrong password', fn () => (new RedisLock($srv->server(), ['password' => 'wrong']))->lock('x'));
kind_of('no password', fn () => (new RedisLock($srv->server()))->lock('x'));

$l = new RedisLock($srv->server(), ['password' => $pw, 'read_timeout' => 0.3]);
var_dump($l->lock('warm', 0, 5), $l->unlock('warm'));
$raw = $srv->raw([$pw]);
var_dump($raw->cmd('CLIENT', 'PAUSE', (string)(int)(1500 * rl_slowdown())));
kind_of('paused server', fn () => $l->lock('x'));
$raw->cmd('CLIENT', 'UNPAUSE');

$raw->cmd('RPUSH', 'Lock:listkey', 'a', 'b');
kind_of('WRONGTYPE', fn () => $l->lock('listkey'), RedisLock::class, 'WRONGTYPE');
var_dump($raw->cmd('LRANGE', 'Lock:listkey', '0', '-1'));

$masters = [$srv->server(), 'tcp://127.0.0.1:' . rl_dead_port(), 'tcp://127.0.0.1:' . rl_dead_port()];
kind_of('two of three masters down', fn () => (new RedisLock($masters, ['password' => $pw]))->lock('x'));
var_dump($raw->cmd('EXISTS', 'Lock:x'));

kind_of('no Sentinel', fn () => (new RedisLock('sentinel://127.0.0.1:' . rl_dead_port() . '/mymaster'))->lock('x'));
kind_of('no cluster node', fn () => (new RedisSemaphore('cluster://127.0.0.1:' . rl_dead_port()))->acquire('x', 1),
    RedisSemaphore::class);
?>
--EXPECT--
{"CONNECT_FAILED":1,"AUTH_FAILED":2,"READ_TIMEOUT":3,"CONNECTION_LOST":4,"SERVER_ERROR":5,"PROTOCOL_ERROR":6,"NO_QUORUM":7,"NO_ROUTE":8,"TOO_MANY_REDIRECTS":9,"OUT_OF_MEMORY":10,"HELD_LOCALLY":11}
bool(true)
bool(true)
refused: CONNECT_FAILED, counted
refused, semaphore: CONNECT_FAILED, counted
wrong password: AUTH_FAILED, counted
no password: AUTH_FAILED, counted
bool(true)
bool(true)
string(2) "OK"
paused server: READ_TIMEOUT, counted
WRONGTYPE: SERVER_ERROR, counted
array(2) {
  [0]=>
  string(1) "a"
  [1]=>
  string(1) "b"
}
two of three masters down: NO_QUORUM, counted
int(0)
no Sentinel: NO_ROUTE, counted
no cluster node: NO_ROUTE, counted
