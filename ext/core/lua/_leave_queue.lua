-- A waiter that gives up (mode "leave"), for the lock's and the semaphore's
-- wait scripts; included after their prelude (_waiters.lua: WAKE_PREFIX).

-- Takes the caller out of the queue (it gave up) and drops its wake list;
-- the caller drops its entry's terms. Returns whether it was the head: then
-- the turn it had passes on.
local function leave_queue(queue, me)
  local was_head = redis.call('LINDEX', queue, 0) == me
  redis.call('LREM', queue, 1, me)
  redis.call('DEL', WAKE_PREFIX .. me)
  return was_head
end
