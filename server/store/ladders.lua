-- The two changes of a ladder that must be all or nothing (server.store.ladders).
-- Every key is in the ladder's slot.
--
-- 'start': a pairing takes its accounts out of the queue, as they were read, and is recorded.
--   KEYS[1] queue, KEYS[2] paired, KEYS[3] last opponents
--   ARGV[2] match id, ARGV[3] pairing JSON, then per account: id, its queue entry as read, its new last opponents,
--   '1' if it stays in the queue (a house account, which waits for good) or '0'
--   Returns 1 done | 0 an account left the queue (or queued again) since it was read: nothing changed
--
-- 'settle': a match's new ratings are applied, once, over the ratings they were computed from.
--   KEYS[1] ratings, KEYS[2] rated, KEYS[3] paired, KEYS[4..] each account's history list
--   ARGV[2] match id, ARGV[3] history cap, then per account: id, expected games, rating JSON, history entry JSON
--   Returns 0 applied | 1 a rating changed since it was read (read again) | 2 the match was settled already
local op = ARGV[1]
if op == 'start' then
  for i = 4, #ARGV, 4 do
    if redis.call('HGET', KEYS[1], ARGV[i]) ~= ARGV[i + 1] then return 0 end
  end
  for i = 4, #ARGV, 4 do
    if ARGV[i + 3] ~= '1' then redis.call('HDEL', KEYS[1], ARGV[i]) end
    redis.call('HSET', KEYS[3], ARGV[i], ARGV[i + 2])
  end
  redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
  return 1
end
if redis.call('SISMEMBER', KEYS[2], ARGV[2]) == 1 then return 2 end
local n = 0
for i = 4, #ARGV, 4 do
  local current = redis.call('HGET', KEYS[1], ARGV[i])
  local games = 0
  if current then games = tonumber(cjson.decode(current)['games']) end
  if games ~= tonumber(ARGV[i + 1]) then return 1 end
end
for i = 4, #ARGV, 4 do
  n = n + 1
  redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 2])
  redis.call('RPUSH', KEYS[3 + n], ARGV[i + 3])
  redis.call('LTRIM', KEYS[3 + n], -tonumber(ARGV[3]), -1)
end
redis.call('SADD', KEYS[2], ARGV[2])
redis.call('HDEL', KEYS[3], ARGV[2])
return 0
