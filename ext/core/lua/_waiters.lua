-- What the lock and the semaphore share: a waiter's queue entry and its wake
-- list. The including script sets LIVENESS (ms) and WAKE_PREFIX first.

-- A note on a waiter's wake list: ends its BLPOP; the list lives as long as a queue entry.
local function wake(member, what)
  local key = WAKE_PREFIX .. member
  redis.call('RPUSH', key, what)
  redis.call('PEXPIRE', key, LIVENESS)
end

-- The caller holds what it waited for: its wake list is settled. After a join
-- the BLPOP pipelined behind must not block for nothing; after a visit the
-- BLPOP just emptied the list (a stray note expires with it); after a leave
-- nothing will read it again. Returns 1 (OWNED).
local function owned_by(me, mode)
  if mode == 'join' then
    wake(me, 'o')
  elseif mode == 'leave' then
    redis.call('DEL', WAKE_PREFIX .. me)
  end
  return 1
end
