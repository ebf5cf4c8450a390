-- "lock fence": the fence of a lock taken by waiting, read when fence() first
-- asks (README.md in this folder, "Fences"). KEYS[1] the lock, KEYS[2] its
-- fence counter; ARGV[1] the token. Only a call that gives the lock to a new
-- holder counts, so while the lock holds the token the counter is where the
-- call that gave it left it. Returns that fence; 0: the lock is not the
-- caller's any more (no fence); -1: it is, but the counter is gone (deleted by
-- hand, or the data lost: no fence can be trusted).
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
local fence = redis.call('GET', KEYS[2])
if not fence then return -1 end
return tonumber(fence)
