--TEST--
__construct(): unknown options, wrongly-typed options and bad option values throw the documented errors
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
function attempt(array $options): void
{
    try {
        new RedisLock(RL_TEST_SERVER, $options);
        echo "ok\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
echo "-- unknown\n";
attempt(['foo' => 1]);
attempt(['prefix' => 'x', 'Prefix' => 'y']);
attempt([0 => 'tcp://x']);
echo "-- types\n";
attempt(['prefix' => 1]);
attempt(['prefix' => null]);
attempt(['connect_timeout' => '1']);
attempt(['read_timeout' => true]);
attempt(['persistent' => 1]);
attempt(['persistent' => 'yes']);
attempt(['database' => '1']);
attempt(['database' => 1.5]);
attempt(['username' => 5]);
attempt(['password' => []]);
echo "-- values\n";
attempt(['database' => -1]);
attempt(['read_timeout' => -0.1]);
attempt(['read_timeout' => NAN]);
attempt(['read_timeout' => INF]);
attempt(['connect_timeout' => -1]);
attempt(['connect_timeout' => NAN]);
echo "-- valid\n";
attempt(['prefix' => 'P:', 'connect_timeout' => 1, 'read_timeout' => 0.5, 'persistent' => false,
         'database' => 0, 'username' => null, 'password' => null]);
attempt(['read_timeout' => 0, 'connect_timeout' => 0.0, 'database' => 15, 'persistent' => true]);
attempt([]);
?>
--EXPECT--
-- unknown
ValueError: RedisLock::__construct(): Argument #2 ($options) contains unknown option "foo"
ValueError: RedisLock::__construct(): Argument #2 ($options) contains unknown option "Prefix"
ValueError: RedisLock::__construct(): Argument #2 ($options) contains unknown option "0"
-- types
TypeError: RedisLock::__construct(): Argument #2 ($options) option "prefix" must be of type string, int given
TypeError: RedisLock::__construct(): Argument #2 ($options) option "prefix" must be of type string, null given
TypeError: RedisLock::__construct(): Argument #2 ($options) option "connect_timeout" must be of type int|float, string given
TypeError: RedisLock::__construct(): Argument #2 ($options) option "read_timeout" must be of type int|float, bool given
TypeError: RedisLock::__construct(): Argument #2 ($options) option "persistent" must be of type bool, int given
TypeError: RedisLock::__construct(): Argument #2 ($options) option "persistent" must be of type bool, string given
TypeError: RedisLock::__construct(): Argument #2 ($options) option "database" must be of type int, string given
TypeError: RedisLock::__construct(): Argument #2 ($options) option "database" must be of type int, float given
TypeError: RedisLock::__construct(): Argument #2 ($options) option "username" must be of type ?string, int given
TypeError: RedisLock::__construct(): Argument #2 ($options) option "password" must be of type ?string, array given
-- values
ValueError: RedisLock::__construct(): Argument #2 ($options) option "database" must be greater than or equal to 0
ValueError: RedisLock::__construct(): Argument #2 ($options) option "read_timeout" must be between 0 and 1000000000 (seconds)
ValueError: RedisLock::__construct(): Argument #2 ($options) option "read_timeout" must be between 0 and 1000000000 (seconds)
ValueError: RedisLock::__construct(): Argument #2 ($options) option "read_timeout" must be between 0 and 1000000000 (seconds)
ValueError: RedisLock::__construct(): Argument #2 ($options) option "connect_timeout" must be between 0 and 1000000000 (seconds)
ValueError: RedisLock::__construct(): Argument #2 ($options) option "connect_timeout" must be between 0 and 1000000000 (seconds)
-- valid
ok
ok
ok
