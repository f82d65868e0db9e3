-- Leases on scheduled matches: which instance runs a match's timed work (its bots, its clock).
-- KEYS[1] due (sorted set: match id -> lease expiry, ms of Redis's clock; 0: unclaimed)
-- KEYS[2] owner (hash: match id -> instance id)
-- ARGV[1] 'claim' | 'renew' | 'hand_back' (due again at once) | 'release' (unscheduled), ARGV[2] instance id, ARGV[3] lease ms, ARGV[4] claim limit,
-- ARGV[5..] match ids (claim: these only, if any; else any that are due)
-- Returns the match ids claimed, still held (renew), handed back or released.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local op, me, lease = ARGV[1], ARGV[2], tonumber(ARGV[3])
local out = {}
if op == 'claim' then
  local ids
  if #ARGV > 4 then
    ids = {}
    for i = 5, #ARGV do
      local score = redis.call('ZSCORE', KEYS[1], ARGV[i])
      if score and tonumber(score) <= now then ids[#ids + 1] = ARGV[i] end
    end
  else
    ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, tonumber(ARGV[4]))
  end
  for _, id in ipairs(ids) do
    redis.call('ZADD', KEYS[1], 'XX', now + lease, id)
    redis.call('HSET', KEYS[2], id, me)
    out[#out + 1] = id
  end
else
  for i = 5, #ARGV do
    local id = ARGV[i]
    if redis.call('HGET', KEYS[2], id) == me and redis.call('ZSCORE', KEYS[1], id) then
      if op == 'renew' then
        redis.call('ZADD', KEYS[1], 'XX', now + lease, id)
      elseif op == 'hand_back' then
        redis.call('ZADD', KEYS[1], 'XX', 0, id)
        redis.call('HDEL', KEYS[2], id)
      else
        redis.call('ZREM', KEYS[1], id)
        redis.call('HDEL', KEYS[2], id)
      end
      out[#out + 1] = id
    end
  end
end
return out
