--TEST--
Bridges under php-fpm: a Symfony lock with autoRelease false outlives its request and is released in a later request from its serialized Key (with autoRelease true, the request's end releases it); a Laravel lock taken in one request is released in a later one with restoreLock() and its owner, as a ShouldBeUnique job does
--SKIPIF--
<?php
require __DIR__ . '/skipif.inc';
require __DIR__ . '/fpm.inc';
if (rl_fpm_binary() === null) die("skip no php-fpm binary of this PHP build (version, ZTS, debug)");
require __DIR__ . '/bridge_helpers.inc';
rl_bridge_skip_unless('symfony');
rl_bridge_skip_unless('laravel');
?>
--FILE--
<?php
require __DIR__ . '/fpm.inc';
$fpm = RlFpm::start();
$raw = new RawRedis();
$name = rl_unique('bridge-fpm');
$load = 'require_once ' . var_export(__DIR__ . '/bridge_helpers.inc', true) . ";\n";

$take = $fpm->script($load . <<<'PHP'
    rl_bridge_load('symfony');
    $factory = new Symfony\Component\Lock\LockFactory(new RedisLock\Bridge\Symfony\RedisLockStore(RL_TEST_SERVER));
    $key = new Symfony\Component\Lock\Key($_GET['name']);
    $lock = $factory->createLockFromKey($key, 30.0, $_GET['auto'] === '1');
    echo $lock->acquire() ? "acquired\n" : "not acquired\n";
    echo base64_encode(serialize($key)), "\n";
    PHP);
$release = $fpm->script($load . <<<'PHP'
    rl_bridge_load('symfony');
    $factory = new Symfony\Component\Lock\LockFactory(new RedisLock\Bridge\Symfony\RedisLockStore(RL_TEST_SERVER));
    $lock = $factory->createLockFromKey(unserialize(base64_decode($_GET['key'])), 30.0, false);
    echo "acquired here: ", var_export($lock->isAcquired(), true), "\n";
    $lock->release();
    echo "released: ", var_export(!$lock->isAcquired(), true), "\n";
    PHP);
foreach (['0', '1'] as $auto) {
    $label = $auto === '1' ? 'autoRelease true' : 'autoRelease false';
    $n = "$name-sf-$auto";
    echo "-- Symfony, $label\n";
    [$said, $key] = explode("\n", $fpm->request($take, ['name' => $n, 'auto' => $auto])->body);
    echo "request 1: $said\n";
    echo "held after request 1: ", $raw->cmd('EXISTS', "Lock:$n"), "\n";
    if ($auto === '0') {
        echo "request 2:\n", $fpm->request($release, ['key' => $key])->body;
        echo "held after request 2: ", $raw->cmd('EXISTS', "Lock:$n"), "\n";
    }
}

echo "-- Laravel: taken in one request, restored and released in another\n";
$dispatch = $fpm->script($load . <<<'PHP'
    rl_bridge_load('laravel');
    $lock = (new RedisLock\Bridge\Laravel\RedisLockProvider(RL_TEST_SERVER))->lock($_GET['name'], 30);
    echo $lock->get() ? "acquired\n" : "not acquired\n";
    echo $lock->owner(), "\n";
    PHP);
$job = $fpm->script($load . <<<'PHP'
    rl_bridge_load('laravel');
    $locks = new RedisLock\Bridge\Laravel\RedisLockProvider(RL_TEST_SERVER);
    echo "another owner releases: ", var_export($locks->restoreLock($_GET['name'], 'someone-else')->release(), true), "\n";
    $lock = $locks->restoreLock($_GET['name'], $_GET['owner']);
    echo "owned by it: ", var_export($lock->isOwnedByCurrentProcess(), true), "\n";
    echo "released: ", var_export($lock->release(), true), "\n";
    PHP);
$n = "$name-lv";
[$said, $owner] = explode("\n", $fpm->request($dispatch, ['name' => $n])->body);
echo "request 1: $said\n";
echo "held after request 1: ", $raw->cmd('EXISTS', "Lock:$n"), "\n";
echo "request 2:\n", $fpm->request($job, ['name' => $n, 'owner' => $owner])->body;
echo "held after request 2: ", $raw->cmd('EXISTS', "Lock:$n"), "\n";
?>
--EXPECT--
-- Symfony, autoRelease false
request 1: acquired
held after request 1: 1
request 2:
acquired here: true
released: true
held after request 2: 0
-- Symfony, autoRelease true
request 1: acquired
held after request 1: 0
-- Laravel: taken in one request, restored and released in another
request 1: acquired
held after request 1: 1
request 2:
another owner releases: false
owned by it: true
released: true
held after request 2: 0
