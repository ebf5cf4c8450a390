-- "lock release": ARGV[3] LIVENESS ms, ARGV[4] "watch" when the releaser
-- pipelines a BLPOP of its own wake list and "lock handed" right behind this
-- call (unlock() of a lock it waited for: others are likely queued). A watched hand-over
-- wakes only the grantee: its claim acknowledges on that list, and the releaser
-- tells the new head only if the grant is still unclaimed when its short
-- block ends. Returns 1 if the caller's lock was released (and handed to the
-- first live waiter, if any), else 0 (it is not the caller's: nothing changes).
-- The uncontended release first, before the fragment below makes its local
-- functions (about 0.8 us of closures a call): unwatched, mine, and nobody
-- queued (no queue key), it is a compare-and-delete, as hand_on() finding
-- the queue empty would end. Mine with someone queued, it goes on below
-- knowing it is mine.
local mine = false
if ARGV[4] ~= 'watch' then
  if redis.replicate_commands then pcall(redis.replicate_commands) end
  if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
  if redis.call('EXISTS', KEYS[2]) == 0 then
    redis.call('DEL', KEYS[1])
    return 1
  end
  mine = true
end
local LIVENESS = tonumber(ARGV[3])
--@include _lock_queue.lua
-- The releaser's wake list needs no clearing first: its token is this
-- lock()'s own, so the only "c" it can ever hold is the claim of this
-- release's grant; what else it holds (a note of the waiting that won the
-- lock, pushed after its last BLPOP) reads as "not seen claimed": one "lock
-- handed" more, which is always safe.
local watcher = ARGV[4] == 'watch' and ARGV[1] or nil
local released = 0
if mine or redis.call('GET', KEYS[1]) == ARGV[1] then
  released = 1
  if hand_on(nil, nil, watcher) then return 1 end
  redis.call('DEL', KEYS[1])
end
-- nothing handed over: the releaser's BLPOP must not block for nothing
if watcher then wake(watcher, 'n') end
return released
