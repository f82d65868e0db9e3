-- One page of a lobby index with the summaries of its matches, as JSON, in one step: one Redis only.
-- It reads the match hashes it finds in the index, keys it cannot declare in advance, so a Redis
-- Cluster takes the two-step path instead (Store.page): the same page, from a range and a pipeline.
-- KEYS[1] the index
-- ARGV[1] the highest score ('+inf', or the cursor's creation time), ARGV[2] the cursor's match id ('': none),
-- ARGV[3] how many matches a page holds, ARGV[4] the status asked for ('': any), ARGV[5] the statuses a match
-- may have, space-separated, ARGV[6] 'careful' (each summary written under pcall) or '', ARGV[7..] the summary
-- fields (codec.SUMMARY_FIELDS, then the stored open seats, then the spectator delay)
-- Returns {the page's summaries as JSON objects joined by commas (MatchSummary, in the answer's shape),
-- the creation time and id of its last match if more follow ('', '': this is the last page),
-- the ids of entries the index has wrong, then of those whose match cannot be read (each space-separated),
-- then of those whose spectators see them late (each such match's summary is a placeholder,
-- {"match":"<id>","delayed":true}, that the domain fills with the match as spectators see it now)}
local top, after, limit, status = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4]
local want = limit + 1  -- one more than the page: is there a next one?
local statuses, fields = {}, {}
for s in string.gmatch(ARGV[5], '%S+') do statuses[s] = true end
for i = 7, #ARGV do fields[#fields + 1] = ARGV[i] end

-- A match's summary from its fields (id, game, seats, status, version, created, updated, names, bots, tokens,
-- outcome, accounts, open seats). It fails on a field that is not there (a hash written by hand): the whole
-- page, the first time; the store then asks again, carefully, and that match is left out, as one whose status
-- this server does not know (a newer server's) always is. The values are the server's own JSON, written as
-- they are: checking them all, even only their brackets, or each summary under pcall, cost Redis 6 to 80 %
-- more time per page (loadtest/README.md, "The lobby benchmark").
local function summary(id, f)
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
  return '{"match":"' .. id .. '","game":"' .. f[2] .. '","status":"' .. f[4] .. '","version":' ..
    f[5] .. ',"seats":' .. f[3] .. ',"names":' .. f[8] .. ',"bots":' .. f[9] .. ',"open_seats":' ..
    free .. ',"created":' .. f[6] .. ',"updated":' .. f[7] .. ',"outcome":' .. f[11] ..
    ',"accounts":' .. accounts .. '}'
end

local write = summary
if ARGV[6] == 'careful' then
  write = function(id, f)
    local ok, row = pcall(summary, id, f)
    return ok and row
  end
end

local out, wrong, unreadable, delayed = {}, {}, {}, {}
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
      if not f[1] or (status ~= '' and f[4] ~= status) then
        wrong[#wrong + 1] = id
      elseif not statuses[f[4]] then
        unreadable[#unreadable + 1] = id
      elseif #out == limit then
        out[want] = ''  -- there is more: the page ends at the one before
      elseif f[14] and f[14] ~= 'null' then
        out[#out + 1] = '{"match":"' .. id .. '","delayed":true}'
        delayed[#delayed + 1] = id
        last_created, last_id = f[6], id
      else
        local row = write(id, f)
        if row then
          out[#out + 1] = row
          last_created, last_id = f[6], id
        else
          unreadable[#unreadable + 1] = id
        end
      end
    end
  end
  if #range / 2 < asked then break end
end
if #out ~= want then
  last_created, last_id = '', ''
end
out[want] = nil
return {table.concat(out, ','), last_created, last_id, table.concat(wrong, ' '), table.concat(unreadable, ' '),
  table.concat(delayed, ' ')}
