--TEST--
Scenario (issue 24), a holder paused past its lifetime, one server: holder A (a process) takes the fenced lock for a short lifetime and is stopped (SIGSTOP) while B waits in lock(); A's lifetime ends, B is handed the lock with a fence greater than A's and writes to a fenced store (accepted); A is resumed (SIGCONT) and, still believing it holds the lock, writes with its old fence: refused (the store keeps B's write), and its unlock() is false. The same run with unfenced writes: A's stale write lands over B's. What held: the fence (every acquisition's number greater than the earlier ones'; the store refused the late writer). Where the guarantee ends: the lease itself; a holder paused past its lifetime believes it holds the lock while another does. Checker: (a) 1 in both runs (A's belief overlapped B's, reported), (b) 0 with fences, 1 without
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/history.inc';
require __DIR__ . '/paused_holder.inc';
$raw = new RawRedis();

rl_paused_holder_scenario(RL_TEST_SERVER, fn () => $raw, true);
rl_paused_holder_scenario(RL_TEST_SERVER, fn () => $raw, false);
?>
--EXPECT--
-- writes checked against the fence
A lock: true fence: true
B lock: true after A's lifetime: true
B fence > A fence: true
B write: accepted
A stopped past its lifetime: true
A write: refused
A unlock: false
B unlock: true
store keeps: B (written by B, 1 writes accepted)
checker: (a) 1 [A/B], (b) 0
left: fence counter true, others without a lifetime: []
-- unfenced writes
A lock: true fence: true
B lock: true after A's lifetime: true
B fence > A fence: true
B write: accepted
A stopped past its lifetime: true
A write: accepted
A unlock: false
B unlock: true
store keeps: A (written by A, 2 writes accepted)
checker: (a) 1 [A/B], (b) 1 [A after B]
left: fence counter true, others without a lifetime: []
