-- "lock release": ARGV[3] LIVENESS ms, ARGV[4] "watch" when the releaser
-- pipelines BLPOP KEYS[5] and "lock handed" right behind this call (unlock()
-- of a lock it waited for: others are likely queued). A watched hand-over
-- wakes only the grantee: its claim acknowledges on KEYS[5], and the releaser
-- tells the new head only if the grant is still unclaimed when its short
-- block ends. Returns 1 if the caller's lock was released (and handed to the
-- first live waiter, if any), else 0 (it is not the caller's: nothing changes).
local LIVENESS = tonumber(ARGV[3])
--@include _lock_queue.lua
local watched = ARGV[4] == 'watch'
local released = 0
if redis.call('GET', KEYS[1]) == ARGV[1] then
  released = 1
  if watched then redis.call('DEL', KEYS[5]) end
  if hand_on(nil, nil, watched) then return 1 end
  redis.call('DEL', KEYS[1])
end
-- nothing handed over: the releaser's BLPOP must not block for nothing
if watched then
  redis.call('RPUSH', KEYS[5], 'n')
  redis.call('PEXPIRE', KEYS[5], LIVENESS)
end
return released
