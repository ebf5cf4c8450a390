--TEST--
php-fpm: a wait ends with the request's wall-clock budget (max_execution_time from the request's start or the last set_time_limit(), redislock.max_wait), not with $timeout, and what the request held is released at its end
--SKIPIF--
<?php
require __DIR__ . "/skipif.inc";
require __DIR__ . "/fpm.inc";
if (rl_fpm_binary() === null) die("skip no php-fpm binary of this PHP build (version, ZTS, debug)");
?>
--FILE--
<?php
require __DIR__ . '/fpm.inc';
/*
 * On Linux max_execution_time counts CPU time, which a blocked wait does not
 * use: without the wall-clock bound each wait below would last its full 10 s
 * (and under FPM run into request_terminate_timeout, leaving its locks held).
 * The busy lock and the busy semaphore slot are the test's own, held for 60 s.
 */
$raw = new RawRedis();
$busy = rl_unique('budget-busy');
$mine = rl_unique('budget-mine');
$holder = new RedisLock(RL_TEST_SERVER);
$semHolder = new RedisSemaphore(RL_TEST_SERVER);
var_dump($holder->lock($busy, 0, 60), is_string($semHolder->acquire($busy, 1, 60)));
$busyToken = $raw->cmd('GET', "Lock:$busy");

$code = <<<'PHP'
    $l = new RedisLock(RL_TEST_SERVER);
    $s = new RedisSemaphore(RL_TEST_SERVER);
    $l->lock($_GET['mine'], 0, 60);            // held until the request ends
    if (isset($_GET['sleep'])) {
        usleep((int)($_GET['sleep'] * 1e6));   // wall clock, no CPU
    }
    if (isset($_GET['limit'])) {
        set_time_limit((int)$_GET['limit']);   // restarts the limit's clock
    }
    $t = microtime(true);
    $got = $_GET['what'] === 'sem' ? $s->acquire($_GET['busy'], 1, 60, 10) : $l->lock($_GET['busy'], 10);
    printf("%s %s %.3f\n", $_GET['what'], var_export($got, true), microtime(true) - $t);
    PHP;

/* Runs one request; prints what it returned and whether it took between $min and $max seconds. */
function budget_case(RlFpm $fpm, string $file, string $label, array $query, float $min, float $max): void
{
    global $raw, $busy, $mine;
    $t = microtime(true);
    $r = $fpm->request($file, $query + ['busy' => $busy, 'mine' => $mine], 30);
    $total = microtime(true) - $t;
    if (!preg_match('/^(lock|sem) (\S+) ([\d.]+)$/m', $r->body, $m)) {
        echo "$label: unexpected response:\n$r->body\n", $fpm->logs();
        return;
    }
    $waited = (float)$m[3];
    printf("%s: %s returned %s, waited %s\n", $label, $m[1], $m[2],
        $waited >= $min && $waited <= $max ? 'within its bounds' : "$waited s, outside [$min, $max] s");
    echo "  request ended without an error: ", var_export(!str_contains($r->body, 'error'), true), "\n";
    echo "  request took less than 10 s: ", var_export($total < 10, true), "\n";
    echo "  its own lock released at its end: ", var_export($raw->cmd('EXISTS', "Lock:$mine") === 0, true), "\n";
}

$fpm = RlFpm::start(['php_value[max_execution_time] = 2']);
$file = $fpm->script($code);
/* the budget is 2 s from the request's start: about 2 s of waiting, less the request's start-up (half a second and
   more on a slow build: under valgrind a traced worker's start-up took 0.64 s) */
$atLeast = max(0.5, 2.0 - 0.5 * rl_slowdown());
budget_case($fpm, $file, 'max_execution_time=2', ['what' => 'lock'], $atLeast, 5);
budget_case($fpm, $file, 'max_execution_time=2, semaphore', ['what' => 'sem'], $atLeast, 5);
/* 1.5 s of it slept away first: about 0.5 s left */
budget_case($fpm, $file, 'max_execution_time=2 after 1.5 s', ['what' => 'lock', 'sleep' => 1.5], 0, 1.4);
/* set_time_limit(2) after 1.5 s restarts the clock: about 2 s again */
budget_case($fpm, $file, 'set_time_limit(2) after 1.5 s', ['what' => 'lock', 'sleep' => 1.5, 'limit' => 2], 1.5, 5);
$fpm->stop();

/* no max_execution_time, a pool-wide cap instead */
$fpm = RlFpm::start(['php_admin_value[max_execution_time] = 0', 'php_admin_value[redislock.max_wait] = 1']);
$file = $fpm->script($code);
budget_case($fpm, $file, 'redislock.max_wait=1', ['what' => 'lock'], 0.7, 4);
budget_case($fpm, $file, 'redislock.max_wait=1, semaphore', ['what' => 'sem'], 0.7, 4);
$fpm->stop();

echo "busy lock untouched: ", var_export($raw->cmd('GET', "Lock:$busy") === $busyToken, true), "\n";
var_dump($holder->unlock($busy), $semHolder->releaseAll());
?>
--EXPECT--
bool(true)
bool(true)
max_execution_time=2: lock returned false, waited within its bounds
  request ended without an error: true
  request took less than 10 s: true
  its own lock released at its end: true
max_execution_time=2, semaphore: sem returned false, waited within its bounds
  request ended without an error: true
  request took less than 10 s: true
  its own lock released at its end: true
max_execution_time=2 after 1.5 s: lock returned false, waited within its bounds
  request ended without an error: true
  request took less than 10 s: true
  its own lock released at its end: true
set_time_limit(2) after 1.5 s: lock returned false, waited within its bounds
  request ended without an error: true
  request took less than 10 s: true
  its own lock released at its end: true
redislock.max_wait=1: lock returned false, waited within its bounds
  request ended without an error: true
  request took less than 10 s: true
  its own lock released at its end: true
redislock.max_wait=1, semaphore: sem returned false, waited within its bounds
  request ended without an error: true
  request took less than 10 s: true
  its own lock released at its end: true
busy lock untouched: true
bool(true)
bool(true)
