-- "rw release" (model/rwlock.md; its client is ext/core/rl_rwlock.c):
-- KEYS and ARGV[1..4] as in _rw_queue.lua; ARGV[5] the kind the caller
-- believes it holds ("r" or "w"; the side released is the one the token
-- holds). Returns {0, 0}: not the caller's (its lifetime ended, or its
-- grant was undone): nothing of anyone else's changes. {1, grants}: released,
-- and the queue served: grants to others the caller checks (LREM S 0 g<me>
-- pipelined right behind this call) and sends "rw handed" for if that check
-- removes fewer notes.
local me = ARGV[1]
-- A writer's release with nobody queued, or with a writer at the head that
-- wants no fence and lives at least a check-in period: the common ones, done
-- here before the fragment's prelude (TIME, the reader set's clean-up, its
-- closures), with the effects the path below has then (grant_next() finds
-- no head, or grants K to that writer and tells nobody). A writer takes K
-- only when nobody reads, and no reader joins while it holds: the reader set
-- is missing then, unless it keeps members whose end passed (the prelude
-- removes those), and that case takes the path below.
-- (K read once: the prelude does not touch it.)
local holder = redis.call('GET', KEYS[1])
if holder == me then
  local first = redis.call('LINDEX', KEYS[2], 0)
  if not first then
    redis.call('DEL', KEYS[1])
    redis.call('PEXPIRE', KEYS[3], ARGV[3])
    return {1, 0}
  end
  local w, ttl = string.match(first, '^w(.*):(%d+)$')
  if w and tonumber(ttl) >= tonumber(ARGV[4]) and redis.call('EXISTS', KEYS[4]) == 0 then
    if redis.replicate_commands then pcall(redis.replicate_commands) end
    redis.call('LPOP', KEYS[2])
    redis.call('SET', KEYS[1], w, 'PX', ttl)
    local wake_key = ARGV[2] .. w
    redis.call('RPUSH', wake_key, 'g' .. me)
    redis.call('PEXPIRE', wake_key, ARGV[3])
    return {1, 1}
  end
end
--@include _rw_queue.lua
-- whichever side the token holds (a token holds one side at most; the
-- caller's belief may lag a promotion or demotion whose answer was lost)
if holder == me then
  redis.call('DEL', KEYS[1])
elseif redis.call('ZREM', KEYS[4], me) == 1 then
  readers_end(me)
else
  return {0, 0}
end
local grants = grant_next(me)
if grants == 0 then
  -- a grant's note moved into a missing served list made it without a TTL
  redis.call('PEXPIRE', KEYS[3], LIVENESS)
end
return {1, grants}
