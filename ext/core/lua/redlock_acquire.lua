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
-- KEYS[1] lock key, KEYS[2] waiters' mark, [KEYS[3] the fence counter, for
-- the fencing option: a take counts a fence there (README.md in this folder,
-- "Fences", "Several masters")]; ARGV[1] token, ARGV[2] lifetime ms, ARGV[3]
-- the mark's lifetime ms (LIVENESS).
-- Returns 1 (taken; with KEYS[3], the fence counted, >= 1), 0 (held, with no
-- expiry) or -n (held for n more ms).
--@include _fence.lua
-- TIME before a write: effects replication (Redis < 5 replicates a script whole)
if KEYS[3] and redis.replicate_commands then pcall(redis.replicate_commands) end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  if KEYS[3] then return count_fence(KEYS[3]) end
  return 1
end
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
