-- "lock release free": unlock() of a lock taken without a wait, the free
-- path's release. KEYS[1] the lock, KEYS[2] its queue; ARGV[1] the token.
-- Returns 1: it was ours and nobody is queued (no queue key): deleted, a
-- compare-and-delete, as "lock release" finding the queue empty would end.
-- 0: not ours, nothing changes. 2: ours, but someone is queued: nothing is
-- done here, and the caller sends "lock release", which hands the lock on.
-- Two keys and one argument, against "lock release"'s three keys and five
-- arguments: on the uncontended path the command is built, sent and parsed
-- at nearly the cost of a bare compare-and-delete.
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if redis.call('EXISTS', KEYS[2]) == 1 then return 2 end
redis.call('DEL', KEYS[1])
return 1
