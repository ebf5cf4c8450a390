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
handshake integer: RedisLockException: <fake>: unexpected reply to CLIENT SETNAME; discarded; usable again; real ok
handshake bulk: RedisLockException: <fake>: unexpected reply to CLIENT SETNAME; discarded; usable again; real ok
handshake nil: RedisLockException: <fake>: unexpected reply to CLIENT SETNAME; discarded; usable again; real ok
handshake array: RedisLockException: <fake>: unexpected reply to CLIENT SETNAME; discarded; usable again; real ok
handshake out_of_range: RedisLockException: <fake>: unexpected reply to CLIENT SETNAME; discarded; usable again; real ok
handshake negative: RedisLockException: <fake>: unexpected reply to CLIENT SETNAME; discarded; usable again; real ok
handshake huge_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
handshake huger_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
handshake huge_array: RedisLockException: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
handshake deep: RedisLockException: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
handshake trickle: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
handshake silence: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
handshake extra_before: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
handshake extra_after: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
handshake extra_later: returned true; discarded; usable again; real ok
handshake close: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
handshake close_mid: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
handshake short_bulk: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
handshake neg_bulk: RedisLockException: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
handshake neg_array: RedisLockException: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
handshake bad_int: RedisLockException: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
handshake bad_len: RedisLockException: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
handshake type_byte: RedisLockException: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
lock status: RedisLockException: <fake>: unexpected reply to SET NX GET; discarded; usable again; real ok
lock integer: RedisLockException: <fake>: unexpected reply to SET NX GET; discarded; usable again; real ok
lock array: RedisLockException: <fake>: unexpected reply to SET NX GET; discarded; usable again; real ok
lock out_of_range: RedisLockException: <fake>: unexpected reply to SET NX GET; discarded; usable again; real ok
lock negative: RedisLockException: <fake>: unexpected reply to SET NX GET; discarded; usable again; real ok
lock huge_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
lock huger_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
lock huge_array: RedisLockException: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
lock deep: RedisLockException: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
lock trickle: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
lock silence: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
lock error: RedisLockException: <fake>: ERR hostile server says no; kept; usable again; real ok
lock wrongtype: RedisLockException: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
lock noscript: RedisLockException: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
lock extra_before: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock extra_after: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock extra_later: returned true; discarded; usable again; real ok
lock close: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock close_mid: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock short_bulk: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock neg_bulk: RedisLockException: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
lock neg_array: RedisLockException: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
lock bad_int: RedisLockException: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
lock bad_len: RedisLockException: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
lock type_byte: RedisLockException: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
lock+wait status: RedisLockException: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait bulk: RedisLockException: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait nil: RedisLockException: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait array: RedisLockException: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait out_of_range: RedisLockException: <fake>: unexpected reply to lock wait; discarded; usable again; real ok
lock+wait huge_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
lock+wait huge_array: RedisLockException: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
lock+wait deep: RedisLockException: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
lock+wait trickle: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
lock+wait error: RedisLockException: <fake>: ERR hostile server says no; kept; usable again; real ok
lock+wait wrongtype: RedisLockException: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
lock+wait noscript: RedisLockException: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
lock+wait extra_before: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait extra_after: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
lock+wait extra_later: returned true; discarded; usable again; real ok
lock+wait close: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait close_mid: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait short_bulk: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
lock+wait neg_bulk: RedisLockException: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
lock+wait neg_array: RedisLockException: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
lock+wait bad_int: RedisLockException: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
lock+wait bad_len: RedisLockException: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
lock+wait type_byte: RedisLockException: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
expire status: RedisLockException: <fake>: unexpected reply to lock extend; discarded; usable again; real ok
expire bulk: RedisLockException: <fake>: unexpected reply to lock extend; discarded; usable again; real ok
expire nil: RedisLockException: <fake>: unexpected reply to lock extend; discarded; usable again; real ok
expire array: RedisLockException: <fake>: unexpected reply to lock extend; discarded; usable again; real ok
expire out_of_range: RedisLockException: <fake>: unexpected reply to lock extend; discarded; usable again; real ok
expire negative: RedisLockException: <fake>: unexpected reply to lock extend; discarded; usable again; real ok
expire huge_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
expire huger_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
expire huge_array: RedisLockException: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
expire deep: RedisLockException: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
expire trickle: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
expire silence: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
expire error: RedisLockException: <fake>: ERR hostile server says no; kept; usable again; real ok
expire wrongtype: RedisLockException: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
expire noscript: RedisLockException: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
expire extra_before: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
expire extra_after: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
expire extra_later: returned true; discarded; usable again; real ok
expire close: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
expire close_mid: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
expire short_bulk: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
expire neg_bulk: RedisLockException: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
expire neg_array: RedisLockException: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
expire bad_int: RedisLockException: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
expire bad_len: RedisLockException: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
expire type_byte: RedisLockException: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
isLocking status: RedisLockException: <fake>: unexpected reply to GET; discarded; usable again; real ok
isLocking integer: RedisLockException: <fake>: unexpected reply to GET; discarded; usable again; real ok
isLocking array: RedisLockException: <fake>: unexpected reply to GET; discarded; usable again; real ok
isLocking out_of_range: RedisLockException: <fake>: unexpected reply to GET; discarded; usable again; real ok
isLocking negative: RedisLockException: <fake>: unexpected reply to GET; discarded; usable again; real ok
isLocking huge_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
isLocking huger_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
isLocking huge_array: RedisLockException: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
isLocking deep: RedisLockException: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
isLocking trickle: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
isLocking silence: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
isLocking error: RedisLockException: <fake>: ERR hostile server says no; kept; usable again; real ok
isLocking wrongtype: RedisLockException: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
isLocking noscript: RedisLockException: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
isLocking extra_before: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
isLocking extra_after: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
isLocking extra_later: returned true; discarded; usable again; real ok
isLocking close: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
isLocking close_mid: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
isLocking short_bulk: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
isLocking neg_bulk: RedisLockException: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
isLocking neg_array: RedisLockException: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
isLocking bad_int: RedisLockException: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
isLocking bad_len: RedisLockException: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
isLocking type_byte: RedisLockException: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
unlock status: RedisLockException: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock bulk: RedisLockException: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock nil: RedisLockException: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock array: RedisLockException: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock out_of_range: RedisLockException: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock negative: RedisLockException: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock huge_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
unlock huger_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
unlock huge_array: RedisLockException: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
unlock deep: RedisLockException: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
unlock trickle: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
unlock silence: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
unlock error: RedisLockException: <fake>: ERR hostile server says no; kept; usable again; real ok
unlock wrongtype: RedisLockException: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
unlock noscript: RedisLockException: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
unlock extra_before: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock extra_after: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock extra_later: returned true; discarded; usable again; real ok
unlock close: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock close_mid: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock short_bulk: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock neg_bulk: RedisLockException: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
unlock neg_array: RedisLockException: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
unlock bad_int: RedisLockException: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
unlock bad_len: RedisLockException: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
unlock type_byte: RedisLockException: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
unlock+watch status: RedisLockException: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch bulk: RedisLockException: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch nil: RedisLockException: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch array: RedisLockException: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch out_of_range: RedisLockException: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch negative: RedisLockException: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlock+watch huge_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
unlock+watch huge_array: RedisLockException: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
unlock+watch deep: RedisLockException: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
unlock+watch trickle: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
unlock+watch error: RedisLockException: <fake>: ERR hostile server says no; kept; usable again; real ok
unlock+watch wrongtype: RedisLockException: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
unlock+watch noscript: RedisLockException: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
unlock+watch extra_before: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock+watch extra_after: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlock+watch extra_later: returned true; discarded; usable again; real ok
unlock+watch close: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+watch close_mid: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+watch short_bulk: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlock+watch neg_bulk: RedisLockException: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
unlock+watch neg_array: RedisLockException: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
unlock+watch bad_int: RedisLockException: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
unlock+watch bad_len: RedisLockException: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
unlock+watch type_byte: RedisLockException: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
unlockAll status: RedisLockException: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlockAll bulk: RedisLockException: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlockAll nil: RedisLockException: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlockAll array: RedisLockException: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlockAll out_of_range: RedisLockException: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlockAll negative: RedisLockException: <fake>: unexpected reply to lock release; discarded; usable again; real ok
unlockAll huge_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
unlockAll huger_bulk: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
unlockAll huge_array: RedisLockException: <fake>: a reply of more than 1048576 elements; discarded; usable again; real ok
unlockAll deep: RedisLockException: <fake>: nesting refused (protocol error or unexpected reply); discarded; usable again; real ok
unlockAll trickle: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
unlockAll silence: RedisLockException: <fake>: read timed out; discarded; usable again; real ok
unlockAll error: RedisLockException: <fake>: ERR hostile server says no; kept; usable again; real ok
unlockAll wrongtype: RedisLockException: <fake>: WRONGTYPE Operation against a key holding the wrong kind of value; kept; usable again; real ok
unlockAll noscript: RedisLockException: <fake>: NOSCRIPT No matching script. Please use EVAL.; kept; usable again; real ok
unlockAll extra_before: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlockAll extra_after: RedisLockException: <fake>: more replies than commands sent (out of step); discarded; usable again; real ok
unlockAll extra_later: returned true; discarded; usable again; real ok
unlockAll close: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlockAll close_mid: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlockAll short_bulk: RedisLockException: <fake>: connection lost: Server closed the connection; closed by the fake; usable again; real ok
unlockAll neg_bulk: RedisLockException: <fake>: protocol error: Bulk string length out of range; discarded; usable again; real ok
unlockAll neg_array: RedisLockException: <fake>: protocol error: Multi-bulk length out of range; discarded; usable again; real ok
unlockAll bad_int: RedisLockException: <fake>: protocol error: Bad integer value; discarded; usable again; real ok
unlockAll bad_len: RedisLockException: <fake>: protocol error: Bad bulk string length; discarded; usable again; real ok
unlockAll type_byte: RedisLockException: <fake>: protocol error: Protocol error, got "?" as reply type byte; discarded; usable again; real ok
