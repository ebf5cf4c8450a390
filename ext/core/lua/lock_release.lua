-- "lock release": KEYS and ARGV[1..2] as in _lock_queue.lua; ARGV[3] LIVENESS
-- ms, ARGV[4] CHECKIN ms. Returns 0: not the caller's (its lifetime ended,
-- another holds it): nothing changes. 1: released, nobody waited (deleted).
-- 2: released and granted to the first waiter: the caller checks that the
-- grantee's block took it (the LREM it pipelines behind this call) and sends
-- "lock handed" if not.
-- The common hand-over is written out here, before the fragment's local
-- functions are made (closures built on every call): grant_next() below is
-- the same steps.
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if redis.replicate_commands then pcall(redis.replicate_commands) end
local first = redis.call('LPOP', KEYS[2])
if not first then
  redis.call('DEL', KEYS[1])
  -- a grant's note moved into a missing served list made it without a TTL; its check, which
  -- empties it, may never have come (the granter died): nobody waits now, so it expires
  redis.call('PEXPIRE', KEYS[3], ARGV[3])
  return 1
end
local w, ttl, fenced = string.match(first, '^(.*):(%d+)(f?)$')
redis.call('SET', KEYS[1], w, 'PX', ttl)
if fenced ~= '' then
--@include _fence.lua
  count_fence(KEYS[4])
end
-- the wake key built once: Lua interns every string it makes, hashing each byte
local wake_key = ARGV[2] .. w
redis.call('RPUSH', wake_key, 'g' .. ARGV[1])
redis.call('PEXPIRE', wake_key, ARGV[3])
if tonumber(ttl) < tonumber(ARGV[4]) then
  local LIVENESS, CHECKIN = tonumber(ARGV[3]), tonumber(ARGV[4])
--@include _lock_queue.lua
  tell_head(w, tonumber(ttl) + 1)
end
return 2
