-- One page of a lobby index with the summaries of its matches, as JSON, in one step: one Redis only.
-- It reads the match hashes it finds in the index, keys it cannot declare in advance, so a Redis
-- Cluster takes the two-step path instead (Store.page): the same page, from a range and a pipeline.
-- KEYS[1] the index
-- ARGV[1] the highest score ('+inf', or the cursor's creation time), ARGV[2] the cursor's match id ('': none),
-- ARGV[3] how many matches a page holds, ARGV[4] the status asked for ('': any), ARGV[5..] the summary fields
-- (codec.SUMMARY_FIELDS, then the stored open seats)
-- Returns {the page's summaries as JSON objects joined by commas (MatchSummary, in the answer's shape),
-- the creation time and id of its last match if more follow ('', '': this is the last page),
-- ids of entries the index has wrong...}
local top, after, limit, status = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4]
local want = limit + 1  -- one more than the page: is there a next one?
local fields = {}
for i = 5, #ARGV do fields[#fields + 1] = ARGV[i] end
local out, wrong = {}, {}
local last_created, last_id = '', ''  -- the position of the page's last match (the next page's cursor)
local offset = 0
while #out < want do
  local asked = want - #out + 4
  local range = redis.call('ZREVRANGEBYSCORE', KEYS[1], top, '-inf', 'WITHSCORES', 'LIMIT', offset, asked)
  offset = offset + #range / 2
  for i = 1, #range, 2 do
    local id = range[i]
    if #out < want and (after == '' or tonumber(range[i + 1]) < tonumber(top) or id < after) then
      local f = redis.call('HMGET', 'vorpal:{' .. id .. '}:m', unpack(fields))
      -- id, game, seats, status, version, created, updated, names, bots, tokens, outcome, accounts, open seats
      if not f[1] or (status ~= '' and f[4] ~= status) then
        wrong[#wrong + 1] = id
      elseif #out == limit then
        out[want] = ''  -- there is more: the page ends at the one before
      else
        local free = f[13]
        if not free then  -- a record stored before the open seats were: work them out
          local tokens, bots, list = cjson.decode(f[10]), cjson.decode(f[9]), {}
          for s = 1, #tokens do
            if tokens[s] == cjson.null and not bots[s] then list[#list + 1] = s - 1 end
          end
          free = '[' .. table.concat(list, ',') .. ']'
        end
        local accounts = f[12]
        if not accounts then
          local none = {}
          for s = 1, tonumber(f[3]) do none[s] = 'null' end
          accounts = '[' .. table.concat(none, ',') .. ']'
        end
        out[#out + 1] = '{"match":"' .. id .. '","game":"' .. f[2] .. '","status":"' .. f[4] .. '","version":' ..
          f[5] .. ',"seats":' .. f[3] .. ',"names":' .. f[8] .. ',"bots":' .. f[9] .. ',"open_seats":' ..
          free .. ',"created":' .. f[6] .. ',"updated":' .. f[7] .. ',"outcome":' .. f[11] ..
          ',"accounts":' .. accounts .. '}'
        last_created, last_id = f[6], id
      end
    end
  end
  if #range / 2 < asked then break end
end
if #out == want then
  out[want] = nil
  return {table.concat(out, ','), last_created, last_id, unpack(wrong)}
end
return {table.concat(out, ','), '', '', unpack(wrong)}
