-- The fence counter (README.md in this folder, "Fences"): count_fence(key)
-- gives the next fence and leaves it in key: one more than the last, and
-- never below the server's clock in microseconds. A counter that comes back
-- behind or not at all (a failover that lost the last writes, a restart from
-- an older snapshot or without persistence, a FLUSHALL), or a master cut off
-- that still counts while another took over, then still gives numbers in
-- the order of the server clocks' time: above every fence given earlier, as
-- long as the clocks agree better than the time between the two grants, and
-- fewer than one fence a microsecond is given (README "Fences"). A counter
-- that is no number (another type, other text) counts as lost: it is read
-- under pcall and overwritten, so that a step that already gave the lock
-- away never stops half-way (Redis does not undo a script's writes). Lua's
-- numbers are doubles: exact up to 2^53, microseconds until the year 2255;
-- '%.0f' writes them whole on every platform.
-- Redis < 3.2 cannot write after TIME in a script (no effects replication):
-- there it only counts. The including script has asked for effects
-- replication before its first write.
local function count_fence(key)
  local ok, last = pcall(redis.call, 'GET', key)
  local fence = ((ok and tonumber(last)) or 0) + 1
  if redis.replicate_commands or redis.REDIS_VERSION_NUM then
    local clock = redis.call('TIME')
    fence = math.max(fence, clock[1] * 1000000 + clock[2])
  end
  redis.call('SET', key, string.format('%.0f', fence))
  return fence
end
