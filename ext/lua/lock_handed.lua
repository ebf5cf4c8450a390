-- "lock handed": runs right behind a watching releaser's BLPOP on KEYS[5]
-- (see lock_release.lua), at once when the grantee claimed, else when the
-- short block ends. ARGV[3] LIVENESS ms. A grant still unclaimed now is left
-- to the new head to watch; a grant that already lapsed is handed on.
-- Returns 0.
local LIVENESS = tonumber(ARGV[3])
--@include _lock_queue.lua
local holder = redis.call('GET', KEYS[1])
if not holder then
  hand_on(nil, nil, false)
elseif redis.call('GET', KEYS[4]) == holder then
  tell_head(nil)
end
return 0
