-- The lock's wait queue (README.md in this folder). KEYS[1] the lock, KEYS[2]
-- the queue (entries "token:ttl" in arrival order, ttl the waiter's lifetime
-- in ms, followed by "f" when the waiter wants a fence), KEYS[3] the served
-- list (each waiter blocks in BRPOPLPUSH from its wake list into it, so a note
-- a blocked waiter took is found there), KEYS[4] the fence counter; ARGV[1]
-- the caller's token, ARGV[2] the wake-list prefix; the including script sets
-- LIVENESS and CHECKIN (ms) first.
-- Redis < 5 replicates a script whole: a replica would decide on expiries of its own.
if redis.replicate_commands then pcall(redis.replicate_commands) end

local WAKE_PREFIX = ARGV[2]
--@include _waiters.lua
--@include _fence.lua

-- An entry's token, lifetime (text, ms) and fence mark ("f" or "").
local function parse(entry) return string.match(entry, '^(.*):(%d+)(f?)$') end

-- A note other than a grant ("h<ms>": look, and block at most that long;
-- "o": you own it; "x": you are out of the queue). The waiter's BRPOPLPUSH
-- moves it into the served list, where nobody takes it back, so the list must
-- have a TTL before the move (a move makes a missing list without one). A
-- grant's note is taken back by its granter's check at once. Moves land at
-- the head, the "-" at the tail: the list keeps its newest 64 entries, or a
-- lock passed on without pause would grow it for ever (a check that misses a
-- trimmed grant sends "lock handed", which decides by the wake list).
local function note(w, what)
  wake(w, what)
  local len = redis.call('RPUSH', KEYS[3], '-')
  redis.call('PEXPIRE', KEYS[3], LIVENESS)
  if len > 64 then redis.call('LTRIM', KEYS[3], 0, 63) end
end

-- Tells the head (unless it is the caller) to look again and to block at most
-- block_ms next: what it blocks until now may end after what it must watch.
local function tell_head(me, block_ms)
  local first = redis.call('LINDEX', KEYS[2], 0)
  if first then
    local head = parse(first)
    if head ~= me then note(head, 'h' .. block_ms) end
  end
end

-- Hands the free lock to the first waiter, w, for its whole lifetime: K = w
-- PX ttl, and "g" .. granter on w's wake list. If w is blocked (it is, unless
-- it died or is between two calls), Redis serves its BRPOPLPUSH right after
-- this script, which moves the note into the served list; the granter's check
-- behind this call (LREM of its note from that list) sees it. Not found, the
-- granter sends "lock handed", which undoes a grant whose note is still on
-- w's list (nobody but w's block or w's own script takes it off). A lifetime
-- shorter than a check-in period: the new head must watch it, and is told.
-- Returns w, or nil when nobody waits.
local function grant_next(granter)
  local first = redis.call('LPOP', KEYS[2])
  if not first then return nil end
  local w, ttl, fenced = parse(first)
  redis.call('SET', KEYS[1], w, 'PX', ttl)
  -- every new holder that wants a fence counts one (README.md, "Fences")
  if fenced ~= '' then count_fence(KEYS[4]) end
  wake(w, 'g' .. granter)
  if tonumber(ttl) < CHECKIN then tell_head(w, tonumber(ttl) + 1) end
  return w
end
