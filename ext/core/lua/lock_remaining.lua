-- "lock remaining": KEYS[1] lock key, ARGV[1] token. The lock's remaining
-- lifetime in ms if it still holds the token (0 if it has none left, or no
-- expiry: never one of ours), else -1. GET and PTTL in one atomic step: the
-- lifetime is that of the caller's lock, never that of a successor's.
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
local left = redis.call('PTTL', KEYS[1])
if left > 0 then return left end
return 0
