"""Where each account sits, and how its matches ended: kept beyond the matches themselves.

A match expires ``VORPAL_RETENTION_S`` after it ends (a week by default), but a player's record
of play, and what a host publishes of a competition, should outlast it. So every match an account
sits in (or a pairing holds a seat of for it) is listed under the account, and when the match ends
its summary (names, accounts, outcome: a few hundred bytes, no table and no log) is kept there,
for ``VORPAL_RECORDS_RETENTION_S`` after the account's last match (a year by default).

The lists are written after the match itself, by the same change (a match created, a seat taken,
an end), as the lobby's indexes are: should that second write fail, the match stands and the
account's list misses it until its next change (logged as a warning).
"""

from __future__ import annotations

from typing import Any

from server.domain.record import MatchRecord

from .keys import account_record_keys

#: How long an account's list of matches and their results are kept after its last match, unless set.
RECORDS_S = 365 * 24 * 3600


def account_commands(record: MatchRecord, keep_s: int) -> list[tuple[Any, ...]]:
    """The commands that list ``record`` under each account it concerns, with its summary once it ended."""
    commands: list[tuple[Any, ...]] = []
    summary = record.summary().model_dump_json() if record.status.ended else None
    for account_id in sorted({a for a in (*record.accounts, *record.held) if a is not None}):
        matches, results = account_record_keys(account_id)
        commands += [("ZADD", matches, record.created, record.id), ("EXPIRE", matches, keep_s)]
        if summary is not None:
            commands += [("HSET", results, record.id, summary), ("EXPIRE", results, keep_s)]
    return commands
