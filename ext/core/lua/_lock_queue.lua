-- The lock's wait queue (README.md in this folder). KEYS[1] the lock,
-- KEYS[2] the queue (tokens in arrival order), KEYS[3] token =>
-- "liveness:grace", KEYS[4] the grant a watching releaser waits to see
-- claimed, KEYS[5] that releaser's acknowledgement list; ARGV[1] the caller's
-- token, ARGV[2] the wake-list prefix; the including script sets LIVENESS
-- (ms). Time is the server's, never a client's.
-- Redis < 5 replicates a script whole: TIME before a write needs effects replication there.
if redis.replicate_commands then pcall(redis.replicate_commands) end
local now
local function clock()
  if not now then
    local t = redis.call('TIME')
    now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  end
  return now
end

local WAKE_PREFIX = ARGV[2]
--@include _waiters.lua

-- Takes entries off the head until a live one (dead ones are dropped); returns it and its grace, or nil.
local function pop_live()
  while true do
    local w = redis.call('LPOP', KEYS[2])
    if not w then return nil end
    local terms = redis.call('HGET', KEYS[3], w)
    if terms then
      redis.call('HDEL', KEYS[3], w)
      local liveness, grace = string.match(terms, '^(%d+):(%d+)$')
      if liveness and tonumber(liveness) > clock() then return w, grace end
    end
  end
end

-- The new head watches what the old head was waiting for (a lapse, an expiry).
local function tell_head(me)
  local head = redis.call('LINDEX', KEYS[2], 0)
  if head and head ~= me then wake(head, 'h') end
end

-- The lock is free: the first live waiter gets it. The caller (me) takes it
-- for its whole lifetime; anyone else only for its grace, with a grant it
-- must claim (a grant is never revoked: unclaimed, it lapses on its own).
-- Someone must be ready to act if that grant lapses: a watching releaser
-- (watched), whose BLPOP on KEYS[5] the claim ends, or else the new head,
-- told now. Returns who got it, or nil when nobody waits.
local function hand_on(me, ttl, watched)
  local w, grace = pop_live()
  if not w then return nil end
  if w == me then
    tell_head(me)
    redis.call('SET', KEYS[1], me, 'PX', ttl)
    return w
  end
  if watched then
    redis.call('SET', KEYS[4], w, 'PX', grace)
  else
    tell_head(me)
  end
  redis.call('SET', KEYS[1], w, 'PX', grace)
  wake(w, 'g')
  return w
end
