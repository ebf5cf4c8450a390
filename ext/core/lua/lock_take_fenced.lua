-- "lock take fenced": lock()'s first try (and a writer's) for an object with
-- the fencing option (README.md in this folder, "Fences"): the SET NX PX of
-- the plain take, and a fence counted in the same step. KEYS[1] the lock,
-- KEYS[2] its fence counter; ARGV[1] the token, ARGV[2] the lifetime (ms).
-- Returns the new fence, or 0: held, nothing changes. A key of another type
-- answers WRONGTYPE, as the plain take's SET NX GET does: on Redis 7 and
-- later (REDIS_VERSION_NUM) that very command, one call; before, GET then SET.
if redis.REDIS_VERSION_NUM then
  if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2], 'GET') then return 0 end
else
  if redis.call('GET', KEYS[1]) then return 0 end
  -- TIME before a write: effects replication (Redis < 5 replicates a script whole)
  if redis.replicate_commands then pcall(redis.replicate_commands) end
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
end
--@include _fence.lua
return count_fence(KEYS[2])
