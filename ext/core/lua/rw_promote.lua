-- "rw promote" (model/rwlock.md; its client is ext/core/rl_rwlock.c):
-- acquire() (write) by a holder of the read lock. KEYS and ARGV[1..4] as in
-- _rw_queue.lua; ARGV[5] the write lifetime (ms; followed by "f" when the
-- caller wants a fence: the promotion counts one). Returns 1: promoted, in
-- this one step (out of the reader set, K = the caller's token PX the
-- lifetime): nobody else gets in between, and a queued writer waits as it
-- did (it waited for this reader anyway). 2: refused, other readers hold
-- (nothing changes: the caller keeps reading; waiting here while reading
-- would deadlock two promoters). 0: the caller does not read (its lifetime
-- ended): nothing changes.
local me = ARGV[1]
local ttl, fenced = string.match(ARGV[5], '^(%d+)(f?)$')
--@include _rw_queue.lua
if not redis.call('ZSCORE', KEYS[4], me) then return 0 end
if redis.call('ZCARD', KEYS[4]) > 1 then return 2 end
if writer_holds() then return 2 end
local before = redis.call('PTTL', KEYS[1])
redis.call('ZREM', KEYS[4], me)
redis.call('SET', KEYS[1], me, 'PX', ttl)
if fenced ~= '' then count_fence(KEYS[5]) end
-- the head watched the readers' end: an earlier end must be told
if before > tonumber(ttl) then tell_head(me, tonumber(ttl) + 1) end
return 1
