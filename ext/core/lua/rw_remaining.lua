-- "rw remaining" (model/rwlock.md; its client is ext/core/rl_rwlock.c):
-- KEYS[1] the write key, KEYS[2] the reader set; ARGV[1] token, ARGV[2] the
-- side the caller believes it holds ("r", "w"; unused: a token holds one side
-- at most, and the server says which, so a client that lost the answer of a
-- promotion or a demotion still finds its hold). The caller's remaining
-- lifetime in ms (0 if none is left), or -1 if it does not hold. Read-only:
-- the reader's end against the server's clock, so no effects replication is
-- needed.
local me = ARGV[1]
if redis.call('GET', KEYS[1]) == me then
  local left = redis.call('PTTL', KEYS[1])
  if left > 0 then return left end
  return 0
end
local score = redis.call('ZSCORE', KEYS[2], me)
if not score then return -1 end
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local left = tonumber(score) - now
if left < 0 then return -1 end
return left
