--TEST--
Hostile server, RedisLock: lock() (tried and waiting), expire(), isLocking(), unlock() (plain and watched), unlockAll() and the first call's handshake each meet wrong types, huge, deep and endless replies, error replies, replies to commands never sent and broken framing on their own command: RedisLockException within the read timeout, the connection discarded when out of step (kept after an error reply), the object usable again, a real server unaffected
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/hostile_server.inc';
require __DIR__ . '/hostile_cases.inc';
// A wait step stretches the read timeout by its block and 1 s: two of the slow modes are enough there.
$wait_skip = ['huger_bulk', 'silence'];
rl_hostile_run(['handshake' => null, 'lock' => null, 'lock+wait' => null, 'expire' => null, 'isLocking' => null,
    'unlock' => null, 'unlock+watch' => null, 'unlockAll' => null], false,
    ['lock+wait' => $wait_skip, 'unlock+watch' => $wait_skip]);
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
unlock+watch status: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch bulk: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch nil: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch array: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch out_of_range: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch negative: RedisLockException[PROTOCOL_ERROR]: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch huge_bulk: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
unlock+watch huge_array: RedisLockException[PROTOCOL_ERROR]: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
unlock+watch deep: RedisLockException[PROTOCOL_ERROR]: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
unlock+watch trickle: RedisLockException[READ_TIMEOUT]: <fake>: read timed out; discarded; usable again; real ok
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
