-- One chat message of a seat, if the chat limit lets it through: the limit is kept in Redis, so it holds
-- across instances. A sliding window: the seat's messages of the last window, by Redis's clock.
-- KEYS[1] match hash, KEYS[2] chat (stream), KEYS[3] the seat's recent messages (sorted set)
-- ARGV[1] messages allowed per window, ARGV[2] window ms, ARGV[3] the message, ARGV[4] chat length kept,
-- ARGV[5] notification, ARGV[6] channel
-- Returns 0 (said) | -1 (no match) | the milliseconds until the seat may say something again
local ttl = redis.call('PTTL', KEYS[1])
if ttl == -2 then return -1 end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])  -- microseconds: one member per message
local window = tonumber(ARGV[2]) * 1000
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - window)
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[1]) then
  -- Full: the window opens when the oldest message of it leaves.
  local oldest = redis.call('ZRANGE', KEYS[3], 0, 0, 'WITHSCORES')
  return math.max(1, math.ceil((tonumber(oldest[2]) + window - now) / 1000))
end
redis.call('ZADD', KEYS[3], now, now)
redis.call('PEXPIRE', KEYS[3], ARGV[2])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[4], '*', 'c', ARGV[3])
-- The chat expires with the match (a record without a TTL keeps its chat as long).
if ttl > 0 then redis.call('PEXPIRE', KEYS[2], ttl) else redis.call('PERSIST', KEYS[2]) end
redis.call('SPUBLISH', ARGV[6], ARGV[5])
return 0
