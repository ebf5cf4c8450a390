-- "lock handed": runs right behind a watching releaser's BLPOP on its wake list
-- (see lock_release.lua), at once when the grantee claimed, else when the
-- short block ends. ARGV[3] LIVENESS ms, ARGV[4] the check-in period (ms).
-- The watched hand-over told nobody but the grantee, so the new head is told
-- now if it has something to watch before its next check-in: a grant still
-- unclaimed (it may lapse), or a claimed lock shorter than a check-in period
-- (its holder may die). A grant that already lapsed is handed on. Returns 0.
local LIVENESS = tonumber(ARGV[3])
--@include _lock_queue.lua
local holder = redis.call('GET', KEYS[1])
if not holder then
  hand_on(nil, nil, false)
elseif string.sub(holder, 1, 1) == WATCHED or redis.call('PTTL', KEYS[1]) < tonumber(ARGV[4]) then
  tell_head(nil)
end
return 0
