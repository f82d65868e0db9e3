-- A tournament's compare-and-set, and the release of its advancing lease.
-- KEYS[1] the tournament hash (doc, version) or its lock
-- 'save': ARGV[2] the version expected ('' for a new tournament), ARGV[3] the new version, ARGV[4] the document.
--         Returns -1 when applied, else the current version (0 when there is none).
-- 'unlock': ARGV[2] the instance; deletes the lock only if that instance holds it. Returns 1 if it did.
if ARGV[1] == 'save' then
  local cur = redis.call('HGET', KEYS[1], 'version')
  if (cur or '') ~= ARGV[2] then return tonumber(cur or '0') end
  redis.call('HSET', KEYS[1], 'version', ARGV[3], 'doc', ARGV[4])
  return -1
end
if redis.call('GET', KEYS[1]) == ARGV[2] then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
