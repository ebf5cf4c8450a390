-- "rw release" (model/rwlock.md; its client is ext/core/rl_rwlock.c):
-- KEYS and ARGV[1..4] as in _rw_queue.lua; ARGV[5] the kind the caller holds
-- ("r" or "w"). Returns {0, 0}: not the caller's (its lifetime ended, or its
-- grant was undone): nothing of anyone else's changes. {1, grants}: released,
-- and the queue served: grants to others the caller checks (LREM S 0 g<me>
-- pipelined right behind this call) and sends "rw handed" for if that check
-- removes fewer notes.
local me, kind = ARGV[1], ARGV[5]
--@include _rw_queue.lua
if kind == 'w' then
  if redis.call('GET', KEYS[1]) ~= me then return {0, 0} end
  redis.call('DEL', KEYS[1])
else
  if redis.call('ZREM', KEYS[4], me) == 0 then return {0, 0} end
  readers_end(me)
end
local grants = grant_next(me)
if grants == 0 then
  -- a grant's note moved into a missing served list made it without a TTL
  redis.call('PEXPIRE', KEYS[3], LIVENESS)
end
return {1, grants}
