-- "redlock fence": one master's part of fence() on a lock over several
-- masters with the fencing option (README.md in this folder, "Several
-- masters"). The take counted a fence on every master that granted; the
-- lock's fence is the greatest of those, and it counts only once a quorum of
-- masters that still hold the token have their counter raised to it: any
-- later holder's quorum meets this one on some master, whose counter then
-- gives it a greater fence. KEYS[1] the lock, KEYS[2] its fence counter;
-- ARGV[1] the token, ARGV[2] the fence. Returns 1 if the key held the token
-- (the counter is now at least the fence), else 0 (nothing changes). A
-- counter that is no number counts as lost, as count_fence() has it.
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
local ok, last = pcall(redis.call, 'GET', KEYS[2])
last = ok and tonumber(last)
if not last or last < tonumber(ARGV[2]) then redis.call('SET', KEYS[2], ARGV[2]) end
return 1
