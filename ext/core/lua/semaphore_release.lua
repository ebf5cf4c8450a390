-- "semaphore release": ARGV[3] id. Returns 1 if that live holder was removed
-- (its slot goes to the first waiters that fit), 0 if it was gone.
--@include _semaphore_prelude.lua
local released = 0
if redis.call('ZSCORE', KEYS[2], ARGV[3]) then
  drop(ARGV[3])
  released = 1
end
if dirty then
  serve_waiters(nil, nil)
  keep_keys()
end
return released
