-- "rw demote" (model/rwlock.md; its client is ext/core/rl_rwlock.c):
-- acquireRead() by the holder of the write lock. KEYS and ARGV[1..4] as in
-- _rw_queue.lua; ARGV[5] the read lifetime (ms). In one step the caller
-- becomes a reader (a member, K = the readers' marker: nobody gets in
-- between, the write key is never free), and the readers at the queue's
-- head join it (a batch, as a release grants them). Returns {1, grants}:
-- demoted, grants to others to check as after a release; {0, 0}: the caller
-- does not write (its lifetime ended): nothing changes.
local me, ttl = ARGV[1], ARGV[5]
--@include _rw_queue.lua
if redis.call('GET', KEYS[1]) ~= me then return {0, 0} end
local before = redis.call('PTTL', KEYS[1])
redis.call('ZADD', KEYS[4], string.format('%d', now + tonumber(ttl)), me)
redis.call('DEL', KEYS[1])
local ms = readers_end(me)
if before > ms then tell_head(me, ms + 1) end
local grants = grant_next(me)
return {1, grants}
