-- "lock extend" (one server): KEYS[1] the lock, KEYS[2] its queue, KEYS[3]
-- the prefix of its waiters' entry keys; ARGV[1] token, ARGV[2] lifetime
-- (ms), ARGV[3] the wake-list prefix, ARGV[4] LIVENESS ms. Returns 1 if the
-- lock was still ours and now lasts that long, else 0. A lifetime cut below
-- what is left tells the queue's head ("h") to look again: it blocks until
-- the PTTL it read last, which now comes after the lock's end (a holder that
-- shortened and then died or let the lock lapse would cost it the
-- difference, up to a check-in period).
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
  -- Not ours. A waiter that read OWNED after a stall confirms here before it
  -- queues again (README.md: the client's loop), and the visit pipelined
  -- behind its join may have queued its token meanwhile: that copy goes, with
  -- its entry key, or a join of the same token, finding the key lapsed, would
  -- queue it twice. (LREM scans the queue: this path is a lost lock's.)
  redis.call('LREM', KEYS[2], 1, ARGV[1])
  redis.call('DEL', KEYS[3] .. ARGV[1])
  return 0
end
if redis.call('PTTL', KEYS[1]) > tonumber(ARGV[2]) then
  local head = redis.call('LINDEX', KEYS[2], 0)
  if head then
    -- the note _waiters.lua's wake() writes; the list lives as long as a queue entry
    redis.call('RPUSH', ARGV[3] .. head, 'h')
    redis.call('PEXPIRE', ARGV[3] .. head, ARGV[4])
  end
end
return redis.call('PEXPIRE', KEYS[1], ARGV[2])
