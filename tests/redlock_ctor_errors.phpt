--TEST--
Redlock constructor errors: empty list, non-string element, malformed element #N (same reason as the single form), a server listed twice (whatever its credentials or db), RedisSemaphore with several servers; all thrown before anything connects
--SKIPIF--
<?php require __DIR__ . '/skipif_masters.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/redlock_helpers.inc';

function check(string $label, callable $call): void
{
    try {
        $r = $call();
        echo "$label: no exception, got ", get_debug_type($r), "\n";
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}

// nothing listens on these ports: a ValueError/TypeError (never RedisLockException) shows nothing connected
$a = 'tcp://127.0.0.1:1';
$b = 'tcp://127.0.0.1:2';
check('empty', fn () => new RedisLock([]));
check('int', fn () => new RedisLock([$a, 5]));
check('null', fn () => new RedisLock([null, $a]));

// a malformed element: the reason is the one the single-server form gives
$single = 'RedisLock::__construct(): Argument #1 ($server) must be a valid server address: ';
foreach (['host:abc', 'tcp://host:0', 'http://h:1', ''] as $bad) {
    try {
        new RedisLock($bad);
        echo "single $bad: no exception\n";
        continue;
    } catch (ValueError $e) {
        $why = substr($e->getMessage(), strlen($single));
        var_dump(str_starts_with($e->getMessage(), $single) && $why !== '');
    }
    try {
        new RedisLock([$a, $bad, $b]);
        echo "list with $bad: no exception\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', str_replace($why, '<why>', $e->getMessage()), "\n";
    }
}
check('malformed first', fn () => new RedisLock(['host:abc', $a]));

// the same server twice, whatever the form, credentials or database
check('twice', fn () => new RedisLock(['tcp://127.0.0.1:7001', 'tcp://127.0.0.1:7002', 'tcp://127.0.0.1:7001']));
check('twice, forms', fn () => new RedisLock(['127.0.0.1:7001', 'redis://user:secret@127.0.0.1:7001/3']));
check('twice, default port', fn () => new RedisLock(['127.0.0.1', 'tcp://127.0.0.1:6379']));
check('twice, unix', fn () => new RedisLock(['unix:///tmp/rl-none.sock', 'unix:///tmp/rl-none.sock']));
check('twice, db', fn () => new RedisLock(['redis://127.0.0.1:7001/1', 'redis://127.0.0.1:7001/2']));
// with options too
check('twice, options', fn () => new RedisLock([$a, $a], ['prefix' => 'X:']));
// a bad option is still named as before
check('option', fn () => new RedisLock([$a, $b], ['foo' => 1]));

echo "-- RedisSemaphore\n";
check('sem two', fn () => new RedisSemaphore([$a, $b]));
check('sem five', fn () => new RedisSemaphore(rl_test_masters(5)));
// one element: the single-server semaphore
$name = rl_unique('sem1');
$s = new RedisSemaphore([RL_TEST_SERVER]);
$id = $s->acquire($name, 1, 5);
var_dump(is_string($id), (new RawRedis())->cmd('EXISTS', "{Sem:$name}:holders"), $s->count($name), $s->release($name));

echo "-- valid lists construct without connecting\n";
check('two unreachable', fn () => new RedisLock([$a, $b]));
check('five', fn () => new RedisLock(rl_test_masters(5)));
$l = new RedisLock([$a, $b, 'tcp://127.0.0.1:3']);
try {
    $l->lock(rl_unique('x'));
    echo "lock: no exception\n";
} catch (RedisLockException $e) {
    var_dump(rl_names_all($e->getMessage(), [$a, $b, 'tcp://127.0.0.1:3']));
}
?>
--EXPECT--
empty: ValueError: RedisLock::__construct(): Argument #1 ($server) must not be empty
int: TypeError: RedisLock::__construct(): Argument #1 ($server) must contain only strings, int given
null: TypeError: RedisLock::__construct(): Argument #1 ($server) must contain only strings, null given
bool(true)
ValueError: RedisLock::__construct(): Argument #1 ($server) element #2 must be a valid server address: <why>
bool(true)
ValueError: RedisLock::__construct(): Argument #1 ($server) element #2 must be a valid server address: <why>
bool(true)
ValueError: RedisLock::__construct(): Argument #1 ($server) element #2 must be a valid server address: <why>
bool(true)
ValueError: RedisLock::__construct(): Argument #1 ($server) element #2 must be a valid server address: <why>
malformed first: ValueError: RedisLock::__construct(): Argument #1 ($server) element #1 must be a valid server address: the port must be a number between 1 and 65535
twice: ValueError: RedisLock::__construct(): Argument #1 ($server) must not list a server twice: tcp://127.0.0.1:7001
twice, forms: ValueError: RedisLock::__construct(): Argument #1 ($server) must not list a server twice: tcp://127.0.0.1:7001
twice, default port: ValueError: RedisLock::__construct(): Argument #1 ($server) must not list a server twice: tcp://127.0.0.1:6379
twice, unix: ValueError: RedisLock::__construct(): Argument #1 ($server) must not list a server twice: unix:///tmp/rl-none.sock
twice, db: ValueError: RedisLock::__construct(): Argument #1 ($server) must not list a server twice: tcp://127.0.0.1:7001
twice, options: ValueError: RedisLock::__construct(): Argument #1 ($server) must not list a server twice: tcp://127.0.0.1:1
option: ValueError: RedisLock::__construct(): Argument #2 ($options) contains unknown option "foo"
-- RedisSemaphore
sem two: ValueError: RedisSemaphore::__construct(): Argument #1 ($server) must be one server: RedisSemaphore has no multi-master mode
sem five: ValueError: RedisSemaphore::__construct(): Argument #1 ($server) must be one server: RedisSemaphore has no multi-master mode
bool(true)
int(1)
int(1)
bool(true)
-- valid lists construct without connecting
two unreachable: no exception, got RedisLock
five: no exception, got RedisLock
bool(true)
