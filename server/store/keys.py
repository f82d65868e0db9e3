"""Every Redis key Vorpal uses, in one place.

Every key of a match carries the hash tag ``{<match id>}`` so that the whole
match lives in one Cluster slot and the commit script may touch all of it.

- ``vorpal:{id}:m``         hash: the match record (``server.store.codec``)
- ``vorpal:{id}:log``       stream: one entry per version, entry id ``<version>-0``
- ``vorpal:{id}:ids``       hash: ``<seat>:<move id>`` -> version the move was applied at
- ``vorpal:{id}:chat``      stream: the public chat (capped)
- ``vorpal:{id}``           sharded pub/sub channel: notifications of new versions and chat
- ``vorpal:matches``        sorted set: match ids by creation time (the lobby; a slot of its own)
- ``vorpal:{sched}:due``    sorted set: scheduled match ids by lease expiry (ms; 0: unclaimed)
- ``vorpal:{sched}:owner``  hash: scheduled match id -> the instance holding its lease
- ``vorpal:{acct:<id>}:a``  hash: an account (``server.store.accounts``); its API key names its id,
  so no index of keys is needed and each account keeps to one Cluster slot
- ``vorpal:{acct:<id>}:inbox``  list: the account's newest notices (``server.store.inbox``),
  numbered by ``vorpal:{acct:<id>}:inbox:seq``; both expire a week after the last notice
- ``vorpal:{acct:<id>}:notices``  sharded pub/sub channel: the account's new notices
"""

from __future__ import annotations

INDEX_KEY = "vorpal:matches"
SCHEDULE_DUE = "vorpal:{sched}:due"
SCHEDULE_OWNER = "vorpal:{sched}:owner"
#: The plain channel every pub/sub connection subscribes to, so that it stays in subscribed mode.
CONTROL_CHANNEL = "vorpal:control"


def match_keys(match_id: str) -> tuple[str, str, str]:
    """The record, the log and the applied move ids of a match (the commit script's KEYS)."""
    tag = f"vorpal:{{{match_id}}}"
    return f"{tag}:m", f"{tag}:log", f"{tag}:ids"


def channel(match_id: str) -> str:
    return f"vorpal:{{{match_id}}}"


def match_of_channel(chan: str) -> str:
    return chan[chan.index("{") + 1 : chan.rindex("}")]


def chat_key(match_id: str) -> str:
    return f"vorpal:{{{match_id}}}:chat"


def account_key(account_id: str) -> str:
    return f"vorpal:{{acct:{account_id}}}:a"


def inbox_keys(account_id: str) -> tuple[str, str]:
    return f"vorpal:{{acct:{account_id}}}:inbox", f"vorpal:{{acct:{account_id}}}:inbox:seq"


def inbox_channel(account_id: str) -> str:
    return f"vorpal:{{acct:{account_id}}}:notices"


# -- ladders (server.store.ladders) ------------------------------------------------------
#: hash: ladder id -> the ladder's definition (JSON)
LADDERS_KEY = "vorpal:ladders"
#: leases on ladders' pairing loops, as ``leases.lua`` keeps them for matches
LADDER_DUE = "vorpal:{ladders}:due"
LADDER_OWNER = "vorpal:{ladders}:owner"


def ladder_keys(ladder_id: str) -> dict[str, str]:
    """One ladder's keys, all in its slot: ``queue`` (hash: account -> waiting entry), ``ratings``
    (hash: account -> rating), ``last`` (hash: account -> its last opponents), ``paired`` (hash:
    match -> pairing not yet rated), ``rated`` (set: match ids rated or dropped)."""
    tag = f"vorpal:{{ladder:{ladder_id}}}"
    return {part: f"{tag}:{part}" for part in ("queue", "ratings", "last", "paired", "rated")}


def ladder_history_key(ladder_id: str, account_id: str) -> str:
    """list: an account's rated matches on a ladder, oldest first (capped)."""
    return f"vorpal:{{ladder:{ladder_id}}}:history:{account_id}"
