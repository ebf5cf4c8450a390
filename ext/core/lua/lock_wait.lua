-- "lock wait", a waiter's script call: KEYS and ARGV[1..2] as in
-- _lock_queue.lua; ARGV[3] its lifetime (ms; followed by "f" when the caller
-- wants a fence: its queue entry carries it), ARGV[4] the mode, ARGV[5]
-- LIVENESS ms, ARGV[6] CHECKIN ms, ARGV[7] how long the BRPOPLPUSH written
-- right behind this call blocks (ms; 0 for "leave", which has none).
-- Modes: "join" (the first call), "visit" (after a block that took no grant:
-- a timeout, or a note to look), "requeue" (a visit after a block that took
-- "x": the caller was taken out of the queue), "leave" (out of time).
-- Returns 1: the caller owns the lock, made so by this very call; 3: it owns
-- it by a grant made before this call (its lifetime began after the caller's
-- previous call); 2: not owned, and this call granted the free lock to the
-- first waiter: the caller checks that grant as a releaser does; 0: not
-- owned, block up to a check-in period; -n: not owned, the caller is the
-- head: block n ms (the lock's PTTL + 1), then visit.
-- A call that owns, or grants, ends the caller's own block at once ("o", "h1").
local me, mode = ARGV[1], ARGV[4]
local entry = me .. ':' .. ARGV[3]
-- A join behind others, the common case, written out before the fragment's
-- local functions are made (closures built on every call).
local length = nil
if mode == 'join' then
  if redis.replicate_commands then pcall(redis.replicate_commands) end
  length = redis.call('RPUSH', KEYS[2], entry)
  redis.call('PEXPIRE', KEYS[2], ARGV[5])
  -- others first: whatever the lock's state, the head watches it (and takes it when free)
  if length > 1 then return 0 end
end
local LIVENESS, CHECKIN = tonumber(ARGV[5]), tonumber(ARGV[6])
--@include _lock_queue.lua
local block = tonumber(ARGV[7])
local ttl, fenced = string.match(ARGV[3], '^(%d+)(f?)$')

-- The caller takes the free lock (its entry already out of the queue); a
-- caller that wants a fence counts one.
local function take()
  redis.call('SET', KEYS[1], me, 'PX', ttl)
  if fenced ~= '' then count_fence(KEYS[4]) end
end

local function owned(answer)
  if mode ~= 'leave' then note(me, 'o') end
  return answer
end

-- The head watches the lock's end; PTTL answers 0 through a key's last
-- millisecond: block past it too. A block written longer ends now.
local function as_head()
  local left = redis.call('PTTL', KEYS[1])
  if left < 0 then left = 0 end
  if left + 1 < block then note(me, 'h' .. (left + 1)) end
  return -(left + 1)
end

if mode == 'join' then
  -- first in line (the queue was empty)
  if not redis.call('GET', KEYS[1]) then
    redis.call('LPOP', KEYS[2])
    take()
    return owned(1)
  end
  return as_head()
end

local holder = redis.call('GET', KEYS[1])

-- Between two blocks: notes no block took. A grant made while the caller was
-- not blocked ("g"), or "x" (its grant was undone: out of the queue). Taking
-- them off tells a granter's "lock handed" that this grant was taken.
local notes = redis.call('LRANGE', WAKE_PREFIX .. me, 0, -1)
local out = mode == 'requeue'
for _, n in ipairs(notes) do
  local kind = string.sub(n, 1, 1)
  if kind == 'g' or kind == 'x' then out = true end
end
if #notes > 0 then redis.call('DEL', WAKE_PREFIX .. me) end
if holder == me then return owned(3) end

if mode == 'leave' then
  local first = redis.call('LINDEX', KEYS[2], 0)
  redis.call('LREM', KEYS[2], 1, entry)
  if not holder then
    if grant_next(me) then return 2 end
  elseif first == entry then
    tell_head(me, redis.call('PTTL', KEYS[1]) + 1)
  end
  return 0
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

-- A grant that lapsed unseen, or undone ("x"): the caller was popped, while
-- first; it is first again (a queued copy removed first: never twice).
-- Otherwise it is queued, unless the queue lapsed while it was late (a stall,
-- a slow server: no join or visit renewed it for LIVENESS ms): then it queues
-- again, at the end (later joiners made a new queue it must not wait outside of).
if out then
  redis.call('LREM', KEYS[2], 1, entry)
  redis.call('LPUSH', KEYS[2], entry)
elseif not queued() then
  redis.call('RPUSH', KEYS[2], entry)
end
redis.call('PEXPIRE', KEYS[2], LIVENESS)
redis.call('PEXPIRE', KEYS[3], LIVENESS)
local first = redis.call('LINDEX', KEYS[2], 0)
if not holder then
  if first == entry or not first then
    if first then redis.call('LPOP', KEYS[2]) end
    take()
    return owned(1)
  end
  grant_next(me)
  note(me, 'h1')
  return 2
end
if first == entry then return as_head() end
return 0
