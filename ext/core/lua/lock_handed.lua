-- "lock handed": a grant's check (the LREM behind the call that granted)
-- found no note in the served list. KEYS and ARGV[1..2] as in
-- _lock_queue.lua, ARGV[1] the granter's token; ARGV[3] LIVENESS ms, ARGV[4]
-- CHECKIN ms. The grantee w is K's holder: K = w since the grant, and only
-- its expiry, w's own release or this script changes that while the note
-- waits. Its note still on w's list: w was not blocked (dead, or between two
-- calls), and now can never take it; the grant is undone, w is told "x" (if
-- alive, its next visit queues it again at the head: it was first), and the
-- lock goes to the next waiter: returns 2 (check again), or 1 when nobody is
-- left (deleted). The note gone: w's block or w's own script took it (the
-- latter also left nothing in the served list); returns 1.
local LIVENESS, CHECKIN = tonumber(ARGV[3]), tonumber(ARGV[4])
--@include _lock_queue.lua
local granter = ARGV[1]
local w = redis.call('GET', KEYS[1])
if w and redis.call('LREM', WAKE_PREFIX .. w, 1, 'g' .. granter) == 1 then
  note(w, 'x')
  redis.call('DEL', KEYS[1])
  if grant_next(granter) then return 2 end
  return 1
end
redis.call('LREM', KEYS[3], 1, 'g' .. granter)
-- the move may have made the served list, without a TTL
redis.call('PEXPIRE', KEYS[3], LIVENESS)
return 1
