-- "lock wait", a waiter's script call: ARGV[3] its lifetime (ms), ARGV[4] its
-- grace (ms), ARGV[5] the mode: "join" (the first call, followed by a BLPOP),
-- "visit" (pipelined behind every BLPOP: runs as soon as it returns, with no
-- client round trip) or "leave" (out of time); ARGV[6] LIVENESS ms.
-- Returns 1: the caller owns the lock (made true by this very call);
-- 0: not owned, block up to the check-in period;
-- -n: not owned, the caller is the head: block n ms, then visit.
local LIVENESS = tonumber(ARGV[6])
--@include _lock_queue.lua
--@include _leave_queue.lua
local me, ttl, grace, mode = ARGV[1], ARGV[3], ARGV[4], ARGV[5]

local function owned() return owned_by(me, mode) end

local holder = redis.call('GET', KEYS[1])
-- a watched grant to me: WATCHED .. me .. the watching releaser's token
local watcher = nil
if holder and #holder > #me + 1 and string.sub(holder, 1, #me + 1) == WATCHED .. me then
  watcher = string.sub(holder, #me + 2)
end
if holder == me or watcher then
  -- a grant waiting for me: claimed now, for my whole lifetime, it can only end with it
  redis.call('SET', KEYS[1], me, 'PX', ttl)
  if watcher then
    -- the releaser stops watching: "c" and the lifetime, on its wake list (a releaser that sees
    -- it at least a check-in period long skips "lock handed")
    wake(watcher, 'c' .. ttl)
  end
  return owned()
end

if mode == 'leave' then
  redis.call('DEL', KEYS[3] .. me)
  local was_head = leave_queue(KEYS[2], me)
  if holder then
    if was_head then tell_head(me) end
  else
    hand_on(me, ttl, false)
  end
  return 0
end

local first = keep_place(me, string.format('%d', tonumber(grace)), mode)

if not holder then
  if hand_on(me, ttl, false) == me then return owned() end
  first = nil   -- the queue moved
end
if first == nil then first = redis.call('LINDEX', KEYS[2], 0) == me end

-- the head watches the lock's end (an expiry, a lapsing grant); the others just wait
if first then
  -- a join's BLPOP was sent for a check-in period: cut it short, the visit behind it answers how long
  if mode == 'join' then wake(me, 'h') end
  -- PTTL answers 0 through a key's last millisecond: block past it too, not a whole check-in period
  local left = redis.call('PTTL', KEYS[1])
  if left >= 0 then return -(left + 1) end
end
return 0
