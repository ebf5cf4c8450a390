-- "lock release": ARGV[3] LIVENESS ms. Returns 1 if the caller's lock was
-- released (and handed to the first live waiter, if any), else 0.
local LIVENESS = tonumber(ARGV[3])
--@include _lock_queue.lua
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if not hand_on(nil, nil) then redis.call('DEL', KEYS[1]) end
return 1
