--TEST--
Scenario (issue 24), a holder paused past its lifetime, Cluster: the paused-holder scenario of scenario_paused_holder.phpt (tests/paused_holder.inc) with both workers' RedisLock on the suite's Redis Cluster (cluster://, the fencing option; the queue and the counter in the lock's slot): A takes the fenced lock for a short lifetime and is stopped (SIGSTOP) while B waits; B is handed the lock with a greater fence and writes (accepted); A resumes and writes with its old fence: refused; unfenced, A's write lands over B's. Checker: (a) 1 in both runs, (b) 0 with fences, 1 without
--SKIPIF--
<?php require __DIR__ . '/skipif_cluster.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
require __DIR__ . '/cluster_helpers.inc';
require __DIR__ . '/history.inc';
require __DIR__ . '/paused_holder.inc';
$cluster = RlClusterView::shared();

rl_paused_holder_scenario(RL_TEST_CLUSTER, fn (string $key) => $cluster->rawForKey($key), true);
rl_paused_holder_scenario(RL_TEST_CLUSTER, fn (string $key) => $cluster->rawForKey($key), false);
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
