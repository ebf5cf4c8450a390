--TEST--
Hostile server, RedisLock: lock() (tried, with the fencing option's take too, and each command of a waiter's steps: the join, its BRPOPLPUSH, a visit, a leave, the LREM that checks the grant a leave made, "lock handed" and its LREM), fence() of a lock taken by waiting ("lock fence"), expire(), isLocking(), unlock() (of a lock taken free, of one taken free that found a waiter queued, of one taken by waiting: "lock release", its LREM check, "lock handed" and its LREM), unlockAll() (the release, a grant's LREM check) and the first call's handshake each meet wrong types, huge, deep and endless replies, the 64-bit integer extremes, error replies, replies to commands never sent and broken framing on the command aimed at: RedisLockException within the read timeout, the connection discarded when out of step (kept after an error reply), the object usable again, a real server unaffected
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/hostile_server.inc';
require __DIR__ . '/hostile_cases.inc';
// Every mode, and the 64-bit extremes where a script's answer or a count is expected.
$all = [...array_keys(rl_hostile_modes()), ...array_keys(rl_hostile_int_modes())];
// A step that blocks stretches the read timeout by its block and 1 s: two of the slow modes are enough there.
$in_block = array_values(array_diff($all, ['huger_bulk', 'silence']));
rl_hostile_run(['handshake' => $all, 'lock' => $all, 'lock[fenced]' => $all, 'fence' => $all,
    'lock+wait' => $in_block, 'lock+wait[BRPOPLPUSH]' => $in_block, 'lock+wait[visit]' => $in_block,
    'lock+wait[leave]' => $all, 'lock+wait[leave,LREM]' => $all, 'lock+wait[leave,handed]' => $all,
    'lock+wait[leave,handed,LREM]' => $all,
    'expire' => $all, 'isLocking' => $all,
    'unlock' => $all, 'unlock+queued' => $all,
    'unlock+watch' => $all, 'unlock+watch[LREM]' => $all, 'unlock+watch[handed]' => $all,
    'unlock+watch[handed,LREM]' => $all,
    'unlockAll' => $all, 'unlockAll[LREM]' => $all], false);
?>
--EXPECT--
handshake integer: RedisLockException[CONNECT_FAILED]: <fake>: unexpected reply to CLIENT SETNAME; discarded; usable again; real ok
handshake bulk: RedisLockException[CONNECT_FAILED]: <fake>: unexpected reply to CLIENT SETNAME; discarded; usable again; real ok
handshake nil: RedisLockException[CONNECT_FAILED]: <fake>: unexpected reply to CLIENT SETNAME; discarded; usable again; real ok
handshake array: RedisLockException[CONNECT_FAILED]: <fake>: unexpected reply to CLIENT SETNAME; discarded; usable again; real ok
handshake out_of_range: RedisLockException[CONNECT_FAILED]: <fake>: unexpected reply to CLIENT SETNAME; discarded; usable again; real ok
handshake negative: RedisLockException[CONNECT_FAILED]: <fake>: unexpected reply to CLIENT SETNAME; discarded; usable again; real ok
handshake huge_bulk: RedisLockException[CONNECT_FAILED]: <fake>: read timed out; discarded; usable again; real ok
handshake huger_bulk: RedisLockException[CONNECT_FAILED]: <fake>: read timed out; discarded; usable again; real ok
handshake huge_array: RedisLockException[CONNECT_FAILED]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
handshake deep: RedisLockException[CONNECT_FAILED]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
handshake trickle: RedisLockException[CONNECT_FAILED]: <fake>: read timed out; discarded; usable again; real ok
handshake silence: RedisLockException[CONNECT_FAILED]: <fake>: read timed out; discarded; usable again; real ok
handshake extra_before: RedisLockException[CONNECT_FAILED]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
handshake extra_after: RedisLockException[CONNECT_FAILED]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
handshake extra_later: returned true; discarded; usable again; real ok
handshake close: RedisLockException[CONNECT_FAILED]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
handshake close_mid: RedisLockException[CONNECT_FAILED]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
handshake short_bulk: RedisLockException[CONNECT_FAILED]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
handshake neg_bulk: RedisLockException[CONNECT_FAILED]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
handshake neg_array: RedisLockException[CONNECT_FAILED]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
handshake bad_int: RedisLockException[CONNECT_FAILED]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
handshake bad_len: RedisLockException[CONNECT_FAILED]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
handshake type_byte: RedisLockException[CONNECT_FAILED]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
handshake huge_int: RedisLockException[CONNECT_FAILED]: <fake>: unexpected reply to CLIENT SETNAME; discarded; usable again; real ok
handshake min_int: RedisLockException[CONNECT_FAILED]: <fake>: unexpected reply to CLIENT SETNAME; discarded; usable again; real ok
lock status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to SET NX GET; discarded; usable again; real ok
lock integer: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to SET NX GET; discarded; usable again; real ok
lock array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to SET NX GET; discarded; usable again; real ok
lock out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to SET NX GET; discarded; usable again; real ok
lock negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to SET NX GET; discarded; usable again; real ok
lock huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
lock deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
lock trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
lock wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
lock noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
lock extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock extra_later: returned true; discarded; usable again; real ok
lock close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
lock neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
lock bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
lock bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
lock type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
lock huge_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to SET NX GET; discarded; usable again; real ok
lock min_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to SET NX GET; discarded; usable again; real ok
lock[fenced] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock take fenced; discarded; usable again; real ok
lock[fenced] bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock take fenced; discarded; usable again; real ok
lock[fenced] nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock take fenced; discarded; usable again; real ok
lock[fenced] array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock take fenced; discarded; usable again; real ok
lock[fenced] out_of_range: returned true; kept; usable again; real ok
lock[fenced] negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock take fenced; discarded; usable again; real ok
lock[fenced] huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock[fenced] huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock[fenced] huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
lock[fenced] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
lock[fenced] trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock[fenced] silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock[fenced] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
lock[fenced] wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
lock[fenced] noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
lock[fenced] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock[fenced] extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock[fenced] extra_later: returned true; discarded; usable again; real ok
lock[fenced] close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock[fenced] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock[fenced] short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock[fenced] neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
lock[fenced] neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
lock[fenced] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
lock[fenced] bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
lock[fenced] type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
lock[fenced] huge_int: returned true; kept; usable again; real ok
lock[fenced] min_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock take fenced; discarded; usable again; real ok
fence status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock fence; discarded; usable again; real ok
fence bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock fence; discarded; usable again; real ok
fence nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock fence; discarded; usable again; real ok
fence array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock fence; discarded; usable again; real ok
fence out_of_range: returned 7; kept; usable again; real ok
fence negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock fence; discarded; usable again; real ok
fence huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
fence huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
fence huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
fence deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
fence trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
fence silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
fence error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
fence wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
fence noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
fence extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
fence extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
fence extra_later: returned 1; discarded; usable again; real ok
fence close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
fence close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
fence short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
fence neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
fence neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
fence bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
fence bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
fence type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
fence huge_int: returned 9223372036854775807; kept; usable again; real ok
fence min_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock fence; discarded; usable again; real ok
lock+wait status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
lock+wait deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
lock+wait trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
lock+wait wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
lock+wait noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
lock+wait extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait extra_later: returned true; discarded; usable again; real ok
lock+wait close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
lock+wait neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
lock+wait bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
lock+wait bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
lock+wait type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
lock+wait huge_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait[BRPOPLPUSH] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to BRPOPLPUSH; discarded; usable again; real ok
lock+wait[BRPOPLPUSH] integer: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to BRPOPLPUSH; discarded; usable again; real ok
lock+wait[BRPOPLPUSH] array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to BRPOPLPUSH; discarded; usable again; real ok
lock+wait[BRPOPLPUSH] out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to BRPOPLPUSH; discarded; usable again; real ok
lock+wait[BRPOPLPUSH] negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to BRPOPLPUSH; discarded; usable again; real ok
lock+wait[BRPOPLPUSH] huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait[BRPOPLPUSH] huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
lock+wait[BRPOPLPUSH] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
lock+wait[BRPOPLPUSH] trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait[BRPOPLPUSH] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
lock+wait[BRPOPLPUSH] wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
lock+wait[BRPOPLPUSH] noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
lock+wait[BRPOPLPUSH] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait[BRPOPLPUSH] extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait[BRPOPLPUSH] extra_later: returned true; discarded; usable again; real ok
lock+wait[BRPOPLPUSH] close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[BRPOPLPUSH] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[BRPOPLPUSH] short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[BRPOPLPUSH] neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
lock+wait[BRPOPLPUSH] neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
lock+wait[BRPOPLPUSH] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
lock+wait[BRPOPLPUSH] bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
lock+wait[BRPOPLPUSH] type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
lock+wait[BRPOPLPUSH] huge_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to BRPOPLPUSH; discarded; usable again; real ok
lock+wait[BRPOPLPUSH] min_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to BRPOPLPUSH; discarded; usable again; real ok
lock+wait[visit] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait[visit] bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait[visit] nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait[visit] array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait[visit] out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait[visit] huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait[visit] huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
lock+wait[visit] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
lock+wait[visit] trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait[visit] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
lock+wait[visit] wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
lock+wait[visit] noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
lock+wait[visit] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait[visit] extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait[visit] extra_later: returned true; discarded; usable again; real ok
lock+wait[visit] close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[visit] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[visit] short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[visit] neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
lock+wait[visit] neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
lock+wait[visit] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
lock+wait[visit] bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
lock+wait[visit] type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
lock+wait[visit] huge_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait[leave] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait[leave] bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait[leave] nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait[leave] array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait[leave] out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait[leave] huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait[leave] huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait[leave] huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
lock+wait[leave] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
lock+wait[leave] trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait[leave] silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait[leave] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
lock+wait[leave] wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
lock+wait[leave] noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
lock+wait[leave] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait[leave] extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait[leave] extra_later: returned false; discarded; usable again; real ok
lock+wait[leave] close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[leave] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[leave] short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[leave] neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
lock+wait[leave] neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
lock+wait[leave] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
lock+wait[leave] bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
lock+wait[leave] type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
lock+wait[leave] huge_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait[leave,LREM] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
lock+wait[leave,LREM] bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
lock+wait[leave,LREM] nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
lock+wait[leave,LREM] array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
lock+wait[leave,LREM] out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
lock+wait[leave,LREM] negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
lock+wait[leave,LREM] huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait[leave,LREM] huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait[leave,LREM] huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
lock+wait[leave,LREM] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
lock+wait[leave,LREM] trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait[leave,LREM] silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait[leave,LREM] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
lock+wait[leave,LREM] wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
lock+wait[leave,LREM] noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
lock+wait[leave,LREM] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait[leave,LREM] extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait[leave,LREM] extra_later: returned false; discarded; usable again; real ok
lock+wait[leave,LREM] close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[leave,LREM] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[leave,LREM] short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[leave,LREM] neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
lock+wait[leave,LREM] neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
lock+wait[leave,LREM] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
lock+wait[leave,LREM] bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
lock+wait[leave,LREM] type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
lock+wait[leave,LREM] huge_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
lock+wait[leave,LREM] min_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
lock+wait[leave,handed] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock handed; discarded; usable again; real ok
lock+wait[leave,handed] bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock handed; discarded; usable again; real ok
lock+wait[leave,handed] nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock handed; discarded; usable again; real ok
lock+wait[leave,handed] array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock handed; discarded; usable again; real ok
lock+wait[leave,handed] out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock handed; discarded; usable again; real ok
lock+wait[leave,handed] negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock handed; discarded; usable again; real ok
lock+wait[leave,handed] huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait[leave,handed] huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait[leave,handed] huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
lock+wait[leave,handed] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
lock+wait[leave,handed] trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait[leave,handed] silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait[leave,handed] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
lock+wait[leave,handed] wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
lock+wait[leave,handed] noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
lock+wait[leave,handed] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait[leave,handed] extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait[leave,handed] extra_later: returned false; discarded; usable again; real ok
lock+wait[leave,handed] close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[leave,handed] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[leave,handed] short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[leave,handed] neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
lock+wait[leave,handed] neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
lock+wait[leave,handed] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
lock+wait[leave,handed] bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
lock+wait[leave,handed] type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
lock+wait[leave,handed] huge_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock handed; discarded; usable again; real ok
lock+wait[leave,handed] min_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock handed; discarded; usable again; real ok
lock+wait[leave,handed,LREM] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
lock+wait[leave,handed,LREM] bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
lock+wait[leave,handed,LREM] nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
lock+wait[leave,handed,LREM] array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
lock+wait[leave,handed,LREM] out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
lock+wait[leave,handed,LREM] negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
lock+wait[leave,handed,LREM] huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait[leave,handed,LREM] huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait[leave,handed,LREM] huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
lock+wait[leave,handed,LREM] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
lock+wait[leave,handed,LREM] trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait[leave,handed,LREM] silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
lock+wait[leave,handed,LREM] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
lock+wait[leave,handed,LREM] wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
lock+wait[leave,handed,LREM] noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
lock+wait[leave,handed,LREM] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait[leave,handed,LREM] extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait[leave,handed,LREM] extra_later: returned false; discarded; usable again; real ok
lock+wait[leave,handed,LREM] close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[leave,handed,LREM] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[leave,handed,LREM] short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait[leave,handed,LREM] neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
lock+wait[leave,handed,LREM] neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
lock+wait[leave,handed,LREM] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
lock+wait[leave,handed,LREM] bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
lock+wait[leave,handed,LREM] type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
lock+wait[leave,handed,LREM] huge_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
lock+wait[leave,handed,LREM] min_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
expire status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock extend; discarded; usable again; real ok
expire bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock extend; discarded; usable again; real ok
expire nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock extend; discarded; usable again; real ok
expire array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock extend; discarded; usable again; real ok
expire out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock extend; discarded; usable again; real ok
expire negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock extend; discarded; usable again; real ok
expire huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
expire huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
expire huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
expire deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
expire trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
expire silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
expire error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
expire wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
expire noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
expire extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
expire extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
expire extra_later: returned true; discarded; usable again; real ok
expire close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
expire close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
expire short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
expire neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
expire neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
expire bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
expire bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
expire type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
expire huge_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock extend; discarded; usable again; real ok
expire min_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock extend; discarded; usable again; real ok
isLocking status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to GET; discarded; usable again; real ok
isLocking integer: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to GET; discarded; usable again; real ok
isLocking array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to GET; discarded; usable again; real ok
isLocking out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to GET; discarded; usable again; real ok
isLocking negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to GET; discarded; usable again; real ok
isLocking huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
isLocking huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
isLocking huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
isLocking deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
isLocking trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
isLocking silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
isLocking error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
isLocking wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
isLocking noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
isLocking extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
isLocking extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
isLocking extra_later: returned true; discarded; usable again; real ok
isLocking close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
isLocking close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
isLocking short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
isLocking neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
isLocking neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
isLocking bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
isLocking bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
isLocking type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
isLocking huge_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to GET; discarded; usable again; real ok
isLocking min_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to GET; discarded; usable again; real ok
unlock status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release free; discarded; usable again; real ok
unlock bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release free; discarded; usable again; real ok
unlock nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release free; discarded; usable again; real ok
unlock array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release free; discarded; usable again; real ok
unlock out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release free; discarded; usable again; real ok
unlock negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release free; discarded; usable again; real ok
unlock huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
unlock deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
unlock trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
unlock wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
unlock noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
unlock extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock extra_later: returned true; discarded; usable again; real ok
unlock close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
unlock neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
unlock bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
unlock bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
unlock type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
unlock huge_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release free; discarded; usable again; real ok
unlock min_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release free; discarded; usable again; real ok
unlock+queued status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+queued bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+queued nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+queued array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+queued out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+queued negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+queued huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock+queued huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock+queued huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
unlock+queued deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
unlock+queued trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock+queued silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock+queued error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
unlock+queued wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
unlock+queued noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
unlock+queued extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock+queued extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock+queued extra_later: returned true; discarded; usable again; real ok
unlock+queued close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+queued close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+queued short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+queued neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
unlock+queued neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
unlock+queued bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
unlock+queued bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
unlock+queued type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
unlock+queued huge_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+queued min_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock+watch huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock+watch huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
unlock+watch deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
unlock+watch trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock+watch silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock+watch error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
unlock+watch wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
unlock+watch noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
unlock+watch extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock+watch extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock+watch extra_later: returned true; discarded; usable again; real ok
unlock+watch close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+watch close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+watch short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+watch neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
unlock+watch neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
unlock+watch bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
unlock+watch bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
unlock+watch type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
unlock+watch huge_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch min_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch[LREM] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlock+watch[LREM] bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlock+watch[LREM] nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlock+watch[LREM] array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlock+watch[LREM] out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlock+watch[LREM] negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlock+watch[LREM] huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock+watch[LREM] huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock+watch[LREM] huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
unlock+watch[LREM] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
unlock+watch[LREM] trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock+watch[LREM] silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock+watch[LREM] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
unlock+watch[LREM] wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
unlock+watch[LREM] noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
unlock+watch[LREM] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock+watch[LREM] extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock+watch[LREM] extra_later: returned true; discarded; usable again; real ok
unlock+watch[LREM] close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+watch[LREM] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+watch[LREM] short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+watch[LREM] neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
unlock+watch[LREM] neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
unlock+watch[LREM] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
unlock+watch[LREM] bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
unlock+watch[LREM] type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
unlock+watch[LREM] huge_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlock+watch[LREM] min_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlock+watch[handed] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock handed; discarded; usable again; real ok
unlock+watch[handed] bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock handed; discarded; usable again; real ok
unlock+watch[handed] nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock handed; discarded; usable again; real ok
unlock+watch[handed] array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock handed; discarded; usable again; real ok
unlock+watch[handed] out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock handed; discarded; usable again; real ok
unlock+watch[handed] negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock handed; discarded; usable again; real ok
unlock+watch[handed] huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock+watch[handed] huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock+watch[handed] huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
unlock+watch[handed] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
unlock+watch[handed] trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock+watch[handed] silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock+watch[handed] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
unlock+watch[handed] wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
unlock+watch[handed] noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
unlock+watch[handed] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock+watch[handed] extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock+watch[handed] extra_later: returned true; discarded; usable again; real ok
unlock+watch[handed] close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+watch[handed] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+watch[handed] short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+watch[handed] neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
unlock+watch[handed] neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
unlock+watch[handed] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
unlock+watch[handed] bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
unlock+watch[handed] type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
unlock+watch[handed] huge_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock handed; discarded; usable again; real ok
unlock+watch[handed] min_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock handed; discarded; usable again; real ok
unlock+watch[handed,LREM] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlock+watch[handed,LREM] bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlock+watch[handed,LREM] nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlock+watch[handed,LREM] array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlock+watch[handed,LREM] out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlock+watch[handed,LREM] negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlock+watch[handed,LREM] huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock+watch[handed,LREM] huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock+watch[handed,LREM] huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
unlock+watch[handed,LREM] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
unlock+watch[handed,LREM] trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock+watch[handed,LREM] silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock+watch[handed,LREM] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
unlock+watch[handed,LREM] wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
unlock+watch[handed,LREM] noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
unlock+watch[handed,LREM] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock+watch[handed,LREM] extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock+watch[handed,LREM] extra_later: returned true; discarded; usable again; real ok
unlock+watch[handed,LREM] close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+watch[handed,LREM] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+watch[handed,LREM] short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+watch[handed,LREM] neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
unlock+watch[handed,LREM] neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
unlock+watch[handed,LREM] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
unlock+watch[handed,LREM] bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
unlock+watch[handed,LREM] type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
unlock+watch[handed,LREM] huge_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlock+watch[handed,LREM] min_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlockAll status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlockAll bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlockAll nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlockAll array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlockAll out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlockAll negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlockAll huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlockAll huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlockAll huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
unlockAll deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
unlockAll trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlockAll silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlockAll error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
unlockAll wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
unlockAll noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
unlockAll extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlockAll extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlockAll extra_later: returned true; discarded; usable again; real ok
unlockAll close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlockAll close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlockAll short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlockAll neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
unlockAll neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
unlockAll bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
unlockAll bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
unlockAll type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
unlockAll huge_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlockAll min_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlockAll[LREM] status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlockAll[LREM] bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlockAll[LREM] nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlockAll[LREM] array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlockAll[LREM] out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlockAll[LREM] negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlockAll[LREM] huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlockAll[LREM] huger_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlockAll[LREM] huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
unlockAll[LREM] deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
unlockAll[LREM] trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlockAll[LREM] silence: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlockAll[LREM] error: RedisLockException[SERVER_ERROR]: <fake>: ERR hostile server says no; kept; usable again; real ok
unlockAll[LREM] wrongtype: RedisLockException[SERVER_ERROR]: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
unlockAll[LREM] noscript: RedisLockException[SERVER_ERROR]: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
unlockAll[LREM] extra_before: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlockAll[LREM] extra_after: RedisLockException[PROTOCOL_ERROR]: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlockAll[LREM] extra_later: returned true; discarded; usable again; real ok
unlockAll[LREM] close: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlockAll[LREM] close_mid: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlockAll[LREM] short_bulk: RedisLockException[CONNECTION_LOST]: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlockAll[LREM] neg_bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
unlockAll[LREM] neg_array: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
unlockAll[LREM] bad_int: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
unlockAll[LREM] bad_len: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
unlockAll[LREM] type_byte: RedisLockException[PROTOCOL_ERROR]: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
unlockAll[LREM] huge_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
unlockAll[LREM] min_int: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to LREM; discarded; usable again; real ok
