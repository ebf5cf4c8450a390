/* This is a generated file, edit the .lua files in ext/core/lua/ instead and run php scripts/gen-lua.php. */
#ifndef RL_SCRIPTS_LUA_H
#define RL_SCRIPTS_LUA_H

/* ext/core/lua/_waiters.lua (a fragment) */
#define RL_LUA_FRAGMENT_WAITERS \
	"local function wake(member, what)\n" \
	"  local key = WAKE_PREFIX .. member\n" \
	"  redis.call('RPUSH', key, what)\n" \
	"  redis.call('PEXPIRE', key, LIVENESS)\n" \
	"end\n" \
	"local function owned_by(me, mode)\n" \
	"  if mode == 'join' then\n" \
	"    wake(me, 'o')\n" \
	"  elseif mode == 'leave' then\n" \
	"    redis.call('DEL', WAKE_PREFIX .. me)\n" \
	"  end\n" \
	"  return 1\n" \
	"end\n"

/* ext/core/lua/_fence.lua (a fragment) */
#define RL_LUA_FRAGMENT_FENCE \
	"local function count_fence(key)\n" \
	"  local ok, last = pcall(redis.call, 'GET', key)\n" \
	"  local fence = ((ok and tonumber(last)) or 0) + 1\n" \
	"  if redis.replicate_commands or redis.REDIS_VERSION_NUM then\n" \
	"    local clock = redis.call('TIME')\n" \
	"    fence = math.max(fence, clock[1] * 1000000 + clock[2])\n" \
	"  end\n" \
	"  redis.call('SET', key, string.format('%.0f', fence))\n" \
	"  return fence\n" \
	"end\n"

/* ext/core/lua/_lock_queue.lua (a fragment) */
#define RL_LUA_FRAGMENT_LOCK_QUEUE \
	"if redis.replicate_commands then pcall(redis.replicate_commands) end\n" \
	"local WAKE_PREFIX = ARGV[2]\n" \
	RL_LUA_FRAGMENT_WAITERS \
	RL_LUA_FRAGMENT_FENCE \
	"local function parse(entry) return string.match(entry, '^(.*):(%d+)(f?)$') end\n" \
	"local function note(w, what)\n" \
	"  wake(w, what)\n" \
	"  local len = redis.call('RPUSH', KEYS[3], '-')\n" \
	"  redis.call('PEXPIRE', KEYS[3], LIVENESS)\n" \
	"  if len > 64 then redis.call('LTRIM', KEYS[3], 0, 63) end\n" \
	"end\n" \
	"local function tell_head(me, block_ms)\n" \
	"  local first = redis.call('LINDEX', KEYS[2], 0)\n" \
	"  if first then\n" \
	"    local head = parse(first)\n" \
	"    if head ~= me then note(head, 'h' .. block_ms) end\n" \
	"  end\n" \
	"end\n" \
	"local function grant_next(granter)\n" \
	"  local first = redis.call('LPOP', KEYS[2])\n" \
	"  if not first then return nil end\n" \
	"  local w, ttl, fenced = parse(first)\n" \
	"  redis.call('SET', KEYS[1], w, 'PX', ttl)\n" \
	"  if fenced ~= '' then count_fence(KEYS[4]) end\n" \
	"  wake(w, 'g' .. granter)\n" \
	"  if tonumber(ttl) < CHECKIN then tell_head(w, tonumber(ttl) + 1) end\n" \
	"  return w\n" \
	"end\n"

/* ext/core/lua/_rw_queue.lua (a fragment) */
#define RL_LUA_FRAGMENT_RW_QUEUE \
	"if redis.replicate_commands then pcall(redis.replicate_commands) end\n" \
	"local LIVENESS, CHECKIN = tonumber(ARGV[3]), tonumber(ARGV[4])\n" \
	"local WAKE_PREFIX = ARGV[2]\n" \
	"local MARK = '*r'\n" \
	"local clock = redis.call('TIME')\n" \
	"local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)\n" \
	"redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', '(' .. now)\n" \
	RL_LUA_FRAGMENT_WAITERS \
	RL_LUA_FRAGMENT_FENCE \
	"local function parse(entry) return string.match(entry, '^([rw])(.*):(%d+)(f?)$') end\n" \
	"local function note(w, what)\n" \
	"  wake(w, what)\n" \
	"  local len = redis.call('RPUSH', KEYS[3], '-')\n" \
	"  redis.call('PEXPIRE', KEYS[3], LIVENESS)\n" \
	"  if len > 64 then redis.call('LTRIM', KEYS[3], 0, 63) end\n" \
	"end\n" \
	"local function tell_head(me, block_ms)\n" \
	"  local first = redis.call('LINDEX', KEYS[2], 0)\n" \
	"  if first then\n" \
	"    local _, head = parse(first)\n" \
	"    if head ~= me then note(head, 'h' .. block_ms) end\n" \
	"  end\n" \
	"end\n" \
	"local function writer_holds()\n" \
	"  local k = redis.call('GET', KEYS[1])\n" \
	"  return k ~= false and k ~= MARK\n" \
	"end\n" \
	"local function readers_end(me)\n" \
	"  local last = redis.call('ZRANGE', KEYS[4], -1, -1, 'WITHSCORES')\n" \
	"  local k = redis.call('GET', KEYS[1])\n" \
	"  if #last == 0 then\n" \
	"    if k == MARK then redis.call('DEL', KEYS[1]) end\n" \
	"    return nil\n" \
	"  end\n" \
	"  local ms = tonumber(last[2]) - now + 1\n" \
	"  if not k or k == MARK then\n" \
	"    local before = -1\n" \
	"    if k then before = redis.call('PTTL', KEYS[1]) end\n" \
	"    redis.call('SET', KEYS[1], MARK, 'PX', string.format('%d', ms))\n" \
	"    if before > ms and ms < CHECKIN then tell_head(me, ms + 1) end\n" \
	"  end\n" \
	"  redis.call('PEXPIRE', KEYS[4], string.format('%d', ms))\n" \
	"  return ms\n" \
	"end\n" \
	"local function grant_next(granter)\n" \
	"  local first = redis.call('LINDEX', KEYS[2], 0)\n" \
	"  if not first then return 0, false end\n" \
	"  local kind, w, ttl, fenced = parse(first)\n" \
	"  local k = redis.call('GET', KEYS[1])\n" \
	"  local n, self = 0, false\n" \
	"  if kind == 'w' then\n" \
	"    if k == MARK and redis.call('ZCARD', KEYS[4]) == 0 then readers_end(granter); k = false end\n" \
	"    if k or redis.call('ZCARD', KEYS[4]) > 0 then return 0, false end\n" \
	"    redis.call('LPOP', KEYS[2])\n" \
	"    redis.call('SET', KEYS[1], w, 'PX', ttl)\n" \
	"    if fenced ~= '' then count_fence(KEYS[5]) end\n" \
	"    if w == granter then self = true else wake(w, 'g' .. granter); n = 1 end\n" \
	"    if tonumber(ttl) < CHECKIN then tell_head(granter, tonumber(ttl) + 1) end\n" \
	"    return n, self\n" \
	"  end\n" \
	"  if k and k ~= MARK then return 0, false end\n" \
	"  while kind == 'r' do\n" \
	"    redis.call('LPOP', KEYS[2])\n" \
	"    redis.call('ZADD', KEYS[4], string.format('%d', now + tonumber(ttl)), w)\n" \
	"    if w == granter then self = true else wake(w, 'g' .. granter); n = n + 1 end\n" \
	"    first = redis.call('LINDEX', KEYS[2], 0)\n" \
	"    if not first then break end\n" \
	"    kind, w, ttl = parse(first)\n" \
	"  end\n" \
	"  local ms = readers_end(granter)\n" \
	"  if ms < CHECKIN then tell_head(granter, ms + 1) end\n" \
	"  return n, self\n" \
	"end\n"

/* ext/core/lua/_semaphore_prelude.lua (a fragment) */
#define RL_LUA_FRAGMENT_SEMAPHORE_PRELUDE \
	"if redis.replicate_commands then pcall(redis.replicate_commands) end\n" \
	"local t = redis.call('TIME')\n" \
	"local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)\n" \
	"local LIVENESS = tonumber(ARGV[2])\n" \
	"redis.call('ZCARD', KEYS[1])\n" \
	"local dirty = false\n" \
	"local function drop(id)\n" \
	"  redis.call('ZREM', KEYS[1], id)\n" \
	"  redis.call('ZREM', KEYS[2], id)\n" \
	"  dirty = true\n" \
	"end\n" \
	"local expired = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)\n" \
	"for i = 1, #expired do drop(expired[i]) end\n" \
	"local function keep_keys()\n" \
	"  local last = redis.call('ZRANGE', KEYS[2], -1, -1, 'WITHSCORES')\n" \
	"  if #last == 0 then\n" \
	"    redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])\n" \
	"    return\n" \
	"  end\n" \
	"  local ttl = tonumber(last[2]) - now + 1\n" \
	"  for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], string.format('%d', ttl)) end\n" \
	"end\n" \
	"local function admit(id, ms)\n" \
	"  local ticket = redis.call('INCR', KEYS[3])\n" \
	"  local top = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')\n" \
	"  if #top > 0 and ticket <= tonumber(top[2]) then\n" \
	"    ticket = tonumber(top[2]) + 1\n" \
	"    redis.call('SET', KEYS[3], string.format('%d', ticket))\n" \
	"  end\n" \
	"  redis.call('ZADD', KEYS[1], string.format('%d', ticket), id)\n" \
	"  redis.call('ZADD', KEYS[2], string.format('%d', now + tonumber(ms)), id)\n" \
	"  dirty = true\n" \
	"end\n" \
	"local WAKE_PREFIX = ARGV[1]\n" \
	RL_LUA_FRAGMENT_WAITERS \
	"local function keep_entry(queue, terms, me, entry, mode)\n" \
	"  if redis.call('HSET', terms, me, entry) == 1 then\n" \
	"    if mode == 'join' then\n" \
	"      redis.call('RPUSH', queue, me)\n" \
	"    else\n" \
	"      redis.call('LPUSH', queue, me)\n" \
	"    end\n" \
	"  end\n" \
	"  redis.call('PEXPIRE', queue, LIVENESS)\n" \
	"  redis.call('PEXPIRE', terms, LIVENESS)\n" \
	"end\n" \
	"local function serve_waiters(me, ttl)\n" \
	"  local served_me, popped = false, false\n" \
	"  while true do\n" \
	"    local w = redis.call('LINDEX', KEYS[4], 0)\n" \
	"    if not w then break end\n" \
	"    local terms = redis.call('HGET', KEYS[5], w)\n" \
	"    local liveness, grace, limit\n" \
	"    if terms then liveness, grace, limit = string.match(terms, '^(%d+):(%d+):(%d+)$') end\n" \
	"    if liveness and tonumber(liveness) > now then\n" \
	"      if redis.call('ZCARD', KEYS[2]) >= tonumber(limit) then break end\n" \
	"      if w == me then\n" \
	"        admit(w, ttl)\n" \
	"        served_me = true\n" \
	"      else\n" \
	"        admit(w, grace)\n" \
	"        wake(w, 'g')\n" \
	"      end\n" \
	"    end\n" \
	"    redis.call('LPOP', KEYS[4])\n" \
	"    redis.call('HDEL', KEYS[5], w)\n" \
	"    popped = true\n" \
	"  end\n" \
	"  if popped then\n" \
	"    local head = redis.call('LINDEX', KEYS[4], 0)\n" \
	"    if head and head ~= me then wake(head, 'h') end\n" \
	"  end\n" \
	"  return served_me\n" \
	"end\n"

/* ext/core/lua/_leave_queue.lua (a fragment) */
#define RL_LUA_FRAGMENT_LEAVE_QUEUE \
	"local function leave_queue(queue, me)\n" \
	"  local was_head = redis.call('LINDEX', queue, 0) == me\n" \
	"  redis.call('LREM', queue, 1, me)\n" \
	"  redis.call('DEL', WAKE_PREFIX .. me)\n" \
	"  return was_head\n" \
	"end\n"

/* ext/core/lua/lock_extend.lua */
#define RL_LUA_LOCK_EXTEND_SHA1 "579f7f9a9ec78a94e13298e869d1620e053b357e"
#define RL_LUA_LOCK_EXTEND \
	"local LIVENESS, CHECKIN = tonumber(ARGV[4]), tonumber(ARGV[5])\n" \
	"local ttl = ARGV[3]\n" \
	"if redis.call('GET', KEYS[1]) ~= ARGV[1] then\n" \
	"  redis.call('LREM', KEYS[2], 1, ARGV[1] .. ':' .. ttl)\n" \
	"  redis.call('LREM', KEYS[2], 1, ARGV[1] .. ':' .. ttl .. 'f')\n" \
	"  return 0\n" \
	"end\n" \
	"if tonumber(ttl) < CHECKIN and redis.call('PTTL', KEYS[1]) > tonumber(ttl) then\n" \
	RL_LUA_FRAGMENT_LOCK_QUEUE \
	"  tell_head(ARGV[1], tonumber(ttl) + 1)\n" \
	"end\n" \
	"return redis.call('PEXPIRE', KEYS[1], ttl)\n"

/* ext/core/lua/lock_fence.lua */
#define RL_LUA_LOCK_FENCE_SHA1 "744752934adf59379c3a0780383dcc7ae35761eb"
#define RL_LUA_LOCK_FENCE \
	"if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end\n" \
	"local fence = redis.call('GET', KEYS[2])\n" \
	"if not fence then return -1 end\n" \
	"return tonumber(fence)\n"

/* ext/core/lua/lock_handed.lua */
#define RL_LUA_LOCK_HANDED_SHA1 "3f655406ae75e39b0189ccd5abe3402e3284d6d5"
#define RL_LUA_LOCK_HANDED \
	"local LIVENESS, CHECKIN = tonumber(ARGV[3]), tonumber(ARGV[4])\n" \
	RL_LUA_FRAGMENT_LOCK_QUEUE \
	"local granter = ARGV[1]\n" \
	"local w = redis.call('GET', KEYS[1])\n" \
	"if w and redis.call('LREM', WAKE_PREFIX .. w, 1, 'g' .. granter) == 1 then\n" \
	"  note(w, 'x')\n" \
	"  redis.call('DEL', KEYS[1])\n" \
	"  if grant_next(granter) then return 2 end\n" \
	"  return 1\n" \
	"end\n" \
	"redis.call('LREM', KEYS[3], 1, 'g' .. granter)\n" \
	"redis.call('PEXPIRE', KEYS[3], LIVENESS)\n" \
	"return 1\n"

/* ext/core/lua/lock_release.lua */
#define RL_LUA_LOCK_RELEASE_SHA1 "b00986dcf7ed78ab803e1f982151fde98dc28ad6"
#define RL_LUA_LOCK_RELEASE \
	"if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end\n" \
	"if redis.replicate_commands then pcall(redis.replicate_commands) end\n" \
	"local first = redis.call('LPOP', KEYS[2])\n" \
	"if not first then\n" \
	"  redis.call('DEL', KEYS[1])\n" \
	"  redis.call('PEXPIRE', KEYS[3], ARGV[3])\n" \
	"  return 1\n" \
	"end\n" \
	"local w, ttl, fenced = string.match(first, '^(.*):(%d+)(f?)$')\n" \
	"redis.call('SET', KEYS[1], w, 'PX', ttl)\n" \
	"if fenced ~= '' then\n" \
	RL_LUA_FRAGMENT_FENCE \
	"  count_fence(KEYS[4])\n" \
	"end\n" \
	"local wake_key = ARGV[2] .. w\n" \
	"redis.call('RPUSH', wake_key, 'g' .. ARGV[1])\n" \
	"redis.call('PEXPIRE', wake_key, ARGV[3])\n" \
	"if tonumber(ttl) < tonumber(ARGV[4]) then\n" \
	"  local LIVENESS, CHECKIN = tonumber(ARGV[3]), tonumber(ARGV[4])\n" \
	RL_LUA_FRAGMENT_LOCK_QUEUE \
	"  tell_head(w, tonumber(ttl) + 1)\n" \
	"end\n" \
	"return 2\n"

/* ext/core/lua/lock_release_free.lua */
#define RL_LUA_LOCK_RELEASE_FREE_SHA1 "4cd375f3c0b95a2870a12934c31168b6c3490243"
#define RL_LUA_LOCK_RELEASE_FREE \
	"if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end\n" \
	"if redis.call('EXISTS', KEYS[2]) == 1 then return 2 end\n" \
	"redis.call('DEL', KEYS[1])\n" \
	"return 1\n"

/* ext/core/lua/lock_remaining.lua */
#define RL_LUA_LOCK_REMAINING_SHA1 "baa66f60334293de9495ed8b1bd76158d96fe0ff"
#define RL_LUA_LOCK_REMAINING \
	"if redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end\n" \
	"local left = redis.call('PTTL', KEYS[1])\n" \
	"if left > 0 then return left end\n" \
	"return 0\n"

/* ext/core/lua/lock_take_fenced.lua */
#define RL_LUA_LOCK_TAKE_FENCED_SHA1 "4dbf58de5f912f467301cd74f4fcca594e0b6a27"
#define RL_LUA_LOCK_TAKE_FENCED \
	"if redis.REDIS_VERSION_NUM then\n" \
	"  if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2], 'GET') then return 0 end\n" \
	"else\n" \
	"  if redis.call('GET', KEYS[1]) then return 0 end\n" \
	"  if redis.replicate_commands then pcall(redis.replicate_commands) end\n" \
	"  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])\n" \
	"end\n" \
	RL_LUA_FRAGMENT_FENCE \
	"return count_fence(KEYS[2])\n"

/* ext/core/lua/lock_wait.lua */
#define RL_LUA_LOCK_WAIT_SHA1 "d2bda40d92f5acc96c9398f6a2eab8c120daeecc"
#define RL_LUA_LOCK_WAIT \
	"local me, mode = ARGV[1], ARGV[4]\n" \
	"local entry = me .. ':' .. ARGV[3]\n" \
	"local length = nil\n" \
	"if mode == 'join' then\n" \
	"  if redis.replicate_commands then pcall(redis.replicate_commands) end\n" \
	"  length = redis.call('RPUSH', KEYS[2], entry)\n" \
	"  redis.call('PEXPIRE', KEYS[2], ARGV[5])\n" \
	"  if length > 1 then return 0 end\n" \
	"end\n" \
	"local LIVENESS, CHECKIN = tonumber(ARGV[5]), tonumber(ARGV[6])\n" \
	RL_LUA_FRAGMENT_LOCK_QUEUE \
	"local block = tonumber(ARGV[7])\n" \
	"local ttl, fenced = string.match(ARGV[3], '^(%d+)(f?)$')\n" \
	"local function take()\n" \
	"  redis.call('SET', KEYS[1], me, 'PX', ttl)\n" \
	"  if fenced ~= '' then count_fence(KEYS[4]) end\n" \
	"end\n" \
	"local function owned(answer)\n" \
	"  if mode ~= 'leave' then note(me, 'o') end\n" \
	"  return answer\n" \
	"end\n" \
	"local function as_head()\n" \
	"  local left = redis.call('PTTL', KEYS[1])\n" \
	"  if left < 0 then left = 0 end\n" \
	"  if left + 1 < block then note(me, 'h' .. (left + 1)) end\n" \
	"  return -(left + 1)\n" \
	"end\n" \
	"if mode == 'join' then\n" \
	"  if not redis.call('GET', KEYS[1]) then\n" \
	"    redis.call('LPOP', KEYS[2])\n" \
	"    take()\n" \
	"    return owned(1)\n" \
	"  end\n" \
	"  return as_head()\n" \
	"end\n" \
	"local holder = redis.call('GET', KEYS[1])\n" \
	"local notes = redis.call('LRANGE', WAKE_PREFIX .. me, 0, -1)\n" \
	"local out = mode == 'requeue'\n" \
	"for _, n in ipairs(notes) do\n" \
	"  local kind = string.sub(n, 1, 1)\n" \
	"  if kind == 'g' or kind == 'x' then out = true end\n" \
	"end\n" \
	"if #notes > 0 then redis.call('DEL', WAKE_PREFIX .. me) end\n" \
	"if holder == me then return owned(3) end\n" \
	"if mode == 'leave' then\n" \
	"  local first = redis.call('LINDEX', KEYS[2], 0)\n" \
	"  redis.call('LREM', KEYS[2], 1, entry)\n" \
	"  if not holder then\n" \
	"    if grant_next(me) then return 2 end\n" \
	"  elseif first == entry then\n" \
	"    tell_head(me, redis.call('PTTL', KEYS[1]) + 1)\n" \
	"  end\n" \
	"  return 0\n" \
	"end\n" \
	"local function queued()\n" \
	"  local ok, pos = pcall(redis.call, 'LPOS', KEYS[2], entry)\n" \
	"  if ok then return pos ~= false end\n" \
	"  for _, e in ipairs(redis.call('LRANGE', KEYS[2], 0, -1)) do\n" \
	"    if e == entry then return true end\n" \
	"  end\n" \
	"  return false\n" \
	"end\n" \
	"if out then\n" \
	"  redis.call('LREM', KEYS[2], 1, entry)\n" \
	"  redis.call('LPUSH', KEYS[2], entry)\n" \
	"elseif not queued() then\n" \
	"  redis.call('RPUSH', KEYS[2], entry)\n" \
	"end\n" \
	"redis.call('PEXPIRE', KEYS[2], LIVENESS)\n" \
	"redis.call('PEXPIRE', KEYS[3], LIVENESS)\n" \
	"local first = redis.call('LINDEX', KEYS[2], 0)\n" \
	"if not holder then\n" \
	"  if first == entry or not first then\n" \
	"    if first then redis.call('LPOP', KEYS[2]) end\n" \
	"    take()\n" \
	"    return owned(1)\n" \
	"  end\n" \
	"  grant_next(me)\n" \
	"  note(me, 'h1')\n" \
	"  return 2\n" \
	"end\n" \
	"if first == entry then return as_head() end\n" \
	"return 0\n"

/* ext/core/lua/redlock_acquire.lua */
#define RL_LUA_REDLOCK_ACQUIRE_SHA1 "5bc6934d43176711af7caa32e1aa1966daf212fc"
#define RL_LUA_REDLOCK_ACQUIRE \
	RL_LUA_FRAGMENT_FENCE \
	"if KEYS[3] and redis.replicate_commands then pcall(redis.replicate_commands) end\n" \
	"if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then\n" \
	"  if KEYS[3] then return count_fence(KEYS[3]) end\n" \
	"  return 1\n" \
	"end\n" \
	"local holder = redis.call('GET', KEYS[1])\n" \
	"if redis.call('HLEN', KEYS[2]) > 100 then redis.call('DEL', KEYS[2]) end\n" \
	"redis.call('HSET', KEYS[2], 'w', '1')\n" \
	"redis.call('HSET', KEYS[2], 't' .. holder, '1')\n" \
	"redis.call('PEXPIRE', KEYS[2], ARGV[3])\n" \
	"local left = redis.call('PTTL', KEYS[1])\n" \
	"if left >= 0 then return -math.max(left, 1) end\n" \
	"return 0\n"

/* ext/core/lua/redlock_extend.lua */
#define RL_LUA_REDLOCK_EXTEND_SHA1 "c415c89596612bcbfaf279ae8373e1875a5aa0e3"
#define RL_LUA_REDLOCK_EXTEND \
	"if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end\n" \
	"if redis.call('PTTL', KEYS[1]) > tonumber(ARGV[3]) and redis.call('EXISTS', KEYS[2]) == 1\n" \
	"    and redis.call('LLEN', KEYS[3]) == 0 then\n" \
	"  redis.call('RPUSH', KEYS[3], 'r')\n" \
	"  redis.call('PEXPIRE', KEYS[3], ARGV[2])\n" \
	"end\n" \
	"return redis.call('PEXPIRE', KEYS[1], ARGV[3])\n"

/* ext/core/lua/redlock_fence.lua */
#define RL_LUA_REDLOCK_FENCE_SHA1 "bfc77613ac2260faa5abeb82f135ea29d03c1942"
#define RL_LUA_REDLOCK_FENCE \
	"if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end\n" \
	"local ok, last = pcall(redis.call, 'GET', KEYS[2])\n" \
	"last = ok and tonumber(last)\n" \
	"if not last or last < tonumber(ARGV[2]) then redis.call('SET', KEYS[2], ARGV[2]) end\n" \
	"return 1\n"

/* ext/core/lua/redlock_release.lua */
#define RL_LUA_REDLOCK_RELEASE_SHA1 "fd3c3ed03e8c64851ff598452bae013a2f7d49a2"
#define RL_LUA_REDLOCK_RELEASE \
	"if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end\n" \
	"redis.call('DEL', KEYS[1])\n" \
	"local seen = redis.call('HDEL', KEYS[2], 't' .. ARGV[1]) == 1\n" \
	"if (seen or (ARGV[3] == 'unlock' and redis.call('EXISTS', KEYS[2]) == 1))\n" \
	"    and redis.call('LLEN', KEYS[3]) == 0 then\n" \
	"  redis.call('RPUSH', KEYS[3], 'r')\n" \
	"  redis.call('PEXPIRE', KEYS[3], ARGV[2])\n" \
	"end\n" \
	"return 1\n"

/* ext/core/lua/rw_demote.lua */
#define RL_LUA_RW_DEMOTE_SHA1 "5482f2a497e042d82ae0d0d6e326c516c686331e"
#define RL_LUA_RW_DEMOTE \
	"local me, ttl = ARGV[1], ARGV[5]\n" \
	RL_LUA_FRAGMENT_RW_QUEUE \
	"if redis.call('GET', KEYS[1]) ~= me then return {0, 0} end\n" \
	"local before = redis.call('PTTL', KEYS[1])\n" \
	"redis.call('ZADD', KEYS[4], string.format('%d', now + tonumber(ttl)), me)\n" \
	"redis.call('DEL', KEYS[1])\n" \
	"local ms = readers_end(me)\n" \
	"if before > ms then tell_head(me, ms + 1) end\n" \
	"local grants = grant_next(me)\n" \
	"return {1, grants}\n"

/* ext/core/lua/rw_extend.lua */
#define RL_LUA_RW_EXTEND_SHA1 "e798a150b2aa622807aeb3118a477f02c8d48618"
#define RL_LUA_RW_EXTEND \
	"local me, kind, ttl = ARGV[1], ARGV[5], ARGV[6]\n" \
	"local holder = redis.call('GET', KEYS[1])\n" \
	"if holder == me and (tonumber(ttl) >= tonumber(ARGV[4]) or redis.call('PTTL', KEYS[1]) <= tonumber(ttl)) then\n" \
	"  return redis.call('PEXPIRE', KEYS[1], ttl)\n" \
	"end\n" \
	RL_LUA_FRAGMENT_RW_QUEUE \
	"if holder == me then\n" \
	"  if tonumber(ttl) < CHECKIN and redis.call('PTTL', KEYS[1]) > tonumber(ttl) then tell_head(me, tonumber(ttl) + 1) end\n" \
	"  return redis.call('PEXPIRE', KEYS[1], ttl)\n" \
	"end\n" \
	"if not redis.call('ZSCORE', KEYS[4], me) then\n" \
	"  redis.call('LREM', KEYS[2], 1, kind .. me .. ':' .. ttl)\n" \
	"  redis.call('LREM', KEYS[2], 1, kind .. me .. ':' .. ttl .. 'f')\n" \
	"  return 0\n" \
	"end\n" \
	"redis.call('ZADD', KEYS[4], string.format('%d', now + tonumber(ttl)), me)\n" \
	"readers_end(me)\n" \
	"return 1\n"

/* ext/core/lua/rw_handed.lua */
#define RL_LUA_RW_HANDED_SHA1 "84f8d5f937ec6f05be9205f533d94742f2c7f85f"
#define RL_LUA_RW_HANDED \
	"local me = ARGV[1]\n" \
	RL_LUA_FRAGMENT_RW_QUEUE \
	"local g = 'g' .. me\n" \
	"redis.call('LREM', KEYS[3], 0, g)\n" \
	"local undone = false\n" \
	"local k = redis.call('GET', KEYS[1])\n" \
	"if k and k ~= MARK and redis.call('LREM', WAKE_PREFIX .. k, 1, g) == 1 then\n" \
	"  note(k, 'x')\n" \
	"  redis.call('DEL', KEYS[1])\n" \
	"  undone = true\n" \
	"end\n" \
	"for _, r in ipairs(redis.call('ZRANGE', KEYS[4], 0, -1)) do\n" \
	"  if redis.call('LREM', WAKE_PREFIX .. r, 1, g) == 1 then\n" \
	"    note(r, 'x')\n" \
	"    redis.call('ZREM', KEYS[4], r)\n" \
	"    undone = true\n" \
	"  end\n" \
	"end\n" \
	"if undone then readers_end(me) end\n" \
	"local grants, self = grant_next(me)\n" \
	"redis.call('PEXPIRE', KEYS[3], LIVENESS)\n" \
	"if self then return {1, grants} end\n" \
	"return {0, grants}\n"

/* ext/core/lua/rw_promote.lua */
#define RL_LUA_RW_PROMOTE_SHA1 "9573e9db3f5fb9d6725cc36a4df2558bb82689ee"
#define RL_LUA_RW_PROMOTE \
	"local me = ARGV[1]\n" \
	"local ttl, fenced = string.match(ARGV[5], '^(%d+)(f?)$')\n" \
	RL_LUA_FRAGMENT_RW_QUEUE \
	"if not redis.call('ZSCORE', KEYS[4], me) then return 0 end\n" \
	"if redis.call('ZCARD', KEYS[4]) > 1 then return 2 end\n" \
	"if writer_holds() then return 2 end\n" \
	"local before = redis.call('PTTL', KEYS[1])\n" \
	"redis.call('ZREM', KEYS[4], me)\n" \
	"redis.call('SET', KEYS[1], me, 'PX', ttl)\n" \
	"if fenced ~= '' then count_fence(KEYS[5]) end\n" \
	"if before > tonumber(ttl) then tell_head(me, tonumber(ttl) + 1) end\n" \
	"return 1\n"

/* ext/core/lua/rw_release.lua */
#define RL_LUA_RW_RELEASE_SHA1 "a2254a6a4d37f47b0d68803f5326ecfea56e1e46"
#define RL_LUA_RW_RELEASE \
	"local me = ARGV[1]\n" \
	"local holder = redis.call('GET', KEYS[1])\n" \
	"if holder == me then\n" \
	"  local first = redis.call('LINDEX', KEYS[2], 0)\n" \
	"  if not first then\n" \
	"    redis.call('DEL', KEYS[1])\n" \
	"    redis.call('PEXPIRE', KEYS[3], ARGV[3])\n" \
	"    return {1, 0}\n" \
	"  end\n" \
	"  local w, ttl = string.match(first, '^w(.*):(%d+)$')\n" \
	"  if w and tonumber(ttl) >= tonumber(ARGV[4]) and redis.call('EXISTS', KEYS[4]) == 0 then\n" \
	"    if redis.replicate_commands then pcall(redis.replicate_commands) end\n" \
	"    redis.call('LPOP', KEYS[2])\n" \
	"    redis.call('SET', KEYS[1], w, 'PX', ttl)\n" \
	"    local wake_key = ARGV[2] .. w\n" \
	"    redis.call('RPUSH', wake_key, 'g' .. me)\n" \
	"    redis.call('PEXPIRE', wake_key, ARGV[3])\n" \
	"    return {1, 1}\n" \
	"  end\n" \
	"end\n" \
	RL_LUA_FRAGMENT_RW_QUEUE \
	"if holder == me then\n" \
	"  redis.call('DEL', KEYS[1])\n" \
	"elseif redis.call('ZREM', KEYS[4], me) == 1 then\n" \
	"  readers_end(me)\n" \
	"else\n" \
	"  return {0, 0}\n" \
	"end\n" \
	"local grants = grant_next(me)\n" \
	"if grants == 0 then\n" \
	"  redis.call('PEXPIRE', KEYS[3], LIVENESS)\n" \
	"end\n" \
	"return {1, grants}\n"

/* ext/core/lua/rw_remaining.lua */
#define RL_LUA_RW_REMAINING_SHA1 "d5095a97ddd5f8dd4377ddb11fe8a2e1abdc76bd"
#define RL_LUA_RW_REMAINING \
	"local me = ARGV[1]\n" \
	"if redis.call('GET', KEYS[1]) == me then\n" \
	"  local left = redis.call('PTTL', KEYS[1])\n" \
	"  if left > 0 then return left end\n" \
	"  return 0\n" \
	"end\n" \
	"local score = redis.call('ZSCORE', KEYS[2], me)\n" \
	"if not score then return -1 end\n" \
	"local clock = redis.call('TIME')\n" \
	"local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)\n" \
	"local left = tonumber(score) - now\n" \
	"if left < 0 then return -1 end\n" \
	"return left\n"

/* ext/core/lua/rw_wait.lua */
#define RL_LUA_RW_WAIT_SHA1 "7ddc4062ee4913f4e1507735ad3917aad9d95145"
#define RL_LUA_RW_WAIT \
	"local me, kind, mode = ARGV[1], ARGV[5], ARGV[7]\n" \
	"local entry = kind .. me .. ':' .. ARGV[6]\n" \
	"if mode == 'join' then\n" \
	"  if redis.replicate_commands then pcall(redis.replicate_commands) end\n" \
	"  if redis.call('LLEN', KEYS[2]) > 0 then\n" \
	"    redis.call('RPUSH', KEYS[2], entry)\n" \
	"    redis.call('PEXPIRE', KEYS[2], ARGV[3])\n" \
	"    return {0, 0}\n" \
	"  end\n" \
	"end\n" \
	RL_LUA_FRAGMENT_RW_QUEUE \
	"local block = tonumber(ARGV[8])\n" \
	"local ttl, fenced = string.match(ARGV[6], '^(%d+)(f?)$')\n" \
	"local function owned(answer, grants)\n" \
	"  if mode ~= 'leave' and mode ~= 'try' then note(me, 'o') end\n" \
	"  return {answer, grants}\n" \
	"end\n" \
	"local function as_head()\n" \
	"  local left = redis.call('PTTL', KEYS[1])\n" \
	"  if left < 0 then left = 0 end\n" \
	"  if left + 1 < block then note(me, 'h' .. (left + 1)) end\n" \
	"  return -(left + 1)\n" \
	"end\n" \
	"local function holds()\n" \
	"  if kind == 'w' then return redis.call('GET', KEYS[1]) == me end\n" \
	"  return redis.call('ZSCORE', KEYS[4], me) ~= false\n" \
	"end\n" \
	"if mode == 'try' or mode == 'join' then\n" \
	"  if redis.call('LLEN', KEYS[2]) == 0 then\n" \
	"    if kind == 'r' and not writer_holds() then\n" \
	"      redis.call('ZADD', KEYS[4], string.format('%d', now + tonumber(ttl)), me)\n" \
	"      readers_end(me)\n" \
	"      return owned(1, 0)\n" \
	"    end\n" \
	"    if kind == 'w' and not redis.call('GET', KEYS[1]) and redis.call('ZCARD', KEYS[4]) == 0 then\n" \
	"      redis.call('SET', KEYS[1], me, 'PX', ttl)\n" \
	"      if fenced ~= '' then count_fence(KEYS[5]) end\n" \
	"      return owned(1, 0)\n" \
	"    end\n" \
	"  end\n" \
	"  if mode == 'try' then return {0, 0} end\n" \
	"  redis.call('RPUSH', KEYS[2], entry)\n" \
	"  redis.call('PEXPIRE', KEYS[2], LIVENESS)\n" \
	"  return {as_head(), 0}\n" \
	"end\n" \
	"local notes = redis.call('LRANGE', WAKE_PREFIX .. me, 0, -1)\n" \
	"local out = mode == 'requeue'\n" \
	"for _, n in ipairs(notes) do\n" \
	"  local c = string.sub(n, 1, 1)\n" \
	"  if c == 'g' or c == 'x' then out = true end\n" \
	"end\n" \
	"if #notes > 0 then redis.call('DEL', WAKE_PREFIX .. me) end\n" \
	"if holds() then return owned(3, 0) end\n" \
	"if mode == 'leave' then\n" \
	"  local first = redis.call('LINDEX', KEYS[2], 0)\n" \
	"  redis.call('LREM', KEYS[2], 1, entry)\n" \
	"  local grants = grant_next(me)\n" \
	"  if grants == 0 and first == entry then\n" \
	"    local left = redis.call('PTTL', KEYS[1])\n" \
	"    if left < 0 then left = 0 end\n" \
	"    tell_head(me, left + 1)\n" \
	"  end\n" \
	"  return {0, grants}\n" \
	"end\n" \
	"local function queued()\n" \
	"  local ok, pos = pcall(redis.call, 'LPOS', KEYS[2], entry)\n" \
	"  if ok then return pos ~= false end\n" \
	"  for _, e in ipairs(redis.call('LRANGE', KEYS[2], 0, -1)) do\n" \
	"    if e == entry then return true end\n" \
	"  end\n" \
	"  return false\n" \
	"end\n" \
	"if out then\n" \
	"  redis.call('LREM', KEYS[2], 1, entry)\n" \
	"  redis.call('LPUSH', KEYS[2], entry)\n" \
	"elseif not queued() then\n" \
	"  redis.call('RPUSH', KEYS[2], entry)\n" \
	"end\n" \
	"redis.call('PEXPIRE', KEYS[2], LIVENESS)\n" \
	"redis.call('PEXPIRE', KEYS[3], LIVENESS)\n" \
	"local grants, self = grant_next(me)\n" \
	"if self then return owned(1, grants) end\n" \
	"if grants > 0 then\n" \
	"  note(me, 'h1')\n" \
	"  return {0, grants}\n" \
	"end\n" \
	"if redis.call('LINDEX', KEYS[2], 0) == entry then return {as_head(), 0} end\n" \
	"return {0, 0}\n"

/* ext/core/lua/semaphore_acquire.lua */
#define RL_LUA_SEMAPHORE_ACQUIRE_SHA1 "83facdcd81eeb739904a880fab0237cf9e70e3b5"
#define RL_LUA_SEMAPHORE_ACQUIRE \
	RL_LUA_FRAGMENT_SEMAPHORE_PRELUDE \
	RL_LUA_FRAGMENT_LEAVE_QUEUE \
	"local me, limit, ttl, mode, grace = ARGV[3], tonumber(ARGV[4]), ARGV[5], ARGV[6], ARGV[7]\n" \
	"local admitted = false\n" \
	"if redis.call('ZSCORE', KEYS[2], me) then\n" \
	"  redis.call('ZADD', KEYS[2], string.format('%d', now + tonumber(ttl)), me)\n" \
	"  dirty = true\n" \
	"  admitted = true\n" \
	"else\n" \
	"  local queued = mode == 'join' or mode == 'visit'\n" \
	"  if queued then\n" \
	"    keep_entry(KEYS[4], KEYS[5], me, string.format('%d:%d:%d', now + LIVENESS, tonumber(grace), limit), mode)\n" \
	"  elseif mode == 'leave' then\n" \
	"    redis.call('HDEL', KEYS[5], me)\n" \
	"    local was_head = leave_queue(KEYS[4], me)\n" \
	"    if was_head then\n" \
	"      local head = redis.call('LINDEX', KEYS[4], 0)\n" \
	"      if head then wake(head, 'h') end\n" \
	"    end\n" \
	"  end\n" \
	"  admitted = serve_waiters(me, ttl)\n" \
	"  if not admitted and not queued and redis.call('ZCARD', KEYS[2]) < limit then\n" \
	"    admit(me, ttl)\n" \
	"    admitted = true\n" \
	"  end\n" \
	"end\n" \
	"if dirty then keep_keys() end\n" \
	"if admitted then return owned_by(me, mode) end\n" \
	"if mode ~= 'try' and mode ~= 'leave' and redis.call('LINDEX', KEYS[4], 0) == me then\n" \
	"  if mode == 'join' then wake(me, 'h') end\n" \
	"  local first = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')\n" \
	"  if #first > 0 then return -(tonumber(first[2]) - now + 1) end\n" \
	"end\n" \
	"return 0\n"

/* ext/core/lua/semaphore_count.lua */
#define RL_LUA_SEMAPHORE_COUNT_SHA1 "be8d0610053acb0e44961d8eeed7a574d95095db"
#define RL_LUA_SEMAPHORE_COUNT \
	RL_LUA_FRAGMENT_SEMAPHORE_PRELUDE \
	"if dirty then\n" \
	"  serve_waiters(nil, nil)\n" \
	"  keep_keys()\n" \
	"end\n" \
	"return redis.call('ZCARD', KEYS[2])\n"

/* ext/core/lua/semaphore_refresh.lua */
#define RL_LUA_SEMAPHORE_REFRESH_SHA1 "54f689ca191d4997506e5af53c06aa076da5df23"
#define RL_LUA_SEMAPHORE_REFRESH \
	RL_LUA_FRAGMENT_SEMAPHORE_PRELUDE \
	"local refreshed = 0\n" \
	"local old = redis.call('ZSCORE', KEYS[2], ARGV[3])\n" \
	"if old then\n" \
	"  local deadline = now + tonumber(ARGV[4])\n" \
	"  redis.call('ZADD', KEYS[2], string.format('%d', deadline), ARGV[3])\n" \
	"  dirty = true\n" \
	"  refreshed = 1\n" \
	"  if deadline < tonumber(old) then\n" \
	"    local head = redis.call('LINDEX', KEYS[4], 0)\n" \
	"    if head then wake(head, 'h') end\n" \
	"  end\n" \
	"end\n" \
	"if #expired > 0 then serve_waiters(nil, nil) end\n" \
	"if dirty then keep_keys() end\n" \
	"return refreshed\n"

/* ext/core/lua/semaphore_release.lua */
#define RL_LUA_SEMAPHORE_RELEASE_SHA1 "4ddfecdbab79dafbaac2d45e99ff0c8b0c960fb8"
#define RL_LUA_SEMAPHORE_RELEASE \
	RL_LUA_FRAGMENT_SEMAPHORE_PRELUDE \
	"local released = 0\n" \
	"if redis.call('ZSCORE', KEYS[2], ARGV[3]) then\n" \
	"  drop(ARGV[3])\n" \
	"  released = 1\n" \
	"end\n" \
	"if dirty then\n" \
	"  serve_waiters(nil, nil)\n" \
	"  keep_keys()\n" \
	"end\n" \
	"return released\n"

#endif /* RL_SCRIPTS_LUA_H */
