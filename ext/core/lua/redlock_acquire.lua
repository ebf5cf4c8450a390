-- "redlock acquire": one master's part of a lock over several masters, for a
-- caller that will wait if it misses the quorum. The lock's SET NX PX and,
-- when the lock is held, the waiters' mark, in one atomic step: a release
-- that runs after this call sees the mark and leaves a wake note, so no
-- release between this call and the caller's BLPOP is missed.
-- The mark is a hash: field "w" says someone waits (any unlock wakes one
-- waiter), and a field per holder token a waiter found in its way (a
-- roll-back of a partial acquisition wakes only if someone saw its token:
-- otherwise waiters that each take a master the holder lost would wake each
-- other in turn, a poll loop in disguise).
-- KEYS[1] lock key, KEYS[2] waiters' mark; ARGV[1] token, ARGV[2] lifetime ms,
-- ARGV[3] the mark's lifetime ms (LIVENESS).
-- Returns 1 (taken), 0 (held, with no expiry) or -n (held for n more ms).
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
local holder = redis.call('GET', KEYS[1])
-- holders that expired without a release leave their field: keep the hash small
if redis.call('HLEN', KEYS[2]) > 100 then redis.call('DEL', KEYS[2]) end
-- two HSETs: one HSET with several fields needs Redis 4
redis.call('HSET', KEYS[2], 'w', '1')
redis.call('HSET', KEYS[2], 't' .. holder, '1')
redis.call('PEXPIRE', KEYS[2], ARGV[3])
-- PTTL answers 0 through a key's last millisecond: held for 1 ms more, not for ever
local left = redis.call('PTTL', KEYS[1])
if left >= 0 then return -math.max(left, 1) end
return 0
