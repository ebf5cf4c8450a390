--TEST--
Hostile server at the end of an owner's life: the release that an object's destruction and a request's end make of what is still held meets an endless trickle or a wrong-typed reply; it gives up within the read timeout (the process is never held), logs why, and closes the connection
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/hostile_server.inc';
require __DIR__ . '/hostile_cases.inc';

$fake = new RlHostileServer();
$options = ['read_timeout' => RL_HOSTILE_READ_TIMEOUT];
$limit = RL_HOSTILE_READ_TIMEOUT + rl_hostile_slack();
$log = tempnam(sys_get_temp_dir(), 'rlhostilelog');
ini_set('error_log', $log);

/** Destroys $o (which holds something on the fake) with the fake armed with $rule; prints what happened. */
function destroy_meeting(RlHostileServer $fake, ?object &$o, array $rule, float $limit, string $log): void
{
    $fake->arm(rl_hostile_last_conn($fake, 'cmd'), [$rule]);
    file_put_contents($log, '');
    $t0 = hrtime(true);
    $o = null;   // the last reference: destroyed here
    $elapsed = (hrtime(true) - $t0) / 1e9;
    $hit = $fake->waitFor('/^hostile \d+ /', 5.0);
    $conn = $hit === null ? -1 : (int)explode(' ', $hit)[1];
    echo $hit === null ? 'no hostile reply' : substr($hit, strlen("hostile $conn ")), ': ',
        $elapsed <= $limit ? 'in time' : sprintf('LATE (%.2f s)', $elapsed), '; ',
        preg_replace('/^\[[^]]*\] /', '', str_replace($fake->server(), '<fake>', trim(file_get_contents($log)))), '; ',
        $fake->waitFor("/^eof $conn\$/", 6 * rl_slowdown(), true) ? 'closed' : 'NOT closed', "\n";
}

// 1. destruction of objects that still hold locks and slots
$l = new RedisLock($fake->server(), $options);
var_dump($l->lock(rl_unique('a'), 0, 5), $l->lock(rl_unique('b'), 0, 5));
destroy_meeting($fake, $l, rl_hostile_rule(['EVAL', 'EVALSHA'], 'trickle', null, ['script' => 'lock_release']), $limit, $log);
$s = new RedisSemaphore($fake->server(), $options);
var_dump(is_string($s->acquire(rl_unique('s'), 2, 5)));
destroy_meeting($fake, $s, rl_hostile_rule(['EVAL', 'EVALSHA'], 'array', null, ['script' => 'semaphore_release']), $limit, $log);

// 2. the end of a request (exit) whose object still holds a lock
$child = new RlChild(rl_child_prelude() . '
$l = new RedisLock(' . var_export($fake->server(), true) . ', ' . var_export($options, true) . ');
echo $l->lock("end", 0, 5) ? "locked\n" : "not locked\n";
fgets(STDIN);
exit(0);
', ['error_log' => '', 'log_errors' => '1']);
echo $child->line(24 * rl_slowdown()), "\n";
$fake->arm(rl_hostile_last_conn($fake, 'cmd'), [rl_hostile_rule(['EVAL', 'EVALSHA'], 'trickle', null, ['script' => 'lock_release'])]);
$t0 = hrtime(true);
$child->write("end\n");
[$rc, $out] = $child->finish();
$elapsed = (hrtime(true) - $t0) / 1e9;
// the child's shutdown adds its own time (much more under valgrind, which traces children)
echo "exit $rc, ", $elapsed <= $limit + 2 * rl_slowdown() ? 'in time' : sprintf('LATE (%.2f s)', $elapsed), "\n";
echo str_replace($fake->server(), '<fake>', trim($out)), "\n";
$hit = $fake->waitFor('/^hostile \d+ /', 5.0);
echo $hit === null ? 'no hostile reply' : substr($hit, strpos($hit, ' ', 8) + 1), "\n";

var_dump($fake->stop());
unlink($log);
?>
--EXPECT--
bool(true)
bool(true)
trickle EVALSHA lock_release: in time; redislock: could not release locks at the end of its owner's life (it will expire by its TTL): <fake>: read timed out; closed
bool(true)
array EVALSHA semaphore_release: in time; redislock: could not release semaphore slots at the end of its owner's life (it will expire by its TTL): <fake>: unexpected reply to semaphore release; closed
locked
exit 0, in time
redislock: could not release locks at the end of its owner's life (it will expire by its TTL): <fake>: read timed out
trickle EVALSHA lock_release
int(0)
