--TEST--
Hostile server, RedisSemaphore: acquire() (tried and waiting), release(), refresh(), releaseAll() and count() each meet wrong types, huge, deep and endless replies, error replies, replies to commands never sent and broken framing on their own script call: RedisLockException within the read timeout, the connection discarded when out of step (kept after an error reply), the object usable again, a real server unaffected
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/hostile_server.inc';
require __DIR__ . '/hostile_cases.inc';
// A wait step stretches the read timeout by its block and 1 s: two of the slow modes are enough there.
rl_hostile_run(['acquire' => null, 'acquire+wait' => null, 'release' => null, 'refresh' => null, 'releaseAll' => null,
    'count' => null], false, ['acquire+wait' => ['huger_bulk', 'silence']]);
?>
--EXPECT--
acquire status: RedisLockException: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire bulk: RedisLockException: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire nil: RedisLockException: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire array: RedisLockException: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire out_of_range: RedisLockException: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire huge_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
acquire huger_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
acquire huge_array: RedisLockException: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
acquire deep: RedisLockException: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
acquire trickle: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
acquire silence: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
acquire error: RedisLockException: <fake>: ERR hostile server says no; kept; usable again; real ok
acquire wrongtype: RedisLockException: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
acquire noscript: RedisLockException: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
acquire extra_before: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
acquire extra_after: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
acquire extra_later: returned a holder id; discarded; usable again; real ok
acquire close: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
acquire close_mid: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
acquire short_bulk: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
acquire neg_bulk: RedisLockException: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
acquire neg_array: RedisLockException: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
acquire bad_int: RedisLockException: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
acquire bad_len: RedisLockException: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
acquire type_byte: RedisLockException: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
acquire+wait status: RedisLockException: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire+wait bulk: RedisLockException: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire+wait nil: RedisLockException: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire+wait array: RedisLockException: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire+wait out_of_range: RedisLockException: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire+wait huge_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
acquire+wait huge_array: RedisLockException: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
acquire+wait deep: RedisLockException: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
acquire+wait trickle: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
acquire+wait error: RedisLockException: <fake>: ERR hostile server says no; kept; usable again; real ok
acquire+wait wrongtype: RedisLockException: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
acquire+wait noscript: RedisLockException: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
acquire+wait extra_before: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
acquire+wait extra_after: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
acquire+wait extra_later: returned a holder id; discarded; usable again; real ok
acquire+wait close: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
acquire+wait close_mid: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
acquire+wait short_bulk: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
acquire+wait neg_bulk: RedisLockException: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
acquire+wait neg_array: RedisLockException: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
acquire+wait bad_int: RedisLockException: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
acquire+wait bad_len: RedisLockException: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
acquire+wait type_byte: RedisLockException: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
release status: RedisLockException: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
release bulk: RedisLockException: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
release nil: RedisLockException: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
release array: RedisLockException: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
release out_of_range: RedisLockException: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
release negative: RedisLockException: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
release huge_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
release huger_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
release huge_array: RedisLockException: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
release deep: RedisLockException: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
release trickle: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
release silence: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
release error: RedisLockException: <fake>: ERR hostile server says no; kept; usable again; real ok
release wrongtype: RedisLockException: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
release noscript: RedisLockException: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
release extra_before: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
release extra_after: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
release extra_later: returned true; discarded; usable again; real ok
release close: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
release close_mid: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
release short_bulk: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
release neg_bulk: RedisLockException: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
release neg_array: RedisLockException: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
release bad_int: RedisLockException: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
release bad_len: RedisLockException: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
release type_byte: RedisLockException: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
refresh status: RedisLockException: <fake>: unexpected reply to semaphore refresh; discarded; usable again; real ok
refresh bulk: RedisLockException: <fake>: unexpected reply to semaphore refresh; discarded; usable again; real ok
refresh nil: RedisLockException: <fake>: unexpected reply to semaphore refresh; discarded; usable again; real ok
refresh array: RedisLockException: <fake>: unexpected reply to semaphore refresh; discarded; usable again; real ok
refresh out_of_range: RedisLockException: <fake>: unexpected reply to semaphore refresh; discarded; usable again; real ok
refresh negative: RedisLockException: <fake>: unexpected reply to semaphore refresh; discarded; usable again; real ok
refresh huge_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
refresh huger_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
refresh huge_array: RedisLockException: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
refresh deep: RedisLockException: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
refresh trickle: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
refresh silence: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
refresh error: RedisLockException: <fake>: ERR hostile server says no; kept; usable again; real ok
refresh wrongtype: RedisLockException: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
refresh noscript: RedisLockException: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
refresh extra_before: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
refresh extra_after: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
refresh extra_later: returned true; discarded; usable again; real ok
refresh close: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
refresh close_mid: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
refresh short_bulk: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
refresh neg_bulk: RedisLockException: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
refresh neg_array: RedisLockException: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
refresh bad_int: RedisLockException: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
refresh bad_len: RedisLockException: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
refresh type_byte: RedisLockException: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
releaseAll status: RedisLockException: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
releaseAll bulk: RedisLockException: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
releaseAll nil: RedisLockException: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
releaseAll array: RedisLockException: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
releaseAll out_of_range: RedisLockException: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
releaseAll negative: RedisLockException: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
releaseAll huge_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
releaseAll huger_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
releaseAll huge_array: RedisLockException: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
releaseAll deep: RedisLockException: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
releaseAll trickle: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
releaseAll silence: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
releaseAll error: RedisLockException: <fake>: ERR hostile server says no; kept; usable again; real ok
releaseAll wrongtype: RedisLockException: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
releaseAll noscript: RedisLockException: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
releaseAll extra_before: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
releaseAll extra_after: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
releaseAll extra_later: returned true; discarded; usable again; real ok
releaseAll close: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
releaseAll close_mid: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
releaseAll short_bulk: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
releaseAll neg_bulk: RedisLockException: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
releaseAll neg_array: RedisLockException: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
releaseAll bad_int: RedisLockException: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
releaseAll bad_len: RedisLockException: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
releaseAll type_byte: RedisLockException: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
count status: RedisLockException: <fake>: unexpected reply to semaphore count; discarded; usable again; real ok
count bulk: RedisLockException: <fake>: unexpected reply to semaphore count; discarded; usable again; real ok
count nil: RedisLockException: <fake>: unexpected reply to semaphore count; discarded; usable again; real ok
count array: RedisLockException: <fake>: unexpected reply to semaphore count; discarded; usable again; real ok
count negative: RedisLockException: <fake>: unexpected reply to semaphore count; discarded; usable again; real ok
count huge_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
count huger_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
count huge_array: RedisLockException: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
count deep: RedisLockException: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
count trickle: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
count silence: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
count error: RedisLockException: <fake>: ERR hostile server says no; kept; usable again; real ok
count wrongtype: RedisLockException: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
count noscript: RedisLockException: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
count extra_before: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
count extra_after: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
count extra_later: returned 1; discarded; usable again; real ok
count close: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
count close_mid: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
count short_bulk: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
count neg_bulk: RedisLockException: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
count neg_array: RedisLockException: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
count bad_int: RedisLockException: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
count bad_len: RedisLockException: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
count type_byte: RedisLockException: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
