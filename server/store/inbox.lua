-- Append a notice to an account's inbox (server.store.inbox).
-- KEYS[1] the notice list, KEYS[2] the counter; ARGV: notice JSON without its seq, kept, keep_s, channel.
local seq = redis.call('INCR', KEYS[2])
local notice = cjson.decode(ARGV[1])
notice['seq'] = seq
local text = cjson.encode(notice)
redis.call('RPUSH', KEYS[1], text)
redis.call('LTRIM', KEYS[1], -tonumber(ARGV[2]), -1)
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[3])
redis.call('SPUBLISH', ARGV[4], text)
return text
