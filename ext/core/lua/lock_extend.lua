-- "lock extend": ARGV[1] token, ARGV[2] lifetime (ms). 1 if the lock was still ours and now lasts that long.
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
