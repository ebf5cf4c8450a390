-- The read/write lock (model/rwlock.md; its client is ext/core/rl_rwlock.c).
-- KEYS[1] the write key K: the lock key itself, holding a writer's token PX its
-- lifetime, or the readers' marker MARK PX the last reader's end
-- + 1 ms (so that SET NX, the writer's free path and the exclusive lock's,
-- fails while anyone reads). KEYS[2] the queue: entries kind .. token .. ':'
-- .. ttl, kind "r" or "w", in arrival order (a writer's ttl followed by "f"
-- when it wants a fence). KEYS[3] the served list (each waiter blocks in
-- BRPOPLPUSH from its wake list into it). KEYS[4] the reader set: ZSET token
-- => the end of its lifetime (server ms). KEYS[5] the name's fence counter,
-- the exclusive lock's (README.md in this folder, "Fences"). ARGV[1] the
-- caller's token, ARGV[2] the wake-list prefix, ARGV[3] LIVENESS ms, ARGV[4]
-- CHECKIN ms. Time is the server's (TIME), never a client's.
-- Redis < 5 replicates a script whole: TIME before a write needs effects replication there.
if redis.replicate_commands then pcall(redis.replicate_commands) end
local LIVENESS, CHECKIN = tonumber(ARGV[3]), tonumber(ARGV[4])
local WAKE_PREFIX = ARGV[2]
local MARK = '*r'
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
-- a reader is a member while its end is not past: the others are gone
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', '(' .. now)
--@include _waiters.lua
--@include _fence.lua

-- An entry's kind ("r", "w"), token, lifetime (text, ms) and fence mark ("f" or "").
local function parse(entry) return string.match(entry, '^([rw])(.*):(%d+)(f?)$') end

-- A note other than a grant ("h<ms>", "o", "x"): as the exclusive lock's
-- (_lock_queue.lua): the served list gets a "-" and its TTL before the
-- waiter's block moves the note into it, and keeps its newest 64 entries.
local function note(w, what)
  wake(w, what)
  local len = redis.call('RPUSH', KEYS[3], '-')
  redis.call('PEXPIRE', KEYS[3], LIVENESS)
  if len > 64 then redis.call('LTRIM', KEYS[3], 0, 63) end
end

-- "h<block_ms>" to the queue's head, unless it is me: what it blocks until
-- may now end after what it must watch.
local function tell_head(me, block_ms)
  local first = redis.call('LINDEX', KEYS[2], 0)
  if first then
    local _, head = parse(first)
    if head ~= me then note(head, 'h' .. block_ms) end
  end
end

-- Whether a writer holds K (a token, not the readers' marker).
local function writer_holds()
  local k = redis.call('GET', KEYS[1])
  return k ~= false and k ~= MARK
end

-- K's marker follows the reader set: PX the last member's end + 1 ms, gone
-- with the last member; the set's own TTL is the same, so an abandoned set
-- vanishes. A writer's token in K is never overwritten here. An end moved
-- earlier, to less than a check-in period from now, tells the head (it
-- blocks until the PTTL it read; its block, at most CHECKIN long, began
-- before this call, so a later end needs no word). Returns the marker's PX,
-- or nil when nobody reads.
local function readers_end(me)
  local last = redis.call('ZRANGE', KEYS[4], -1, -1, 'WITHSCORES')
  local k = redis.call('GET', KEYS[1])
  if #last == 0 then
    if k == MARK then redis.call('DEL', KEYS[1]) end
    return nil
  end
  local ms = tonumber(last[2]) - now + 1
  if not k or k == MARK then
    local before = -1
    if k then before = redis.call('PTTL', KEYS[1]) end
    redis.call('SET', KEYS[1], MARK, 'PX', string.format('%d', ms))
    if before > ms and ms < CHECKIN then tell_head(me, ms + 1) end
  end
  redis.call('PEXPIRE', KEYS[4], string.format('%d', ms))
  return ms
end

-- Serves the queue's head, as the exclusive lock's grant_next() does, and
-- returns the number of grants to others (notes "g" .. granter, which the
-- granter checks) and whether the granter's own entry was served (it owns:
-- no note). A writer at the head: when K is free and nobody reads, K = w PX
-- its lifetime. Readers at the head: when no writer holds, every reader up to
-- the first writer's entry (a batch), each a member with its own lifetime.
-- The new head is told to watch a lifetime shorter than a check-in period.
local function grant_next(granter)
  local first = redis.call('LINDEX', KEYS[2], 0)
  if not first then return 0, false end
  local kind, w, ttl, fenced = parse(first)
  local k = redis.call('GET', KEYS[1])
  local n, self = 0, false
  if kind == 'w' then
    -- (the marker lives 1 ms past the last member: readers_end() clears it)
    if k == MARK and redis.call('ZCARD', KEYS[4]) == 0 then readers_end(granter); k = false end
    if k or redis.call('ZCARD', KEYS[4]) > 0 then return 0, false end
    redis.call('LPOP', KEYS[2])
    redis.call('SET', KEYS[1], w, 'PX', ttl)
    if fenced ~= '' then count_fence(KEYS[5]) end
    if w == granter then self = true else wake(w, 'g' .. granter); n = 1 end
    if tonumber(ttl) < CHECKIN then tell_head(granter, tonumber(ttl) + 1) end
    return n, self
  end
  if k and k ~= MARK then return 0, false end
  while kind == 'r' do
    redis.call('LPOP', KEYS[2])
    redis.call('ZADD', KEYS[4], string.format('%d', now + tonumber(ttl)), w)
    if w == granter then self = true else wake(w, 'g' .. granter); n = n + 1 end
    first = redis.call('LINDEX', KEYS[2], 0)
    if not first then break end
    kind, w, ttl = parse(first)
  end
  local ms = readers_end(granter)
  if ms < CHECKIN then tell_head(granter, ms + 1) end
  return n, self
end
