-- "rw wait", a reader's or a writer's call (model/rwlock.md; its client is
-- ext/core/rl_rwlock.c): KEYS and ARGV[1..4] as in _rw_queue.lua; ARGV[5] the
-- kind ("r" reader, "w" writer), ARGV[6] the caller's lifetime (ms; a
-- writer's followed by "f" when it wants a fence: its entry carries it),
-- ARGV[7] the mode, ARGV[8] how long the BRPOPLPUSH written right behind this
-- call blocks (ms; 0 for "try" and "leave", which have none).
-- Modes: "try" (acquire without a wait: a reader is a member at once when
-- nobody is queued and no writer holds; a writer takes K when it is free,
-- nobody reads and nobody is queued; nothing else changes), "join", "visit",
-- "requeue" (a visit after a block that took "x"), "leave" (out of time).
-- Returns {answer, grants}. answer: 1 the caller holds, made so by this call;
-- 3 it holds by a grant made before this call; 0 not: block a check-in
-- period; -n not, the caller is the head: block n ms (K's PTTL + 1: a
-- writer's lifetime or the last reader's end). grants: how many grants to
-- others this call made; the caller checks them (LREM S 0 g<me>: done when it
-- removes at least that many) and sends "rw handed" if not.
local me, kind, mode = ARGV[1], ARGV[5], ARGV[7]
local entry = kind .. me .. ':' .. ARGV[6]
-- A join behind others, the common case, before the fragment's functions are
-- made: never a member at once (someone is queued), never first.
if mode == 'join' then
  if redis.replicate_commands then pcall(redis.replicate_commands) end
  if redis.call('LLEN', KEYS[2]) > 0 then
    redis.call('RPUSH', KEYS[2], entry)
    redis.call('PEXPIRE', KEYS[2], ARGV[3])
    return {0, 0}
  end
end
--@include _rw_queue.lua
local block = tonumber(ARGV[8])
local ttl, fenced = string.match(ARGV[6], '^(%d+)(f?)$')

local function owned(answer, grants)
  if mode ~= 'leave' and mode ~= 'try' then note(me, 'o') end
  return {answer, grants}
end

-- The head watches K's end (PTTL answers 0 through a key's last millisecond:
-- block past it too); a block written longer ends now.
local function as_head()
  local left = redis.call('PTTL', KEYS[1])
  if left < 0 then left = 0 end
  if left + 1 < block then note(me, 'h' .. (left + 1)) end
  return -(left + 1)
end

local function holds()
  if kind == 'w' then return redis.call('GET', KEYS[1]) == me end
  return redis.call('ZSCORE', KEYS[4], me) ~= false
end

if mode == 'try' or mode == 'join' then
  if redis.call('LLEN', KEYS[2]) == 0 then
    if kind == 'r' and not writer_holds() then
      redis.call('ZADD', KEYS[4], string.format('%d', now + tonumber(ttl)), me)
      readers_end(me)
      return owned(1, 0)
    end
    if kind == 'w' and not redis.call('GET', KEYS[1]) and redis.call('ZCARD', KEYS[4]) == 0 then
      redis.call('SET', KEYS[1], me, 'PX', ttl)
      if fenced ~= '' then count_fence(KEYS[5]) end
      return owned(1, 0)
    end
  end
  if mode == 'try' then return {0, 0} end
  -- first in line (the queue was empty), and what is held stands in the way
  redis.call('RPUSH', KEYS[2], entry)
  redis.call('PEXPIRE', KEYS[2], LIVENESS)
  return {as_head(), 0}
end

-- Between two blocks: notes no block took. A grant made while the caller was
-- not blocked ("g"), or "x" (its grant was undone: out of the queue). Taking
-- them off tells a granter's "rw handed" that its grant was taken.
local notes = redis.call('LRANGE', WAKE_PREFIX .. me, 0, -1)
local out = mode == 'requeue'
for _, n in ipairs(notes) do
  local c = string.sub(n, 1, 1)
  if c == 'g' or c == 'x' then out = true end
end
if #notes > 0 then redis.call('DEL', WAKE_PREFIX .. me) end
if holds() then return owned(3, 0) end

if mode == 'leave' then
  local first = redis.call('LINDEX', KEYS[2], 0)
  redis.call('LREM', KEYS[2], 1, entry)
  local grants = grant_next(me)
  if grants == 0 and first == entry then
    -- the next one must watch K now
    local left = redis.call('PTTL', KEYS[1])
    if left < 0 then left = 0 end
    tell_head(me, left + 1)
  end
  return {0, grants}
end

-- Whether the caller's entry is queued: LPOS (Redis 6.0.6), or a scan on older servers.
local function queued()
  local ok, pos = pcall(redis.call, 'LPOS', KEYS[2], entry)
  if ok then return pos ~= false end
  for _, e in ipairs(redis.call('LRANGE', KEYS[2], 0, -1)) do
    if e == entry then return true end
  end
  return false
end

-- Popped while first (a grant undone, or lapsed unseen): first again, never
-- twice. Not queued (the queue lapsed while the caller was late): at the end.
if out then
  redis.call('LREM', KEYS[2], 1, entry)
  redis.call('LPUSH', KEYS[2], entry)
elseif not queued() then
  redis.call('RPUSH', KEYS[2], entry)
end
redis.call('PEXPIRE', KEYS[2], LIVENESS)
redis.call('PEXPIRE', KEYS[3], LIVENESS)
local grants, self = grant_next(me)
if self then return owned(1, grants) end
if grants > 0 then
  -- my block ends at once: I check my grants, then visit again
  note(me, 'h1')
  return {0, grants}
end
if redis.call('LINDEX', KEYS[2], 0) == entry then return {as_head(), 0} end
return {0, 0}
