-- "semaphore refresh": ARGV[3] id, ARGV[4] lifetime (ms). Returns 1 if the
-- live holder now ends that long from now; 0 if it is gone (never revived).
-- A deadline moved earlier tells the queue's head ("h") to look again: it
-- blocks until the earliest deadline it read last, which may now come after
-- this one (a holder that shortened and then died would cost it the difference).
--@include _semaphore_prelude.lua
local refreshed = 0
local old = redis.call('ZSCORE', KEYS[2], ARGV[3])
if old then
  local deadline = now + tonumber(ARGV[4])
  redis.call('ZADD', KEYS[2], string.format('%d', deadline), ARGV[3])
  dirty = true
  refreshed = 1
  if deadline < tonumber(old) then
    local head = redis.call('LINDEX', KEYS[4], 0)
    if head then wake(head, 'h') end
  end
end
if #expired > 0 then serve_waiters(nil, nil) end
if dirty then keep_keys() end
return refreshed
