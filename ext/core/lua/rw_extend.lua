-- "rw extend" (model/rwlock.md; its client is ext/core/rl_rwlock.c):
-- KEYS and ARGV[1..4] as in _rw_queue.lua; ARGV[5] the kind the caller holds,
-- ARGV[6] the new lifetime (ms, from now). Returns 1 if the caller still
-- holds and now holds that long, else 0 (and its entry, which nothing should
-- have queued, is taken out of the queue: the confirm of a stalled waiter, as
-- "lock extend"). A writer's lifetime cut below K's PTTL, or a reader's
-- that moves the readers' end earlier, to less than a check-in period tells
-- the queue's head (a longer one tells nobody, as "lock extend" explains).
local me, kind, ttl = ARGV[1], ARGV[5], ARGV[6]
-- A writer's new lifetime that tells nobody, the common extend (a framework's
-- refresh right after its take): done here, before the fragment's prelude
-- (TIME, the reader set's clean-up, its closures), which only a reader or a
-- told head needs. The reader set is not read on this path, so its expired
-- members may wait for the next script's clean-up.
-- (K read once: the prelude does not touch it.)
local holder = redis.call('GET', KEYS[1])
if holder == me and (tonumber(ttl) >= tonumber(ARGV[4]) or redis.call('PTTL', KEYS[1]) <= tonumber(ttl)) then
  return redis.call('PEXPIRE', KEYS[1], ttl)
end
--@include _rw_queue.lua
-- whichever side the token holds (the caller's belief may lag a promotion or
-- demotion whose answer was lost)
if holder == me then
  if tonumber(ttl) < CHECKIN and redis.call('PTTL', KEYS[1]) > tonumber(ttl) then tell_head(me, tonumber(ttl) + 1) end
  return redis.call('PEXPIRE', KEYS[1], ttl)
end
if not redis.call('ZSCORE', KEYS[4], me) then
  redis.call('LREM', KEYS[2], 1, kind .. me .. ':' .. ttl)
  redis.call('LREM', KEYS[2], 1, kind .. me .. ':' .. ttl .. 'f')
  return 0
end
redis.call('ZADD', KEYS[4], string.format('%d', now + tonumber(ttl)), me)
readers_end(me)
return 1
