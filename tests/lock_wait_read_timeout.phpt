--TEST--
lock() waiting with read_timeout 0.2 s and blocks of seconds (the head blocks until the held key's expiry or the end of the wait): no read timeout; false after the 3 s timeout, or the lock when released mid-block; afterwards the usual read timeout applies again (a paused server is not waited out)
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
$raw = new RawRedis();
$name = rl_unique('wait-rto');
$key = "Lock:$name";
$l = new RedisLock(RL_TEST_SERVER, ['read_timeout' => 0.2]);
rl_warm_up($l);

echo "-- held by someone else for the whole wait\n";
var_dump($raw->cmd('SET', $key, 'someone-else', 'PX', '60000'));
$t = microtime(true);
try {
    var_dump($l->lock($name, 3, 10, 2000000));
} catch (RedisLockException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
$took = microtime(true) - $t;
var_dump($took >= 2.99 && $took < 5.0 ? 'false after about 3 s' : "after $took s");
var_dump($raw->cmd('GET', $key), $raw->cmd('DEL', $key));

echo "-- released by its holder 1.5 s into the wait\n";
$holder = new RlWorker();
var_dump($holder->call('lock', 'lock', $name, 0, 30)['r']);
$holder->calls(['php', 'usleep', 1500000], ['lock', 'unlock', $name]);
$t = microtime(true);
try {
    var_dump($l->lock($name, 5, 10, 2000000));
} catch (RedisLockException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
$took = microtime(true) - $t;
var_dump($took < 3.0 ? 'well before the 5 s timeout' : "after $took s");
var_dump($holder->results()[1]['r'], $l->isLocking($name), $l->unlock($name));
$holder->finish();

echo "-- after a 2.5 s block, the usual read timeout (0.5 s) applies again: a 2 s pause is not waited out\n";
$srv = new PrivateRedis();   // a server of our own: pausing it disturbs no other test
$praw = $srv->raw();
rl_warm_up(new RedisLock($srv->server()), $srv->server());   // scripts cached, the server's code paths run once
$p = new RedisLock($srv->server(), ['read_timeout' => 0.5]);
rl_warm_up($p, $srv->server());
var_dump($p->lock($name, 0, 30));
$other = rl_unique('wait-rto-other');
var_dump($praw->cmd('SET', "Lock:$other", 'someone-else', 'PX', '60000'));
var_dump($p->lock($other, 2.5, 10, 20000000));
var_dump($praw->cmd('CLIENT', 'PAUSE', '2000', 'ALL'));
$t = microtime(true);
try {
    var_dump($p->isLocking($name));   // a GET: answered after the pause if the timeout were still 3 s
} catch (RedisLockException $e) {
    echo get_class($e), "\n";
}
var_dump(microtime(true) - $t < 1.5);
var_dump($praw->cmd('CLIENT', 'UNPAUSE'));
var_dump($p->isLocking($name), $p->unlock($name), $praw->cmd('EXISTS', "Lock:$name"));
$srv->stop();
?>
--EXPECT--
-- held by someone else for the whole wait
string(2) "OK"
bool(false)
string(21) "false after about 3 s"
string(12) "someone-else"
int(1)
-- released by its holder 1.5 s into the wait
bool(true)
bool(true)
string(27) "well before the 5 s timeout"
bool(true)
bool(true)
bool(true)
-- after a 2.5 s block, the usual read timeout (0.5 s) applies again: a 2 s pause is not waited out
bool(true)
string(2) "OK"
bool(false)
string(2) "OK"
RedisLockException
bool(true)
string(2) "OK"
bool(true)
bool(true)
int(0)
