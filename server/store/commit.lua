-- One atomic step of a match: compare-and-set on its version, write the new
-- fields, append the event to the log, publish the notification (unless the
-- write policy publishes it after the replicas confirm: replicas.py).
-- KEYS[1] match hash, KEYS[2] event log (stream), KEYS[3] applied move ids (hash), KEYS[4] chat (stream)
-- ARGV[1] expected version, ARGV[2] move-id field ('' for none), ARGV[3] log entry,
-- ARGV[4] notification, ARGV[5] channel ('' : published by the caller, once the replicas confirm),
-- ARGV[6] ttl seconds, ARGV[7..] field, value, ...
-- Returns {0, new version, status before} | {1, current version} (stale) | {2, version applied at} (duplicate)
-- | {3, 0} (no match)
local v = redis.call('HGET', KEYS[1], 'version')
if not v then return {3, 0} end
v = tonumber(v)
if ARGV[2] ~= '' then
  local prev = redis.call('HGET', KEYS[3], ARGV[2])
  if prev then return {2, tonumber(prev)} end
end
if v ~= tonumber(ARGV[1]) then return {1, v} end
local before = redis.call('HGET', KEYS[1], 'status')
local nv = v + 1
local fields = {'version', nv}
for i = 7, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(fields))
redis.call('XADD', KEYS[2], nv .. '-0', 'e', ARGV[3])
if ARGV[2] ~= '' then redis.call('HSET', KEYS[3], ARGV[2], nv) end
-- Every key of the match expires with it (EXPIRE on a missing key, the chat before any message, does nothing).
local ttl = tonumber(ARGV[6])
for i = 1, 4 do redis.call('EXPIRE', KEYS[i], ttl) end
if ARGV[5] ~= '' then redis.call('SPUBLISH', ARGV[5], ARGV[4]) end
return {0, nv, before}
