-- "semaphore refresh": ARGV[3] id, ARGV[4] lifetime (ms). Returns 1 if the
-- live holder now ends that long from now; 0 if it is gone (never revived).
--@include _semaphore_prelude.lua
local refreshed = 0
if redis.call('ZSCORE', KEYS[2], ARGV[3]) then
  redis.call('ZADD', KEYS[2], string.format('%d', now + tonumber(ARGV[4])), ARGV[3])
  dirty = true
  refreshed = 1
end
if #expired > 0 then serve_waiters(nil, nil) end
if dirty then keep_keys() end
return refreshed
