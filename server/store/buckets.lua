-- Token buckets of one client, taken from together (server/store/buckets.py).
--
-- KEYS[i]          hash {t = tokens left, at = when counted (ms)}: one bucket
-- ARGV[2i-1], [2i] its rate (tokens a second) and burst (most tokens it holds)
--
-- Each bucket refills at its rate since it was last counted, up to its burst. A request
-- takes one token from every bucket, or from none when any is short; then the answer says
-- how long (ms) until the shortest one holds a token again. A bucket left alone refills
-- whole, so it expires once it would: an idle client costs no memory.
-- Returns {1, 0} (admitted) or {0, wait_ms}.

local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local tokens, wait = {}, 0
for i, key in ipairs(KEYS) do
  local rate, burst = tonumber(ARGV[2 * i - 1]), tonumber(ARGV[2 * i])
  local held = redis.call('HMGET', key, 't', 'at')
  local t = tonumber(held[1]) or burst
  local at = tonumber(held[2]) or now
  t = math.min(burst, t + math.max(0, now - at) * rate / 1000)
  tokens[i] = t
  if t < 1 then
    wait = math.max(wait, math.ceil((1 - t) * 1000 / rate))
  end
end
if wait > 0 then
  return {0, wait}
end
for i, key in ipairs(KEYS) do
  local rate, burst = tonumber(ARGV[2 * i - 1]), tonumber(ARGV[2 * i])
  redis.call('HSET', key, 't', tostring(tokens[i] - 1), 'at', now)
  redis.call('PEXPIRE', key, math.ceil(burst * 1000 / rate) + 1000)
end
return {1, 0}
