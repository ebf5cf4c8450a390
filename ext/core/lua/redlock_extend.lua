-- "redlock extend": one master's part of expire() on a lock over several
-- masters. KEYS[1] lock key, KEYS[2] waiters' mark, KEYS[3] wake list;
-- ARGV[1] token, ARGV[2] the note's lifetime ms (LIVENESS), ARGV[3] lifetime ms
-- (redlock release's keys and arguments, the lifetime in place of its kind).
-- Returns 1 if the key held the token and now lasts that long, else 0
-- (nothing changes). A lifetime cut below what is left leaves a note, as a
-- release does, when anyone waits and no note is pending: a waiter blocks
-- until the quorum's PTTL it read, which now comes after the lock's end.
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if redis.call('PTTL', KEYS[1]) > tonumber(ARGV[3]) and redis.call('EXISTS', KEYS[2]) == 1
    and redis.call('LLEN', KEYS[3]) == 0 then
  redis.call('RPUSH', KEYS[3], 'r')
  redis.call('PEXPIRE', KEYS[3], ARGV[2])
end
return redis.call('PEXPIRE', KEYS[1], ARGV[3])
