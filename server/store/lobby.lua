-- Place a match in the lobby's indexes, or take it out of them (every key is in the {lobby} slot).
-- KEYS[1] the expiry index, KEYS[2 .. ARGV[4]+1] the indexes the match is put in, the rest: indexes it leaves
-- ARGV[1] match id, ARGV[2] its creation time (ms: the score in the indexes), ARGV[3] when it expires (ms;
-- '' to take it out of the expiry index too), ARGV[4] how many indexes it is put in
local id, n = ARGV[1], tonumber(ARGV[4])
-- An index garbled into another type is dropped (the upkeep's walk fills it again from the others).
for i = 1, #KEYS do
  local t = redis.call('TYPE', KEYS[i]).ok
  if t ~= 'zset' and t ~= 'none' then redis.call('DEL', KEYS[i]) end
end
for i = 2, n + 1 do redis.call('ZADD', KEYS[i], ARGV[2], id) end
for i = n + 2, #KEYS do redis.call('ZREM', KEYS[i], id) end
if ARGV[3] == '' then
  redis.call('ZREM', KEYS[1], id)
else
  redis.call('ZADD', KEYS[1], ARGV[3], id)
end
return n
