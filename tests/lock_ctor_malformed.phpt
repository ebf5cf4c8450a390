--TEST--
__construct(): malformed server strings throw ValueError with the documented messages; a list of servers is accepted (multi-master mode, see redlock_ctor_errors.phpt), an empty one is not
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$prefix = 'RedisLock::__construct(): Argument #1 ($server) must be a valid server address: ';
$bad = ['', 'tcp://', 'tcp://host:0', 'tcp://host:70000', 'host:abc', 'unix://', 'redis://h/xyz', 'http://h:1',
        'tcp://h:-1', 'redis://h:abc', 'redis://h/-1', '[[[2]', 'tcp://[a[b]:1', 'a]b:1'];
foreach ($bad as $server) {
    try {
        new RedisLock($server);
        echo var_export($server, true), ": no exception\n";
    } catch (Throwable $e) {
        $msg = $e->getMessage();
        $ok = $e instanceof ValueError && str_starts_with($msg, $prefix) && strlen($msg) > strlen($prefix);
        echo var_export($server, true), ': ', $ok ? 'ok' : get_class($e) . ': ' . $msg, "\n";
    }
}

foreach ([['tcp://127.0.0.1:6379', 'tcp://127.0.0.1:6380'], [RL_TEST_SERVER], []] as $servers) {
    try {
        new RedisLock($servers);
        echo "no exception\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
// the reason follows the prefix; show one in full shape
try {
    new RedisLock('host:abc');
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}
?>
--EXPECTF--
'': ok
'tcp://': ok
'tcp://host:0': ok
'tcp://host:70000': ok
'host:abc': ok
'unix://': ok
'redis://h/xyz': ok
'http://h:1': ok
'tcp://h:-1': ok
'redis://h:abc': ok
'redis://h/-1': ok
'[[[2]': ok
'tcp://[a[b]:1': ok
'a]b:1': ok
no exception
no exception
ValueError: RedisLock::__construct(): Argument #1 ($server) must not be empty
RedisLock::__construct(): Argument #1 ($server) must be a valid server address: %s
