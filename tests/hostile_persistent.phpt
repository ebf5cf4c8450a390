--TEST--
Hostile server, persistent connections: after each method of RedisLock and RedisSemaphore (and each command of a lock's wait steps and hand-overs) met a hostile reply, a new object with the same options does not get the poisoned connection back from the pool (it does get one that only saw an error reply), and the pool slot of the real server keeps working
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/hostile_server.inc';
require __DIR__ . '/hostile_cases.inc';
// One mode of each kind (the pool code is the same for all of them); a slow one for two methods.
$modes = ['status', 'out_of_range', 'deep', 'error', 'extra_before', 'extra_later', 'close_mid', 'bad_int'];
$methods = [];
foreach (array_keys(rl_hostile_methods()) as $method) {
    if ($method !== 'handshake') {   // a pooled connection has had its handshake
        $methods[$method] = in_array($method, ['lock', 'count'], true) ? [...$modes, 'trickle'] : $modes;
    }
}
rl_hostile_run($methods, true);
?>
--EXPECT--
lock status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to SET NX GET; discarded; usable again; real ok
lock out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to SET NX GET; discarded; usable again; real ok
lock deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
lock error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
lock extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock extra_later: returned true; discarded; usable again; real ok
lock close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
lock trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
lock+wait error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
lock+wait extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait extra_later: returned true; discarded; usable again; real ok
lock+wait close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
lock+wait[BRPOPLPUSH] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to BRPOPLPUSH; discarded; usable again; real ok
lock+wait[BRPOPLPUSH] out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to BRPOPLPUSH; discarded; usable again; real ok
lock+wait[BRPOPLPUSH] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
lock+wait[BRPOPLPUSH] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
lock+wait[BRPOPLPUSH] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait[BRPOPLPUSH] extra_later: returned true; discarded; usable again; real ok
lock+wait[BRPOPLPUSH] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[BRPOPLPUSH] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
lock+wait[visit] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait[visit] out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait[visit] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
lock+wait[visit] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
lock+wait[visit] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait[visit] extra_later: returned true; discarded; usable again; real ok
lock+wait[visit] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[visit] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
lock+wait[leave] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait[leave] out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait[leave] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
lock+wait[leave] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
lock+wait[leave] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait[leave] extra_later: returned false; discarded; usable again; real ok
lock+wait[leave] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[leave] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
lock+wait[leave,LREM] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
lock+wait[leave,LREM] out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
lock+wait[leave,LREM] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
lock+wait[leave,LREM] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
lock+wait[leave,LREM] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait[leave,LREM] extra_later: returned false; discarded; usable again; real ok
lock+wait[leave,LREM] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[leave,LREM] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
lock+wait[leave,handed] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock handed; discarded; usable again; real ok
lock+wait[leave,handed] out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock handed; discarded; usable again; real ok
lock+wait[leave,handed] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
lock+wait[leave,handed] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
lock+wait[leave,handed] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait[leave,handed] extra_later: returned false; discarded; usable again; real ok
lock+wait[leave,handed] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[leave,handed] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
lock+wait[leave,handed,LREM] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
lock+wait[leave,handed,LREM] out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
lock+wait[leave,handed,LREM] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
lock+wait[leave,handed,LREM] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
lock+wait[leave,handed,LREM] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait[leave,handed,LREM] extra_later: returned false; discarded; usable again; real ok
lock+wait[leave,handed,LREM] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[leave,handed,LREM] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
lock[fenced] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock take fenced; discarded; usable again; real ok
lock[fenced] out_of_range: returned true; kept; usable again; real ok
lock[fenced] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
lock[fenced] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
lock[fenced] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock[fenced] extra_later: returned true; discarded; usable again; real ok
lock[fenced] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock[fenced] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
fence status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock fence; discarded; usable again; real ok
fence out_of_range: returned 7; kept; usable again; real ok
fence deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
fence error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
fence extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
fence extra_later: returned 1; discarded; usable again; real ok
fence close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
fence bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
expire status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock extend; discarded; usable again; real ok
expire out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock extend; discarded; usable again; real ok
expire deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
expire error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
expire extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
expire extra_later: returned true; discarded; usable again; real ok
expire close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
expire bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
isLocking status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to GET; discarded; usable again; real ok
isLocking out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to GET; discarded; usable again; real ok
isLocking deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
isLocking error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
isLocking extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
isLocking extra_later: returned true; discarded; usable again; real ok
isLocking close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
isLocking bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
unlock status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release free; discarded; usable again; real ok
unlock out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release free; discarded; usable again; real ok
unlock deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
unlock error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
unlock extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock extra_later: returned true; discarded; usable again; real ok
unlock close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
unlock+queued status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+queued out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+queued deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
unlock+queued error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
unlock+queued extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock+queued extra_later: returned true; discarded; usable again; real ok
unlock+queued close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+queued bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
unlock+watch status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
unlock+watch error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
unlock+watch extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock+watch extra_later: returned true; discarded; usable again; real ok
unlock+watch close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+watch bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
unlock+watch[LREM] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlock+watch[LREM] out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlock+watch[LREM] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
unlock+watch[LREM] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
unlock+watch[LREM] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock+watch[LREM] extra_later: returned true; discarded; usable again; real ok
unlock+watch[LREM] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+watch[LREM] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
unlock+watch[handed] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock handed; discarded; usable again; real ok
unlock+watch[handed] out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock handed; discarded; usable again; real ok
unlock+watch[handed] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
unlock+watch[handed] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
unlock+watch[handed] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock+watch[handed] extra_later: returned true; discarded; usable again; real ok
unlock+watch[handed] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+watch[handed] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
unlock+watch[handed,LREM] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlock+watch[handed,LREM] out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlock+watch[handed,LREM] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
unlock+watch[handed,LREM] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
unlock+watch[handed,LREM] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock+watch[handed,LREM] extra_later: returned true; discarded; usable again; real ok
unlock+watch[handed,LREM] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+watch[handed,LREM] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
unlockAll status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlockAll out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlockAll deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
unlockAll error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
unlockAll extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlockAll extra_later: returned true; discarded; usable again; real ok
unlockAll close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlockAll bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
unlockAll[LREM] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlockAll[LREM] out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlockAll[LREM] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
unlockAll[LREM] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
unlockAll[LREM] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlockAll[LREM] extra_later: returned true; discarded; usable again; real ok
unlockAll[LREM] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlockAll[LREM] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
acquire status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
acquire error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
acquire extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
acquire extra_later: returned a holder id; discarded; usable again; real ok
acquire close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
acquire bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
acquire+wait status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire+wait out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire+wait deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
acquire+wait error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
acquire+wait extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
acquire+wait extra_later: returned a holder id; discarded; usable again; real ok
acquire+wait close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
acquire+wait bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
release status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
release out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
release deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
release error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
release extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
release extra_later: returned true; discarded; usable again; real ok
release close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
release bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
refresh status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore refresh; discarded; usable again; real ok
refresh out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore refresh; discarded; usable again; real ok
refresh deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
refresh error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
refresh extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
refresh extra_later: returned true; discarded; usable again; real ok
refresh close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
refresh bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
releaseAll status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
releaseAll out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
releaseAll deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
releaseAll error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
releaseAll extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
releaseAll extra_later: returned true; discarded; usable again; real ok
releaseAll close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
releaseAll bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
count status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore count; discarded; usable again; real ok
count deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
count error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
count extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
count extra_later: returned 1; discarded; usable again; real ok
count close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
count bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
count trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
