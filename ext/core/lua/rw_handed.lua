-- "rw handed" (model/rwlock.md; its client is ext/core/rl_rwlock.c): a
-- grant's check (LREM S 0 g<granter> behind the call that granted) removed
-- fewer notes than that call made grants. KEYS and ARGV[1..4] as in
-- _rw_queue.lua, ARGV[1] the granter's token. Every holder (K's writer, each
-- reader) whose wake list still has "g" .. granter was not blocked (dead, or
-- between two calls) and now can never take it: the note is removed, the
-- holder told "x" (alive, its next visit queues it again at the head: it was
-- popped while first) and its hold undone. A holder whose note is gone took
-- it (its block, or its own call). Then the queue is served again.
-- Returns {owned, grants}: owned 1 when the granter's own entry was served
-- (a visit that granted others and is queued itself: it holds, made so by
-- this call), else 0; grants: new grants to check (the LREM pipelined behind
-- this call, then again "rw handed" while it falls short).
local me = ARGV[1]
--@include _rw_queue.lua
local g = 'g' .. me
-- a clean count for the check behind: notes of this granter's earlier grants go
redis.call('LREM', KEYS[3], 0, g)
local undone = false
local k = redis.call('GET', KEYS[1])
if k and k ~= MARK and redis.call('LREM', WAKE_PREFIX .. k, 1, g) == 1 then
  note(k, 'x')
  redis.call('DEL', KEYS[1])
  undone = true
end
-- the reader set: one LREM per member (this path only follows a missed check)
for _, r in ipairs(redis.call('ZRANGE', KEYS[4], 0, -1)) do
  if redis.call('LREM', WAKE_PREFIX .. r, 1, g) == 1 then
    note(r, 'x')
    redis.call('ZREM', KEYS[4], r)
    undone = true
  end
end
if undone then readers_end(me) end
local grants, self = grant_next(me)
-- the moves may have made the served list, without a TTL
redis.call('PEXPIRE', KEYS[3], LIVENESS)
if self then return {1, grants} end
return {0, grants}
