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
acquire status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
acquire huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
acquire huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
acquire deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
acquire trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
acquire silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
acquire error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
acquire wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
acquire noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
acquire extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
acquire extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
acquire extra_later: returned a holder id; discarded; usable again; real ok
acquire close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
acquire close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
acquire short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
acquire neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
acquire neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
acquire bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
acquire bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
acquire type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
acquire+wait status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire+wait bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire+wait nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire+wait array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire+wait out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore acquire; discarded; usable again; real ok
acquire+wait huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
acquire+wait huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
acquire+wait deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
acquire+wait trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
acquire+wait error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
acquire+wait wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
acquire+wait noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
acquire+wait extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
acquire+wait extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
acquire+wait extra_later: returned a holder id; discarded; usable again; real ok
acquire+wait close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
acquire+wait close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
acquire+wait short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
acquire+wait neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
acquire+wait neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
acquire+wait bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
acquire+wait bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
acquire+wait type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
release status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
release bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
release nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
release array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
release out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
release negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
release huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
release huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
release huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
release deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
release trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
release silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
release error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
release wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
release noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
release extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
release extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
release extra_later: returned true; discarded; usable again; real ok
release close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
release close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
release short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
release neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
release neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
release bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
release bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
release type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
refresh status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore refresh; discarded; usable again; real ok
refresh bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore refresh; discarded; usable again; real ok
refresh nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore refresh; discarded; usable again; real ok
refresh array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore refresh; discarded; usable again; real ok
refresh out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore refresh; discarded; usable again; real ok
refresh negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore refresh; discarded; usable again; real ok
refresh huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
refresh huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
refresh huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
refresh deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
refresh trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
refresh silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
refresh error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
refresh wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
refresh noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
refresh extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
refresh extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
refresh extra_later: returned true; discarded; usable again; real ok
refresh close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
refresh close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
refresh short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
refresh neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
refresh neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
refresh bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
refresh bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
refresh type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
releaseAll status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
releaseAll bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
releaseAll nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
releaseAll array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
releaseAll out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
releaseAll negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore release; discarded; usable again; real ok
releaseAll huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
releaseAll huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
releaseAll huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
releaseAll deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
releaseAll trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
releaseAll silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
releaseAll error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
releaseAll wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
releaseAll noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
releaseAll extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
releaseAll extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
releaseAll extra_later: returned true; discarded; usable again; real ok
releaseAll close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
releaseAll close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
releaseAll short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
releaseAll neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
releaseAll neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
releaseAll bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
releaseAll bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
releaseAll type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
count status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore count; discarded; usable again; real ok
count bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore count; discarded; usable again; real ok
count nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore count; discarded; usable again; real ok
count array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore count; discarded; usable again; real ok
count negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to semaphore count; discarded; usable again; real ok
count huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
count huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
count huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
count deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
count trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
count silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
count error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
count wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
count noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
count extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
count extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
count extra_later: returned 1; discarded; usable again; real ok
count close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
count close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
count short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
count neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
count neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
count bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
count bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
count type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
