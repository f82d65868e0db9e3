"""Every Redis key Vorpal uses, in one place.

Every key of a match carries the hash tag ``{<match id>}`` so that the whole
match lives in one Cluster slot and the commit script may touch all of it.
Every one of them expires with the match: the commit script sets the same TTL on
the record, the log, the applied move ids and the chat, and the chat script gives
the chat the record's remaining TTL.

- ``vorpal:{id}:m``         hash: the match record (``server.store.codec``)
- ``vorpal:{id}:log``       stream: one entry per version, entry id ``<version>-0``
- ``vorpal:{id}:ids``       hash: ``<seat>:<move id>`` -> version the move was applied at
- ``vorpal:{id}:chat``      stream: the public chat (capped)
- ``vorpal:{id}:said:<s>``  sorted set: seat ``s``'s chat messages of the last minute (the chat limit,
  shared by every instance; it expires a minute after the last message)
- ``vorpal:{id}``           sharded pub/sub channel: notifications of new versions and chat

The lobby's indexes share the hash tag ``{lobby}``: a slot of their own, so that one
script (``lobby.lua``) moves a match between them atomically. They are sorted sets of
match ids scored by creation time (ms), so a page is a range and a cursor is a score and
an id:

- ``vorpal:{lobby}:<status>:<game>``  the matches of one status and game; ``*`` stands for any
  (each match is in four: its status and game, its status, its game, all)
- ``vorpal:{lobby}:expiry``           sorted set: ``<game>:<id>`` -> when the match expires (ms), so
  that the indexes forget matches that Redis has expired (they are bounded by the retention settings)
- ``vorpal:{lobby}:unseen-ends``      sorted set: ``<game>:<id>`` of a delayed match that has ended -> when
  its spectators see the end (ms), so that ``/metrics`` counts it active until then (entries past their
  time are dropped as it is read: bounded by the matches that ended within the longest delay)

A match lives in another slot than the indexes, so in a Cluster no script can write
both: the store commits the match first and updates the indexes after, in a second
step (only when the status changed: a move that leaves it ``active`` touches no index).
When that step fails (Redis went away between the two) the indexes are wrong about
that match until they are repaired: a listing drops or moves every entry whose record
is gone or has another status, and each instance's scheduler walks the indexes a little
every tick (:meth:`server.store.redis_store.Store.repair_lobby`), so an entry that no
listing reaches is put right within minutes; an index garbled into another type is
dropped and filled again by that walk. One Redis takes the same two steps: one way of
writing, tested everywhere. Reading differs: one Redis answers a page in one script
(``lobby_page.lua``, which reads match hashes it cannot declare, as only one Redis
allows); a Cluster reads the range, then the summaries. A test holds the two to the same pages.

A match's expiry is written to the expiry index when its status changes (its TTL is
that status's), not with every move: an entry found past its time whose match lives
on is given the match's remaining TTL instead of being dropped.

Global keys (no TTL; each is bounded): the lobby's indexes above (by the expiry index),
the schedule below (a match leaves it when its timed work is over or it is gone), and
the accounts (one per account).

- ``vorpal:{sched}:due``    sorted set: scheduled match ids by lease expiry (ms; 0: unclaimed)
- ``vorpal:{sched}:owner``  hash: scheduled match id -> the instance holding its lease
- ``vorpal:{acct:<id>}:a``  hash: an account (``server.store.accounts``); its API key names its id,
  so no index of keys is needed and each account keeps to one Cluster slot
- ``vorpal:{tour:<id>}:t``  hash: a tournament (``doc``, its JSON; ``version``), changed by
  compare-and-set (``tournaments.lua``); ``vorpal:{tour:<id>}:lock`` the lease of the instance
  advancing it; ``vorpal:tournaments`` (by creation) and ``vorpal:tournaments:running`` list them
- ``vorpal:{acct:<id>}:inbox``  list: the account's newest notices (``server.store.inbox``),
  numbered by ``vorpal:{acct:<id>}:inbox:seq``; both expire a week after the last notice
- ``vorpal:{acct:<id>}:notices``  sharded pub/sub channel: the account's new notices
- ``vorpal:{acct:<id>}:matches``  sorted set: every match the account sat in or was paired for (id by
  creation, ms), and ``vorpal:{acct:<id>}:results`` hash: match id -> its summary's JSON once it ended
  (``server.store.account_records``); both kept ``VORPAL_RECORDS_RETENTION_S`` after the last write,
  beyond the matches themselves
"""

from __future__ import annotations

from collections.abc import Iterable

LOBBY_TAG = "vorpal:{lobby}"
LOBBY_EXPIRY = f"{LOBBY_TAG}:expiry"
#: Sorted set: ``<game>:<id>`` of a match whose spectators see it late, ended -> when they see its end (ms).
LOBBY_UNSEEN_ENDS = f"{LOBBY_TAG}:unseen-ends"
#: Stands for any status or any game in an index's name.
ANY = "*"
SCHEDULE_DUE = "vorpal:{sched}:due"
SCHEDULE_OWNER = "vorpal:{sched}:owner"
#: The bot service's schedule: matches with AI seats that search, leased as the scheduler's are (``leases.lua``).
SEARCH_DUE = "vorpal:{search}:due"
SEARCH_OWNER = "vorpal:{search}:owner"
#: The secret the AI seats' decisions are seeded from (``server.ai.levels.decision_seed``), set once.
BOT_SECRET = "vorpal:{search}:secret"
#: The plain channel every pub/sub connection subscribes to, so that it stays in subscribed mode.
CONTROL_CHANNEL = "vorpal:control"
#: The patterns of the keys that have no TTL (see above); every other key expires. Accounts and
#: ladders last as long as they are wanted (an admin makes ladders); a tournament's document
#: lasts until it has finished, then expires with the retention of an ended match.
GLOBAL_KEYS = (f"{LOBBY_TAG}:*", SCHEDULE_DUE, SCHEDULE_OWNER, SEARCH_DUE, SEARCH_OWNER, BOT_SECRET,
               "vorpal:{acct:*}:a", "vorpal:ladders",
               "vorpal:{ladders}:*", "vorpal:{ladder:*}:*", "vorpal:tournaments", "vorpal:tournaments:running",
               "vorpal:{tour:*}:t")  # fmt: skip


def match_keys(match_id: str) -> tuple[str, str, str]:
    """The record, the log and the applied move ids of a match (the commit script's KEYS)."""
    tag = f"vorpal:{{{match_id}}}"
    return f"{tag}:m", f"{tag}:log", f"{tag}:ids"


def channel(match_id: str) -> str:
    return f"vorpal:{{{match_id}}}"


def match_of_channel(chan: str) -> str:
    return chan[chan.index("{") + 1 : chan.rindex("}")]


#: A pub/sub topic is what the subscriber follows: a match id, or this prefix and an account id
#: (the hash tag of the account's notice channel). A match id never holds a colon.
ACCOUNT_TOPIC = "acct:"


def account_topic(account_id: str) -> str:
    return f"{ACCOUNT_TOPIC}{account_id}"


def account_of_topic(topic: str) -> str | None:
    """The account of a notice topic; None for a match's topic."""
    return topic[len(ACCOUNT_TOPIC) :] if topic.startswith(ACCOUNT_TOPIC) else None


def topic_channel(topic: str) -> str:
    """The sharded channel of a topic: a match's events, or an account's notices."""
    account_id = account_of_topic(topic)
    return channel(topic) if account_id is None else inbox_channel(account_id)


def chat_key(match_id: str) -> str:
    return f"vorpal:{{{match_id}}}:chat"


def said_key(match_id: str, seat: int) -> str:
    return f"vorpal:{{{match_id}}}:said:{seat}"


def lobby_index(status: str = ANY, game: str = ANY) -> str:
    """The index of the matches of ``status`` and ``game`` (either may be :data:`ANY`)."""
    return f"{LOBBY_TAG}:{status}:{game}"


def lobby_indexes(status: str, game: str) -> list[str]:
    """The four indexes a match of ``status`` and ``game`` is in."""
    return [lobby_index(status, game), lobby_index(status), lobby_index(ANY, game), lobby_index()]


def lobby_indexes_of_game(statuses: Iterable[str], game: str) -> list[str]:
    """Every index a match of ``game`` may be in, whatever its status."""
    return [k for s in statuses for k in (lobby_index(s, game), lobby_index(s))] + [lobby_index(ANY, game),
                                                                                     lobby_index()]  # fmt: skip


def account_key(account_id: str) -> str:
    return f"vorpal:{{acct:{account_id}}}:a"


def inbox_keys(account_id: str) -> tuple[str, str]:
    return f"vorpal:{{acct:{account_id}}}:inbox", f"vorpal:{{acct:{account_id}}}:inbox:seq"


def account_record_keys(account_id: str) -> tuple[str, str]:
    """The account's matches (sorted set) and the results of those that ended (hash)."""
    return f"vorpal:{{acct:{account_id}}}:matches", f"vorpal:{{acct:{account_id}}}:results"


def inbox_channel(account_id: str) -> str:
    return f"vorpal:{{acct:{account_id}}}:notices"


def tournament_key(tournament_id: str) -> str:
    """Hash ``vorpal:{tour:<id>}:t``: a tournament's JSON document and its version (``server.store.tournaments``)."""
    return f"vorpal:{{tour:{tournament_id}}}:t"


def tournament_lock(tournament_id: str) -> str:
    """String: the instance advancing the tournament now (set with NX and an expiry: a lease)."""
    return f"vorpal:{{tour:{tournament_id}}}:lock"


#: Sorted set: tournament ids by creation time (the list); a slot of its own.
TOURNAMENTS_KEY = "vorpal:tournaments"
#: Set: the ids of running tournaments, which every instance's advancing loop looks at.
TOURNAMENTS_RUNNING = "vorpal:tournaments:running"


# -- ladders (server.store.ladders) ------------------------------------------------------
#: hash: ladder id -> the ladder's definition (JSON)
LADDERS_KEY = "vorpal:ladders"
#: leases on ladders' pairing loops, as ``leases.lua`` keeps them for matches
LADDER_DUE = "vorpal:{ladders}:due"
LADDER_OWNER = "vorpal:{ladders}:owner"


def ladder_keys(ladder_id: str, season: int = 1) -> dict[str, str]:
    """One ladder's keys, all in its slot: ``queue`` (hash: account -> waiting entry), ``ratings``
    (hash: account -> rating, in ``season``: ``:ratings`` for the first, ``:ratings:<n>`` after),
    ``last`` (hash: account -> its last opponents), ``paired`` (hash: match -> pairing not yet
    rated), ``rated`` (set: match ids rated or dropped)."""
    tag = f"vorpal:{{ladder:{ladder_id}}}"
    keys = {part: f"{tag}:{part}" for part in ("queue", "ratings", "last", "paired", "rated")}
    if season > 1:
        keys["ratings"] += f":{season}"
    return keys


def ladder_slot_keys(ladder_id: str) -> str:
    """Every key of one ladder (a pattern for SCAN: deleting the ladder)."""
    return f"vorpal:{{ladder:{ladder_id}}}:*"


def ladder_history_key(ladder_id: str, account_id: str) -> str:
    """list: an account's rated matches on a ladder, oldest first (capped)."""
    return f"vorpal:{{ladder:{ladder_id}}}:history:{account_id}"
