-- "semaphore count": the number of live holders (unclaimed grants included: their slots are taken).
--@include _semaphore_prelude.lua
if dirty then
  serve_waiters(nil, nil)
  keep_keys()
end
return redis.call('ZCARD', KEYS[2])
