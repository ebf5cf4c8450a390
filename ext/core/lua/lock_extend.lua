-- "lock extend" (one server): KEYS as in _lock_queue.lua (the lock, its queue,
-- its served list, its fence counter); ARGV[1] token, ARGV[2] the wake-list prefix, ARGV[3]
-- lifetime (ms), ARGV[4] LIVENESS ms, ARGV[5] CHECKIN ms. Returns 1 if the
-- lock was still ours and now lasts that long, else 0. A lifetime cut below
-- what is left, to less than a check-in period, tells the queue's head
-- ("h<ms>") to look again: it blocks until the PTTL it read last, which now
-- comes after the lock's end (a holder that shortened and then died or let
-- the lock lapse would cost it the difference, up to a check-in period). A
-- cut to a check-in period or more tells nobody: the head's block, at most
-- CHECKIN from its last visit, which came before this call, ends before the
-- new end (within a timer tick), as it would for a lock taken with that
-- lifetime (a framework's refresh right after its take, from the take's
-- lifetime to its own, wakes nobody).
local LIVENESS, CHECKIN = tonumber(ARGV[4]), tonumber(ARGV[5])
local ttl = ARGV[3]
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
  -- Not ours. A waiter that read OWNED after a stall confirms here before it
  -- queues again with the same token; nothing of it should be queued (what
  -- made it the owner took it out, model/lock.pml asserts so): the LREM only
  -- guards the queue against a token queued twice. (It scans the queue: this
  -- path is a lost lock's.)
  redis.call('LREM', KEYS[2], 1, ARGV[1] .. ':' .. ttl)
  redis.call('LREM', KEYS[2], 1, ARGV[1] .. ':' .. ttl .. 'f')
  return 0
end
if tonumber(ttl) < CHECKIN and redis.call('PTTL', KEYS[1]) > tonumber(ttl) then
--@include _lock_queue.lua
  tell_head(ARGV[1], tonumber(ttl) + 1)
end
return redis.call('PEXPIRE', KEYS[1], ttl)
