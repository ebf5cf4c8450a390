-- The semaphore (README.md in this folder): KEYS[1] holders by ticket (a
-- server-side counter: arrival order, no clock), KEYS[2] holders by deadline
-- (server time, ms), KEYS[3] the ticket counter, KEYS[4] waiting ids in
-- arrival order, KEYS[5] id => "liveness:grace:limit". ARGV[1] the wake-list
-- prefix, ARGV[2] LIVENESS ms. Time comes from the server's TIME, never from
-- a client, so clock skew between web servers cannot admit anyone early or
-- keep a dead holder alive. Every change to the holders leaves keys 1-3 with
-- a TTL reaching the last deadline, so an abandoned semaphore vanishes.
-- Redis < 5 replicates a script whole: TIME before a write needs effects replication there.
if redis.replicate_commands then pcall(redis.replicate_commands) end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local LIVENESS = tonumber(ARGV[2])
-- a key of another type fails here, before anything is written
redis.call('ZCARD', KEYS[1])
local dirty = false
local function drop(id)
  redis.call('ZREM', KEYS[1], id)
  redis.call('ZREM', KEYS[2], id)
  dirty = true
end
-- holders whose lifetime passed (crashed, paused, forgotten) are dropped
-- first; so are grants never claimed within their grace: they lapse, nobody revokes them
local expired = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)
for i = 1, #expired do drop(expired[i]) end

local function keep_keys()
  local last = redis.call('ZRANGE', KEYS[2], -1, -1, 'WITHSCORES')
  if #last == 0 then
    redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
    return
  end
  local ttl = tonumber(last[2]) - now + 1
  for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], string.format('%d', ttl)) end
end

-- A new ticket is always above every holder's. It never goes below the
-- highest held one, even if the counter key was lost (DEL, eviction): a
-- counter restarting at 1 would otherwise rank first.
local function admit(id, ms)
  local ticket = redis.call('INCR', KEYS[3])
  local top = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
  if #top > 0 and ticket <= tonumber(top[2]) then
    ticket = tonumber(top[2]) + 1
    redis.call('SET', KEYS[3], string.format('%d', ticket))
  end
  redis.call('ZADD', KEYS[1], string.format('%d', ticket), id)
  redis.call('ZADD', KEYS[2], string.format('%d', now + tonumber(ms)), id)
  dirty = true
end

local WAKE_PREFIX = ARGV[1]
--@include _waiters.lua

-- Joins (mode "join": at the tail) or proves the caller alive (its terms'
-- liveness renewed); an entry lost without giving up (a grant that lapsed, a
-- check-in that came late) is taken back at the head: the caller was first
-- then. Every entry and the queue keys get the same lifetime, so a joiner
-- never shortens anyone's.
local function keep_entry(queue, terms, me, entry, mode)
  if redis.call('HSET', terms, me, entry) == 1 then
    if mode == 'join' then
      redis.call('RPUSH', queue, me)
    else
      redis.call('LPUSH', queue, me)
    end
  end
  redis.call('PEXPIRE', queue, LIVENESS)
  redis.call('PEXPIRE', terms, LIVENESS)
end

-- Admits queued waiters in arrival order while the head fits (each under its
-- own limit); dead ones are dropped. Each gets its slot for its grace with a
-- grant it must claim, except me (the caller), who takes it for ttl and is
-- told by the return value. A new head is told to watch the holders' deadlines.
local function serve_waiters(me, ttl)
  local served_me, popped = false, false
  while true do
    local w = redis.call('LINDEX', KEYS[4], 0)
    if not w then break end
    local terms = redis.call('HGET', KEYS[5], w)
    local liveness, grace, limit
    if terms then liveness, grace, limit = string.match(terms, '^(%d+):(%d+):(%d+)$') end
    if liveness and tonumber(liveness) > now then
      if redis.call('ZCARD', KEYS[2]) >= tonumber(limit) then break end
      if w == me then
        admit(w, ttl)
        served_me = true
      else
        admit(w, grace)
        wake(w, 'g')
      end
    end
    redis.call('LPOP', KEYS[4])
    redis.call('HDEL', KEYS[5], w)
    popped = true
  end
  if popped then
    local head = redis.call('LINDEX', KEYS[4], 0)
    if head and head ~= me then wake(head, 'h') end
  end
  return served_me
end
