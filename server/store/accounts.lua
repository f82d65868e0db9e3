-- One change of an account: swap its API key's hash (rotate, revoke), disable or enable it.
-- KEYS[1] account hash
-- ARGV[1] 'swap' | 'disable' | 'enable', ARGV[2] expected key hash (swap), ARGV[3] new key hash ('' revokes; swap)
-- Returns 0 applied | 1 the key hash is not the expected one | 2 disabled | 3 no such account
if redis.call('EXISTS', KEYS[1]) == 0 then return 3 end
if ARGV[1] == 'disable' or ARGV[1] == 'enable' then
  redis.call('HSET', KEYS[1], 'disabled', ARGV[1] == 'disable' and '1' or '0')
  return 0
end
if redis.call('HGET', KEYS[1], 'disabled') == '1' then return 2 end
if redis.call('HGET', KEYS[1], 'key_hash') ~= ARGV[2] or ARGV[2] == '' then return 1 end
redis.call('HSET', KEYS[1], 'key_hash', ARGV[3])
return 0
