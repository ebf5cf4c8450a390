--TEST--
RedisSemaphore argument checks: exact ValueError messages, thrown before anything is sent or written
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('args');
$s = new RedisSemaphore(RL_TEST_SERVER);
$held = $s->acquire($name, 5, 30);      // connected, scripts loaded, one slot held
$state = fn () => [sem_zset($raw, sem_keys($name)[0]), sem_zset($raw, sem_keys($name)[1]), $raw->cmd('GET', sem_keys($name)[2])];
$before = $state();
$calls = sem_script_calls($raw);

$cases = [
    'acquire empty name' => fn () => $s->acquire('', 1),
    'acquire limit 0' => fn () => $s->acquire($name, 0),
    'acquire limit -1' => fn () => $s->acquire($name, -1),
    'acquire limit PHP_INT_MIN' => fn () => $s->acquire($name, PHP_INT_MIN),
    'acquire expire 0' => fn () => $s->acquire($name, 1, 0),
    'acquire expire -1' => fn () => $s->acquire($name, 1, -1),
    'acquire expire NAN' => fn () => $s->acquire($name, 1, NAN),
    'acquire expire INF' => fn () => $s->acquire($name, 1, INF),
    'acquire expire 1e9+1' => fn () => $s->acquire($name, 1, 1e9 + 1),
    'acquire timeout -0.001' => fn () => $s->acquire($name, 1, 10, -0.001),
    'acquire timeout NAN' => fn () => $s->acquire($name, 1, 10, NAN),
    'acquire timeout 1e9+1' => fn () => $s->acquire($name, 1, 10, 1e9 + 1),
    'acquire empty name and bad limit' => fn () => $s->acquire('', 0),
    'acquire limit string' => fn () => $s->acquire($name, 'three'),
    'release empty name' => fn () => $s->release(''),
    'release empty name with id' => fn () => $s->release('', $held),
    'refresh empty name' => fn () => $s->refresh(''),
    'refresh expire 0' => fn () => $s->refresh($name, $held, 0),
    'refresh expire -5' => fn () => $s->refresh($name, null, -5),
    'refresh expire NAN' => fn () => $s->refresh($name, $held, NAN),
    'refresh expire 1e9+1' => fn () => $s->refresh($name, $held, 1e9 + 1),
    'count empty name' => fn () => $s->count(''),
    'acquire no args' => fn () => $s->acquire(),
    'acquire one arg' => fn () => $s->acquire($name),
];
foreach ($cases as $what => $call) {
    try {
        $r = $call();
        echo "$what: no exception, ", var_export($r, true), "\n";
    } catch (Throwable $e) {
        echo "$what: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}
echo 'scripts sent: ', sem_script_calls($raw) - $calls, "\n";
var_dump($state() === $before);

echo "-- the limits themselves are accepted\n";
$big = rl_unique('args');
var_dump(is_string($id = $s->acquire($big, PHP_INT_MAX, 1e9, 1e9)), str_ends_with($id, '.1000000000000'));
var_dump($s->refresh($big, $id, 1e9), $s->refresh($big, $id, 0.001));
$p = $raw->cmd('PTTL', sem_keys($big)[1]);
var_dump($p >= 0 && $p <= 2 || $p === -2);   // 1 ms left (+1)
usleep(5000);
var_dump($s->count($name), $s->release($name), $s->releaseAll());   // the 1 ms slot expired: false
var_dump($raw->cmd('EXISTS', ...sem_keys($name), ...sem_keys($big)));
?>
--EXPECT--
acquire empty name: ValueError: RedisSemaphore::acquire(): Argument #1 ($name) must not be empty
acquire limit 0: ValueError: RedisSemaphore::acquire(): Argument #2 ($limit) must be greater than 0
acquire limit -1: ValueError: RedisSemaphore::acquire(): Argument #2 ($limit) must be greater than 0
acquire limit PHP_INT_MIN: ValueError: RedisSemaphore::acquire(): Argument #2 ($limit) must be greater than 0
acquire expire 0: ValueError: RedisSemaphore::acquire(): Argument #3 ($expire) must be greater than 0 and at most 1000000000 (seconds)
acquire expire -1: ValueError: RedisSemaphore::acquire(): Argument #3 ($expire) must be greater than 0 and at most 1000000000 (seconds)
acquire expire NAN: ValueError: RedisSemaphore::acquire(): Argument #3 ($expire) must be greater than 0 and at most 1000000000 (seconds)
acquire expire INF: ValueError: RedisSemaphore::acquire(): Argument #3 ($expire) must be greater than 0 and at most 1000000000 (seconds)
acquire expire 1e9+1: ValueError: RedisSemaphore::acquire(): Argument #3 ($expire) must be greater than 0 and at most 1000000000 (seconds)
acquire timeout -0.001: ValueError: RedisSemaphore::acquire(): Argument #4 ($timeout) must be between 0 and 1000000000 (seconds)
acquire timeout NAN: ValueError: RedisSemaphore::acquire(): Argument #4 ($timeout) must be between 0 and 1000000000 (seconds)
acquire timeout 1e9+1: ValueError: RedisSemaphore::acquire(): Argument #4 ($timeout) must be between 0 and 1000000000 (seconds)
acquire empty name and bad limit: ValueError: RedisSemaphore::acquire(): Argument #1 ($name) must not be empty
acquire limit string: TypeError: RedisSemaphore::acquire(): Argument #2 ($limit) must be of type int, string given
release empty name: ValueError: RedisSemaphore::release(): Argument #1 ($name) must not be empty
release empty name with id: ValueError: RedisSemaphore::release(): Argument #1 ($name) must not be empty
refresh empty name: ValueError: RedisSemaphore::refresh(): Argument #1 ($name) must not be empty
refresh expire 0: ValueError: RedisSemaphore::refresh(): Argument #3 ($expire) must be greater than 0 and at most 1000000000 (seconds)
refresh expire -5: ValueError: RedisSemaphore::refresh(): Argument #3 ($expire) must be greater than 0 and at most 1000000000 (seconds)
refresh expire NAN: ValueError: RedisSemaphore::refresh(): Argument #3 ($expire) must be greater than 0 and at most 1000000000 (seconds)
refresh expire 1e9+1: ValueError: RedisSemaphore::refresh(): Argument #3 ($expire) must be greater than 0 and at most 1000000000 (seconds)
count empty name: ValueError: RedisSemaphore::count(): Argument #1 ($name) must not be empty
acquire no args: ArgumentCountError: RedisSemaphore::acquire() expects at least 2 arguments, 0 given
acquire one arg: ArgumentCountError: RedisSemaphore::acquire() expects at least 2 arguments, 1 given
scripts sent: 0
bool(true)
-- the limits themselves are accepted
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
bool(false)
int(0)
