--TEST--
Interplay with the old userland lock on the same key (SETNX "Lock:<name>" + EXPIRE): each side excludes the other
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';

/** The old userland scheme, minimal: SETNX then EXPIRE, DEL to unlock. */
final class UserlandLock
{
    public function __construct(private RawRedis $r) {}

    public function lock(string $name, int $expire = 15): bool
    {
        if ($this->r->cmd('SETNX', "Lock:$name", (string)(time() + $expire + 1)) !== 1) {
            return false;
        }
        $this->r->cmd('EXPIRE', "Lock:$name", (string)$expire);
        return true;
    }

    public function unlock(string $name): bool
    {
        return $this->r->cmd('DEL', "Lock:$name") === 1;
    }
}

$raw = new RawRedis();
$old = new UserlandLock(new RawRedis());
$ext = new RedisLock(RL_TEST_SERVER);
$name = rl_unique('interop');
$key = "Lock:$name";

echo "-- userland holds it\n";
var_dump($old->lock($name, 10));
$value = $raw->cmd('GET', $key);
var_dump($ext->lock($name));
$t = microtime(true);
var_dump($ext->lock($name, 0.3, 5, 50000));
var_dump(microtime(true) - $t < 3.0);
var_dump($ext->isLocking($name), $ext->unlock($name), $ext->expire($name, 60));
var_dump($raw->cmd('GET', $key) === $value);
$ttl = $raw->cmd('TTL', $key);
var_dump($ttl > 5 && $ttl <= 10);

echo "-- userland releases, extension acquires\n";
var_dump($old->unlock($name));
var_dump($ext->lock($name, 0, 10));
var_dump(preg_match('/^[0-9a-f]{32}$/D', (string)$raw->cmd('GET', $key)));

echo "-- extension holds it\n";
var_dump($raw->cmd('SETNX', $key, (string)(time() + 16)));
var_dump($old->lock($name));
var_dump($ext->isLocking($name));

echo "-- extension releases, userland acquires\n";
var_dump($ext->unlock($name));
var_dump($old->lock($name, 10));
var_dump($ext->lock($name));
var_dump($old->unlock($name), $raw->cmd('EXISTS', $key));

echo "-- the userland side waits while the extension holds it, then gets it\n";
var_dump($ext->lock($name, 0, 0.3));
$got = false;
$deadline = microtime(true) + 3;
while (!$got && microtime(true) < $deadline) {
    $got = $old->lock($name, 10);
    usleep(20000);
}
var_dump($got, $ext->isLocking($name), $ext->unlock($name));
var_dump($raw->cmd('EXISTS', $key), $old->unlock($name), $raw->cmd('EXISTS', $key));
?>
--EXPECT--
-- userland holds it
bool(true)
bool(false)
bool(false)
bool(true)
bool(false)
bool(false)
bool(false)
bool(true)
bool(true)
-- userland releases, extension acquires
bool(true)
bool(true)
int(1)
-- extension holds it
int(0)
bool(false)
bool(true)
-- extension releases, userland acquires
bool(true)
bool(true)
bool(false)
bool(true)
int(0)
-- the userland side waits while the extension holds it, then gets it
bool(true)
bool(true)
bool(false)
bool(false)
int(1)
bool(true)
int(0)
