-- The lock's wait queue (README.md in this folder). KEYS[1] the lock,
-- KEYS[2] the queue (tokens in arrival order), KEYS[3] the prefix of each
-- waiter's entry key (KEYS[3] .. token = its grace in ms, with a PX of
-- LIVENESS from its last visit: alive while it exists); ARGV[1] the
-- caller's token, ARGV[2] the wake-list prefix; the including script sets
-- LIVENESS (ms). An entry's liveness is the server's expiry of its key: no
-- client clock, and no TIME call. A grant a releaser watches is written
-- WATCHED .. grantee .. releaser: the lock's own value says so and whom the
-- claim acknowledges, on the releaser's own wake list (a token is 32 hex
-- digits, so no holder's value starts with "@"; each lock() draws a new one,
-- so a releaser's wake list serves one release only).
-- Redis < 5 replicates a script whole: a replica would decide on expiries of its own.
if redis.replicate_commands then pcall(redis.replicate_commands) end

local WAKE_PREFIX = ARGV[2]
local WATCHED = '@'
--@include _waiters.lua

-- An entry's grace, its key deleted in the same call (GETDEL, Redis >= 6.2;
-- an older server answers an error and gets GET and DEL); nil when the key
-- expired: its waiter is dead.
local function take_entry(key)
  local grace = redis.pcall('GETDEL', key)
  if type(grace) == 'table' and grace.err then
    grace = redis.call('GET', key)
    if grace then redis.call('DEL', key) end
  end
  return grace
end

-- Takes entries off the head until a live one (an expired entry key: its
-- waiter is dead, dropped); returns it and its grace, or nil. The popped
-- entry's key goes too: a waiter whose grant lapses finds it missing at its
-- next visit and queues again (keep_place()).
local function pop_live()
  while true do
    local w = redis.call('LPOP', KEYS[2])
    if not w then return nil end
    local grace = take_entry(KEYS[3] .. w)
    if grace then return w, grace end
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
-- (watcher: its token; the grant is written WATCHED .. w .. watcher), whose
-- BLPOP on its own wake list the claim ends, or else the new head, told now.
-- Returns who got it, or nil when nobody waits.
local function hand_on(me, ttl, watcher)
  local w, grace = pop_live()
  if not w then return nil end
  if w == me then
    tell_head(me)
    redis.call('SET', KEYS[1], me, 'PX', ttl)
    return w
  end
  if watcher then
    redis.call('SET', KEYS[1], WATCHED .. w .. watcher, 'PX', grace)
  else
    tell_head(me)
    redis.call('SET', KEYS[1], w, 'PX', grace)
  end
  wake(w, 'g')
  return w
end
