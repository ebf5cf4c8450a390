-- "redlock release": one master's part of an unlock, or of the roll-back of
-- a partial acquisition, of a lock over several masters. Compare-and-delete;
-- then one note on the wake list ends the BLPOP of the first waiter blocked
-- there, which tries the quorum again: after an unlock when anyone waits
-- (the mark's "w"), after a roll-back only when a waiter found this very
-- token in its way (the mark's "t<token>"). At most one note waits at a time:
-- a note says "the lock changed since you looked", and one is enough.
-- KEYS[1] lock key, KEYS[2] waiters' mark, KEYS[3] wake list; ARGV[1] token,
-- ARGV[2] the note's lifetime ms (LIVENESS), ARGV[3] "unlock" or "rollback".
-- Returns 1 if the key held the token and is now deleted, else 0.
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
local seen = redis.call('HDEL', KEYS[2], 't' .. ARGV[1]) == 1
if (seen or (ARGV[3] == 'unlock' and redis.call('EXISTS', KEYS[2]) == 1))
    and redis.call('LLEN', KEYS[3]) == 0 then
  redis.call('RPUSH', KEYS[3], 'r')
  redis.call('PEXPIRE', KEYS[3], ARGV[2])
end
return 1
