-- "semaphore acquire": ARGV[3] id, ARGV[4] limit, ARGV[5] lifetime (ms),
-- ARGV[6] mode, ARGV[7] grace (ms). Modes: "try" (a slot now, or nothing),
-- "join" (the first call of a waiter, followed by a BLPOP), "visit" (pipelined
-- behind every BLPOP), "leave" (out of time: leave the queue, taking a slot
-- only if one is free). Queued waiters are served before a caller that is not
-- queued, in arrival order.
-- Returns 1: the id holds a slot (made true by this very call); 0: not
-- admitted, block up to the check-in period; -n: not admitted and the caller
-- is the head: block n ms (until the earliest deadline), then visit.
--@include _semaphore_prelude.lua
--@include _leave_queue.lua
local me, limit, ttl, mode, grace = ARGV[3], tonumber(ARGV[4]), ARGV[5], ARGV[6], ARGV[7]
local admitted = false

if redis.call('ZSCORE', KEYS[2], me) then
  -- a grant waiting for me: claimed now, for my whole lifetime
  redis.call('ZADD', KEYS[2], string.format('%d', now + tonumber(ttl)), me)
  dirty = true
  admitted = true
else
  local queued = mode == 'join' or mode == 'visit'
  if queued then
    keep_entry(KEYS[4], KEYS[5], me, string.format('%d:%d:%d', now + LIVENESS, tonumber(grace), limit), mode)
  elseif mode == 'leave' then
    redis.call('HDEL', KEYS[5], me)
    local was_head = leave_queue(KEYS[4], me)
    if was_head then
      local head = redis.call('LINDEX', KEYS[4], 0)
      if head then wake(head, 'h') end
    end
  end
  admitted = serve_waiters(me, ttl)
  -- not queued: a slot left free once the queue is served is mine
  if not admitted and not queued and redis.call('ZCARD', KEYS[2]) < limit then
    admit(me, ttl)
    admitted = true
  end
end
if dirty then keep_keys() end

if admitted then return owned_by(me, mode) end
if mode ~= 'try' and mode ~= 'leave' and redis.call('LINDEX', KEYS[4], 0) == me then
  -- a join's BLPOP was sent for a check-in period: cut it short, the visit behind it answers how long
  if mode == 'join' then wake(me, 'h') end
  local first = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
  if #first > 0 then return -(tonumber(first[2]) - now + 1) end
end
return 0
