-- The lock's wait queue (README.md in this folder). KEYS[1] the lock,
-- KEYS[2] the queue (tokens in arrival order), KEYS[3] the prefix of each
-- waiter's entry key (KEYS[3] .. token = its grace in ms, with a PX of
-- LIVENESS from its last visit: alive while it exists), KEYS[4] the grant a
-- watching releaser waits to see claimed, KEYS[5] that releaser's
-- acknowledgement list; ARGV[1] the caller's token, ARGV[2] the wake-list
-- prefix; the including script sets LIVENESS (ms). An entry's liveness is
-- the server's expiry of its key: no client clock, and no TIME call.
-- Redis < 5 replicates a script whole: a replica would decide on expiries of its own.
if redis.replicate_commands then pcall(redis.replicate_commands) end

local WAKE_PREFIX = ARGV[2]
--@include _waiters.lua

-- Takes entries off the head until a live one (an expired entry key: its
-- waiter is dead, dropped); returns it and its grace, or nil. The popped
-- entry's key goes too: a waiter whose grant lapses finds it missing at its
-- next visit and queues again (keep_place()).
local function pop_live()
  while true do
    local w = redis.call('LPOP', KEYS[2])
    if not w then return nil end
    local grace = redis.call('GET', KEYS[3] .. w)
    if grace then
      redis.call('DEL', KEYS[3] .. w)
      return w, grace
    end
  end
end

-- Joins (mode "join": at the tail) or proves the caller alive (its entry
-- key's PX renewed); an entry lost without giving up (a grant that lapsed, a
-- check-in that came late) is taken back at the head: the caller was first
-- then. The queue gets the same lifetime as every entry, so a joiner never
-- shortens anyone's. Returns whether the caller is now the head, or nil when
-- that takes a look (a visit that found its entry in place).
local function keep_place(me, grace, mode)
  local entry = KEYS[3] .. me
  local head = nil
  if mode == 'join' then
    if redis.call('SET', entry, grace, 'PX', LIVENESS, 'NX') then
      head = redis.call('RPUSH', KEYS[2], me) == 1
    else
      redis.call('SET', entry, grace, 'PX', LIVENESS)   -- queued already (a join sent twice)
    end
  elseif not redis.call('SET', entry, grace, 'PX', LIVENESS, 'XX') then
    -- popped (a lapsed grant, dropped as dead), or not yet popped but its key expired (it missed
    -- a check-in by LIVENESS): either way at the head, and never twice in the queue
    redis.call('LREM', KEYS[2], 1, me)
    redis.call('SET', entry, grace, 'PX', LIVENESS)
    redis.call('LPUSH', KEYS[2], me)
    head = true
  end
  redis.call('PEXPIRE', KEYS[2], LIVENESS)
  return head
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
