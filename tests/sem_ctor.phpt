--TEST--
new RedisSemaphore(): RedisLock's server forms and options, errors prefixed "RedisSemaphore::__construct()", default prefix "Sem:", lazy connection
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();

echo "-- bad arguments\n";
foreach ([
    fn () => new RedisSemaphore('bogus://x'),
    fn () => new RedisSemaphore(['tcp://127.0.0.1:1', 'tcp://127.0.0.1:2']),
    fn () => new RedisSemaphore(RL_TEST_SERVER, ['foo' => 1]),
    fn () => new RedisSemaphore(RL_TEST_SERVER, ['prefix' => 5]),
    fn () => new RedisSemaphore(RL_TEST_SERVER, ['database' => -1]),
    fn () => new RedisSemaphore(RL_TEST_SERVER, ['read_timeout' => NAN]),
    fn () => new RedisSemaphore(RL_TEST_SERVER, ['persistent' => 1]),
] as $make) {
    try {
        $make();
        echo "no exception\n";
    } catch (Throwable $e) {
        $msg = $e->getMessage();
        $cut = strpos($msg, 'valid server address: ');
        echo get_class($e), ': ', $cut === false ? $msg : substr($msg, 0, $cut + 22) . '...', "\n";
    }
}

echo "-- twice, clone, no constructor\n";
$s = new RedisSemaphore(RL_TEST_SERVER);
try {
    $s->__construct(RL_TEST_SERVER);
} catch (Error $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
try {
    $c = clone $s;
} catch (Error $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
class NoCtor extends RedisSemaphore { public function __construct() {} }
try {
    (new NoCtor())->acquire('x', 1);
} catch (Error $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}

echo "-- prefix and database\n";
$name = rl_unique('semctor');
$s = new RedisSemaphore(RL_TEST_SERVER);
$p = new RedisSemaphore(RL_TEST_SERVER, ['prefix' => 'Shop:']);
$d = new RedisSemaphore(RL_TEST_SERVER, ['database' => 3]);
$lock = new RedisLock(RL_TEST_SERVER);     // RedisLock's "Lock:" prefix is not the semaphore's
var_dump(is_string($s->acquire($name, 1, 30)), is_string($p->acquire($name, 1, 30)), is_string($d->acquire($name, 1, 30)));
var_dump($raw->cmd('EXISTS', ...sem_keys($name)), $raw->cmd('EXISTS', ...sem_keys($name, 'Shop:')), $raw->cmd('EXISTS', "Lock:$name"));
$raw3 = new RawRedis();
$raw3->cmd('SELECT', '3');
var_dump($raw3->cmd('EXISTS', ...sem_keys($name)));
var_dump($s->count($name), $p->count($name), $d->count($name));   // three separate semaphores
var_dump($s->releaseAll(), $p->releaseAll(), $d->releaseAll());
var_dump($raw->cmd('EXISTS', ...sem_keys($name), ...sem_keys($name, 'Shop:')), $raw3->cmd('EXISTS', ...sem_keys($name)));

echo "-- lazy: nothing listens, the first call throws RedisLockException naming the server\n";
$port = sem_free_port();
$u = new RedisSemaphore("tcp://127.0.0.1:$port");
foreach (['acquire' => fn () => $u->acquire($name, 1), 'acquire waiting' => fn () => $u->acquire($name, 1, 10, 0.2),
          'count' => fn () => $u->count($name)] as $what => $call) {
    try {
        $call();
        echo "$what: no exception\n";
    } catch (RedisLockException $e) {
        echo "$what: ", var_export(str_contains($e->getMessage(), "tcp://127.0.0.1:$port"), true), "\n";
    }
}
var_dump($u->releaseAll(), $u->release($name));
?>
--EXPECT--
-- bad arguments
ValueError: RedisSemaphore::__construct(): Argument #1 ($server) must be a valid server address: ...
ValueError: RedisSemaphore::__construct(): Argument #1 ($server) must be one server: RedisSemaphore has no multi-master mode
ValueError: RedisSemaphore::__construct(): Argument #2 ($options) contains unknown option "foo"
TypeError: RedisSemaphore::__construct(): Argument #2 ($options) option "prefix" must be of type string, int given
ValueError: RedisSemaphore::__construct(): Argument #2 ($options) option "database" must be greater than or equal to 0
ValueError: RedisSemaphore::__construct(): Argument #2 ($options) option "read_timeout" must be between 0 and 1000000000 (seconds)
TypeError: RedisSemaphore::__construct(): Argument #2 ($options) option "persistent" must be of type bool, int given
-- twice, clone, no constructor
Error: Cannot call RedisSemaphore::__construct() twice
Error: Trying to clone an uncloneable object of class RedisSemaphore
Error: The object is not initialized: its constructor was not called
-- prefix and database
bool(true)
bool(true)
bool(true)
int(3)
int(3)
int(0)
int(3)
int(1)
int(1)
int(1)
bool(true)
bool(true)
bool(true)
int(0)
int(0)
-- lazy: nothing listens, the first call throws RedisLockException naming the server
acquire: true
acquire waiting: true
count: true
bool(true)
bool(false)
